//! `judge` on a pattern set: one case per line (a state in the generic
//! format, or a scramble), each solved by IDA*, a batch of cases at a time
//! on every core with the answers in input order.

use std::io::{self, BufReader, Read, Write};

use godtab_runtime::{Bytes, PatternSet};
use godtab_search::Searcher;
use rayon::prelude::*;

use super::Output;
use crate::cases::Format;
use crate::lines::{Lines, TooLong};
use crate::pdb::{SearchArgs, answer};

/// Cases read and solved at a time: every core gets work, answers stay in
/// input order, and memory does not grow with the input.
const BATCH: usize = 256;

/// Judges one input; `placeholder` is the answer line a bad case gets, if
/// any.
pub(super) fn judge<W: Write, E: Write>(
    set: &PatternSet<Bytes>,
    search: SearchArgs,
    format: Format,
    input: &mut dyn Read,
    output: &mut Output<W, E>,
    placeholder: Option<&[u8]>,
) -> io::Result<()> {
    let file_oracle =
        crate::oracle::Oracle::Patterns { set, searcher: Box::new(Searcher::new(set)), limit: search.limit() };
    let mut lines = Lines::new(BufReader::with_capacity(64 << 10, input));
    let mut case = 0u64;
    loop {
        let mut batch: Vec<(u64, u64, Result<Vec<u8>, TooLong>)> = Vec::with_capacity(BATCH);
        while batch.len() < BATCH {
            let Some((line_number, line)) = lines.next()? else { break };
            if line.text().is_ok_and(|t| t.iter().all(u8::is_ascii_whitespace)) {
                continue;
            }
            case += 1;
            batch.push((case, line_number, line.text().map(<[u8]>::to_vec)));
        }
        if batch.is_empty() {
            return Ok(());
        }
        let answers: Vec<Result<String, String>> = batch
            .par_iter()
            .map(|(_, _, text)| match text {
                Ok(text) => answer(&file_oracle, text, format == Format::Scramble),
                Err(too_long) => Err(too_long.to_string()),
            })
            .collect();
        for ((case, line_number, _), answer) in batch.iter().zip(answers) {
            match answer {
                Ok(answer) => writeln!(output.out, "{answer}")?,
                Err(problem) => {
                    if let Some(placeholder) = placeholder {
                        output.out.write_all(placeholder)?;
                    }
                    output.out.flush()?;
                    output.report(*case, *line_number, problem)?;
                    output.err.flush()?;
                }
            }
        }
    }
}
