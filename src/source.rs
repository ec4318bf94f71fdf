//! Where a command's table comes from: the tables compiled into the binary,
//! or a file (`--table FILE`, `--tables DIR`; the release bundle's
//! `tables/` for the 15-puzzle). Every table file, of any kind, is opened
//! here, by one path ([`TableArgs::open`]), and errors about its contents
//! get the CLI's advice; each command then matches once on what it got.

use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use godtab_oracle::Oracle;
use godtab_runtime::{Bytes, Definition, FileError, Table, TableFile};

use crate::embedded;

/// What to do about a damaged table or one of another format version.
const REGENERATE: &str = "regenerate it with `godtab gen` (the shipped tables: `cargo xtask gen-tables`)";

/// Where a table came from, for `info` and error messages.
#[derive(Clone, Debug)]
pub(crate) enum Origin {
    /// Built into the binary.
    Embedded,
    /// A file, memory-mapped or decompressed into memory.
    File {
        /// The file.
        path: PathBuf,
        /// Whether it is mapped (else decompressed).
        mapped: bool,
    },
}

impl Origin {
    /// Whether the table was built into the binary.
    pub fn is_embedded(&self) -> bool {
        matches!(self, Self::Embedded)
    }

    /// The file's path, or "the embedded table", for messages.
    pub fn path_text(&self) -> String {
        match self {
            Self::Embedded => "the embedded table".into(),
            Self::File { path, .. } => path.display().to_string(),
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Embedded => f.write_str("embedded in the godtab binary"),
            Self::File { path, mapped: true } => write!(f, "{} (memory-mapped)", path.display()),
            Self::File { path, mapped: false } => write!(f, "{} (decompressed)", path.display()),
        }
    }
}

/// An open table file of any kind, and its origin.
pub(crate) struct Loaded {
    /// The file: a complete table or a pattern set.
    pub file: TableFile<Bytes>,
    /// Where it came from.
    pub origin: Origin,
}

impl Loaded {
    /// The puzzle of a complete table or pattern set of tiles, or one
    /// sentence saying that `command` does not serve an orbit pattern set.
    pub fn definition(&self, command: &str) -> Result<&Definition> {
        match self.file.definition() {
            Some(definition) => Ok(definition),
            None => bail!(
                "{}: an {}; {command} does not serve one (solve, judge, random, info and verify do)",
                self.origin.path_text(),
                self.file.kind()
            ),
        }
    }

    /// The oracle that answers from the file, searching within `search`'s
    /// limits, and where the file came from.
    pub fn into_oracle(self, search: crate::pdb::SearchArgs) -> (Oracle<Bytes>, Origin) {
        let mut oracle = Oracle::new(self.file);
        oracle.set_limits(search.limits());
        (oracle, self.origin)
    }

    /// The complete table, or one sentence saying that `command` needs one.
    pub fn into_table(self, command: &str) -> Result<Table<Bytes>> {
        match self.file {
            TableFile::Complete(table) => Ok(table),
            other => bail!("{}: a {}; {command} needs a complete table", self.origin.path_text(), other.kind()),
        }
    }
}

/// How a command chooses its table.
#[derive(clap::Args, Clone, Debug, Default)]
pub(crate) struct TableArgs {
    /// Use this table file (.gtab is memory-mapped, .gtab.zst decompressed)
    /// instead of the built-in one.
    #[arg(long, value_name = "FILE", global = true)]
    pub table: Option<PathBuf>,
    /// Look for PUZZLE.gtab (or PUZZLE.gtab.zst) in this folder instead of
    /// using the built-in table.
    #[arg(long, value_name = "DIR", global = true, conflicts_with = "table")]
    pub tables: Option<PathBuf>,
}

/// The puzzle whose pattern set `cargo xtask gen-tables` writes and the
/// release bundle ships.
const FIFTEEN: &str = "fifteen-puzzle";

impl TableArgs {
    /// The oracle for `puzzle` (or the `--table` file), searching within
    /// `search`'s limits: the built-in cube-3x3x3's two-phase tables, or
    /// the table file [`TableArgs::open_verified`] opens.
    pub fn open_oracle(&self, puzzle: Option<&str>, search: crate::pdb::SearchArgs) -> Result<(Oracle<Bytes>, Origin)> {
        if self.table.is_none() && self.tables.is_none() && puzzle == Some(embedded::TWO_PHASE.0) {
            let mut oracle = Oracle::two_phase(Bytes::from(embedded::TWO_PHASE.1))
                .map_err(|e| anyhow!("the built-in two-phase tables: {e}"))?;
            oracle.set_limits(search.limits());
            return Ok((oracle, Origin::Embedded));
        }
        if let Some(path) = &self.table
            && let Some(bytes) = read_two_phase(path)?
        {
            if let Some(id) = puzzle {
                ensure_id(path, embedded::TWO_PHASE.0, id)?;
            }
            let mut oracle = Oracle::two_phase(Bytes::from(bytes)).map_err(|e| anyhow!("{}: {e}", path.display()))?;
            oracle.set_limits(search.limits());
            return Ok((oracle, Origin::File { path: path.clone(), mapped: false }));
        }
        Ok(self.open_verified(puzzle)?.into_oracle(search))
    }

    /// Opens the table file for `puzzle` (an id), or the `--table` file:
    /// whatever kind it is. The one way every command opens its table.
    pub fn open(&self, puzzle: Option<&str>) -> Result<Loaded> {
        if let Some(path) = &self.table {
            let loaded = open_file(path)?;
            if let Some(id) = puzzle {
                ensure_id(path, loaded.file.id(), id)?;
            }
            return Ok(loaded);
        }
        let Some(id) = puzzle else {
            bail!("name a puzzle ({}) or give --table FILE", embedded::ids().join(", "));
        };
        if let Some(dir) = &self.tables {
            let path = find_in(dir, id)?;
            let loaded = open_file(&path)?;
            ensure_id(&path, loaded.file.id(), id)?;
            return Ok(loaded);
        }
        if id == FIFTEEN {
            return match bundled(FIFTEEN) {
                Some(path) => open_file(&path),
                None => bail!(
                    "the 15-puzzle answers from a pattern set file, not built in: write it with `cargo xtask gen-tables` \
                     (data/fifteen-puzzle.gtab, 11 MiB) or `godtab gen --spec data/puzzles/fifteen-puzzle.toml -o FILE`, \
                     then give --tables data or --table FILE"
                ),
            };
        }
        let bytes = embedded::table(id)
            .ok_or_else(|| anyhow!("unknown puzzle {id:?}: the built-in puzzles are {}", embedded::ids().join(", ")))?;
        let file =
            TableFile::new(Bytes::from(bytes)).map_err(|e| anyhow!("the embedded table of {id} is damaged: {e}"))?;
        Ok(Loaded { file, origin: Origin::Embedded })
    }

    /// [`TableArgs::open`], then checks the checksum over every byte (at
    /// memory speed): answers from a damaged file would be wrong.
    pub fn open_verified(&self, puzzle: Option<&str>) -> Result<Loaded> {
        let loaded = self.open(puzzle)?;
        loaded.file.verify().map_err(|e| anyhow!("{}: {e}; {REGENERATE}", loaded.origin))?;
        Ok(loaded)
    }
}

/// The release bundle's own `tables/<id>.gtab`, beside the folder of the
/// running godtab (`bin/godtab`), if it is there.
fn bundled(id: &str) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let path = exe.parent()?.parent()?.join("tables").join(format!("{id}.gtab"));
    path.is_file().then_some(path)
}

/// `DIR/<id>.gtab`, or `DIR/<id>.gtab.zst` when only that one is there.
pub(crate) fn find_in(dir: &Path, id: &str) -> Result<PathBuf> {
    if !dir.is_dir() {
        let problem = if dir.exists() { "is not a folder" } else { "no such folder" };
        bail!("--tables {}: {problem}", dir.display());
    }
    let plain = dir.join(format!("{id}.gtab"));
    let compressed = dir.join(format!("{id}.gtab.zst"));
    let missing = |p: &Path| p.try_exists().is_ok_and(|exists| !exists);
    if missing(&plain) && missing(&compressed) {
        bail!("{}: no {id}.gtab or {id}.gtab.zst in this folder", dir.display());
    }
    // The plain file, unless only the compressed one is there (any other
    // problem is the system's, said on opening).
    Ok(if missing(&plain) { compressed } else { plain })
}

/// Fails unless the file at `path`, of puzzle `found`, is the one of
/// puzzle `id`.
pub(crate) fn ensure_id(path: &Path, found: &str, id: &str) -> Result<()> {
    if found != id {
        bail!("{} holds the table of {found:?}, not {id:?}", path.display());
    }
    Ok(())
}

/// With `--table FILE`, whether the first of a command's words names the
/// puzzle (the table's id, or a built-in puzzle's name) rather than a
/// state: `Ok(true)` when it names the table's puzzle, an error when it
/// names another; `Ok(false)` without `--table` or for a state.
pub(crate) fn names_the_puzzle(table: Option<&Path>, definition: &Definition, first: &str) -> Result<bool> {
    let Some(path) = table else { return Ok(false) };
    if definition.puzzle().parse(first).is_ok() || (first != definition.id() && embedded::table(first).is_none()) {
        return Ok(false);
    }
    ensure_id(path, definition.id(), first)?;
    Ok(true)
}

/// The default limit for generating a table or decompressing one: half of
/// the machine's memory.
pub(crate) fn memory_limit() -> u64 {
    godtab_files::default_memory_limit()
}

/// Opens a table file of any kind (mapped, or decompressed when it holds
/// zstd data; a compressed file may take no more than [`memory_limit`]).
pub(crate) fn open_file(path: &Path) -> Result<Loaded> {
    let file = TableFile::open_with_limit(path, memory_limit()).map_err(advise)?;
    let mapped = file.bytes().is_mapped();
    Ok(Loaded { file, origin: Origin::File { path: path.to_path_buf(), mapped } })
}

/// The bytes of a two-phase tables file (`godtab gen cube-3x3x3-two-phase`,
/// or the built-in tables as `cargo xtask gen-tables` writes them), read
/// into memory on huge pages where the system gives them (the large
/// tables are read at random); `None` for a file of any other kind, of
/// which only the first bytes are read.
fn read_two_phase(path: &Path) -> Result<Option<Vec<u8>>> {
    use std::io::Read;
    let cannot = |e: &dyn fmt::Display| anyhow!("{}: {e}", path.display());
    let mut file = godtab_files::open_regular(path).map_err(|e| cannot(&e))?;
    let mut prefix = [0; 8];
    let got = file.read(&mut prefix).map_err(|e| cannot(&e))?;
    if !godtab_twophase::is_tables_prefix(&prefix[..got]) {
        return Ok(None);
    }
    let len = file.metadata().map_err(|e| cannot(&e))?.len();
    if len > godtab_twophase::LARGE_TABLES_LEN as u64 {
        bail!("{}: {len} bytes, more than any two-phase tables; {REGENERATE}", path.display());
    }
    let mut bytes = Vec::with_capacity(len as usize);
    godtab_files::pages::prefer_huge_pages(&mut bytes.spare_capacity_mut()[..]);
    bytes.extend_from_slice(&prefix[..got]);
    file.read_to_end(&mut bytes).map_err(|e| cannot(&e))?;
    Ok(Some(bytes))
}

/// A file error, with advice when a new table would fix it.
fn advise(error: FileError) -> anyhow::Error {
    use godtab_runtime::Error::{BigEndian, Version};
    let stale = matches!(&error, FileError::Table { error: Version { .. } | BigEndian, .. });
    if error.is_damage() || stale { anyhow!("{error}; {REGENERATE}") } else { anyhow!(error) }
}
