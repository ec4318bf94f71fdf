//! `godtab analyse`: a given solution held against the table move by move:
//! the distance before and after each move, which moves lost ground, and
//! the total against the optimum.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use godtab_runtime::State;
use serde::Serialize;

use crate::source::TableArgs;
use godtab_oracle::{AskError, Oracle, Position};
use godtab_runtime::Bytes;

/// Arguments of `godtab analyse`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab analyse eight-puzzle 8672543x1 ulldrurdllurdruldrulldrrulldrr
  godtab analyse eight-puzzle \"8 6 7 2 5 4 3 x 1\" --solution \"u l l d r u\" --json
  godtab analyse --table cube-2x2x2.gtab --scramble \"R U F' R2\" R2 F U\\' R\\'

Each move is marked optimal (one move closer to the goal) or not: a move that leaves the
distance as it was costs one move more than the optimum, one that raises it costs two.")]
pub(crate) struct Args {
    /// The puzzle: a built-in name (may be left out with --table).
    puzzle: Option<String>,
    /// The state (one argument, e.g. "8 6 7 2 5 4 3 x 1" or 8672543x1;
    /// left out with --scramble), then the solution's moves, run together
    /// (ulldr) or apart (R U2 F').
    #[arg(value_name = "STATE MOVES")]
    words: Vec<String>,
    /// The solution to analyse, instead of moves after the state.
    #[arg(long, value_name = "MOVES")]
    solution: Option<String>,
    /// The state, given as the moves that lead to it from the goal.
    #[arg(long, value_name = "MOVES")]
    scramble: Option<String>,
    /// Print one JSON object: state, length, optimal, solved, excess and
    /// moves (each with move, before, after and optimal).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    tables: TableArgs,
    #[command(flatten)]
    search: crate::pdb::SearchArgs,
}

/// One move of the solution, as `--json` prints it.
#[derive(Serialize)]
struct Step<'a> {
    #[serde(rename = "move")]
    name: &'a str,
    /// Moves to the goal before and after it.
    before: u8,
    after: u8,
    /// Whether it brought the state one move closer.
    optimal: bool,
}

/// The whole analysis, as `--json` prints it.
#[derive(Serialize)]
struct Analysis<'a> {
    state: String,
    /// Moves in the solution.
    length: usize,
    /// The fewest moves that solve the state.
    optimal: u8,
    /// Whether the solution ends at the goal.
    solved: bool,
    /// Moves above the optimum, if it solves the state.
    #[serde(skip_serializing_if = "Option::is_none")]
    excess: Option<usize>,
    moves: Vec<Step<'a>>,
}

/// Analyses the solution; exit status 1 for a state or move that is not
/// the puzzle's, an illegal move or a distance that cannot be told.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let mut words: Vec<&str> = args.puzzle.iter().chain(&args.words).map(String::as_str).collect();
    let puzzle = if args.tables.table.is_some() { None } else { Some(words.remove(0)) };
    let loaded = args.tables.open_verified(puzzle)?;
    let definition = loaded.definition("analyse")?.clone();
    let definition = &definition;
    let (oracle, _) = loaded.into_oracle(args.search);
    let board = definition.puzzle();
    // With --table the puzzle may still be named first.
    if let Some(&first) = words.first()
        && crate::source::names_the_puzzle(args.tables.table.as_deref(), definition, first)?
    {
        words.remove(0);
    }
    let state = match &args.scramble {
        Some(scramble) => {
            definition.scramble(scramble.as_bytes()).with_context(|| format!("--scramble {scramble:?}"))?
        }
        None => {
            let Some(text) = (!words.is_empty()).then(|| words.remove(0)) else {
                bail!(
                    "give the state, e.g. \"{}\", then the moves (or --scramble MOVES)",
                    board.display(&board.goal())
                );
            };
            board.parse(text).with_context(|| format!("state {text:?}"))?
        }
    };
    let text = match &args.solution {
        Some(_) if !words.is_empty() => bail!("give the moves after the state or as --solution, not both"),
        Some(solution) => solution.clone(),
        None => words.join(" "),
    };
    let moves = crate::move_text::split_moves(definition, text.as_bytes(), 0).map_err(|column| {
        let word: String = text[column - 1..].chars().take_while(|c| !c.is_whitespace()).collect();
        anyhow!("the moves, column {column}: {word:?} is not a move of this puzzle (its moves: {})", names(&oracle))
    })?;
    let distance = |state: &State| -> Result<u8> {
        match oracle.distance(&Position::Tiles(*state)) {
            Ok(Some(d)) => Ok(d as u8),
            Ok(None) => bail!("{} cannot reach the goal", board.display(state)),
            Err(why @ AskError::NodeLimit { .. }) => bail!("{why} (raise --max-nodes)"),
            Err(why) => bail!("{why}"),
        }
    };
    let optimal = distance(&state)?;
    let mut steps = Vec::with_capacity(moves.len());
    let (mut here, mut before) = (state, optimal);
    for (i, &m) in moves.iter().enumerate() {
        let name = definition.move_name(m).unwrap_or("?");
        here = board.apply(&here, m).ok_or_else(|| anyhow!("move {} ({name}) cannot be made there", i + 1))?;
        let after = distance(&here)?;
        steps.push(Step { name, before, after, optimal: after + 1 == before });
        before = after;
    }
    let solved = before == 0;
    let shown = match &args.scramble {
        Some(scramble) if !args.json => scramble.split_whitespace().collect::<Vec<_>>().join(" "),
        _ => board.display(&state).to_string(),
    };
    let analysis = Analysis {
        state: shown,
        length: moves.len(),
        optimal,
        solved,
        excess: solved.then(|| moves.len() - usize::from(optimal)),
        moves: steps,
    };
    let mut out = crate::stdio::stdout();
    if args.json {
        serde_json::to_writer(&mut out, &analysis)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &analysis)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The puzzle's move names, for an error.
fn names(oracle: &Oracle<Bytes>) -> String {
    oracle.all_move_names().join(" ")
}

/// The summary line, then one line per move.
fn write_text(out: &mut impl Write, analysis: &Analysis<'_>) -> Result<()> {
    writeln!(out, "{}: {}", analysis.state, summary(analysis))?;
    let width = analysis.moves.iter().map(|s| s.name.len()).max().unwrap_or(1);
    for (i, step) in analysis.moves.iter().enumerate() {
        let verdict = match i32::from(step.after) - i32::from(step.before) {
            -1 => "optimal".to_string(),
            change => format!("lost ground (+{})", change + 1),
        };
        let (number, name, before, after) = (i + 1, step.name, step.before, step.after);
        writeln!(out, "{number:>5}. {name:<width$}  {before:>3} -> {after:<3}  {verdict}")?;
    }
    Ok(())
}

/// "62 moves, optimal 52: +10; moves 14, 15 and 31 lost ground".
fn summary(analysis: &Analysis<'_>) -> String {
    let length = crate::text::plural(analysis.length as u64, "move", "moves");
    let mut line = format!("{length}, optimal {}", analysis.optimal);
    let last = analysis.moves.last().map_or(analysis.optimal, |s| s.after);
    match analysis.excess {
        Some(0) => line.push_str(": optimal"),
        Some(excess) => line.push_str(&format!(": +{excess}")),
        None => line.push_str(&format!(": does not solve it (ends {last} from the goal)")),
    }
    let lost: Vec<String> =
        analysis.moves.iter().enumerate().filter(|(_, s)| !s.optimal).map(|(i, _)| (i + 1).to_string()).collect();
    match lost.as_slice() {
        [] => {}
        [one] => line.push_str(&format!("; move {one} lost ground")),
        [first @ .., last] => line.push_str(&format!("; moves {} and {last} lost ground", first.join(", "))),
    }
    line
}
