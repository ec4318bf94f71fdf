//! `godtab solve --from A --to B`: the fewest moves from one state to
//! another, by relabelling the tiles through the table's goal (see
//! `relabel`). The puzzle `eight-two` picks the Eight II table whose goal
//! has the target's blank cell.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use godtab_runtime::{Bytes, State, Table};
use serde::Serialize;

use crate::relabel::{Unanswerable, blank_cell, towards_goal};
use crate::source::TableArgs;

/// The name that stands for the nine Eight II tables.
pub(crate) const EIGHT_TWO: &str = "eight-two";

/// One answer, as `--json` prints it.
#[derive(Serialize)]
struct Answer<'a> {
    from: String,
    to: String,
    table: &'a str,
    solvable: bool,
    distance: Option<u8>,
    moves: Vec<&'a str>,
}

/// The Eight II table for a target with the blank at `cell`.
pub(crate) fn eight_two_table(cell: usize) -> String {
    format!("{EIGHT_TWO}-{cell}")
}

/// Answers one start-to-target query; exit status 1 if it has no answer.
pub(crate) fn run(
    puzzle: Option<&str>,
    from: &str,
    to: &str,
    tables: &TableArgs,
    json: bool,
    show: bool,
) -> Result<ExitCode> {
    let puzzle = match puzzle {
        // Any Eight II table reads the target; its blank picks the table.
        Some(EIGHT_TWO) if tables.table.is_none() => {
            let any = tables.load(Some(&eight_two_table(8)))?.table;
            let target = any.parse(to).map_err(|e| anyhow!("--to {to:?}: {e}"))?;
            Some(eight_two_table(blank_cell(any.puzzle(), &target).unwrap_or(8)))
        }
        other => other.map(str::to_owned),
    };
    let table = tables.load_verified(puzzle.as_deref())?.table;
    let start = table.parse(from).map_err(|e| anyhow!("--from {from:?}: {e}"))?;
    let target = table.parse(to).map_err(|e| anyhow!("--to {to:?}: {e}"))?;
    let relabelled = towards_goal(table.puzzle(), &start, &target)
        .map_err(|why| anyhow!("{}: {why}; {}", table.id(), advice(&table, why, to)))?;
    let (distance, moves) = crate::solve::solve(&table, &relabelled)?;
    let names: Vec<&str> = moves.iter().filter_map(|&m| table.move_name(m)).collect();
    let mut out = crate::stdio::stdout();
    let (from_text, to_text) = (table.display(&start).to_string(), table.display(&target).to_string());
    if json {
        let answer = Answer {
            from: from_text,
            to: to_text,
            table: table.id(),
            solvable: distance.is_some(),
            distance,
            moves: names,
        };
        serde_json::to_writer(&mut out, &answer)?;
        writeln!(out)?;
    } else if distance.is_none() {
        writeln!(out, "{from_text} to {to_text}: unreachable (no moves of {} lead there)", table.id())?;
    } else {
        let plural = if names.len() == 1 { "" } else { "s" };
        writeln!(out, "{from_text} to {to_text}: {} move{plural}: {}", names.len(), names.join(" "))?;
        if show {
            draw(&mut out, &table, start, &moves, &names)?;
        }
    }
    Ok(if distance.is_some() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// What would answer a query this table cannot.
fn advice(table: &Table<Bytes>, why: Unanswerable, to: &str) -> String {
    let is_eight = |id: &str| id == "eight-puzzle" || id.starts_with(EIGHT_TWO);
    match why {
        Unanswerable::BlankElsewhere { target, .. }
            if is_eight(table.id()) && crate::embedded::table(table.id()).is_some() =>
        {
            format!(
                "the built-in table {} answers it (or name the puzzle {EIGHT_TWO} to pick it)",
                eight_two_table(target)
            )
        }
        Unanswerable::BlankElsewhere { .. } | Unanswerable::RepeatedTiles => {
            format!("a table of the same puzzle whose goal is the target {to:?} answers it (godtab gen with that goal)")
        }
        Unanswerable::Orbits => "solve the start and the target separately".into(),
    }
}

/// The board after every move, starting from `state`.
fn draw(out: &mut impl Write, table: &Table<Bytes>, mut state: State, moves: &[usize], names: &[&str]) -> Result<()> {
    writeln!(out, "{:#}", table.display(&state))?;
    for (step, &m) in moves.iter().enumerate() {
        state = table.puzzle().apply(&state, m).context("the table is damaged")?;
        writeln!(out, "-- {}. {} --", step + 1, names[step])?;
        writeln!(out, "{:#}", table.display(&state))?;
    }
    Ok(())
}

/// Checks that `--from` and `--to` come together and alone.
pub(crate) fn check_args(from: Option<&String>, to: Option<&String>, states: usize, scrambles: usize) -> Result<()> {
    match (from, to) {
        (Some(_), None) => bail!("--from needs --to: the state to reach"),
        (None, Some(_)) => bail!("--to needs --from: the state to start from"),
        (Some(_), Some(_)) if states + scrambles > 0 => {
            bail!("--from and --to ask one question: give no other states or --scramble with them")
        }
        _ => Ok(()),
    }
}
