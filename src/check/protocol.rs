//! The calling conventions of contest platforms, around `godtab check`:
//! testlib's checkers (`INPUT OUTPUT ANSWER`, exit 0 accepted, 1 wrong
//! answer, 2 presentation error, 3 fail) and the Kattis / ICPC problem
//! package's output validators, also DOMjudge's (`INPUT ANSWER
//! FEEDBACK_DIR < team_output`, exit 42 accepted, 43 wrong answer, any
//! other status a judge error; messages appended to the feedback folder's
//! `judgemessage.txt` and `teammessage.txt`).
//!
//! Both judge the jury's answer file first: an answer there that is not
//! right (not optimal, malformed, missing) means the jury's files are
//! wrong, which both platforms want reported as the checker's failure,
//! not as the contestant's verdict.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// A contest platform's calling convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Protocol {
    /// testlib: `check --protocol testlib PUZZLE INPUT OUTPUT ANSWER
    /// [RESULT_FILE]`; exit 0, 1 (wrong answer), 2 (presentation error), 3
    /// (fail).
    Testlib,
    /// Kattis / ICPC / DOMjudge: `check --protocol kattis PUZZLE INPUT
    /// ANSWER FEEDBACK_DIR < team_output`; exit 42 or 43.
    Kattis,
}

/// A check's verdict in the platforms' terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Every answer legal and optimal, nothing more in the output.
    Accepted,
    /// An answer that is legal in form but wrong: not optimal, an illegal
    /// move, moves that miss the goal, solvable said unsolvable.
    WrongAnswer,
    /// Output not in the statement's format: a malformed line, an unknown
    /// move name, output missing or following the last answer.
    PresentationError,
    /// godtab could not judge: a case of the input is not a state, a
    /// search ran out of its node limit, the table is damaged.
    Fail,
}

/// A checked output: its outcome and the report `check` prints.
pub(crate) struct Checked {
    pub(crate) outcome: Outcome,
    pub(crate) report: String,
}

impl Checked {
    /// The report's first line (the first wrong case, or the summary).
    fn first_line(&self) -> &str {
        self.report.lines().next().unwrap_or("")
    }
}

/// testlib's optional result file.
#[derive(Clone, Copy)]
pub(crate) struct ResultFile<'a> {
    pub(crate) path: &'a Path,
    /// testlib's `-appes`: the verdict as XML, not as a line of text.
    pub(crate) xml: bool,
}

/// testlib's name of the outcome of each exit status, in its XML result.
fn testlib_outcome(code: u8) -> &'static str {
    match code {
        0 => "accepted",
        1 => "wrong-answer",
        2 => "presentation-error",
        _ => "fail",
    }
}

/// The result file's text: the message as standard error has it, or
/// with `-appes` testlib's XML (the message escaped, in UTF-8).
fn result_text(code: u8, message: &str, xml: bool) -> String {
    if !xml {
        return format!("{message}\n");
    }
    let mut escaped = String::with_capacity(message.len());
    for c in message.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            c if c.is_control() => escaped.push(' '),
            c => escaped.push(c),
        }
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome = \"{}\">{escaped}</result>\n",
        testlib_outcome(code)
    )
}

/// The exit status and messages of testlib's convention, given the jury's
/// answer checked and the contestant's output checked (`Err`: godtab
/// could not check it, a fail). `result_file` is testlib's optional
/// report file, which gets the same message as standard error.
pub(crate) fn testlib(
    jury: &Checked,
    contestant: anyhow::Result<Checked>,
    result_file: Option<ResultFile<'_>>,
) -> anyhow::Result<ExitCode> {
    let (code, message) = match contestant {
        _ if jury.outcome != Outcome::Accepted => {
            (3, format!("FAIL the jury's answer file is not right: {}", jury.first_line()))
        }
        Err(error) => (3, format!("FAIL {}", crate::one_line(&error))),
        Ok(checked) => match checked.outcome {
            Outcome::Accepted => (0, format!("ok {}", checked.first_line())),
            Outcome::WrongAnswer => (1, format!("wrong answer {}", checked.first_line())),
            Outcome::PresentationError => (2, format!("wrong output format {}", checked.first_line())),
            Outcome::Fail => (3, format!("FAIL {}", checked.first_line())),
        },
    };
    crate::stdio::note(format_args!("{message}"));
    if let Some(ResultFile { path, xml }) = result_file {
        let text = result_text(code, &message, xml);
        std::fs::write(path, text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    }
    Ok(ExitCode::from(code))
}

/// testlib's fail when godtab cannot judge at all (a missing file, an
/// unknown puzzle): the message on standard error and in the result
/// file (which, if it cannot be written either, is left as it is).
pub(crate) fn testlib_fail(error: &anyhow::Error, result_file: Option<ResultFile<'_>>) -> anyhow::Result<ExitCode> {
    let message = format!("FAIL {}", crate::one_line(error));
    crate::stdio::note(format_args!("{message}"));
    if let Some(ResultFile { path, xml }) = result_file
        && let Err(e) = std::fs::write(path, result_text(3, &message, xml))
    {
        crate::stdio::note(format_args!("FAIL {}: {e}", path.display()));
    }
    Ok(ExitCode::from(3))
}

/// Kattis's accepted and wrong-answer exit statuses.
const KATTIS_ACCEPTED: u8 = 42;
const KATTIS_WRONG: u8 = 43;

/// The exit status and feedback files of the Kattis convention. A jury
/// answer that is not right, or output godtab could not judge, is a judge
/// error: a message on standard error (and in `judgemessage.txt`), exit
/// status 1.
pub(crate) fn kattis(jury: &Checked, contestant: anyhow::Result<Checked>, feedback: &Path) -> anyhow::Result<ExitCode> {
    let append = |name: &str, text: &str| -> anyhow::Result<()> {
        let path = feedback.join(name);
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        file.write_all(text.as_bytes()).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
    };
    let judge_error = |message: String| -> anyhow::Result<ExitCode> {
        append("judgemessage.txt", &format!("{message}\n"))?;
        crate::stdio::note(format_args!("godtab: error: {message}"));
        Ok(ExitCode::FAILURE)
    };
    if jury.outcome != Outcome::Accepted {
        return judge_error(format!("the jury's answer file is not right: {}", jury.first_line()));
    }
    let checked = match contestant {
        Ok(checked) => checked,
        Err(error) => return judge_error(crate::one_line(&error)),
    };
    append("judgemessage.txt", &checked.report)?;
    match checked.outcome {
        Outcome::Accepted => Ok(ExitCode::from(KATTIS_ACCEPTED)),
        Outcome::Fail => judge_error(checked.first_line().to_string()),
        wrong => {
            let what = if wrong == Outcome::WrongAnswer { "wrong answer" } else { "output format error" };
            let case = checked.first_line().split(" (").next().unwrap_or("").trim();
            append("teammessage.txt", &format!("{what}: {case}\n"))?;
            Ok(ExitCode::from(KATTIS_WRONG))
        }
    }
}
