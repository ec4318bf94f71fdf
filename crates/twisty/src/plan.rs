//! The patterns godtab chooses for a twisty puzzle whose spec names none,
//! within a memory budget.
//!
//! The candidates:
//!
//! - *everything*: one pattern that sees every piece and orientation, its
//!   table exact distances (a complete solver, reduced by symmetry): the
//!   2x2x2 cube, the 3x3x3's corners;
//! - *layers*, when two commuting move families turn disjoint sets of
//!   pieces (an axis: the U and D faces of a cube): each orbit's pieces
//!   split into those either family turns (the layers, told apart or
//!   together) and the rest (the middle), with the orientations of all of
//!   them, of the middle, of the layers or of none. These are the tables
//!   of Rokicki's nxopt; the one that sees the corners' layers and
//!   orientations, the middle edges and every edge's orientation is his
//!   "EO3 EP1" table (2.3 GiB for the cube, 9930 corner classes under the
//!   16 symmetries that keep the axis, times 495 times 2048);
//! - *orbits*: a pattern per orbit, each seeing its orbit whole.
//!
//! The plan is the candidate with the most entries whose generation fits
//! the budget (the generator holds 4 bits per entry of the largest
//! table, see `godtab_gen::planned_orbit_set_memory`).

use crate::canon::commuting;
use crate::model::Twisty;
use crate::pattern::PatternDef;
use crate::symmetry::Group;

/// One way to take an orbit into a pattern: its name, each position's
/// group and whether its orientation counts.
type OrbitChoice = (String, Vec<u8>, Vec<bool>);

/// A candidate plan: a name for people and its patterns.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// What it is, e.g. "layers: CORNERS layers apart, oriented; EDGES
    /// middle told, all oriented".
    pub name: String,
    /// Its patterns.
    pub patterns: Vec<PatternDef>,
    /// Entries of its largest table, as estimated (values over the
    /// symmetries that keep the pattern).
    pub largest: f64,
    /// Entries of all its tables together, as estimated.
    pub entries: f64,
    /// Bytes its generation needs at the peak, as estimated: the tables
    /// are filled one after another, each at 4 bits per entry beside the
    /// finished ones as stored (as `godtab_gen::planned_orbit_set_memory`
    /// counts).
    pub needed: f64,
}

/// Bytes a table of `entries` entries takes on disk and in memory at
/// search: 4 bits per entry when small, else 2 (in lines of 254).
#[must_use]
pub fn table_bytes(entries: f64) -> f64 {
    if entries <= (1u64 << 28) as f64 { entries / 2.0 } else { (entries / 254.0).ceil() * 64.0 }
}

/// Every candidate for `puzzle` (see the module's docs), with sizes
/// estimated under `group`'s symmetries (or none).
#[must_use]
pub fn candidates(puzzle: &Twisty, group: Option<&Group>) -> Vec<Candidate> {
    let mut out = Vec::new();
    let everything = PatternDef::everything(puzzle);
    out.push(candidate("everything: every piece and orientation".into(), vec![everything], puzzle, group));
    if let Some((a, b)) = axis(puzzle) {
        let n = puzzle.positions();
        let moved = |f: usize| -> Vec<bool> {
            let mut touched = vec![false; n];
            for m in puzzle.moves().iter().filter(|m| m.family == f) {
                for &(to, _, _) in m.support() {
                    touched[usize::from(to)] = true;
                }
            }
            touched
        };
        let (in_a, in_b) = (moved(a), moved(b));
        // Per orbit: (groups apart or together) x (which orientations).
        let orbits = puzzle.orbits();
        let mut choices: Vec<Vec<OrbitChoice>> = Vec::new();
        for orbit in orbits {
            let mut options = Vec::new();
            for apart in [true, false] {
                for oriented in ["all", "middle", "layers", "none"] {
                    let mut groups = Vec::new();
                    let mut flags = Vec::new();
                    for q in orbit.positions() {
                        let (layer_a, layer_b) = (in_a[q], in_b[q]);
                        let group = match (layer_a, layer_b, apart) {
                            (true, false, true) => 1,
                            (false, true, true) => 2,
                            (true, _, false) | (_, true, false) | (true, true, true) => 1,
                            (false, false, _) => 0,
                        };
                        groups.push(group);
                        let middle = !layer_a && !layer_b;
                        flags.push(match oriented {
                            "all" => true,
                            "middle" => middle,
                            "layers" => !middle,
                            _ => false,
                        });
                    }
                    // Groups numbered from 0 with none skipped.
                    let mut used: Vec<u8> = groups.clone();
                    used.sort_unstable();
                    used.dedup();
                    let groups: Vec<u8> =
                        groups.iter().map(|g| used.iter().position(|u| u == g).unwrap_or(0) as u8).collect();
                    let name = format!(
                        "{} {}, {} oriented",
                        orbit.name,
                        if apart { "layers apart" } else { "layers together" },
                        oriented
                    );
                    if !options.iter().any(|(_, g, f): &(String, Vec<u8>, Vec<bool>)| *g == groups && *f == flags) {
                        options.push((name, groups, flags));
                    }
                }
            }
            choices.push(options);
        }
        let mut picks = vec![0usize; orbits.len()];
        loop {
            let mut groups = Vec::with_capacity(n);
            let mut oriented = Vec::with_capacity(n);
            let mut names = Vec::new();
            for (j, &k) in picks.iter().enumerate() {
                let (name, g, f) = &choices[j][k];
                groups.extend_from_slice(g);
                oriented.extend_from_slice(f);
                names.push(name.clone());
            }
            let def = PatternDef { groups, oriented };
            if def.check(puzzle).is_ok() {
                out.push(candidate(format!("layers: {}", names.join("; ")), vec![def], puzzle, group));
            }
            // The next combination.
            let mut j = 0;
            while j < picks.len() {
                picks[j] += 1;
                if picks[j] < choices[j].len() {
                    break;
                }
                picks[j] = 0;
                j += 1;
            }
            if j == picks.len() {
                break;
            }
        }
    }
    if puzzle.orbits().len() > 1 {
        let mut patterns = Vec::new();
        for orbit in puzzle.orbits() {
            let mut def = PatternDef { groups: vec![0; puzzle.positions()], oriented: vec![false; puzzle.positions()] };
            for q in orbit.positions() {
                def.groups[q] = puzzle.labels()[q] - orbit.start as u8;
                def.oriented[q] = true;
            }
            if def.check(puzzle).is_ok() {
                patterns.push(def);
            }
        }
        out.push(candidate("orbits: a pattern per orbit, each whole".into(), patterns, puzzle, group));
    }
    out
}

/// The candidate with the most entries whose generation needs at most
/// `budget` bytes ([`Candidate::needed`]); `None` if none fits.
#[must_use]
pub fn choose(candidates: &[Candidate], budget: u64) -> Option<&Candidate> {
    candidates
        .iter()
        .filter(|c| !c.patterns.is_empty() && c.needed <= budget as f64)
        .max_by(|a, b| a.entries.total_cmp(&b.entries).then(b.patterns.len().cmp(&a.patterns.len())))
}

fn candidate(name: String, patterns: Vec<PatternDef>, puzzle: &Twisty, group: Option<&Group>) -> Candidate {
    let sizes: Vec<f64> = patterns.iter().map(|p| estimate(puzzle, p, group)).collect();
    let (mut done, mut needed) = (0.0f64, 0.0f64);
    for &size in &sizes {
        needed = needed.max(done + size / 2.0);
        done += table_bytes(size);
    }
    Candidate {
        name,
        largest: sizes.iter().copied().fold(0.0, f64::max),
        entries: sizes.iter().sum(),
        needed: needed.max(done),
        patterns,
    }
}

/// A pattern's values over the number of symmetries that keep it.
fn estimate(puzzle: &Twisty, def: &PatternDef, group: Option<&Group>) -> f64 {
    const REDUCIBLE: f64 = crate::pattern::TABLE_LIMIT as f64;
    let mut values = 1.0f64;
    let mut reducible = false;
    for orbit in puzzle.orbits() {
        let range = orbit.positions();
        let groups = usize::from(def.groups[range.clone()].iter().copied().max().unwrap_or(0)) + 1;
        let mut counts = vec![0u32; groups];
        for q in range.clone() {
            counts[usize::from(def.groups[q])] += 1;
        }
        let mut arrangements = 1.0f64;
        let mut placed = 0u32;
        for &c in &counts {
            for i in 1..=c {
                placed += 1;
                arrangements = arrangements * f64::from(placed) / f64::from(i);
            }
        }
        let oriented = range.clone().filter(|&q| def.oriented[q]).count() as i32;
        let digits = if oriented == orbit.pieces as i32 && orbit.sum_fixed { oriented - 1 } else { oriented };
        let size = arrangements * f64::from(orbit.orientations).powi(digits.max(0));
        reducible |= size > 1.0 && size <= REDUCIBLE;
        values *= size;
    }
    // As `Coder::new`: symmetry reduces a pattern through an orbit part of
    // at most 2^22 values, or not at all.
    let group = group.filter(|_| reducible);
    let keeping = group.map_or(1, |g| g.symmetries.iter().filter(|s| def.is_kept_by(puzzle, s)).count());
    values / keeping as f64
}

/// Two commuting families that turn disjoint pieces (the first such pair
/// in declared order): an axis.
fn axis(puzzle: &Twisty) -> Option<(usize, usize)> {
    let commute = commuting(puzzle);
    let families = puzzle.families().len();
    let support = |f: usize| -> u64 {
        puzzle
            .moves()
            .iter()
            .filter(|m| m.family == f)
            .flat_map(|m| m.support().iter().map(|&(to, _, _)| 1u64 << to))
            .fold(0, |a, b| a | b)
    };
    (0..families)
        .flat_map(|a| (a + 1..families).map(move |b| (a, b)))
        .find(|&(a, b)| commute[a][b] && support(a) & support(b) == 0)
}
