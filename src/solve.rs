//! `godtab solve`: distance and optimal moves for states on the command line.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use godtab_runtime::{Bytes, Kind, State, Table};
use serde::Serialize;

use crate::source::TableArgs;

/// Arguments of `godtab solve`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab solve nine-digits \"4 1 3 5 2 6 7 8 9\"
  godtab solve eight-puzzle 23415x768 --show
  godtab solve nine-puzzle \"7 3 9 2 5 1 4 8 6\" \"1 2 3 4 5 6 7 9 8\" --json
  godtab solve --table my-puzzle.gtab \"2 1 3 4\"
  godtab solve --table cube-2x2x2.gtab --scramble \"R U F' R2\"
  godtab solve --table cube-2x2x2.gtab \"CORNERS 2 1 3 4 5 6 7 0 0 0 0 0 0 0\"
  godtab solve --table cube-2x2x2.gtab \"$(cat state.txt)\"

An orbit puzzle's state is written in blocks, as in its definition file's Solved block: each
set's name, its pieces (numbered from 1) and, optionally, their orientations, on one line or
several (a set left out is as solved; a final End is optional).")]
pub(crate) struct Args {
    /// The puzzle: nine-digits, nine-puzzle or eight-puzzle (may be left
    /// out with --table).
    puzzle: Option<String>,
    /// One or more states: tiles in reading order, e.g. "4 1 3 5 2 6 7 8 9"
    /// or 413526789 (x is the blank); for orbit puzzles, in blocks, e.g.
    /// "CORNERS 2 1 3 4 5 6 7".
    #[arg(value_name = "STATE")]
    states: Vec<String>,
    /// A state given as the moves that lead to it from the goal, e.g.
    /// "R U F' R2" (R2 is R twice, R' undoes R, also where the table has
    /// no such move). May be given more than once.
    #[arg(long, value_name = "MOVES")]
    scramble: Vec<String>,
    /// The fewest moves from this state to the --to state (tiles relabelled
    /// through the table's goal; the puzzle eight-two picks the Eight II
    /// table with the target's blank cell).
    #[arg(long, value_name = "STATE", requires = "to")]
    from: Option<String>,
    /// The state to reach from --from.
    #[arg(long, value_name = "STATE", requires = "from")]
    to: Option<String>,
    /// Draw the board after every move.
    #[arg(long)]
    show: bool,
    /// Print one JSON object per state instead of text.
    #[arg(long, conflicts_with = "show")]
    json: bool,
    #[command(flatten)]
    tables: TableArgs,
    #[command(flatten)]
    search: crate::pdb::SearchArgs,
}

/// One answer, as `--json` prints it.
#[derive(Serialize)]
struct Answer<'a> {
    /// The state as the table writes it (as given, if it is not a state).
    state: String,
    /// The scramble that gave the state, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    scramble: Option<String>,
    solvable: bool,
    distance: Option<u8>,
    moves: Vec<&'a str>,
    /// Why the text is not a state of the puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Answers every state given; exit status 1 if one of them is not a state.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    if let (Some(from), Some(to)) = (&args.from, &args.to) {
        crate::between::check_args(Some(from), Some(to), args.states.len(), args.scramble.len())?;
        let output = crate::between::Output { json: args.json, show: args.show };
        return crate::between::run(args.puzzle.as_deref(), from, to, &args.tables, output, args.search);
    }
    // With --table, the first word may be a state rather than the puzzle.
    let words: Vec<String> = args.puzzle.iter().chain(&args.states).cloned().collect();
    let (puzzle, mut states) = match &args.tables.table {
        Some(_) => (None, words.as_slice()),
        None => (words.first().map(String::as_str), words.get(1..).unwrap_or_default()),
    };
    if let Some((set, _)) = crate::pdb::open(&args.tables, puzzle)? {
        let words = if args.tables.table.is_some() { &words[..] } else { states };
        return crate::pdb::solve(&set, words, &args.scramble, args.json, args.search);
    }
    let loaded = args.tables.load_verified(puzzle)?;
    let table = &loaded.table;
    // With --table the puzzle may still be named: then it must match.
    // (Not when the words are a state one tile per argument: a puzzle may
    // be named like a tile.)
    if let (Some(path), Some((first, rest))) = (&args.tables.table, states.split_first())
        && table.parse(first).is_err()
        && !is_one_state(table, states)
        && (first == table.id() || crate::embedded::table(first).is_some())
    {
        crate::source::ensure_id(path, table, first)?;
        states = rest;
    }
    if states.is_empty() && args.scramble.is_empty() {
        anyhow::bail!(
            "give at least one state to solve, e.g. \"{}\", or --scramble MOVES",
            table.display(&table.puzzle().goal())
        );
    }
    let texts = group_single_tiles(table, states);
    let mut out = crate::stdio::stdout();
    let mut failed = false;
    let given = texts.iter().map(|text| (text, false)).chain(args.scramble.iter().map(|text| (text, true)));
    for (text, is_scramble) in given {
        let parsed = if is_scramble {
            table.definition().scramble(text.as_bytes()).map_err(|e| e.to_string())
        } else {
            table.parse(text).map_err(|e| e.to_string())
        };
        let scramble = is_scramble.then(|| text.clone());
        let state = match parsed {
            Ok(state) => state,
            Err(e) => {
                let what = if is_scramble { "--scramble " } else { "" };
                crate::stdio::note(format_args!("godtab solve: {what}{text:?}: {e}"));
                failed = true;
                if args.json {
                    let error = Some(e);
                    let (state, moves) = (text.clone(), Vec::new());
                    let answer = Answer { state, scramble, solvable: false, distance: None, moves, error };
                    serde_json::to_writer(&mut out, &answer)?;
                    writeln!(out)?;
                }
                continue;
            }
        };
        if args.json {
            let (distance, moves) = solve(table, &state)?;
            let moves = moves.into_iter().filter_map(|m| table.move_name(m)).collect();
            let state = table.display(&state).to_string();
            let answer = Answer { state, scramble, solvable: distance.is_some(), distance, moves, error: None };
            serde_json::to_writer(&mut out, &answer)?;
            writeln!(out)?;
        } else {
            write_answer(&mut out, table, &state, scramble.as_deref(), args.show)?;
        }
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Whether `words`, one per cell (or, for an orbit puzzle, blocks split
/// into words), spell one state.
fn is_one_state(table: &Table<Bytes>, words: &[String]) -> bool {
    let counted = words.len() == table.puzzle().cells() || table.puzzle().kind() == Kind::Orbits;
    counted && words.len() > 1 && table.parse(&words.join(" ")).is_ok()
}

/// `godtab solve nine-digits 4 1 3 5 2 6 7 8 9` (one tile per argument)
/// means one state, not nine.
fn group_single_tiles(table: &Table<Bytes>, words: &[String]) -> Vec<String> {
    let single_tiles = words.iter().all(|w| table.parse(w).is_err() && !w.trim().contains(char::is_whitespace));
    if single_tiles && is_one_state(table, words) { vec![words.join(" ")] } else { words.to_vec() }
}

/// The distance of `state` and its moves (`None` and none if unsolvable).
pub(crate) fn solve(table: &Table<Bytes>, state: &State) -> Result<(Option<u8>, Vec<usize>)> {
    let damaged = |e| anyhow::anyhow!("the table is damaged: {e}");
    let Some(mut solution) = table.solution(state).map_err(damaged)? else { return Ok((None, Vec::new())) };
    let moves: Vec<usize> = solution.by_ref().collect();
    match solution.error() {
        Some(e) => Err(damaged(e)),
        None => Ok((Some(moves.len() as u8), moves)),
    }
}

fn write_answer(
    out: &mut impl Write,
    table: &Table<Bytes>,
    state: &State,
    scramble: Option<&str>,
    show: bool,
) -> Result<()> {
    // A scramble stands for its state: shorter, and what was typed.
    let text = scramble
        .map_or_else(|| table.display(state).to_string(), |s| s.split_whitespace().collect::<Vec<_>>().join(" "));
    let (Some(_), moves) = solve(table, state)? else {
        writeln!(out, "{text}: unsolvable")?;
        return Ok(());
    };
    let names: Vec<&str> = moves.iter().filter_map(|&m| table.move_name(m)).collect();
    let plural = if moves.len() == 1 { "" } else { "s" };
    if moves.is_empty() {
        writeln!(out, "{text}: solved (0 moves)")?;
    } else {
        writeln!(out, "{text}: {} move{plural}: {}", moves.len(), names.join(" "))?;
    }
    if show {
        let mut board = *state;
        writeln!(out, "{:#}", table.display(&board))?;
        for (step, &m) in moves.iter().enumerate() {
            board = table.puzzle().apply(&board, m).ok_or_else(|| anyhow::anyhow!("the table is damaged"))?;
            writeln!(out, "-- {}. {} --", step + 1, names[step])?;
            writeln!(out, "{:#}", table.display(&board))?;
        }
    }
    Ok(())
}
