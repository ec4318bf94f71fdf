//! The cases `cargo xtask bench judge` gives both programs (`godtab
//! random`'s, rewritten into each statement's format) and the check that
//! their answers are optimal moves that solve each case.

use std::path::Path;

use anyhow::{Context, Result, bail, ensure};
use godtab_puzzles::builtin::Builtin;

use crate::measure;

/// `godtab random` into a file.
pub(crate) fn write_random(godtab: &Path, puzzle: &str, count: usize, seed: u64, path: &Path) -> Result<()> {
    let (count, seed) = (count.to_string(), seed.to_string());
    measure::run(
        godtab,
        &["random", puzzle, "--count", &count, "--seed", &seed, "--format", "generic"],
        None,
        Some(path),
    )
    .map(|_| ())
}

/// Writes `f(index, line)` for every line of `from` into `to`, then `tail`,
/// one line at a time.
pub(crate) fn rewrite(from: &Path, to: &Path, mut f: impl FnMut(usize, &str) -> String, tail: &str) -> Result<()> {
    use std::io::{BufRead, BufWriter, Write};
    let input = std::io::BufReader::new(std::fs::File::open(from)?);
    let mut out = BufWriter::new(std::fs::File::create(to)?);
    for (i, line) in input.lines().enumerate() {
        out.write_all(f(i, &line?).as_bytes())?;
    }
    out.write_all(tail.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Every other case made unsolvable by swapping two of its tiles that are
/// not the blank (`first` and the next cell, or the two after them).
pub(crate) fn unsolvable_if_odd(index: usize, case: &str, first: usize) -> String {
    let mut tiles: Vec<&str> = case.split(' ').collect();
    if index % 2 == 1 {
        let clear = tiles[first] != "x" && tiles[first + 1] != "x";
        let at = if clear { first } else { first + 2 };
        tiles.swap(at, at + 1);
    }
    tiles.join(" ")
}

/// Three lines of three tiles.
pub(crate) fn grid(case: &str) -> String {
    let tiles: Vec<&str> = case.split(' ').collect();
    tiles.chunks(3).map(|row| format!("{}\n", row.join(" "))).collect()
}

/// Checks godtab's answers against the seed's: same number of moves (or both
/// unsolvable), and godtab's moves replayed from the case reach the goal.
/// `input` is the judge input (nine-puzzle cases span three lines).
pub(crate) fn check_moves(b: &Builtin, input: &str, ours: &str, theirs: &str) -> Result<()> {
    let cases: Vec<String> = match b.id {
        "nine-puzzle" => {
            let lines: Vec<&str> = input.lines().filter(|l| l.trim() != "0").collect();
            lines.chunks(3).map(|rows| rows.join(" ")).collect()
        }
        _ => input.lines().map(str::to_string).collect(),
    };
    let (ours, theirs): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
    ensure!(ours.len() == cases.len() && theirs.len() == cases.len(), "{}: answer counts differ", b.id);
    let definition = b.definition();
    let puzzle = definition.puzzle();
    for ((case, mine), seed) in cases.iter().zip(&ours).zip(&theirs) {
        let (our_moves, their_len) = match b.id {
            "nine-puzzle" => (nine_puzzle_moves(mine), nine_puzzle_moves(seed).map(|m| m.len())),
            _ => (eight_moves(mine), eight_moves(seed).map(|m| m.len())),
        };
        ensure!(our_moves.as_ref().map(Vec::len) == their_len, "{}: {case:?}: godtab {mine:?}, seed {seed:?}", b.id);
        if let Some(moves) = our_moves {
            let mut state = puzzle.parse(case)?;
            for m in moves {
                let index = b.move_names.iter().position(|&n| n == m).context("unknown move")?;
                state = puzzle.apply(&state, index).context("illegal move")?;
            }
            if state != puzzle.goal() {
                bail!("{}: {case:?}: godtab's moves {mine:?} do not reach the goal", b.id);
            }
        }
    }
    Ok(())
}

/// "3 V1V3H1" as ["V1", "V3", "H1"]; "0" as []; "Not solvable" as None.
fn nine_puzzle_moves(answer: &str) -> Option<Vec<String>> {
    let answer = answer.trim();
    if answer == "Not solvable" {
        return None;
    }
    let moves = answer.split_once(' ').map_or("", |(_, m)| m);
    Some(moves.as_bytes().chunks(2).map(|c| String::from_utf8_lossy(c).into_owned()).collect())
}

/// "ullddr" as ["u", "l", ...]; "unsolvable" or "-1" as None.
fn eight_moves(answer: &str) -> Option<Vec<String>> {
    let answer = answer.trim();
    if answer == "unsolvable" || answer == "-1" {
        return None;
    }
    Some(answer.chars().map(String::from).collect())
}
