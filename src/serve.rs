//! `godtab serve`: every built-in table and every table given, opened once,
//! answered over HTTP by `godtab-serve` until SIGTERM or SIGINT.

use std::collections::BTreeMap;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use godtab_oracle::Oracle;
use godtab_runtime::Bytes;
use godtab_serve::{Settings, Tables};

use crate::embedded;
use crate::pdb::SearchArgs;
use crate::source::{Origin, TableArgs};

/// Arguments of `godtab serve`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab serve
  godtab serve --tables data --addr 127.0.0.1:8080
  curl -s localhost:2023/v1/solve -d '{\"table\": \"eight-puzzle\", \"state\": \"2 3 4 1 5 x 7 6 8\"}'

The API and its limits: docs/SERVE.md. The page at / draws the answers.")]
pub(crate) struct Args {
    /// Where to listen (port 0: any free port, said on standard error). The
    /// default is loopback only; 0.0.0.0:2023 listens on every interface.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:2023")]
    addr: SocketAddr,
    /// Serve this table file too (.gtab is memory-mapped, .gtab.zst
    /// decompressed), instead of the built-in table of its puzzle. May be
    /// given more than once.
    #[arg(long = "table", value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Serve every table file in this folder (NAME.gtab, or NAME.gtab.zst
    /// where there is no NAME.gtab), instead of the built-in tables of
    /// their puzzles. May be given more than once.
    #[arg(long = "tables", value_name = "DIR")]
    folders: Vec<PathBuf>,
    /// Give up on a state after expanding this many nodes (a request may
    /// ask for fewer).
    #[arg(long, value_name = "N", default_value_t = godtab_serve::DEFAULT_MAX_NODES)]
    max_nodes: u64,
    /// Searches answered at once. Default: one per core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    workers: Option<u16>,
    /// Requests that may wait for a worker; past them the server answers
    /// 503 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = 64)]
    queue: usize,
    /// The longest one request's search may take, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = seconds)]
    time_limit: f64,
}

/// A positive, finite number of seconds.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err("a number of seconds, more than 0 and at most 86400".into()),
    }
}

/// Opens every table, then serves them until a signal stops the server.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let given = given_tables(args)?;
    let mut tables = Tables::new();
    let mut listed = Vec::new();
    for (oracle, origin) in builtins()? {
        if let Some((_, path)) = given.get(oracle.name()) {
            crate::stdio::note(format_args!(
                "godtab serve: {}: {}, instead of the built-in table",
                oracle.name(),
                path.display()
            ));
            continue;
        }
        listed.push(oracle.name().to_string());
        tables.add(oracle).with_context(|| origin.path_text())?;
    }
    for (name, (oracle, path)) in given {
        tables.add(oracle).with_context(|| path.display().to_string())?;
        listed.push(format!("{name} ({})", path.display()));
    }
    let settings = Settings {
        max_nodes: args.max_nodes,
        workers: args.workers.map_or_else(|| Settings::default().workers, usize::from),
        queue: args.queue,
        time_limit: Duration::from_secs_f64(args.time_limit),
        ..Settings::default()
    };
    let listener = TcpListener::bind(args.addr).with_context(|| format!("cannot listen on {}", args.addr))?;
    let addr = listener.local_addr().with_context(|| format!("cannot listen on {}", args.addr))?;
    crate::stdio::note(format_args!("godtab serve: {} tables: {}", listed.len(), listed.join(", ")));
    crate::stdio::note(format_args!(
        "godtab serve: listening on http://{addr}/ ({} workers, at most {} nodes a search)",
        settings.workers, settings.max_nodes
    ));
    godtab_serve::serve(listener, tables, settings).with_context(|| format!("serving on {addr}"))?;
    crate::stdio::note(format_args!("godtab serve: stopped"));
    Ok(ExitCode::SUCCESS)
}

/// The built-in tables, each checked, and the cube's two-phase tables.
fn builtins() -> Result<Vec<(Oracle<Bytes>, Origin)>> {
    let mut oracles = Vec::new();
    for (id, _) in embedded::TABLES {
        oracles.push(TableArgs::default().open_verified(Some(id))?.into_oracle(SearchArgs::default()));
    }
    oracles.push(TableArgs::default().open_oracle(Some(embedded::TWO_PHASE.0), SearchArgs::default())?);
    Ok(oracles)
}

/// The tables given (`--table`, `--tables`), each checked, by puzzle name;
/// two of one name are refused.
fn given_tables(args: &Args) -> Result<BTreeMap<String, (Oracle<Bytes>, PathBuf)>> {
    let mut paths = args.files.clone();
    for folder in &args.folders {
        paths.extend(tables_in(folder)?);
    }
    let mut given: BTreeMap<String, (Oracle<Bytes>, PathBuf)> = BTreeMap::new();
    for path in paths {
        let table = TableArgs { table: Some(path.clone()), tables: None };
        // The one opening of `solve` and `judge`: two-phase tables files too.
        let (oracle, _) = table.open_oracle(None, SearchArgs::default())?;
        let name = oracle.name().to_string();
        if let Some((_, first)) = given.get(&name) {
            bail!(
                "two tables of {name}: {} and {}; a puzzle's name picks its table, so give one table per puzzle",
                first.display(),
                path.display()
            );
        }
        given.insert(name, (oracle, path));
    }
    Ok(given)
}

/// The table files of `folder`: every NAME.gtab, and NAME.gtab.zst where
/// there is no NAME.gtab, in name order.
fn tables_in(folder: &Path) -> Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(folder).with_context(|| format!("--tables {}", folder.display()))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("--tables {}", folder.display()))?;
        names.push(entry.file_name().to_string_lossy().into_owned());
    }
    names.sort();
    let plain = |name: &str| name.strip_suffix(".gtab").is_some_and(|stem| !stem.is_empty());
    let files: Vec<PathBuf> = names
        .iter()
        .filter(|name| {
            plain(name) || name.strip_suffix(".zst").is_some_and(|p| plain(p) && !names.iter().any(|n| n == p))
        })
        .map(|name| folder.join(name))
        .collect();
    if files.is_empty() {
        bail!("--tables {}: no NAME.gtab or NAME.gtab.zst in this folder", folder.display());
    }
    Ok(files)
}
