//! The `patterns` of a twisty puzzle: `[[patterns]]` tables, each naming
//! the orbits it sees and how (see `docs/SPEC.md`, "Pattern sets of
//! twisty puzzles"). Pieces are numbered from 1 within their orbit, as in
//! `Solved` blocks.
//!
//! ```toml
//! [[patterns]]
//! CORNERS = "all"                        # every corner, with orientation
//! [[patterns]]
//! EDGES = [1, 2, 3, 4, 5, 6]             # these edges and their orientations
//! [[patterns]]
//! CORNERS = { groups = [[1, 2, 3, 4]] }  # groups of pieces told apart
//! EDGES = { groups = [[9, 10, 11, 12]], oriented = true }
//! ```

use godtab_twisty::Twisty;
use godtab_twisty::pattern::PatternDef;
use toml::de::DeValue;

use crate::SpecError;
use crate::fields::{Field, Table};

/// The most patterns a set may have.
pub const MAX_ORBIT_PATTERNS: usize = 8;

/// Every `[[patterns]]` table, checked against the puzzle.
pub(crate) fn read(field: &Field<'_>, puzzle: &Twisty) -> Result<Vec<PatternDef>, SpecError> {
    let tables = field.list("[[patterns]] tables, each naming the orbits it sees")?;
    if tables.is_empty() || tables.len() > MAX_ORBIT_PATTERNS {
        return Err(field.error(format!("give 1 to {MAX_ORBIT_PATTERNS} patterns, found {}", tables.len())));
    }
    let names: Vec<&str> = puzzle.orbits().iter().map(|o| o.name.as_str()).collect();
    let hint = format!("a pattern names the orbits it sees ({})", names.join(", "));
    let mut patterns = Vec::with_capacity(tables.len());
    for (index, value) in tables.iter().enumerate() {
        let entry = field.element(index, value);
        let DeValue::Table(entries) = value.get_ref() else {
            return Err(entry.expected(value, "a [[patterns]] table"));
        };
        let table = Table { text: entry.text, key: entry.key.clone(), at: Some(entry.at), entries };
        table.only(&names, &hint)?;
        let n = puzzle.positions();
        let mut def = PatternDef { groups: vec![0; n], oriented: vec![false; n] };
        for orbit in puzzle.orbits() {
            if let Some(part) = table.get(&orbit.name) {
                orbit_part(&part, orbit, &mut def)?;
            }
        }
        def.check(puzzle).map_err(|problem| entry.error(problem))?;
        patterns.push(def);
    }
    Ok(patterns)
}

/// One orbit's part of a pattern, written into `def`.
fn orbit_part(part: &Field<'_>, orbit: &godtab_twisty::model::Orbit, def: &mut PatternDef) -> Result<(), SpecError> {
    const FORMS: &str =
        "\"all\", \"orientation\", a list of pieces, or a table like { groups = [[1, 2]], oriented = true }";
    let n = orbit.pieces;
    let start = orbit.start;
    let (groups, oriented): (Vec<Vec<u8>>, Oriented) = match part.value.get_ref() {
        DeValue::String(s) if s.as_ref() == "all" => ((0..n as u8).map(|q| vec![q]).collect(), Oriented::All),
        DeValue::String(s) if s.as_ref() == "orientation" => {
            if orbit.orientations < 2 {
                return Err(part.error(format!("{}'s pieces have no orientation to see", orbit.name)));
            }
            (Vec::new(), Oriented::All)
        }
        DeValue::Array(_) => {
            let pieces = pieces(part, n)?;
            let count = pieces.len();
            (pieces.into_iter().map(|q| vec![q]).collect(), Oriented::Groups((0..count).collect()))
        }
        DeValue::Table(entries) => {
            let table = Table { text: part.text, key: part.key.clone(), at: Some(part.at), entries };
            table.only(&["groups", "oriented"], "an orbit's part of a pattern has groups and oriented")?;
            let groups_field = table.required("groups")?;
            let mut groups = Vec::new();
            for (g, value) in groups_field.list("a list of groups, each a list of pieces")?.iter().enumerate() {
                groups.push(pieces(&groups_field.element(g, value), n)?);
            }
            let oriented = match table.get("oriented") {
                None => Oriented::All,
                Some(field) => match field.value.get_ref() {
                    DeValue::Boolean(true) => Oriented::All,
                    DeValue::Boolean(false) => Oriented::Groups(Vec::new()),
                    DeValue::Array(items) => {
                        let mut list = Vec::new();
                        for (i, value) in items.iter().enumerate() {
                            let element = field.element(i, value);
                            let g = element.integer("a group's number (from 0; the unlisted pieces are the last)")?;
                            let g = usize::try_from(g).ok().filter(|&g| g <= groups.len()).ok_or_else(|| {
                                element.error(format!("{g} is not a group: they are 0 to {}", groups.len()))
                            })?;
                            list.push(g);
                        }
                        Oriented::Groups(list)
                    }
                    _ => return Err(field.expected(field.value, "true, false, or a list of group numbers")),
                },
            };
            (groups, oriented)
        }
        _ => return Err(part.expected(part.value, FORMS)),
    };
    // Pieces in no group listed form one more group, last.
    let mut group_of = vec![u8::MAX; n];
    for (g, members) in groups.iter().enumerate() {
        for &q in members {
            if group_of[usize::from(q)] != u8::MAX {
                return Err(part.error(format!("piece {} is in two groups", q + 1)));
            }
            group_of[usize::from(q)] = g as u8;
        }
    }
    let rest = groups.len() as u8;
    for (q, g) in group_of.iter().enumerate() {
        let g = if *g == u8::MAX { rest } else { *g };
        def.groups[start + q] = g;
        def.oriented[start + q] = match &oriented {
            Oriented::All => true,
            Oriented::Groups(list) => list.contains(&usize::from(g)),
        };
    }
    // Renumber so that no group number is skipped (the rest may be empty).
    let used: Vec<u8> = {
        let mut used: Vec<u8> = def.groups[start..start + n].to_vec();
        used.sort_unstable();
        used.dedup();
        used
    };
    for q in start..start + n {
        def.groups[q] = used.iter().position(|&g| g == def.groups[q]).unwrap_or(0) as u8;
    }
    Ok(())
}

/// Which groups' orientations count.
enum Oriented {
    All,
    Groups(Vec<usize>),
}

/// A list of different pieces of an orbit of `n`, numbered from 1 (returned
/// from 0).
fn pieces(field: &Field<'_>, n: usize) -> Result<Vec<u8>, SpecError> {
    let mut out = Vec::new();
    for (i, value) in field.list("a list of pieces, numbered from 1")?.iter().enumerate() {
        let element = field.element(i, value);
        let q = element.integer("a piece's number")?;
        let q = usize::try_from(q)
            .ok()
            .filter(|q| (1..=n).contains(q))
            .ok_or_else(|| element.error(format!("{q} is not a piece: they are 1 to {n}")))?;
        if out.contains(&((q - 1) as u8)) {
            return Err(element.error(format!("piece {q} is listed twice")));
        }
        out.push((q - 1) as u8);
    }
    Ok(out)
}
