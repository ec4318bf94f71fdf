//! How the commands present what they answer, shared by them all so that no
//! command imports another: a board drawn move by move, histograms, large
//! numbers, the heading of every `info --json` object.

use std::io::{self, Write};

use anyhow::Result;
use godtab_oracle::Board;
use godtab_runtime::{Definition, State};
use serde::Serialize;

use crate::text::thousands;

/// The board after every move, starting from `state`.
pub(crate) fn draw(
    out: &mut impl Write,
    definition: &Definition,
    mut state: State,
    moves: &[usize],
    names: &[&str],
) -> Result<()> {
    let puzzle = definition.puzzle();
    writeln!(out, "{:#}", puzzle.display(&state))?;
    for (step, &m) in moves.iter().enumerate() {
        state = puzzle.apply(&state, m).ok_or_else(|| anyhow::anyhow!("the table is damaged"))?;
        writeln!(out, "-- {}. {} --", step + 1, names[step])?;
        writeln!(out, "{:#}", puzzle.display(&state))?;
    }
    Ok(())
}

/// States per distance as a bar chart.
pub(crate) fn write_histogram(out: &mut (impl Write + ?Sized), histogram: &[u64], unit: &str) -> io::Result<()> {
    let widest = histogram.iter().copied().max().unwrap_or(1).max(1);
    let width = thousands(widest).len().max(11);
    writeln!(out, "distance {unit:>width$}")?;
    for (depth, &count) in histogram.iter().enumerate() {
        // At least one mark for every non-empty level.
        let bar = ((u128::from(count) * 50).div_ceil(u128::from(widest))) as usize;
        writeln!(out, "{depth:>8} {:>width$} {}", thousands(count), "#".repeat(bar))?;
    }
    Ok(())
}

/// A large count with thousands separators.
pub(crate) fn thousands_u128(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The fields every `info --json` object starts with: the puzzle, what
/// kind of puzzle or file it is, and its board.
#[derive(Serialize)]
pub(crate) struct Heading<'a> {
    pub puzzle: &'a str,
    pub kind: &'static str,
    pub rows: usize,
    pub cols: usize,
}

impl<'a> Heading<'a> {
    /// The heading of puzzle `id`, on `board`.
    pub fn new(id: &'a str, kind: &'static str, board: &Board) -> Self {
        Self { puzzle: id, kind, rows: board.rows, cols: board.cols }
    }
}
