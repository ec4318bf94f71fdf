//! Replays every input saved under fuzz/regressions/ (seeds and inputs that
//! once crashed a fuzz target) through the same functions the fuzz targets
//! call, so they keep working under plain `cargo test`.

use std::path::Path;

fn replay(target: &str, run: impl Fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions").join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        run(&std::fs::read(&path).unwrap());
        count += 1;
    }
    assert!(count > 0, "{} holds no inputs", dir.display());
}

#[test]
fn table_bytes() {
    replay("table_bytes", godtab::fuzzing::table_bytes);
}

#[test]
fn judge_nine_digits() {
    replay("judge_nine_digits", |data| godtab::fuzzing::judge("nine-digits", data));
}

#[test]
fn judge_nine_puzzle() {
    replay("judge_nine_puzzle", |data| godtab::fuzzing::judge("nine-puzzle", data));
}

#[test]
fn judge_eight_puzzle() {
    replay("judge_eight_puzzle", |data| godtab::fuzzing::judge("eight-puzzle", data));
}

#[test]
fn state_text() {
    replay("state_text", godtab::fuzzing::state_text);
}

#[test]
fn definition_file() {
    replay("definition_file", godtab::fuzzing::definition_file);
}

#[test]
fn pattern_set() {
    replay("pattern_set", godtab::fuzzing::pattern_set);
}
