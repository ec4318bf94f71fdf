//! End-to-end tests of `godtab verify --sums`: a folder like a downloaded
//! release bundle, checked against its manifest, sound and then damaged
//! in each way a download can be.

use std::path::Path;
use std::process::Command;

use crate::common::{godtab, stderr, stdout};
use sha2::{Digest, Sha256};

/// A bundle-like folder: two tables (one compressed), a file that is not
/// a table, and SHA256SUMS listing them (paths relative to it).
fn bundle(dir: &Path) {
    std::fs::create_dir(dir.join("tables")).unwrap();
    let generate = |id: &str, file: &str| {
        let out = dir.join("tables").join(file);
        let status = godtab(&["gen", id, "-o", out.to_str().unwrap()], b"");
        assert!(status.status.success(), "{}", stderr(&status));
    };
    generate("nine-digits", "nine-digits.gtab.zst");
    generate("nine-puzzle", "nine-puzzle.gtab");
    std::fs::write(dir.join("README.md"), "a bundle\n").unwrap();
    let mut manifest = String::new();
    for name in ["README.md", "tables/nine-digits.gtab.zst", "tables/nine-puzzle.gtab"] {
        let digest = Sha256::digest(std::fs::read(dir.join(name)).unwrap());
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        manifest.push_str(&format!("{hex}  {name}\n"));
    }
    std::fs::write(dir.join("SHA256SUMS"), manifest).unwrap();
}

/// `godtab verify ARGS` run in `dir`.
fn verify_in(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_godtab")).arg("verify").args(args).current_dir(dir).output().unwrap()
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap()
}

#[test]
fn a_sound_bundle_verifies_in_full_and_file_by_file() {
    let dir = tempfile::tempdir().unwrap();
    bundle(dir.path());
    let out = verify_in(dir.path(), &["--sums", "SHA256SUMS"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "README.md: ok: sha256 matches\n\
         tables/nine-digits.gtab.zst: ok: sha256 matches, nine-digits, 362,880 states, God's number 15, 272,464 bytes\n\
         tables/nine-puzzle.gtab: ok: sha256 matches, nine-puzzle, 181,440 states, God's number 12, 159,064 bytes\n"
    );
    // From elsewhere: paths are relative to the manifest's folder, and a
    // file named on the command line is found however it is written.
    let manifest = dir.path().join("SHA256SUMS");
    let table = dir.path().join("tables/../tables/nine-puzzle.gtab");
    let out = godtab(&["verify", "--sums", manifest.to_str().unwrap(), table.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).ends_with(": ok: sha256 matches, nine-puzzle, 181,440 states, God's number 12, 159,064 bytes\n")
    );
    let out = verify_in(dir.path(), &["--sums", "SHA256SUMS", "./tables/nine-digits.gtab.zst", "README.md"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 2);
}

#[test]
fn every_mismatch_is_one_line_and_the_status_is_1() {
    let dir = tempfile::tempdir().unwrap();
    bundle(dir.path());
    // A changed file, a missing file, an unlisted file.
    std::fs::write(dir.path().join("README.md"), "a changed bundle\n").unwrap();
    std::fs::remove_file(dir.path().join("tables/nine-puzzle.gtab")).unwrap();
    std::fs::write(dir.path().join("extra.gtab"), "x").unwrap();
    let out = verify_in(dir.path(), &["--sums", "SHA256SUMS"]);
    assert_eq!(out.status.code(), Some(1));
    let errors = text(&out.stderr);
    assert_eq!(errors.lines().count(), 2, "{errors}");
    let mut lines = errors.lines();
    let changed = lines.next().unwrap();
    assert!(
        changed.starts_with("godtab verify: README.md: SHA-256 differs from SHA256SUMS (line 1): the file has "),
        "{changed}"
    );
    assert_eq!(
        lines.next().unwrap(),
        "godtab verify: tables/nine-puzzle.gtab: listed in SHA256SUMS (line 3): No such file or directory (os error 2)"
    );
    // The table that is still sound is still reported sound.
    assert_eq!(text(&out.stdout).lines().count(), 1);

    let out = verify_in(dir.path(), &["--sums", "SHA256SUMS", "extra.gtab"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "godtab verify: extra.gtab: not listed in SHA256SUMS\n");
    let out = verify_in(dir.path(), &["--sums", "SHA256SUMS", "missing.gtab"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "godtab verify: missing.gtab: No such file or directory (os error 2)\n");
}

#[test]
fn a_table_that_matches_its_digest_but_not_its_checksum_fails() {
    let dir = tempfile::tempdir().unwrap();
    bundle(dir.path());
    // Damage a table and list the damaged bytes: the digest matches, the
    // table's own checksum does not.
    let path = dir.path().join("tables/nine-puzzle.gtab");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let hex: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    std::fs::write(dir.path().join("SHA256SUMS"), format!("{hex}  tables/nine-puzzle.gtab\n")).unwrap();
    let out = verify_in(dir.path(), &["--sums", "SHA256SUMS"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("checksum mismatch"), "{}", text(&out.stderr));
}

#[test]
fn a_bad_manifest_is_named_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    bundle(dir.path());
    let manifest = dir.path().join("SHA256SUMS");
    let mut text_of = std::fs::read_to_string(&manifest).unwrap();
    text_of.push_str("not a digest  file\n");
    std::fs::write(&manifest, text_of).unwrap();
    let out = verify_in(dir.path(), &["--sums", "SHA256SUMS"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "godtab: error: SHA256SUMS: line 4: not a sha256sum line (\"<64 hex digits>  <file>\")\n"
    );
    let out = verify_in(dir.path(), &["--sums", "NO-SUCH-FILE"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "godtab: error: --sums NO-SUCH-FILE: No such file or directory (os error 2)\n");
    // Without --sums a file is still needed.
    let out = verify_in(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(2));
}
