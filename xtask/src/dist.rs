//! `cargo xtask dist`: the release bundle.
//!
//! Writes `target/dist/godtab-VERSION-TARGET/` and
//! `target/dist/godtab-VERSION-TARGET.tar.gz`, holding:
//!
//! - `bin/godtab`: the command, built with the `release` profile (the one
//!   build the other tasks share) and stripped of symbols and debug
//!   information;
//! - `include/godtab.h` and `lib/`: the C API's header and libraries
//!   (`libgodtab.a`, `libgodtab.so`, `libgodtab_nostd.a`; see
//!   [`crate::capi`]), stripped likewise;
//! - `tables/<id>.gtab.zst`: every built-in table (and the 15-puzzle's
//!   pattern set `tables/fifteen-puzzle.gtab`, and the cube's two-phase
//!   tables `tables/cube-3x3x3.twophase`), the bytes that
//!   `data/SHA256SUMS` lists;
//! - `README.md` and `docs/*.md`, the pages it links to;
//! - `LICENSE-APACHE`, `LICENSE-MIT`, and
//!   `licenses/third-party/`: the licence files of every crate compiled
//!   into the binary or the libraries, with `THIRD-PARTY.txt` listing them;
//! - `SHA256SUMS`: every other file's digest (`godtab verify --sums
//!   SHA256SUMS` or `sha256sum -c SHA256SUMS` checks the bundle).
//!
//! The archive is the same bytes every time from the same commit: entries
//! in sorted order, each with the commit's time (`SOURCE_DATE_EPOCH` if
//! set), owner 0:0 with no names and a fixed mode, and a gzip header
//! without a time or a name. The bundle's own `godtab` then verifies the
//! folder and answers a sample from its tables. With `--target-dir DIR`
//! everything is built in `DIR` (from nothing, if it is new) and the bundle
//! written to `DIR/dist/`: two bundles built so are the proof that the bytes
//! come from the source alone, not from a cache.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail, ensure};

use crate::artefacts::{Artefacts, sha256sums};
use crate::dist_licences::{cargo_metadata, third_party_licences};

/// A file of the bundle: its path inside it, its bytes, its mode.
pub struct File {
    pub path: String,
    pub bytes: Vec<u8>,
    pub mode: u32,
}

impl File {
    pub(crate) fn new(path: impl Into<String>, bytes: Vec<u8>) -> Self {
        Self { path: path.into(), bytes, mode: 0o644 }
    }

    fn executable(path: impl Into<String>, bytes: Vec<u8>) -> Self {
        Self { path: path.into(), bytes, mode: 0o755 }
    }
}

/// Arguments of `cargo xtask dist`.
#[derive(clap::Args)]
pub struct Args {
    /// Build everything in this folder (cargo's target folder) and write
    /// the bundle to its `dist/`, instead of `target/`.
    #[arg(long, value_name = "DIR")]
    target_dir: Option<PathBuf>,
}

pub fn run(args: &Args) -> Result<()> {
    let root = crate::workspace_root();
    if let Some(dir) = &args.target_dir {
        crate::set_build_dir(dir.clone())?;
    }
    let build = crate::build_dir();
    Artefacts::header()?.check()?;
    let target = host_target()?;
    let metadata = cargo_metadata(&target)?;
    let version = metadata["packages"]
        .as_array()
        .and_then(|packages| packages.iter().find(|p| p["name"] == "godtab"))
        .and_then(|godtab| godtab["version"].as_str())
        .context("cargo metadata: no godtab package")?
        .to_string();
    let name = format!("godtab-{version}-{target}");

    crate::cargo(&["build", "--quiet", "-p", "godtab", "--bin", "godtab", "--release"])?;
    let libraries = crate::capi::build_libraries()?;

    let dist = build.join("dist");
    let read = |path: &Path| std::fs::read(path).with_context(|| format!("reading {}", path.display()));
    let mut files = vec![
        File::executable("bin/godtab", stripped(&build.join("release/godtab"), &dist)?),
        File::new("include/godtab.h", read(&root.join("include/godtab.h"))?),
        File::new("README.md", read(&root.join("README.md"))?),
        File::new("LICENSE-APACHE", read(&root.join("LICENSE-APACHE"))?),
        File::new("LICENSE-MIT", read(&root.join("LICENSE-MIT"))?),
    ];
    files.extend(documentation(&root.join("docs"))?);
    for (library, path) in libraries.all() {
        let bytes = stripped(path, &dist)?;
        let file = format!("lib/{library}");
        files.push(if library.ends_with(".so") { File::executable(file, bytes) } else { File::new(file, bytes) });
    }
    // Each table once: compressed where it is shipped compressed (the
    // pattern set only as it is mapped).
    // The tables `cargo xtask gen-tables` wrote, when they are the listed
    // ones; else generated here.
    let shipped = match Artefacts::written_tables()? {
        Some(written) => written.files,
        None => Artefacts::shipped_tables()?.files,
    };
    let names: Vec<String> = shipped.iter().map(|(name, _)| name.clone()).collect();
    for (table, bytes) in shipped {
        if table.ends_with(".gtab.zst") || !names.contains(&format!("{table}.zst")) {
            files.push(File::new(format!("tables/{table}"), bytes));
        }
    }
    files.extend(third_party_licences(&metadata)?);
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let listed: Vec<(String, Vec<u8>)> = files.iter().map(|f| (f.path.clone(), f.bytes.clone())).collect();
    files.push(File::new("SHA256SUMS", sha256sums(&listed).into_bytes()));
    files.sort_by(|a, b| a.path.cmp(&b.path));

    let folder = dist.join(&name);
    write_folder(&folder, &files)?;
    let archive = archive(&name, &files, source_date()?)?;
    let archive_path = dist.join(format!("{name}.tar.gz"));
    godtab_files::write_atomic(&archive_path, &archive)?;

    self_check(&folder)?;
    let size = |path: &str| files.iter().find(|f| f.path == path).map_or(0, |f| f.bytes.len());
    let shown = dist.strip_prefix(&root).unwrap_or(&dist).display();
    println!("wrote {shown}/{name}/ and {shown}/{name}.tar.gz ({} bytes)", archive.len());
    println!("  sha256 {}", crate::artefacts::sha256_hex(&archive));
    for path in ["bin/godtab", "lib/libgodtab.a", "lib/libgodtab.so", "lib/libgodtab_nostd.a"] {
        println!("  {path}: {} bytes", size(path));
    }
    println!("  {} files; the bundle's godtab verifies them all against its SHA256SUMS", files.len());
    Ok(())
}

/// The pages under `docs/` that the README links to, as `docs/<name>.md`,
/// in name order.
fn documentation(docs: &Path) -> Result<Vec<File>> {
    let mut pages = Vec::new();
    for entry in std::fs::read_dir(docs).with_context(|| format!("reading {}", docs.display()))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "md") {
            let name = path.file_name().context("a page's name")?.to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
            pages.push(File::new(format!("docs/{name}"), bytes));
        }
    }
    pages.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(pages)
}

/// The target the build is for: rustc's host.
fn host_target() -> Result<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(rustc).arg("-vV").output().context("running rustc -vV")?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines().find_map(|line| line.strip_prefix("host: ")).map(str::to_string).context("rustc -vV names no host")
}

/// The time every entry of the archive gets: `SOURCE_DATE_EPOCH` if set,
/// else the time of the commit built (0 outside a git checkout), so that
/// the archive depends on the commit only.
fn source_date() -> Result<u64> {
    if let Ok(epoch) = std::env::var("SOURCE_DATE_EPOCH") {
        return epoch.trim().parse().with_context(|| format!("SOURCE_DATE_EPOCH={epoch:?} is not a number"));
    }
    let out = Command::new("git").args(["log", "-1", "--format=%ct"]).current_dir(crate::workspace_root()).output();
    Ok(out
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
        .unwrap_or(0))
}

/// Writes the bundle's folder afresh (a file left from an older bundle
/// would not be in its SHA256SUMS).
fn write_folder(folder: &Path, files: &[File]) -> Result<()> {
    if folder.exists() {
        std::fs::remove_dir_all(folder).with_context(|| format!("removing the old {}", folder.display()))?;
    }
    for file in files {
        let path = folder.join(&file.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, &file.bytes).with_context(|| format!("writing {}", path.display()))?;
        set_mode(&path, file.mode)?;
    }
    Ok(())
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))?;
    Ok(())
}

#[cfg(not(unix))]
fn set_mode(_: &Path, _: u32) -> Result<()> {
    Ok(())
}

/// The `.tar.gz` of `files` under the folder `prefix`: the same bytes for
/// the same files, whatever their order, the time or the user.
pub fn archive(prefix: &str, files: &[File], mtime: u64) -> Result<Vec<u8>> {
    // Every folder gets its own entry (mode 0755), in sorted order with
    // the files: a folder's path sorts before everything inside it.
    let mut entries: BTreeMap<String, Option<&File>> = BTreeMap::new();
    entries.insert(format!("{prefix}/"), None);
    for file in files {
        let mut folder = String::new();
        for part in file.path.split('/').collect::<Vec<_>>().split_last().map_or(&[][..], |(_, dirs)| dirs) {
            folder.push_str(part);
            folder.push('/');
            entries.insert(format!("{prefix}/{folder}"), None);
        }
        if entries.insert(format!("{prefix}/{}", file.path), Some(file)).is_some() {
            bail!("{} is in the bundle twice", file.path);
        }
    }
    let mut builder = tar::Builder::new(Vec::new());
    for (path, file) in &entries {
        let mut header = tar::Header::new_ustar();
        header.set_path(path).with_context(|| format!("{path}: too long for a tar header"))?;
        header.set_mtime(mtime);
        header.set_uid(0);
        header.set_gid(0);
        header.set_username("")?;
        header.set_groupname("")?;
        match file {
            Some(file) => {
                header.set_entry_type(tar::EntryType::Regular);
                header.set_mode(file.mode);
                header.set_size(file.bytes.len() as u64);
                header.set_cksum();
                builder.append(&header, file.bytes.as_slice())?;
            }
            None => {
                header.set_entry_type(tar::EntryType::Directory);
                header.set_mode(0o755);
                header.set_size(0);
                header.set_cksum();
                builder.append(&header, std::io::empty())?;
            }
        }
    }
    let tar = builder.into_inner()?;
    // No file name and time 0 in the gzip header.
    let mut gz = flate2::GzBuilder::new().mtime(0).write(Vec::new(), flate2::Compression::best());
    gz.write_all(&tar)?;
    Ok(gz.finish()?)
}

/// The bytes of the built program or library at `path` without its symbol
/// table and debug information (`strip` from binutils; an archive keeps the
/// symbols a linker needs and gets no time stamps), written through a file
/// in `dist`.
fn stripped(path: &Path, dist: &Path) -> Result<Vec<u8>> {
    std::fs::create_dir_all(dist)?;
    let name = path.file_name().context("a built file has a name")?;
    let out = dist.join(format!("{}.stripped", name.to_string_lossy()));
    let archive = path.extension().is_some_and(|e| e == "a");
    let how: &[&str] = if archive { &["--strip-debug", "--enable-deterministic-archives"] } else { &["--strip-all"] };
    let status =
        Command::new("strip").args(how).arg("-o").arg(&out).arg(path).status().context("running strip (binutils)")?;
    ensure!(status.success(), "strip failed on {}", path.display());
    let bytes = std::fs::read(&out).with_context(|| format!("reading {}", out.display()))?;
    std::fs::remove_file(&out)?;
    Ok(bytes)
}

/// Runs the bundle's own `godtab`: it must verify every file against the
/// bundle's SHA256SUMS and answer a sample from the bundle's tables.
fn self_check(folder: &Path) -> Result<()> {
    let godtab = folder.join("bin/godtab");
    let out = Command::new(&godtab).args(["verify", "--sums"]).arg(folder.join("SHA256SUMS")).output()?;
    ensure!(out.status.success(), "the bundle does not verify:\n{}", String::from_utf8_lossy(&out.stderr));
    let mut child = Command::new(&godtab)
        .args(["judge", "nine-digits", "--tables"])
        .arg(folder.join("tables"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()?;
    child.stdin.take().context("stdin")?.write_all(b"4 1 3 5 2 6 7 8 9\n")?;
    let out = child.wait_with_output()?;
    ensure!(out.stdout == b"3\n", "the bundle's godtab answered {:?}", String::from_utf8_lossy(&out.stdout));
    // The 15-puzzle from the bundle's pattern set, found without --tables.
    let out =
        Command::new(&godtab).args(["solve", "fifteen-puzzle", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15"]).output()?;
    ensure!(
        out.status.success() && String::from_utf8_lossy(&out.stdout).contains("1 move"),
        "the bundle's godtab did not solve the 15-puzzle: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::{File, archive, documentation};

    fn files() -> Vec<File> {
        vec![
            File::executable("bin/godtab", b"\x7fELF".to_vec()),
            File::new("tables/nine-digits.gtab.zst", vec![1, 2, 3]),
            File::new("README.md", b"read me\n".to_vec()),
        ]
    }

    /// The same files give the same bytes in any order, and the archive
    /// holds what was put in, with fixed times, owners and modes.
    #[test]
    fn archives_are_reproducible() {
        let first = archive("godtab-1.0.0-x", &files(), 1_700_000_000).unwrap();
        let mut reversed = files();
        reversed.reverse();
        assert_eq!(first, archive("godtab-1.0.0-x", &reversed, 1_700_000_000).unwrap());
        assert_ne!(first, archive("godtab-1.0.0-x", &files(), 0).unwrap(), "the time is the one given");
        // The gzip header: no time, no name.
        assert_eq!(&first[..10], &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);

        let mut tar = Vec::new();
        flate2::read::GzDecoder::new(first.as_slice()).read_to_end(&mut tar).unwrap();
        let mut reader = tar::Archive::new(tar.as_slice());
        let mut seen = Vec::new();
        for entry in reader.entries().unwrap() {
            let mut entry = entry.unwrap();
            let header = entry.header().clone();
            let path = entry.path().unwrap().to_string_lossy().into_owned();
            assert_eq!((header.mtime().unwrap(), header.uid().unwrap(), header.gid().unwrap()), (1_700_000_000, 0, 0));
            assert_eq!(header.username().unwrap(), Some(""));
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).unwrap();
            seen.push((path, header.mode().unwrap(), bytes));
        }
        let expected: Vec<(String, u32, Vec<u8>)> = vec![
            ("godtab-1.0.0-x/".into(), 0o755, vec![]),
            ("godtab-1.0.0-x/README.md".into(), 0o644, b"read me\n".to_vec()),
            ("godtab-1.0.0-x/bin/".into(), 0o755, vec![]),
            ("godtab-1.0.0-x/bin/godtab".into(), 0o755, b"\x7fELF".to_vec()),
            ("godtab-1.0.0-x/tables/".into(), 0o755, vec![]),
            ("godtab-1.0.0-x/tables/nine-digits.gtab.zst".into(), 0o644, vec![1, 2, 3]),
        ];
        assert_eq!(seen, expected);
    }

    /// The README's pages go into the bundle under docs/, in name order.
    #[test]
    fn the_bundle_holds_the_pages_the_readme_links_to() {
        let pages = documentation(&crate::workspace_root().join("docs")).unwrap();
        let paths: Vec<&str> = pages.iter().map(|page| page.path.as_str()).collect();
        assert!(paths.contains(&"docs/COMMANDS.md") && paths.contains(&"docs/FORMAT.md"), "{paths:?}");
        assert!(paths.is_sorted(), "{paths:?}");
        assert!(pages.iter().all(|page| page.mode == 0o644 && !page.bytes.is_empty()));
    }

    #[test]
    fn a_file_twice_is_refused() {
        let mut twice = files();
        twice.push(File::new("README.md", vec![]));
        assert!(archive("p", &twice, 0).is_err());
    }
}
