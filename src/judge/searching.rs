//! `judge` on a table that answers by search (a tile pattern set, an orbit
//! pattern set): one case per line (a state, a scramble, a facelet string),
//! or with `blocks` an orbit puzzle's state in blocks over several lines,
//! each ended by a line `End`. Answers "D m1 m2 ..." or "unsolvable", in
//! input order; a bad case is reported and judging goes on. Cases are read
//! and solved a batch at a time, on every core unless the table's own
//! search already uses them (an orbit pattern set's).

use std::io::{self, BufReader, Read, Write};

use godtab_oracle::{Answer, Oracle, Written};
use godtab_runtime::Bytes;
use rayon::prelude::*;

use super::Output;
use crate::lines::Lines;

/// Cases read and solved at a time: every core gets work, answers stay in
/// input order, and memory does not grow with the input.
const BATCH: usize = 256;

/// One case: its number, its first line, and its text (or why it has
/// none).
type Case = (u64, u64, Result<String, String>);

/// How the cases are read and answered.
pub(super) struct Cases<'a> {
    /// What answers them.
    pub oracle: &'a Oracle<Bytes>,
    /// How a case writes its state.
    pub written: Written,
    /// Whether a case is an orbit puzzle's blocks over several lines.
    pub blocks: bool,
    /// The threads that answer a batch (`--threads`); `None`: rayon's own.
    pub pool: Option<&'a rayon::ThreadPool>,
}

impl Cases<'_> {
    /// Judges one input; `placeholder` is the answer line a bad case gets,
    /// if any.
    pub(super) fn judge<W: Write, E: Write>(
        &self,
        input: &mut dyn Read,
        output: &mut Output<W, E>,
        placeholder: Option<&[u8]>,
    ) -> io::Result<()> {
        let Self { oracle, written, blocks, pool } = *self;
        judge(oracle, written, blocks, pool, input, output, placeholder)
    }
}

fn judge<W: Write, E: Write>(
    oracle: &Oracle<Bytes>,
    written: Written,
    blocks: bool,
    pool: Option<&rayon::ThreadPool>,
    input: &mut dyn Read,
    output: &mut Output<W, E>,
    placeholder: Option<&[u8]>,
) -> io::Result<()> {
    let mut lines = Lines::new(BufReader::with_capacity(64 << 10, input));
    let mut case = 0u64;
    let mut gathered = String::new();
    let mut first_line = 0u64;
    let in_parallel = !oracle.searches_on_every_core();
    loop {
        let mut batch: Vec<Case> = Vec::with_capacity(BATCH);
        let mut ended = true;
        while batch.len() < BATCH {
            let Some((line_number, line)) = lines.next()? else {
                ended = false;
                break;
            };
            let text = match line.text() {
                Ok(text) => String::from_utf8_lossy(text).into_owned(),
                Err(too_long) => {
                    case += 1;
                    batch.push((case, line_number, Err(too_long.to_string())));
                    continue;
                }
            };
            if text.trim().is_empty() {
                continue;
            }
            if blocks {
                if gathered.is_empty() {
                    first_line = line_number;
                }
                gathered.push_str(&text);
                gathered.push(' ');
                if text.trim() != "End" {
                    continue;
                }
            } else {
                first_line = line_number;
                gathered = text;
            }
            case += 1;
            batch.push((case, first_line, Ok(std::mem::take(&mut gathered))));
        }
        if !ended && !gathered.trim().is_empty() {
            case += 1;
            batch.push((case, first_line, Err("the state has no End line".into())));
            gathered.clear();
        }
        if batch.is_empty() {
            return Ok(());
        }
        // An optimal answer is written as the generic format's "D m1 m2";
        // a two-phase one as its moves alone (the `kociemba` package's
        // form: an empty line for a solved cube).
        let line = |answer: &Answer| match (&answer.moves, oracle.is_optimal()) {
            (Some(moves), false) => oracle.move_names(moves).join(" "),
            _ => oracle.line(answer),
        };
        let answer = |(_, _, text): &Case| match text {
            Ok(text) => oracle.solve_text(text.trim(), written).map(|a| line(&a)).map_err(|e| e.to_string()),
            Err(problem) => Err(problem.clone()),
        };
        let answers: Vec<Result<String, String>> = match (in_parallel, pool) {
            (true, Some(pool)) => pool.install(|| batch.par_iter().map(answer).collect()),
            (true, None) => batch.par_iter().map(answer).collect(),
            (false, _) => batch.iter().map(answer).collect(),
        };
        for ((case, line_number, _), answer) in batch.iter().zip(answers) {
            match answer {
                Ok(answer) => output.answer(&answer)?,
                Err(problem) => output.bad_case(*case, *line_number, problem, placeholder)?,
            }
        }
        if !ended {
            return Ok(());
        }
    }
}
