//! `godtab gen`: write a table file for a built-in puzzle or a spec file,
//! with the same code as `cargo xtask gen-tables`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use godtab_gen::{GenError, Level, Options, Size, planned_memory, table_bytes};
use godtab_puzzles::{Puzzle, builtin};
use godtab_runtime::Encoding;

use crate::info::thousands;
use crate::source::memory_limit;
use crate::stdio::note;

/// Arguments of `godtab gen`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab gen nine-puzzle -o nine-puzzle.gtab
  godtab gen eight-puzzle -o eight-puzzle.gtab.zst
  godtab gen --spec data/puzzles/slide-2x4.toml -o slide-2x4.gtab
  godtab gen --spec big.toml -o big.gtab --max-memory 8G
  godtab gen --spec big.toml -o big-compact.gtab --compact

The spec file format is described in docs/SPEC.md.")]
pub(crate) struct Args {
    /// The built-in puzzle to generate (or give --spec).
    #[arg(required_unless_present = "spec")]
    puzzle: Option<String>,
    /// Generate the puzzle described in this spec file (TOML).
    #[arg(long, value_name = "FILE", conflicts_with = "puzzle")]
    spec: Option<PathBuf>,
    /// Where to write the table; a name ending in .zst is compressed with
    /// zstd. The file is replaced atomically.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// Refuse, before allocating anything, a table whose generation needs
    /// more memory than this (bytes, or with a K, M, G or T suffix). By
    /// default half of the machine's memory.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_memory: Option<u64>,
    /// Store only each state's distance modulo 3 (2 bits per state, no
    /// parent moves). Answers are the same; a distance query then walks to
    /// the goal (O(distance x moves)) and each solution step tries the moves
    /// in order. For tables too large to store in full.
    #[arg(long)]
    compact: bool,
}

/// Generates and writes the table.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let definition = match (&args.puzzle, &args.spec) {
        (_, Some(path)) => godtab_spec::load(path).with_context(|| path.display().to_string())?,
        (Some(id), None) => builtin::by_id(id)
            .with_context(|| {
                let ids: Vec<&str> = builtin::ALL.iter().map(|b| b.id).collect();
                format!("unknown puzzle {id:?}: the built-in puzzles are {} (or give --spec FILE)", ids.join(", "))
            })?
            .definition(),
        (None, None) => bail!("name a built-in puzzle or give --spec FILE"),
    };
    let (id, puzzle) = (definition.id(), definition.puzzle());
    check_output(&args.output)?;
    let limit = args.max_memory.unwrap_or_else(memory_limit);
    let needed = planned_memory(puzzle);
    note(format_args!(
        "{id}: {} states, planned memory {} (limit {})",
        thousands(puzzle.slots()),
        Size(needed),
        Size(limit)
    ));
    let progress = Progress::new(puzzle);
    let report = |level: &Level| progress.level(level);
    let encoding = if args.compact { Encoding::Compact } else { Encoding::Full };
    let options = Options { max_memory: Some(limit), on_level: Some(&report), encoding };
    let table = table_bytes(&definition, &options).map_err(advise)?;
    progress.finish();
    let compressed = args.output.extension().is_some_and(|e| e == "zst");
    let bytes_out = if compressed { godtab_gen::compress(&table)? } else { table };
    godtab_gen::write_atomic(&args.output, &bytes_out).with_context(|| format!("writing {}", args.output.display()))?;
    note(format_args!("wrote {}: {}", args.output.display(), Size(bytes_out.len() as u64)));
    Ok(ExitCode::SUCCESS)
}

/// A generator error, with what the user can do about it.
fn advise(error: GenError) -> anyhow::Error {
    let advice = match &error {
        GenError::TooLarge { .. } => "; raise the limit with --max-memory",
        GenError::OutOfMemory { .. } => ": free memory or choose a smaller puzzle",
        GenError::Encoding(_) => ": generate the full table, without --compact",
        _ => "",
    };
    anyhow::anyhow!("{error}{advice}")
}

/// Fails before a long generation when its result could not be written:
/// the output's folder is missing, or the output is itself a folder.
fn check_output(path: &Path) -> Result<()> {
    let dir = godtab_gen::folder_of(path);
    if !dir.is_dir() {
        let problem = if dir.exists() { "is not a folder" } else { "does not exist" };
        bail!("{}: {} {problem}", path.display(), dir.display());
    }
    if path.is_dir() {
        bail!("{}: is a folder, not a table file; give the table's file name", path.display());
    }
    Ok(())
}

/// Reports each BFS level on stderr: a progress bar on a terminal, a plain
/// line otherwise.
struct Progress {
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    fn new(puzzle: &Puzzle) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(puzzle.slots());
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{prefix} [{bar:40}] {human_pos}/{human_len} states ({per_sec}, ETA {eta})",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                .progress_chars("=> "),
            );
            bar
        });
        Self { bar }
    }

    fn level(&self, level: &Level) {
        match &self.bar {
            Some(bar) => {
                bar.set_prefix(format!("depth {:>3}", level.depth));
                bar.set_position(level.reachable);
            }
            None => note(format_args!(
                "depth {:>3}: {:>13} states, {:>13} reached of {} ({:.1} s, {})",
                level.depth,
                thousands(level.states),
                thousands(level.reachable),
                thousands(level.slots),
                level.elapsed.as_secs_f64(),
                if level.pull { "pull" } else { "push" }
            )),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// "1500", "64K", "2G", "1.5T": bytes.
fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (number, scale) = match text.char_indices().last() {
        Some((at, unit @ ('k' | 'K' | 'm' | 'M' | 'g' | 'G' | 't' | 'T'))) => {
            let power = match unit.to_ascii_uppercase() {
                'K' => 1,
                'M' => 2,
                'G' => 3,
                _ => 4,
            };
            (&text[..at], 1024f64.powi(power))
        }
        _ => (text, 1.0),
    };
    let value: f64 = number.parse().map_err(|_| format!("{text:?} is not a size such as 1500, 512M or 2G"))?;
    if !(value >= 0.0 && value * scale < 1.8e19) {
        return Err(format!("{text:?} is not a size such as 1500, 512M or 2G"));
    }
    Ok((value * scale) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1500"), Ok(1500));
        assert_eq!(parse_size("64K"), Ok(65_536));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("1.5m"), Ok(1_572_864));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("-1G").is_err());
        assert!(parse_size("99999999999T").is_err());
    }
}
