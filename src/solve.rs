//! `godtab solve`: distance and optimal moves for states on the command line.

use std::io::Write;
use std::process::ExitCode;

use crate::source::TableArgs;
use anyhow::Result;
use godtab_oracle::{AskError, JsonAnswer, Oracle, Position, Written};
use godtab_runtime::{Bytes, Kind, Puzzle};

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
    /// The 3x3x3 cube given as its 54-character facelet string (faces U R
    /// F D L B, as Kociemba's `kociemba` package writes a cube), with a
    /// table of data/puzzles/cube-3x3x3.tws. May be given more than once.
    #[arg(long, value_name = "FACELETS")]
    facelets: Vec<String>,
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
    /// Count every optimal solution and list the first ones (declared
    /// move order); with --json, the keys count and solutions.
    #[arg(long, conflicts_with = "show")]
    all_optimal: bool,
    /// With --all-optimal: list at most N solutions (default 100; 0 counts
    /// them only).
    #[arg(long, value_name = "N", requires = "all_optimal")]
    limit: Option<usize>,
    #[command(flatten)]
    tables: TableArgs,
    #[command(flatten)]
    search: crate::pdb::SearchArgs,
}

/// Answers every state given; exit status 1 if one of them is not a state
/// or has no answer (a search's node limit).
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    if let (Some(from), Some(to)) = (&args.from, &args.to) {
        crate::between::check_args(Some(from), Some(to), args.states.len(), args.scramble.len())?;
        let output = crate::between::Output { json: args.json, show: args.show };
        return crate::between::run(args.puzzle.as_deref(), from, to, &args.tables, output, args.search);
    }
    // With --table, the first word may be a state rather than the puzzle.
    let words: Vec<String> = args.puzzle.iter().chain(&args.states).cloned().collect();
    let (puzzle, states) = match &args.tables.table {
        Some(_) => (None, words.as_slice()),
        None => (words.first().map(String::as_str), words.get(1..).unwrap_or_default()),
    };
    let (oracle, _) = args.tables.open_oracle(puzzle, args.search)?;
    let given = given_states(args, &oracle, states)?;
    let mut out = crate::stdio::stdout();
    let mut failed = false;
    for (text, written) in given {
        let scramble = (written == Written::Scramble).then(|| text.clone());
        let position = match oracle.parse(&text, written) {
            Ok(position) => position,
            Err(e) => {
                let flag = written.flag();
                let flag = if flag.is_empty() { String::new() } else { format!("{flag} ") };
                crate::stdio::note(format_args!("godtab solve: {flag}{text:?}: {e}"));
                failed = true;
                if args.json {
                    serde_json::to_writer(&mut out, &JsonAnswer::not_a_state(&text, scramble, &e))?;
                    writeln!(out)?;
                }
                continue;
            }
        };
        // A scramble stands for its state: shorter, and what was typed.
        let shown = match &scramble {
            Some(s) if !args.json => s.split_whitespace().collect::<Vec<_>>().join(" "),
            _ => oracle.show(&position),
        };
        let solved = oracle.solve(&position).and_then(|answer| match (&answer.moves, args.all_optimal) {
            (Some(moves), true) => {
                let limit = args.limit.unwrap_or(DEFAULT_LIMIT);
                let all = oracle.all_optimal(&position, moves.len() as u8, limit)?;
                Ok((answer, Some(all)))
            }
            _ => Ok((answer, None)),
        });
        let (solved, all) = match solved {
            Ok((answer, all)) => (Ok(answer), all),
            Err(e) => (Err(e), None),
        };
        if let Err(AskError::Damaged(why)) = &solved {
            anyhow::bail!("the table is damaged: {why}");
        }
        if args.json {
            let mut json = JsonAnswer::of(&oracle, shown, scramble, &solved);
            failed |= solved.is_err();
            if let Some(all) = &all {
                json.count = Some(all.count);
                let names = |s: &Vec<usize>| oracle.move_names(s).into_iter().map(str::to_string).collect();
                json.solutions = Some(all.solutions.iter().map(names).collect());
                json.search = match (json.search, all.search) {
                    (Some(first), Some(rest)) => Some(first.and(rest)),
                    (first, rest) => first.or(rest),
                };
            }
            serde_json::to_writer(&mut out, &json)?;
            writeln!(out)?;
            continue;
        }
        let (answer, error) = match solved {
            Ok(answer) => (Some(answer.moves), None),
            Err(unanswered) => {
                let hint = if matches!(unanswered, AskError::NodeLimit { .. }) { " (raise --max-nodes)" } else { "" };
                (None, Some((unanswered.to_string(), hint)))
            }
        };
        failed |= error.is_some();
        let moves = answer.clone().flatten().unwrap_or_default();
        let names = oracle.move_names(&moves);
        let listed: Option<Vec<Vec<&str>>> =
            all.as_ref().map(|all| all.solutions.iter().map(|s| oracle.move_names(s)).collect());
        match (&answer, &error) {
            (_, Some((why, hint))) => writeln!(out, "{shown}: {why}{hint}")?,
            (Some(None), _) | (None, None) => writeln!(out, "{shown}: unsolvable")?,
            (Some(Some(_)), _) if names.is_empty() => writeln!(out, "{shown}: solved (0 moves)")?,
            (Some(Some(_)), _) if let (Some(all), Some(listed)) = (&all, &listed) => {
                write_all_optimal(&mut out, &shown, names.len(), all.count, listed)?;
            }
            (Some(Some(_)), _) => {
                let plural = if names.len() == 1 { "" } else { "s" };
                writeln!(out, "{shown}: {} move{plural}: {}", names.len(), names.join(" "))?;
            }
        }
        if args.show
            && answer.is_some_and(|a| a.is_some())
            && let (Some(definition), Position::Tiles(state)) = (oracle.definition(), position)
        {
            crate::present::draw(&mut out, definition, state, &moves, &names)?;
        }
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// The states `solve` was given, each with how it is written: the words
/// (one state if they spell one, as tiles one per word or blocks split into
/// words; with --table the first may name the puzzle), the scrambles, the
/// facelet strings.
fn given_states(args: &Args, oracle: &Oracle<Bytes>, mut words: &[String]) -> Result<Vec<(String, Written)>> {
    let mut given: Vec<(String, Written)> = match oracle.definition() {
        Some(definition) => {
            if !args.facelets.is_empty() {
                anyhow::bail!(
                    "--facelets: facelet strings are the 3x3x3 cube's states; give a table of \
                     data/puzzles/cube-3x3x3.tws (godtab gen --spec data/puzzles/cube-3x3x3.tws -o cube.gtab)"
                );
            }
            // With --table the puzzle may still be named: then it must
            // match. (Not when the words are a state one tile per argument:
            // a puzzle may be named like a tile.)
            if let Some((first, rest)) = words.split_first()
                && !is_one_state(definition.puzzle(), words)
                && crate::source::names_the_puzzle(args.tables.table.as_deref(), definition, first)?
            {
                words = rest;
            }
            let puzzle = definition.puzzle();
            if words.is_empty() && args.scramble.is_empty() {
                anyhow::bail!(
                    "give at least one state to solve, e.g. \"{}\", or --scramble MOVES",
                    puzzle.display(&puzzle.goal())
                );
            }
            group_single_tiles(puzzle, words).into_iter().map(|text| (text, Written::State)).collect()
        }
        None => {
            if args.show || args.all_optimal {
                anyhow::bail!("--show and --all-optimal are for complete tables and pattern sets of tiles");
            }
            let words = match (words.split_first(), &args.tables.table) {
                (Some((first, rest)), _) if first == oracle.name() => rest,
                // Another puzzle named with --table: the file is not its.
                (Some((first, _)), Some(path)) if crate::embedded::table(first).is_some() => {
                    crate::source::ensure_id(path, oracle.name(), first)?;
                    words
                }
                _ => words,
            };
            let joined = words.join(" ");
            if words.len() > 1 && oracle.parse(&joined, Written::State).is_ok() {
                vec![(joined, Written::State)]
            } else {
                words.iter().map(|w| (w.clone(), Written::State)).collect()
            }
        }
    };
    given.extend(args.scramble.iter().map(|s| (s.clone(), Written::Scramble)));
    given.extend(args.facelets.iter().map(|s| (s.clone(), Written::Facelets)));
    if given.is_empty() {
        anyhow::bail!("give at least one state to solve (in blocks), or --scramble MOVES, or --facelets STRING");
    }
    Ok(given)
}

/// How many solutions `--all-optimal` lists when `--limit` is not given.
const DEFAULT_LIMIT: usize = 100;

/// `--all-optimal`'s text: the count, then one solution a line.
fn write_all_optimal(
    out: &mut impl Write,
    shown: &str,
    length: usize,
    count: u128,
    listed: &[Vec<&str>],
) -> Result<()> {
    let plural = if length == 1 { "" } else { "s" };
    let solutions = if count == 1 { "optimal solution" } else { "optimal solutions" };
    writeln!(out, "{shown}: {length} move{plural}, {count} {solutions}")?;
    for solution in listed {
        writeln!(out, "  {}", solution.join(" "))?;
    }
    let more = count.saturating_sub(listed.len() as u128);
    if more > 0 {
        writeln!(out, "  ... and {more} more (--limit N lists more)")?;
    }
    Ok(())
}

/// Whether `words`, one per cell (or, for an orbit puzzle, blocks split
/// into words), spell one state.
fn is_one_state(puzzle: &Puzzle, words: &[String]) -> bool {
    let counted = words.len() == puzzle.cells() || puzzle.kind() == Kind::Orbits;
    counted && words.len() > 1 && puzzle.parse(&words.join(" ")).is_ok()
}

/// `godtab solve nine-digits 4 1 3 5 2 6 7 8 9` (one tile per argument)
/// means one state, not nine.
fn group_single_tiles(puzzle: &Puzzle, words: &[String]) -> Vec<String> {
    let single_tiles = words.iter().all(|w| puzzle.parse(w).is_err() && !w.trim().contains(char::is_whitespace));
    if single_tiles && is_one_state(puzzle, words) { vec![words.join(" ")] } else { words.to_vec() }
}
