//! Where a command's table comes from: the tables compiled into the binary,
//! or a file (`--table FILE`, `--tables DIR`).

use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use godtab_runtime::Table;

use crate::embedded;

/// The bytes of a table, whichever way they were loaded.
pub enum Bytes {
    /// Compiled into the binary.
    Static(&'static [u8]),
    /// Read or decompressed into memory.
    Owned(Vec<u8>),
    /// Memory-mapped.
    Mapped(godtab_runtime::Mmap),
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            Self::Static(b) => b,
            Self::Owned(b) => b,
            Self::Mapped(b) => b,
        }
    }
}

/// Where a table came from, for `info` and error messages.
#[derive(Clone, Debug)]
pub enum Origin {
    /// Built into the binary.
    Embedded,
    /// A `.gtab` file, memory-mapped.
    Mapped(PathBuf),
    /// A `.gtab.zst` file, decompressed into memory.
    Decompressed(PathBuf),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Embedded => f.write_str("embedded in the godtab binary"),
            Self::Mapped(p) => write!(f, "{} (memory-mapped)", p.display()),
            Self::Decompressed(p) => write!(f, "{} (decompressed)", p.display()),
        }
    }
}

/// An open table and its origin.
pub struct Loaded {
    /// The table.
    pub table: Table<Bytes>,
    /// Where it came from.
    pub origin: Origin,
}

/// How a command chooses its table.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct TableArgs {
    /// Use this table file (.gtab is memory-mapped, .gtab.zst decompressed)
    /// instead of the built-in one.
    #[arg(long, value_name = "FILE", global = true)]
    pub table: Option<PathBuf>,
    /// Look for PUZZLE.gtab (or PUZZLE.gtab.zst) in this folder instead of
    /// using the built-in table.
    #[arg(long, value_name = "DIR", global = true, conflicts_with = "table")]
    pub tables: Option<PathBuf>,
}

impl TableArgs {
    /// Opens the table for `puzzle` (an id), or the `--table` file.
    pub fn load(&self, puzzle: Option<&str>) -> Result<Loaded> {
        if let Some(path) = &self.table {
            let loaded = open_file(path)?;
            if let Some(id) = puzzle {
                ensure_id(path, &loaded.table, id)?;
            }
            return Ok(loaded);
        }
        let Some(id) = puzzle else {
            bail!("name a puzzle ({}) or give --table FILE", embedded::ids().join(", "));
        };
        if let Some(dir) = &self.tables {
            let plain = dir.join(format!("{id}.gtab"));
            let compressed = dir.join(format!("{id}.gtab.zst"));
            if !dir.is_dir() {
                let problem = if dir.exists() { "is not a folder" } else { "no such folder" };
                bail!("--tables {}: {problem}", dir.display());
            }
            let missing = |p: &Path| p.try_exists().is_ok_and(|exists| !exists);
            if missing(&plain) && missing(&compressed) {
                bail!("{}: no {id}.gtab or {id}.gtab.zst in this folder", dir.display());
            }
            // Otherwise the plain file, unless only the compressed one is
            // there (any other problem is the system's, said on opening).
            let path = if missing(&plain) { compressed } else { plain };
            let loaded = open_file(&path)?;
            ensure_id(&path, &loaded.table, id)?;
            return Ok(loaded);
        }
        let bytes = embedded::table(id).with_context(|| {
            format!("unknown puzzle {id:?}: the built-in puzzles are {}", embedded::ids().join(", "))
        })?;
        let table = Table::new(Bytes::Static(bytes)).context("the embedded table is damaged")?;
        Ok(Loaded { table, origin: Origin::Embedded })
    }
}

impl TableArgs {
    /// [`TableArgs::load`], then checks the checksum over every byte (at
    /// memory speed): answers from a damaged file would be wrong.
    pub fn load_verified(&self, puzzle: Option<&str>) -> Result<Loaded> {
        let loaded = self.load(puzzle)?;
        loaded.table.verify().with_context(|| loaded.origin.to_string())?;
        Ok(loaded)
    }
}

/// Fails unless the table at `path` is the one of puzzle `id`.
pub fn ensure_id(path: &Path, table: &Table<Bytes>, id: &str) -> Result<()> {
    if table.id() != id {
        bail!("{} holds the table of {:?}, not {id:?}", path.display(), table.id());
    }
    Ok(())
}

/// Half of the machine's memory (MemTotal in /proc/meminfo), or 4 GiB if it
/// cannot be read: the default limit for generating a table or
/// decompressing one.
pub fn memory_limit() -> u64 {
    let total_kib = std::fs::read_to_string("/proc/meminfo").ok().and_then(|info| {
        let line = info.lines().find(|l| l.starts_with("MemTotal:"))?.to_string();
        line.split_whitespace().nth(1)?.parse::<u64>().ok()
    });
    total_kib.map_or(4 << 30, |kib| kib * 1024 / 2)
}

/// Opens a table file: `.zst` files are decompressed, others memory-mapped.
pub fn open_file(path: &Path) -> Result<Loaded> {
    if let Ok(meta) = std::fs::metadata(path) {
        if meta.is_dir() {
            bail!("{}: is a folder, not a table file", path.display());
        }
        if !meta.is_file() {
            bail!("{}: is not a regular file (a table is read from a .gtab or .gtab.zst file)", path.display());
        }
    }
    let compressed = path.extension().is_some_and(|e| e == "zst");
    let (bytes, origin) = if compressed {
        // A compressed file can expand to anything: no more than memory allows.
        let table = Table::open_zst_with_limit(path, memory_limit()).with_context(|| path.display().to_string())?;
        (Bytes::Owned(table.into_bytes()), Origin::Decompressed(path.to_path_buf()))
    } else {
        let table = Table::open_mmap(path).with_context(|| path.display().to_string())?;
        (Bytes::Mapped(table.into_bytes()), Origin::Mapped(path.to_path_buf()))
    };
    // Opening again is a constant-time check of bytes already checked.
    let table = Table::new(bytes).with_context(|| path.display().to_string())?;
    Ok(Loaded { table, origin })
}
