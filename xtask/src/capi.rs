//! `cargo xtask capi [--valgrind]`: the C libraries and their checks.
//!
//! Builds `crates/capi` both ways into `target/capi/lib/`:
//! `libgodtab_nostd.a` (no std, no allocator) and `libgodtab.a` with
//! `libgodtab.so` (std: files); checks with `nm` that the no-std library
//! references no allocator (and, so that the check is known to work, that
//! the std one does); then compiles `examples/c/main.c` with the system C
//! compiler (`$CC`, else `cc`) against each library, with the built-in
//! tables compiled in from a generated `tables.c`, runs it (with table
//! files, among them the 15-puzzle's pattern set, which it solves a state
//! from; the no-std library gets them as bytes the program read), and with
//! `--valgrind` runs it again under valgrind's memcheck, which must report
//! no error and no leak.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail, ensure};
use godtab_puzzles::builtin;

/// Arguments of `cargo xtask capi`.
#[derive(clap::Args)]
pub struct Args {
    /// Also run the C example under valgrind (memcheck): no errors, no
    /// leaks.
    #[arg(long)]
    valgrind: bool,
}

/// The built C libraries, in `target/capi/lib/`.
pub struct Libraries {
    /// No std, no allocator: the firmware library.
    pub nostd: PathBuf,
    /// With std, static.
    pub static_std: PathBuf,
    /// With std, shared.
    pub shared: PathBuf,
}

impl Libraries {
    /// Every library, with its name in the bundle.
    pub fn all(&self) -> [(&'static str, &Path); 3] {
        [("libgodtab.a", &self.static_std), ("libgodtab.so", &self.shared), ("libgodtab_nostd.a", &self.nostd)]
    }
}

/// What a program linked against the static std library also needs (what
/// `rustc --print native-static-libs` says on Linux).
pub const STD_NATIVE_LIBS: [&str; 7] = ["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc"];

/// Symbols of an allocator: none may be referenced by the no-std library.
const ALLOCATOR: [&str; 7] = ["malloc", "calloc", "realloc", "free", "aligned_alloc", "posix_memalign", "memalign"];

/// What the example prints with no arguments.
const EXPECTED: &str = "nine-digits 4 1 3 5 2 6 7 8 9: 3 (A A A)
nine-puzzle 7 3 9 / 2 5 1 / 4 8 6: 3 V1V3H1
eight-puzzle 2 3 4 1 5 x 7 6 8: ullddrurdllurdruldr
eight-puzzle 1 2 3 4 5 6 8 7 x: unsolvable
eight-puzzle 1 2 3: the state has the wrong number of tiles for this puzzle
cube-3x3x3 turned by U: U'
cube-3x3x3 twisted: a corner is twisted: no turns of the faces reach this cube
";

pub fn run(args: &Args) -> Result<()> {
    let libraries = build_libraries()?;
    check_no_allocator(&libraries)?;
    let dir = crate::build_dir().join("capi/example");
    std::fs::create_dir_all(&dir)?;
    let tables = write_tables(&dir)?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());

    // No std: the embedded tables answer; a file is refused with a status.
    let nostd = dir.join("godtab-example-nostd");
    compile(&cc, &dir, &nostd, &[path_arg(&libraries.nostd)])?;
    let answers = run_example(&nostd, &[], None)?;
    ensure!(answers.success, "{} failed:\n{}{}", nostd.display(), answers.stdout, answers.stderr);
    ensure!(answers.stdout == EXPECTED, "{} printed\n{}\nexpected\n{EXPECTED}", nostd.display(), answers.stdout);
    println!("examples/c with libgodtab_nostd.a answers the seed samples:\n{}", answers.stdout.trim_end());
    // The 15-puzzle's pattern set, and a plain table, read into memory by
    // the program (the library opens no files) and opened from bytes.
    let fifteen = fifteen_puzzle_file(&dir)?;
    let from_bytes = [tables[0].as_path(), fifteen.as_path()];
    let out = run_example(&nostd, &from_bytes, None)?;
    ensure!(out.success, "{} failed:\n{}{}", nostd.display(), out.stdout, out.stderr);
    ensure!(
        out.stdout.matches("read by the program (this library opens no files)").count() == 2,
        "the no-std library opened a file itself:\n{}",
        out.stdout
    );
    ensure!(out.stdout.contains(FIFTEEN), "{} printed\n{}", nostd.display(), out.stdout);
    println!("and solves a 15-puzzle state from the 6-6-3 pattern set, from bytes:\n{FIFTEEN}");

    // Std, static and shared: also a mapped and a compressed file, and the
    // pattern set mapped.
    let mut files: Vec<&Path> = tables.iter().map(PathBuf::as_path).collect();
    files.push(&fifteen);
    let static_std = dir.join("godtab-example-static");
    let mut link = vec![path_arg(&libraries.static_std)];
    link.extend(STD_NATIVE_LIBS.iter().map(|l| l.to_string()));
    compile(&cc, &dir, &static_std, &link)?;
    let lib_dir = libraries.shared.parent().context("the library folder")?;
    let shared = dir.join("godtab-example-shared");
    compile(&cc, &dir, &shared, &[format!("-L{}", lib_dir.display()), "-lgodtab".into()])?;
    for (program, library_path) in [(&static_std, None), (&shared, Some(lib_dir))] {
        let out = run_example(program, &files, library_path)?;
        ensure!(out.success, "{} failed:\n{}{}", program.display(), out.stdout, out.stderr);
        ensure!(out.stdout.starts_with(EXPECTED), "{} printed\n{}", program.display(), out.stdout);
        ensure!(out.stdout.matches("checksum ok").count() == files.len(), "{}", out.stdout);
        ensure!(out.stdout.contains(FIFTEEN), "{} printed\n{}", program.display(), out.stdout);
    }
    println!("examples/c with libgodtab.a and libgodtab.so also opens table files (mapped and .zst)");

    if args.valgrind {
        for (program, files) in [(&nostd, &from_bytes[..]), (&static_std, &files[..])] {
            valgrind(program, files)?;
        }
        println!("valgrind (memcheck): no errors, no leaks, with either library");
    }
    Ok(())
}

/// Builds the no-std library alone (the `bundle-nostd` profile: built for
/// size) and gives its path in the target folder.
pub fn build_nostd() -> Result<PathBuf> {
    let nostd = ["--profile", "bundle-nostd", "--features", "panic-handler", "--crate-type", "staticlib"];
    crate::cargo(&[&["rustc", "--quiet", "-p", "godtab-capi"][..], &nostd].concat())?;
    Ok(crate::build_dir().join("bundle-nostd/libgodtab_capi.a"))
}

/// Builds the C libraries: `cargo rustc` with the crate types asked for,
/// so that the workspace's own builds of the crate stay a plain Rust
/// library (a no-std static library needs `panic = "abort"`, which only the
/// `bundle-nostd` profile sets, and its own panic handler, which only the
/// `panic-handler` feature defines).
pub fn build_libraries() -> Result<Libraries> {
    let build = crate::build_dir();
    let nostd = build_nostd()?;
    crate::cargo(&[
        "rustc",
        "--quiet",
        "-p",
        "godtab-capi",
        "--release",
        "--features",
        "std",
        "--crate-type",
        "staticlib,cdylib",
        "--",
        "-C",
        "link-arg=-Wl,-soname,libgodtab.so",
    ])?;
    let lib = build.join("capi/lib");
    std::fs::create_dir_all(&lib)?;
    let libraries = Libraries {
        nostd: lib.join("libgodtab_nostd.a"),
        static_std: lib.join("libgodtab.a"),
        shared: lib.join("libgodtab.so"),
    };
    std::fs::copy(&nostd, &libraries.nostd).context("copying libgodtab_nostd.a")?;
    for (built, copy) in
        [("release/libgodtab_capi.a", &libraries.static_std), ("release/libgodtab_capi.so", &libraries.shared)]
    {
        std::fs::copy(build.join(built), copy).with_context(|| format!("copying {built}"))?;
    }
    Ok(libraries)
}

/// Fails unless the no-std library references no allocator symbol, and
/// the std library does (or the check would prove nothing).
fn check_no_allocator(libraries: &Libraries) -> Result<()> {
    let nostd = external_symbols(&libraries.nostd)?;
    let allocator: Vec<&str> = ALLOCATOR.iter().copied().filter(|s| nostd.contains(*s)).collect();
    ensure!(allocator.is_empty(), "libgodtab_nostd.a references {}", allocator.join(", "));
    let rust_alloc: Vec<&String> = nostd.iter().filter(|s| s.contains("__rust_alloc") || s.contains("__rg_")).collect();
    ensure!(rust_alloc.is_empty(), "libgodtab_nostd.a references Rust's allocator: {rust_alloc:?}");
    let std = external_symbols(&libraries.static_std)?;
    ensure!(std.contains("malloc"), "libgodtab.a references no malloc: the nm check is broken");
    let needs: Vec<&str> = nostd.iter().map(String::as_str).collect();
    println!("libgodtab_nostd.a references no allocator; from outside it needs only: {}", needs.join(", "));
    Ok(())
}

/// The symbols an archive references and does not define itself.
fn external_symbols(archive: &Path) -> Result<BTreeSet<String>> {
    let names = |flag: &str| -> Result<BTreeSet<String>> {
        let out = Command::new("nm")
            .args([flag, "--no-sort"])
            .arg(archive)
            .output()
            .context("running nm (binutils) on the C library")?;
        // nm complains on stderr about members that are LLVM bitcode or
        // hold no symbols; what it lists on stdout is what counts.
        ensure!(!out.stdout.is_empty(), "nm listed nothing for {}", archive.display());
        let text = String::from_utf8_lossy(&out.stdout);
        Ok(text
            .lines()
            .filter(|line| !line.ends_with(':') && !line.trim().is_empty())
            .filter_map(|line| line.split_whitespace().last().map(str::to_string))
            .collect())
    };
    let undefined = names("--undefined-only")?;
    let defined = names("--defined-only")?;
    Ok(undefined.difference(&defined).cloned().collect())
}

/// Writes `tables.c` (every built-in table as a byte array) and the
/// tables as files; gives the files: nine-digits as `.gtab` and as
/// `.gtab.zst`.
fn write_tables(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut source = String::from(
        "/* The built-in godtab tables as byte arrays, compiled into examples/c.\n \
         * Generated by `cargo xtask capi`: do not edit. */\n#include <stddef.h>\n#include <stdint.h>\n",
    );
    let mut files = Vec::new();
    for b in builtin::ALL {
        let bytes = godtab_gen::build_table(b).with_context(|| format!("generating {}", b.id))?;
        let name = b.id.replace('-', "_");
        let _ = writeln!(source, "\nconst uint8_t godtab_{name}[{}] = {{", bytes.len());
        for line in bytes.chunks(16) {
            let values: Vec<String> = line.iter().map(|v| format!("0x{v:02x}")).collect();
            let _ = writeln!(source, "    {},", values.join(", "));
        }
        let _ = writeln!(source, "}};\nconst size_t godtab_{name}_len = sizeof godtab_{name};");
        if b.id == "nine-digits" {
            let plain = dir.join("nine-digits.gtab");
            let packed = dir.join("nine-digits.gtab.zst");
            std::fs::write(&plain, &bytes)?;
            std::fs::write(&packed, godtab_files::compress(&bytes)?)?;
            files.extend([plain, packed]);
        }
    }
    std::fs::write(dir.join("tables.c"), source)?;
    Ok(files)
}

/// What the example prints for its 15-puzzle state, solved from the
/// shipped pattern set (the same answer as `godtab solve --table
/// data/fifteen-puzzle.gtab`).
const FIFTEEN: &str = "fifteen-puzzle 6 1 3 7 5 2 10 4 13 12 11 8 14 x 9 15: 24 moves ruldluuurrrddluuldldrrdr";

/// The shipped 15-puzzle pattern set: `data/fifteen-puzzle.gtab` when
/// `cargo xtask gen-tables` has written it, else generated into `dir`
/// (about 10 s).
fn fifteen_puzzle_file(dir: &Path) -> Result<PathBuf> {
    let shipped = crate::workspace_root().join("data/fifteen-puzzle.gtab");
    if shipped.exists() {
        return Ok(shipped);
    }
    let path = dir.join("fifteen-puzzle.gtab");
    if !path.exists() {
        let (_, bytes) = crate::artefacts::fifteen_puzzle()?;
        godtab_files::write_atomic(&path, &bytes)?;
    }
    Ok(path)
}

/// Compiles the example with the generated tables, as strictly as the C
/// compiler allows.
fn compile(cc: &str, dir: &Path, output: &Path, link: &[String]) -> Result<()> {
    let root = crate::workspace_root();
    let status = Command::new(cc)
        .args(["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g"])
        .arg(format!("-I{}", root.join("include").display()))
        .arg(root.join("examples/c/main.c"))
        .arg(dir.join("tables.c"))
        .args(link)
        .arg("-o")
        .arg(output)
        .status()
        .with_context(|| format!("running the C compiler `{cc}` (set CC to choose another)"))?;
    ensure!(status.success(), "compiling examples/c/main.c into {} failed", output.display());
    Ok(())
}

/// A finished run of the example.
struct Run {
    success: bool,
    stdout: String,
    stderr: String,
}

fn run_example(program: &Path, args: &[&Path], library_path: Option<&Path>) -> Result<Run> {
    let mut command = Command::new(program);
    command.args(args);
    if let Some(dir) = library_path {
        command.env("LD_LIBRARY_PATH", dir);
    }
    let out = command.output().with_context(|| format!("running {}", program.display()))?;
    Ok(Run {
        success: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    })
}

/// Runs the example under memcheck: any error or leak fails.
fn valgrind(program: &Path, files: &[&Path]) -> Result<()> {
    let out = Command::new("valgrind")
        .args(["--error-exitcode=1", "--leak-check=full", "--show-leak-kinds=all", "--errors-for-leak-kinds=all"])
        .arg(program)
        .args(files)
        .output()
        .context("running valgrind (install it: apt-get install valgrind)")?;
    let report = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        bail!("valgrind found errors or leaks in {}:\n{report}", program.display());
    }
    let summary = report.lines().filter(|l| l.contains("ERROR SUMMARY") || l.contains("in use at exit"));
    for line in summary {
        println!("{}: {}", program.file_name().unwrap_or_default().to_string_lossy(), line.trim());
    }
    Ok(())
}

fn path_arg(path: &Path) -> String {
    path.display().to_string()
}
