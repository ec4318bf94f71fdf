//! `godtab solve --from A --to B`: the fewest moves from one state to
//! another, by relabelling the tiles through the table's goal (see
//! `relabel`). The puzzle `eight-two` picks the Eight II table whose goal
//! has the target's blank cell; a pattern set answers by IDA*.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Result, anyhow, bail};
use godtab_runtime::{Definition, State};
use serde::Serialize;

use crate::eight_two::{EIGHT_TWO, eight_two_table};
use crate::pdb::SearchArgs;
use crate::relabel::{Unanswerable, blank_cell, towards_goal};
use crate::source::TableArgs;
use godtab_oracle::{AskError, Position};

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

/// Answers one start-to-target query; exit status 1 if it has no answer.
/// A pattern set answers by IDA*, within `search`'s node limit.
pub(crate) fn run(
    puzzle: Option<&str>,
    from: &str,
    to: &str,
    tables: &TableArgs,
    output: Output,
    search: SearchArgs,
) -> Result<ExitCode> {
    let puzzle = match puzzle {
        // Any Eight II table reads the target; its blank picks the table.
        Some(EIGHT_TWO) if tables.table.is_none() => {
            let definition = tables.open(Some(&eight_two_table(8)))?.definition("between")?.clone();
            let target = definition.puzzle().parse(to).map_err(|e| anyhow!("--to {to:?}: {e}"))?;
            Some(eight_two_table(blank_cell(definition.puzzle(), &target).unwrap_or(8)))
        }
        other => other.map(str::to_owned),
    };
    let loaded = tables.open_verified(puzzle.as_deref())?;
    let definition = loaded.definition("solve --from")?.clone();
    let definition = &definition;
    let embedded = loaded.origin.is_embedded();
    let (oracle, _) = loaded.into_oracle(search);
    let query = Query::read(definition, from, to, |why| advice(definition.id(), embedded, why, to))?;
    let (distance, moves) = match oracle.solve(&Position::Tiles(query.relabelled)) {
        Ok(answer) => match answer.moves {
            Some(moves) => (Some(moves.len() as u8), moves),
            None => (None, Vec::new()),
        },
        Err(unanswered @ AskError::NodeLimit { .. }) => bail!("{unanswered} (raise --max-nodes)"),
        Err(unanswered) => bail!("{unanswered}"),
    };
    query.answer(definition, distance, &moves, output)
}

/// How to print an answer: one JSON object, or text (and the board after
/// every move).
#[derive(Clone, Copy)]
pub(crate) struct Output {
    pub json: bool,
    pub show: bool,
}

/// A start, a target, and the start relabelled so that the target is the
/// goal.
struct Query {
    start: State,
    target: State,
    relabelled: State,
}

impl Query {
    /// Reads `from` and `to`; `advice` says what answers a query that
    /// cannot be relabelled.
    fn read(
        definition: &Definition,
        from: &str,
        to: &str,
        advice: impl FnOnce(Unanswerable) -> String,
    ) -> Result<Self> {
        let puzzle = definition.puzzle();
        let start = puzzle.parse(from).map_err(|e| anyhow!("--from {from:?}: {e}"))?;
        let target = puzzle.parse(to).map_err(|e| anyhow!("--to {to:?}: {e}"))?;
        let relabelled = towards_goal(puzzle, &start, &target)
            .map_err(|why| anyhow!("{}: {why}; {}", definition.id(), advice(why)))?;
        Ok(Self { start, target, relabelled })
    }

    /// Prints the answer: `distance` and `moves` take the start to the
    /// target (`None`: they cannot); exit status 1 without an answer.
    fn answer(
        &self,
        definition: &Definition,
        distance: Option<u8>,
        moves: &[usize],
        output: Output,
    ) -> Result<ExitCode> {
        let puzzle = definition.puzzle();
        let names: Vec<&str> = moves.iter().filter_map(|&m| definition.move_name(m)).collect();
        let mut out = crate::stdio::stdout();
        let (from_text, to_text) = (puzzle.display(&self.start).to_string(), puzzle.display(&self.target).to_string());
        if output.json {
            let answer = Answer {
                from: from_text,
                to: to_text,
                table: definition.id(),
                solvable: distance.is_some(),
                distance,
                moves: names,
            };
            serde_json::to_writer(&mut out, &answer)?;
            writeln!(out)?;
        } else if distance.is_none() {
            writeln!(out, "{from_text} to {to_text}: unreachable (no moves of {} lead there)", definition.id())?;
        } else if names.is_empty() {
            writeln!(out, "{from_text} to {to_text}: the same state (0 moves)")?;
        } else {
            let plural = if names.len() == 1 { "" } else { "s" };
            writeln!(out, "{from_text} to {to_text}: {} move{plural}: {}", names.len(), names.join(" "))?;
            if output.show {
                crate::present::draw(&mut out, definition, self.start, moves, &names)?;
            }
        }
        Ok(if distance.is_some() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
    }
}

/// What would answer a query the table of puzzle `id` (built into the
/// binary or not) cannot.
fn advice(id: &str, embedded: bool, why: Unanswerable, to: &str) -> String {
    let is_eight = id == "eight-puzzle" || id.starts_with(EIGHT_TWO);
    match why {
        Unanswerable::BlankElsewhere { target, .. } if is_eight && embedded => {
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
