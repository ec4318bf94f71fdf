//! "Eight II" (HDU 3567) in every command: the nine tables `eight-two-0`
//! to `eight-two-8`, one per cell of the target's blank, and a pair of
//! states answered by the one whose goal has the target's blank cell, the
//! tiles relabelled through that goal.

use anyhow::Result;
use godtab_runtime::{Bytes, Table};

use crate::cases::{CasesArgs, Format};
use crate::relabel::{blank_cell, towards_goal};
use crate::source::TableArgs;

/// The name that stands for the nine Eight II tables.
pub(crate) const EIGHT_TWO: &str = "eight-two";

/// The Eight II table for a target with the blank at `cell`.
pub(crate) fn eight_two_table(cell: usize) -> String {
    format!("{EIGHT_TWO}-{cell}")
}

/// Whether the command asks for Eight II: the puzzle `eight-two` or
/// `--format eight-two`.
pub(crate) fn wanted(cases: &CasesArgs) -> bool {
    cases.puzzle.as_deref() == Some(EIGHT_TWO) || cases.format == Some(Format::EightTwo)
}

/// The nine Eight II tables, `eight-two-0` to `eight-two-8`, verified.
pub(crate) fn load_tables(tables: &TableArgs) -> Result<Vec<Table<Bytes>>> {
    (0..9).map(|cell| tables.open_verified(Some(&eight_two_table(cell)))?.into_table(EIGHT_TWO)).collect()
}

/// Answers a case: its distance and moves (the least optimal move
/// string), or why it has none.
pub(crate) fn answer(tables: &[Table<Bytes>], start: &[u8], target: &[u8]) -> Result<(u8, Vec<u8>), String> {
    let parse = |what: &str, text: &[u8]| {
        let text = String::from_utf8_lossy(text);
        tables[8].parse(&text).map_err(|e| format!("{what}: {e}"))
    };
    let (from, to) = (parse("start", start)?, parse("target", target)?);
    let table = &tables[blank_cell(tables[8].puzzle(), &to).unwrap_or(8)];
    let relabelled = towards_goal(table.puzzle(), &from, &to).map_err(|e| e.to_string())?;
    let damaged = || "the table is damaged: it contradicts itself; regenerate it".to_string();
    let Some(mut solution) = table.solution(&relabelled).map_err(|_| damaged())? else {
        return Err("the target cannot be reached from the start: their tiles' orders differ in parity".into());
    };
    let mut moves = Vec::with_capacity(32);
    for m in solution.by_ref() {
        moves.extend_from_slice(table.move_name(m).unwrap_or_default().as_bytes());
    }
    match solution.error() {
        Some(_) => Err(damaged()),
        None => Ok((moves.len() as u8, moves)),
    }
}
