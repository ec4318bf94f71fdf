//! `godtab verify`: full validation of table files, and with `--sums`,
//! of files against a `sha256sum` manifest (a downloaded release bundle).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sha2::{Digest, Sha256};

use crate::source::open_file;
use crate::text::{plural, thousands};

/// Arguments of `godtab verify`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab verify data/nine-puzzle.gtab
  godtab verify data/*.gtab data/*.gtab.zst
  godtab verify --sums SHA256SUMS                  # every file the manifest lists
  godtab verify --sums SHA256SUMS tables/*.gtab.zst")]
pub(crate) struct Args {
    /// Table files (.gtab, or .gtab.zst). With --sums, files of the
    /// manifest (all of them when none is named).
    #[arg(required_unless_present = "sums")]
    files: Vec<PathBuf>,
    /// Also check files against this manifest (the format of sha256sum:
    /// "<sha256 in hex>  <path>" per line, paths relative to the manifest's
    /// folder). Every file must be listed and match its digest; tables
    /// (.gtab, .gtab.zst) are also opened and their checksums checked.
    #[arg(long, value_name = "SHA256SUMS")]
    sums: Option<PathBuf>,
}

/// Exit status 0 only if every file is sound (and matches the manifest).
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let mut failed = false;
    let mut out = crate::stdio::stdout();
    let mut report = |shown: &Path, result: Result<String>| -> Result<()> {
        match result {
            Ok(summary) => writeln!(out, "{}: ok: {summary}", shown.display())?,
            Err(e) => {
                crate::stdio::note(format_args!("godtab verify: {}", crate::one_line(&e)));
                failed = true;
            }
        }
        Ok(())
    };
    match &args.sums {
        None => {
            for path in &args.files {
                report(path, check_table(path))?;
            }
        }
        Some(manifest) => {
            let manifest = Manifest::read(manifest)?;
            if args.files.is_empty() {
                for entry in &manifest.entries {
                    let path = manifest.path_of(entry);
                    report(&path, manifest.check(entry))?;
                }
            } else {
                for path in &args.files {
                    let result = manifest.entry_for(path).and_then(|entry| manifest.check(entry));
                    report(path, result)?;
                }
            }
        }
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Opens a table file of any kind, checks its checksum over every byte,
/// and says in one line what it holds.
fn check_table(path: &Path) -> Result<String> {
    let loaded = open_file(path)?;
    loaded.file.verify().with_context(|| path.display().to_string())?;
    let (oracle, _) = loaded.into_oracle(crate::pdb::SearchArgs::default());
    let Some(outline) = oracle.outline() else { return Ok(format!("{}, {}", oracle.name(), oracle.kind())) };
    let name = &outline.name;
    let bytes = thousands(outline.bytes as u64);
    Ok(if let Some((slots, gods_number)) = outline.complete {
        format!("{name}, {} states, God's number {gods_number}, {bytes} bytes", thousands(slots))
    } else if let Some(tiles) = &outline.tile_patterns {
        let sizes: Vec<String> = tiles.iter().map(usize::to_string).collect();
        format!(
            "{name}, pattern set of {} ({}), {bytes} bytes",
            plural(tiles.len() as u64, "pattern", "patterns"),
            sizes.join("-")
        )
    } else if let Some((patterns, entries)) = outline.orbit_patterns {
        format!(
            "{name}, orbit pattern set of {} ({} entries), {bytes} bytes",
            plural(patterns as u64, "pattern", "patterns"),
            thousands(entries)
        )
    } else {
        format!("{name}, {}", oracle.kind())
    })
}

/// Whether a file is checked as a table: by its name.
fn is_table(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    name.ends_with(".gtab") || name.ends_with(".gtab.zst")
}

/// The largest manifest read: a release bundle's lists a few dozen files
/// in a few KiB.
const MAX_MANIFEST: u64 = 4 << 20;

/// A `sha256sum` manifest.
struct Manifest {
    /// The manifest file, for messages.
    path: PathBuf,
    /// Its folder, which the listed paths are relative to.
    folder: PathBuf,
    entries: Vec<Entry>,
}

/// One line of a manifest.
struct Entry {
    /// The line (from 1).
    line: usize,
    /// The digest, lowercase hex.
    digest: String,
    /// The path as listed.
    name: String,
}

impl Manifest {
    /// Reads a manifest: each line `<64 hex digits>  <path>` (or ` *<path>`,
    /// sha256sum's binary mode); blank lines are skipped. A manifest is a
    /// regular file of at most [`MAX_MANIFEST`] bytes.
    fn read(path: &Path) -> Result<Self> {
        let text = godtab_files::read_text_bounded(path, MAX_MANIFEST)
            .map_err(|e| anyhow::anyhow!("--sums {}: {e}", path.display()))?;
        let mut entries = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line_number = index + 1;
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim().is_empty() {
                continue;
            }
            let parsed = line.split_at_checked(64).and_then(|(digest, rest)| {
                let name = rest.strip_prefix("  ").or_else(|| rest.strip_prefix(" *"))?;
                let hex = digest.bytes().all(|b| b.is_ascii_hexdigit());
                (hex && !name.is_empty()).then(|| (digest.to_ascii_lowercase(), name.to_string()))
            });
            let Some((digest, name)) = parsed else {
                bail!("{}: line {line_number}: not a sha256sum line (\"<64 hex digits>  <file>\")", path.display());
            };
            entries.push(Entry { line: line_number, digest, name });
        }
        if entries.is_empty() {
            bail!("{}: lists no files", path.display());
        }
        let folder = path.parent().map_or_else(PathBuf::new, Path::to_path_buf);
        Ok(Self { path: path.to_path_buf(), folder, entries })
    }

    /// Where an entry's file is.
    fn path_of(&self, entry: &Entry) -> PathBuf {
        self.folder.join(&entry.name)
    }

    /// Refuses an entry whose file is not inside the manifest's folder.
    fn inside(&self, entry: &Entry) -> Result<(), String> {
        use std::path::Component;
        let name = Path::new(&entry.name);
        if name.components().any(|c| !matches!(c, Component::Normal(_) | Component::CurDir)) {
            return Err("not a path inside the manifest's folder (absolute, or with ..); refused unread".into());
        }
        let folder = if self.folder.as_os_str().is_empty() { Path::new(".") } else { &self.folder };
        let (Ok(folder), Ok(file)) = (folder.canonicalize(), self.path_of(entry).canonicalize()) else {
            // Missing: reading it says so.
            return Ok(());
        };
        if !file.starts_with(&folder) {
            return Err("a symbolic link that leads out of the manifest's folder; refused unread".into());
        }
        Ok(())
    }

    /// The entry that lists `path`: the same file, however the two paths
    /// are written.
    fn entry_for(&self, path: &Path) -> Result<&Entry> {
        let wanted = path.canonicalize().with_context(|| path.display().to_string())?;
        self.entries
            .iter()
            .find(|entry| self.path_of(entry).canonicalize().is_ok_and(|listed| listed == wanted))
            .with_context(|| format!("{}: not listed in {}", path.display(), self.path.display()))
    }

    /// Checks a listed file's digest, and a table's own checksum. Only a
    /// regular file inside the manifest's folder is read: a name that
    /// climbs out of it (`..`), an absolute path, a symbolic link that
    /// leads out of it, a folder, a FIFO or a device is refused by name,
    /// unread.
    fn check(&self, entry: &Entry) -> Result<String> {
        let path = self.path_of(entry);
        let listed = || format!("{} (line {})", self.path.display(), entry.line);
        self.inside(entry).map_err(|why| anyhow::anyhow!("{}: listed in {}: {why}", path.display(), listed()))?;
        let computed = sha256_of(&path).with_context(|| format!("{}: listed in {}", path.display(), listed()))?;
        if computed != entry.digest {
            bail!(
                "{}: SHA-256 differs from {}: the file has {computed}, the manifest {}",
                path.display(),
                listed(),
                entry.digest
            );
        }
        if is_table(&path) {
            return Ok(format!("sha256 matches, {}", check_table(&path)?));
        }
        Ok("sha256 matches".to_string())
    }
}

/// The SHA-256 of a regular file, in lowercase hex, read in blocks.
fn sha256_of(path: &Path) -> Result<String> {
    let mut file = godtab_files::open_regular(path)?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let read = file.read(&mut buffer)?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
    }
    Ok(hasher.finalize().iter().map(|b| format!("{b:02x}")).collect())
}
