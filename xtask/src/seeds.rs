//! The seed programs: the C++ solutions printed in `../shared/seeds/`,
//! extracted and built with `g++ -O2` so benches can run them side by side
//! with godtab.
//!
//! The code is taken as published, from its first `#include` to the end of
//! the program. Where publishing damaged it, the damage is undone by the
//! repairs listed with each seed, and nothing else is changed.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail, ensure};

/// One seed program.
pub struct Seed {
    /// The file name's prefix in the seeds folder.
    pub prefix: &'static str,
    /// What it solves.
    pub title: &'static str,
    /// Exact text replacements that make the published code compile, each
    /// with the reason.
    repairs: &'static [(&'static str, &'static str, &'static str)],
    /// Whether the published text lost its line breaks (they are restored
    /// before each preprocessor directive and after each `#include`).
    lost_line_breaks: bool,
}

/// Sicily 2011 "Nine Digits": BFS over all 9! states, then one lookup per case.
pub const NINE_DIGITS: Seed =
    Seed { prefix: "000", title: "seed 000 (Nine Digits)", repairs: &[], lost_line_breaks: false };

/// UVA 11513 "9 Puzzle": BFS, then one lookup and path walk per case.
pub const NINE_PUZZLE: Seed = Seed {
    prefix: "001",
    title: "seed 001 (9 Puzzle)",
    repairs: &[
        // Line comments would swallow the rest of the joined-up line: drop
        // the commented-out statements they held.
        ("//  now.out(); puts(\"\");", "", "commented-out debug output"),
        ("//now.out(); puts(\"\");", "", "commented-out debug output"),
        ("// Getinput(); return 0;", "", "commented-out input generator"),
        ("//    freopen(\"in.txt\",\"r\",stdin);", "", "commented-out file redirection"),
        ("make_pairconst", "make_pair\nconst", "a #define ran into the next line"),
    ],
    lost_line_breaks: true,
};

/// POJ 1077 "Eight": a forward BFS for every case.
pub const EIGHT_PUZZLE: Seed = Seed {
    prefix: "003",
    title: "seed 003 (Eight)",
    repairs: &[(
        "ans != -1 ? show(ans) : printf(\"-1\");",
        "if (ans != -1) show(ans); else printf(\"-1\");",
        "a void and an int operand of ?: no longer compile",
    )],
    lost_line_breaks: false,
};

/// The default seeds folder: `../shared/seeds` beside the workspace.
pub fn default_dir() -> PathBuf {
    crate::workspace_root().join("../shared/seeds")
}

impl Seed {
    /// Extracts, repairs and compiles the seed into `out_dir`, returning the
    /// executable's path.
    pub fn build(&self, seeds_dir: &Path, out_dir: &Path) -> Result<PathBuf> {
        let source = self.source(seeds_dir)?;
        std::fs::create_dir_all(out_dir)?;
        let cpp = out_dir.join(format!("seed{}.cpp", self.prefix));
        let exe = out_dir.join(format!("seed{}", self.prefix));
        std::fs::write(&cpp, source)?;
        let output = Command::new("g++")
            .args(["-O2", "-o"])
            .arg(&exe)
            .arg(&cpp)
            .output()
            .context("running g++ (is it installed?)")?;
        ensure!(
            output.status.success(),
            "g++ failed on {}:\n{}",
            cpp.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        Ok(exe)
    }

    fn source(&self, seeds_dir: &Path) -> Result<String> {
        let path = std::fs::read_dir(seeds_dir)
            .with_context(|| format!("reading the seeds folder {}", seeds_dir.display()))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .find(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(self.prefix)))
            .with_context(|| format!("no seed file starting with {} in {}", self.prefix, seeds_dir.display()))?;
        let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        let Some(start) = text.find("#include") else {
            bail!("{} holds no C++ program", path.display());
        };
        let mut code = text[start..].to_string();
        if let Some(end) = code.find("\n---") {
            code.truncate(end);
        }
        for (from, to, why) in self.repairs {
            ensure!(
                code.contains(from),
                "{}: the repair for {why} no longer applies ({from:?} not found)",
                path.display()
            );
            code = code.replace(from, to);
        }
        if self.lost_line_breaks {
            code = restore_line_breaks(&code);
        }
        Ok(code)
    }
}

/// Puts each preprocessor directive on its own line again.
fn restore_line_breaks(code: &str) -> String {
    let mut out = String::with_capacity(code.len() + 64);
    let mut rest = code;
    while let Some(at) = rest.find('#') {
        out.push_str(&rest[..at]);
        out.push('\n');
        rest = &rest[at..];
        if rest.starts_with("#include")
            && let Some(close) = rest.find('>')
        {
            out.push_str(&rest[..=close]);
            out.push('\n');
            rest = &rest[close + 1..];
        } else {
            out.push('#');
            rest = &rest[1..];
        }
    }
    out.push_str(rest);
    out
}
