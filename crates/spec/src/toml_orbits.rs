//! Orbit puzzles in TOML (`kind = "orbits"`): the model of definition files
//! in TOML's syntax, read into the same draft.
//!
//! ```toml
//! name = "pocket-cube"
//! kind = "orbits"
//!
//! [[orbits]]
//! name = "CORNERS"
//! pieces = 7
//! orientations = 3          # default 1: no orientation
//! # solved = [1, 2, ...]    # default: the pieces in order, from 1
//! # solved_orientations = [0, ...]
//!
//! [[moves]]
//! name = "R"
//! CORNERS = { cycles = [[0, 3, 6, 4]], twist = [1, 0, 0, 2, 2, 0, 1] }
//! ```
//!
//! Positions are numbered from 0 within their orbit (as a board's cells);
//! pieces from 1 (as in definition files and in states). A move's key per
//! orbit gives `cycles` or `map` as for a board, and `twist`: what the move
//! adds to the orientation of the piece it moves *from* each position
//! (twsearch's meaning); orbits a move leaves out stay as they are.

use godtab_puzzles::{MAX_ORIENTATIONS, Orbit, is_orbit_name};
use godtab_twisty::model::MAX_POSITIONS as MAX_CELLS;
use toml::de::DeValue;

use crate::SpecError;
use crate::fields::{Field, Table, line_of};
use crate::orbits::{Draft, DraftMove, Place, shown};
use crate::values::{Places, map_of_cycles, map_of_images};

const NO_MOVES: &str = "an orbit puzzle needs at least one [[moves]] table";

/// Reads an orbit puzzle's spec, its top-level table `top`.
pub(crate) fn read<'a>(top: &Table<'a>) -> Result<Draft<'a>, SpecError> {
    top.only(
        &["name", "kind", "orbits", "moves", "patterns", "symmetry"],
        "an orbit puzzle's keys are name, kind, orbits, moves, patterns and symmetry",
    )?;
    let name_field = top.required("name")?;
    let name = name_field.string("the puzzle's name in quotes")?;
    let orbits_field = top.required("orbits")?;
    let tables = orbits_field.list("[[orbits]] tables")?;
    if tables.is_empty() {
        return Err(orbits_field.error("an orbit puzzle needs at least one [[orbits]] table"));
    }
    let mut orbits: Vec<Orbit<'a>> = Vec::new();
    let (mut solved, mut solved_orientations) = (Vec::new(), Vec::new());
    for (index, value) in tables.iter().enumerate() {
        let entry = orbits_field.element(index, value);
        let DeValue::Table(entries) = value.get_ref() else { return Err(entry.expected(value, "an [[orbits]] table")) };
        let table = Table { text: entry.text, key: entry.key.clone(), at: Some(entry.at), entries };
        table.only(
            &["name", "pieces", "orientations", "solved", "solved_orientations"],
            "an orbit has a name, pieces, orientations, solved and solved_orientations",
        )?;
        let name_field = table.required("name")?;
        let orbit_name = name_field.string("the orbit's name in quotes")?;
        if !is_orbit_name(orbit_name) || orbit_name == "name" {
            return Err(name_field.error(format!(
                "{}: an orbit's name is 1 to 32 bytes without spaces or control characters, not starting with a \
                 digit, and neither End nor name",
                shown(orbit_name)
            )));
        }
        if orbits.iter().any(|o| o.name == orbit_name) {
            return Err(name_field.error(format!("{} is the name of an earlier orbit too", shown(orbit_name))));
        }
        let pieces_field = table.required("pieces")?;
        let pieces = small(&pieces_field, MAX_CELLS as u8)?;
        let total = orbits.iter().map(|o| o.pieces).sum::<usize>() + usize::from(pieces);
        if total > MAX_CELLS {
            return Err(
                pieces_field.error(format!("the orbits hold {total} pieces in all; at most {MAX_CELLS} are supported"))
            );
        }
        let orientations = match table.get("orientations") {
            Some(field) => small(&field, MAX_ORIENTATIONS)?,
            None => 1,
        };
        let n = usize::from(pieces);
        solved.extend(match table.get("solved") {
            Some(field) => solved_pieces(&field, n)?,
            None => (0..pieces).collect(),
        });
        solved_orientations.extend(match table.get("solved_orientations") {
            Some(field) => numbers(&field, n, 0, orientations - 1, "orientation")?,
            None => vec![0; n],
        });
        orbits.push(Orbit { name: orbit_name, pieces: n, orientations });
    }
    let moves = match top.get("moves") {
        Some(field) => moves(&field, &orbits)?,
        None => return Err(SpecError::Invalid { line: None, key: "moves".into(), message: NO_MOVES.into() }),
    };
    Ok(Draft {
        name: name.to_string(),
        name_place: Place { line: Some(line_of(name_field.text, name_field.at)), key: name_field.key.clone() },
        orbits,
        solved,
        solved_orientations,
        solved_place: Place { line: Some(line_of(orbits_field.text, orbits_field.at)), key: orbits_field.key.clone() },
        moves,
    })
}

/// A number from 1 to `most`.
fn small(field: &Field<'_>, most: u8) -> Result<u8, SpecError> {
    let n = field.integer("a whole number")?;
    u8::try_from(n)
        .ok()
        .filter(|&n| (1..=most).contains(&n))
        .ok_or_else(|| field.error(format!("{n} is not between 1 and {most}")))
}

/// A list of `n` numbers from `least` to `most`, each checked on its line.
fn numbers(field: &Field<'_>, n: usize, least: u8, most: u8, what: &str) -> Result<Vec<u8>, SpecError> {
    let items = field.list(&format!("a list of {n} {what}s"))?;
    if items.len() != n {
        return Err(field.error(format!("has {} entries; the orbit has {n} positions", items.len())));
    }
    let mut out = Vec::with_capacity(n);
    for (index, value) in items.iter().enumerate() {
        let item = field.element(index, value);
        let v = item.integer(&format!("a {what}"))?;
        let v = u8::try_from(v)
            .ok()
            .filter(|v| (least..=most).contains(v))
            .ok_or_else(|| item.error(format!("{what} {v} is out of range ({least} to {most})")))?;
        out.push(v);
    }
    Ok(out)
}

/// The solved pieces, from 1 with none left out; returned from 0.
fn solved_pieces(field: &Field<'_>, n: usize) -> Result<Vec<u8>, SpecError> {
    let pieces: Vec<u8> = numbers(field, n, 1, n as u8, "piece")?.iter().map(|p| p - 1).collect();
    let used = pieces.iter().max().map_or(0, |&m| usize::from(m) + 1);
    if let Some(missing) = (0..used as u8).find(|p| !pieces.contains(p)) {
        return Err(field.error(format!(
            "piece {} is missing: the solved pieces are numbered from 1 with none left out",
            missing + 1
        )));
    }
    Ok(pieces)
}

/// Every `[[moves]]` table: per orbit named, cycles or map, and twist.
fn moves(field: &Field<'_>, orbits: &[Orbit<'_>]) -> Result<Vec<DraftMove>, SpecError> {
    let tables = field.list("[[moves]] tables")?;
    if tables.is_empty() {
        return Err(field.error(NO_MOVES));
    }
    let names = orbits.iter().map(|o| o.name).collect::<Vec<_>>();
    let allowed: Vec<&str> = ["name"].into_iter().chain(names.iter().copied()).collect();
    let hint = format!("a move has a name and a table per orbit it moves ({})", names.join(", "));
    let mut out = Vec::with_capacity(tables.len());
    for (index, value) in tables.iter().enumerate() {
        let entry = field.element(index, value);
        let DeValue::Table(entries) = value.get_ref() else { return Err(entry.expected(value, "a [[moves]] table")) };
        let table = Table { text: entry.text, key: entry.key.clone(), at: Some(entry.at), entries };
        table.only(&allowed, &hint)?;
        let name = table.required("name")?.string("the move's name in quotes")?;
        let (mut map, mut twist) = (Vec::new(), Vec::new());
        let mut start = 0u8;
        for orbit in orbits {
            let n = orbit.pieces;
            let (orbit_map, orbit_twist) = match table.get(orbit.name) {
                None => ((0..n as u8).collect(), vec![0; n]),
                Some(part) => orbit_move(&part, orbit)?,
            };
            for &from in &orbit_map {
                map.push(start + from);
                // The twist of the piece that lands here: the one it had
                // where it came from.
                twist.push(orbit_twist[usize::from(from)]);
            }
            start += n as u8;
        }
        let place = Place { line: Some(line_of(entry.text, entry.at)), key: entry.key.clone() };
        out.push(DraftMove { name: name.to_string(), map, twist, place });
    }
    Ok(out)
}

/// One orbit's part of a move: its map within the orbit and the twist of
/// each piece moved (by the position it leaves).
fn orbit_move(part: &Field<'_>, orbit: &Orbit<'_>) -> Result<(Vec<u8>, Vec<u8>), SpecError> {
    let DeValue::Table(entries) = part.value.get_ref() else {
        return Err(part.expected(part.value, "a table like { cycles = [[0, 1, 2]], twist = [...] }"));
    };
    let table = Table { text: part.text, key: part.key.clone(), at: Some(part.at), entries };
    table.only(&["cycles", "map", "twist"], "an orbit's part of a move has cycles or map, and twist")?;
    let places = Places { count: orbit.pieces, one: "position", whole: "the orbit" };
    let map = match (table.get("cycles"), table.get("map")) {
        (Some(cycles), None) => map_of_cycles(&cycles, places)?,
        (None, Some(map)) => map_of_images(&map, places)?,
        (None, None) => (0..orbit.pieces as u8).collect(),
        _ => return Err(part.error("give either cycles or map")),
    };
    let twist = match table.get("twist") {
        Some(field) => numbers(&field, orbit.pieces, 0, orbit.orientations - 1, "twist")?,
        None => vec![0; orbit.pieces],
    };
    Ok((map, twist))
}
