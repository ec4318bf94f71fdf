//! Random cases that are more than one state: Eight II's pairs of start
//! and target. (Single random states, of any table, are the oracle's:
//! `Oracle::draw`.)

use std::io::Write;

use anyhow::{Result, anyhow};
use godtab_runtime::{Bytes, Puzzle, State, Table};

use crate::relabel::blank_cell;

/// What pairs to draw.
pub(crate) struct Options {
    /// How many pairs.
    pub count: u64,
    /// The fewest moves between start and target, if set.
    pub depth: Option<u8>,
}

/// `state` of the puzzle whose goal is `target` rather than the table's:
/// the tiles renamed by the map that takes the goal to `target` (the
/// inverse of `relabel::towards_goal`).
fn from_goal(puzzle: &Puzzle, state: &State, target: &State) -> State {
    let mut rename = [0u8; 16];
    for (&g, &t) in puzzle.goal().labels().iter().zip(target.labels()) {
        rename[usize::from(g & 0xF)] = t;
    }
    let values: Vec<u8> = state.labels().iter().map(|&l| puzzle.value_of(rename[usize::from(l & 0xF)])).collect();
    puzzle.state_from_values(&values).unwrap_or(*state)
}

/// Eight II's way of writing a state: nine characters, X for the blank.
fn eight_two_text(puzzle: &Puzzle, state: &State) -> String {
    let value = |l: u8| puzzle.value_of(l);
    state.labels().iter().map(|&l| if puzzle.is_blank(value(l)) { 'X' } else { char::from(b'0' + value(l)) }).collect()
}

/// Writes `options.count` Eight II cases (the count first) drawn from the
/// nine tables `eight-two-0` to `eight-two-8`.
pub(crate) fn write(
    tables: &[Table<Bytes>],
    options: &Options,
    rng: &mut fastrand::Rng,
    out: &mut impl Write,
) -> Result<()> {
    // The ranks at --depth of each table, found when first needed.
    let mut levels: Vec<Option<Vec<u64>>> = vec![None; tables.len()];
    if let Some(d) = options.depth
        && tables.iter().all(|t| d > t.max_depth())
    {
        return Err(anyhow!("no two 8-puzzle states are {d} moves apart: the most is 31"));
    }
    let any = &tables[8];
    writeln!(out, "{}", options.count)?;
    let mut written = 0;
    while written < options.count {
        let target = any.state_of_rank(rng.u64(..any.slots())).unwrap_or(any.puzzle().goal());
        let cell = blank_cell(any.puzzle(), &target).unwrap_or(8);
        let table = &tables[cell];
        let rank = match options.depth {
            None => rng.u64(..table.slots()),
            Some(d) => {
                let level = levels[cell].get_or_insert_with(|| {
                    (0..table.slots()).filter(|&r| table.distance_of_rank(r) == Ok(Some(d))).collect()
                });
                if level.is_empty() {
                    continue;
                }
                level[rng.usize(..level.len())]
            }
        };
        let start = from_goal(table.puzzle(), &table.state_of_rank(rank).unwrap_or(target), &target);
        writeln!(out, "{}\n{}", eight_two_text(any.puzzle(), &start), eight_two_text(any.puzzle(), &target))?;
        written += 1;
    }
    out.flush()?;
    Ok(())
}
