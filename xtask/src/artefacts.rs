//! Every generated file the repository commits or checks, each set made by
//! one routine, and one way to write or check any of them: the `--check`
//! mode of its task and a test both go through [`Artefacts::check`], so a
//! stale file can never land.
//!
//! - the shipped tables: `data/<id>.gtab` and `.gtab.zst` for every
//!   built-in puzzle and `data/cube-3x3x3.twophase` (the cube's two-phase
//!   tables), with `data/SHA256SUMS`, the committed manifest (the
//!   tables themselves are not committed);
//! - the fixtures: small tables of the current format version in
//!   `crates/runtime/tests/fixtures/v<version>/`, committed, which the
//!   runtime's own tests read (the runtime does not depend on the
//!   generator);
//! - the embedded example's table and its lookup layout:
//!   `examples/embedded/fixture/`, committed, so the example (its own
//!   workspace, without std) builds without compiling the generator;
//! - the C header: `include/godtab.h`, committed, which cbindgen writes from
//!   `crates/capi` with the settings in `crates/capi/cbindgen.toml`.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use godtab_gen::{Options, table_bytes};
use godtab_puzzles::{BLANK, Definition, MoveSet, Orbit, Orbits, Puzzle, SLIDING_MOVE_NAMES, builtin};
use godtab_runtime::Encoding;
use sha2::{Digest, Sha256};

/// A set of generated files in one folder of the repository.
pub struct Artefacts {
    /// The folder, relative to the workspace root.
    pub folder: PathBuf,
    /// Every file: name and contents.
    pub files: Vec<(String, Vec<u8>)>,
    /// Whether the files are committed (checked byte for byte) or only
    /// listed in a committed manifest (checked by digest).
    pub committed: bool,
    /// The command that writes them, for messages.
    pub command: &'static str,
}

/// The manifest's name in `data/`.
pub const MANIFEST: &str = "SHA256SUMS";

impl Artefacts {
    /// The shipped tables of the built-in puzzles.
    pub fn shipped_tables() -> Result<Self> {
        let mut files = Vec::new();
        for b in builtin::every() {
            let table = godtab_gen::build_table(b).with_context(|| format!("generating {}", b.id))?;
            let compressed = godtab_files::compress(&table)?;
            files.push((format!("{}.gtab", b.id), table));
            files.push((format!("{}.gtab.zst", b.id), compressed));
        }
        let (name, set) = fifteen_puzzle()?;
        files.push((name, set));
        // The built-in cube-3x3x3's two-phase tables, as the build compiles
        // them into the binary.
        files.push(("cube-3x3x3.twophase".to_string(), godtab_twophase::build_tables()));
        files.sort();
        Ok(Self { folder: "data".into(), files, committed: false, command: "cargo xtask gen-tables" })
    }

    /// The shipped tables as `cargo xtask gen-tables` wrote them in
    /// `data/`, if every file data/SHA256SUMS lists is there with its
    /// digest (the manifest itself is checked against the generator by
    /// `gen-tables --check`); `None` otherwise.
    pub fn written_tables() -> Result<Option<Self>> {
        let dir = crate::workspace_root().join("data");
        let manifest = std::fs::read_to_string(dir.join(MANIFEST)).context("reading data/SHA256SUMS")?;
        let mut files = Vec::new();
        for line in manifest.lines() {
            let Some((digest, name)) = line.split_once("  ") else { return Ok(None) };
            let Ok(bytes) = std::fs::read(dir.join(name)) else { return Ok(None) };
            if sha256_hex(&bytes) != digest {
                return Ok(None);
            }
            files.push((name.to_string(), bytes));
        }
        Ok(Some(Self { folder: "data".into(), files, committed: false, command: "cargo xtask gen-tables" }))
    }

    /// The fixtures the writer makes today, in the folder of the format
    /// version they carry.
    pub fn fixtures() -> Result<Self> {
        let mut files = Vec::new();
        for (name, definition, encoding) in fixture_definitions()? {
            let options = Options { encoding, ..Options::default() };
            files.push((format!("{name}.gtab"), table_bytes(&definition, &options)?));
        }
        for (name, definition, patterns) in pattern_fixtures()? {
            let list = godtab_puzzles::PatternList::new(definition.puzzle(), patterns.iter().copied())
                .map_err(|e| anyhow::anyhow!("{name}: {}", e.located()))?;
            files.push((
                format!("{name}.gtab"),
                godtab_gen::pattern_set_bytes(&definition, &list, &Options::default())?,
            ));
        }
        // A writer writes the oldest version that holds a file, so the
        // fixtures' folder is the version their bytes carry (one for all).
        let version_of = |bytes: &[u8]| bytes.get(12..16).map(|v| u32::from_le_bytes([v[0], v[1], v[2], v[3]]));
        let version = files.first().and_then(|(_, bytes)| version_of(bytes)).unwrap_or(godtab_runtime::FORMAT_VERSION);
        if let Some((name, _)) = files.iter().find(|(_, bytes)| version_of(bytes) != Some(version)) {
            anyhow::bail!("fixture {name} is of another format version than the others: give it its own folder");
        }
        let folder = format!("crates/runtime/tests/fixtures/v{version}");
        Ok(Self { folder: folder.into(), files, committed: true, command: "cargo xtask gen-fixture" })
    }

    /// The table `examples/embedded` compiles in (Nine Digits) and its
    /// lookup layout, a Rust expression the program `include!`s.
    pub fn embedded() -> Result<Self> {
        let bytes = godtab_gen::build_table(&builtin::NINE_DIGITS)?;
        let layout = godtab_runtime::Lookup::new(&bytes)
            .map_err(|e| anyhow::anyhow!("a lookup does not open the nine-digits table: {e}"))?
            .layout()
            .rust_source()
            .to_string();
        let files = vec![
            ("layout.rs".to_string(), format!("{layout}\n").into_bytes()),
            ("nine-digits.gtab".to_string(), bytes),
        ];
        Ok(Self {
            folder: "examples/embedded/fixture".into(),
            files,
            committed: true,
            command: "cargo xtask gen-fixture",
        })
    }

    /// The C API's header, generated by cbindgen from `crates/capi`.
    pub fn header() -> Result<Self> {
        let root = crate::workspace_root();
        let crate_dir = root.join("crates/capi");
        let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
            .map_err(|e| anyhow::anyhow!("reading crates/capi/cbindgen.toml: {e}"))?;
        let bindings = cbindgen::Builder::new()
            .with_crate(&crate_dir)
            .with_config(config)
            .generate()
            .context("generating include/godtab.h from crates/capi")?;
        let mut bytes = Vec::new();
        bindings.write(&mut bytes);
        let files = vec![("godtab.h".to_string(), bytes)];
        Ok(Self { folder: "include".into(), files, committed: true, command: "cargo xtask gen-header" })
    }

    /// Writes every file (atomically) and, for uncommitted files, the
    /// manifest.
    pub fn write(&self) -> Result<()> {
        let dir = crate::workspace_root().join(&self.folder);
        std::fs::create_dir_all(&dir)?;
        for (name, bytes) in &self.files {
            let path = dir.join(name);
            godtab_files::write_atomic(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
            println!("wrote {}/{name} ({} bytes)", self.folder.display(), bytes.len());
        }
        if !self.committed {
            godtab_files::write_atomic(&dir.join(MANIFEST), self.manifest().as_bytes())?;
            println!("wrote {}/{MANIFEST}", self.folder.display());
        }
        Ok(())
    }

    /// Fails, naming the stale files, unless what is in the repository is
    /// what the generator makes today.
    pub fn check(&self) -> Result<()> {
        let dir = crate::workspace_root().join(&self.folder);
        let stale: Vec<&str> = if self.committed {
            let differs =
                |(name, bytes): &&(String, Vec<u8>)| std::fs::read(dir.join(name)).ok().as_ref() != Some(bytes);
            self.files.iter().filter(differs).map(|(name, _)| name.as_str()).collect()
        } else {
            let path = dir.join(MANIFEST);
            let committed = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
            let fresh = self.manifest();
            if committed == fresh {
                return Ok(());
            }
            let stale: Vec<&str> = self
                .files
                .iter()
                .zip(fresh.lines())
                .filter(|(_, line)| !committed.lines().any(|c| c == *line))
                .map(|((name, _), _)| name.as_str())
                .collect();
            if stale.is_empty() {
                let manifest = format!("{}/{MANIFEST}", self.folder.display());
                bail!("{manifest} lists files that are no longer generated; run `{}`", self.command);
            }
            stale
        };
        if stale.is_empty() {
            return Ok(());
        }
        let names: Vec<String> = stale.iter().map(|name| format!("{}/{name}", self.folder.display())).collect();
        let verb = if names.len() == 1 { "was" } else { "were" };
        bail!("{} {verb} not up to date; run `{}`", names.join(", "), self.command)
    }

    /// The manifest in `sha256sum` format.
    fn manifest(&self) -> String {
        sha256sums(&self.files)
    }
}

/// The 15-puzzle's default pattern set (6-6-3), from its spec in
/// `data/puzzles/`: about 10 s on two cores, 11 MiB. Shipped uncompressed
/// only, ready to map: its entries are distances, which zstd barely shrinks.
pub fn fifteen_puzzle() -> Result<(String, Vec<u8>)> {
    let path = crate::workspace_root().join("data/puzzles/fifteen-puzzle.toml");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let spec = godtab_spec::parse_spec(&text, godtab_spec::Metric::Half).with_context(|| path.display().to_string())?;
    let patterns = spec.patterns.context("data/puzzles/fifteen-puzzle.toml has no patterns")?;
    let set = godtab_gen::pattern_set_bytes(&spec.definition, &patterns, &Default::default())?;
    Ok((format!("{}.gtab", spec.definition.id()), set))
}

/// A manifest in `sha256sum` format: a line `<sha256 in hex>  <name>` per
/// file, in the order given.
pub fn sha256sums(files: &[(String, Vec<u8>)]) -> String {
    let mut out = String::new();
    for (name, bytes) in files {
        let _ = writeln!(out, "{}  {name}", sha256_hex(bytes));
    }
    out
}

/// The SHA-256 of `bytes`, in lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The fixtures: small puzzles that between them cover every kind, ranking
/// and encoding the format has, and unreachable slots.
///
/// The two orbit puzzles: `coupled`, four pegs and three discs of three
/// orientations where every move is odd on both (so the discs' parity
/// follows the pegs'; the moves reach only 24 of the 648 slots) and
/// twists the discs by a total of zero; and
/// `flips`, two orbits holding repeated pieces, one move flipping an edge
/// (orientation sums not fixed), stored compact (each move has its
/// inverse).
fn fixture_definitions() -> Result<Vec<(&'static str, Definition, Encoding)>> {
    let slide = || Puzzle::new(2, 3, &[1, 2, 3, 4, 5, BLANK], MoveSet::Sliding);
    let named = |id: &str, names: &[&str], puzzle: Puzzle| Definition::new(id, names.iter().copied(), puzzle);
    // One clockwise turn of a 2x2 board: 4 of the 24 slots reachable.
    let spin = Puzzle::new(2, 2, &[1, 2, 3, 4], MoveSet::Permutation(&[2, 0, 3, 1]))?;
    // Turns of the two 2x2 blocks of a 2x3 board, three colours of two.
    let turns = [3, 0, 2, 4, 1, 5, 0, 4, 1, 3, 5, 2];
    let colours = Puzzle::new(2, 3, &[1, 1, 2, 2, 3, 3], MoveSet::Permutation(&turns))?;
    let coupled = Puzzle::new_orbits(&Orbits {
        orbits: &[
            Orbit { name: "PEG", pieces: 4, orientations: 1 },
            Orbit { name: "DISC", pieces: 3, orientations: 3 },
        ],
        solved: &[0, 1, 2, 3, 0, 1, 2],
        solved_orientations: &[0; 7],
        maps: &[1, 0, 2, 3, 5, 4, 6, 3, 0, 1, 2, 4, 6, 5],
        twists: &[0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 2, 1],
    })?;
    // A 4-cycle of edges flipping the one it brings to position 0, its
    // inverse, and a swap of two of three centres.
    let flips = Puzzle::new_orbits(&Orbits {
        orbits: &[
            Orbit { name: "EDGE", pieces: 4, orientations: 2 },
            Orbit { name: "CENTRE", pieces: 3, orientations: 1 },
        ],
        solved: &[0, 0, 1, 1, 0, 0, 1],
        solved_orientations: &[0; 7],
        maps: &[3, 0, 1, 2, 4, 5, 6, 1, 2, 3, 0, 4, 5, 6, 0, 1, 2, 3, 4, 6, 5],
        twists: &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    })?;
    Ok(vec![
        ("coupled", named("coupled", &["A", "B"], coupled)?, Encoding::Full),
        ("flips-compact", named("flips", &["E", "E'", "C"], flips)?, Encoding::Compact),
        ("slide-2x3", named("slide-2x3", &SLIDING_MOVE_NAMES, slide()?)?, Encoding::Full),
        ("slide-2x3-compact", named("slide-2x3", &SLIDING_MOVE_NAMES, slide()?)?, Encoding::Compact),
        ("spin-2x2", named("spin-2x2", &["turn"], spin)?, Encoding::Full),
        ("colours-2x3", named("colours-2x3", &["A", "B"], colours)?, Encoding::Full),
    ])
}

/// A pattern-set fixture: its file's name, its puzzle and its patterns.
type PatternFixture = (&'static str, Definition, Vec<&'static [u8]>);

/// The pattern-set fixtures: the 2x3 sliding board split into two patterns
/// (entries summed), and Nine Digits with two patterns that share a tile
/// and leave three out (the largest entry).
fn pattern_fixtures() -> Result<Vec<PatternFixture>> {
    let slide = Puzzle::new(2, 3, &[1, 2, 3, 4, 5, BLANK], MoveSet::Sliding)?;
    let slide = Definition::new("slide-2x3", SLIDING_MOVE_NAMES, slide)?;
    Ok(vec![
        ("slide-2x3-patterns", slide, vec![&[1, 2, 4], &[3, 5]]),
        ("nine-digits-patterns", godtab_puzzles::builtin::NINE_DIGITS.definition(), vec![&[1, 2, 3, 4], &[4, 5, 6]]),
    ])
}

#[cfg(test)]
mod tests {
    use super::Artefacts;

    /// Stale generated files can never land: what is committed must be
    /// what the generator makes today.
    #[test]
    fn generated_files_are_up_to_date() {
        Artefacts::shipped_tables().unwrap().check().unwrap();
        Artefacts::fixtures().unwrap().check().unwrap();
        Artefacts::embedded().unwrap().check().unwrap();
        Artefacts::header().unwrap().check().unwrap();
    }
}
