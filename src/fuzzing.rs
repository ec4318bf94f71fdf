//! Entry points for fuzzing: the fuzz targets in `fuzz/` call these, and so
//! does the regression test that replays every input saved under
//! `fuzz/regressions/`, so a crash once found stays fixed under plain
//! `cargo test`.
//!
//! Each function must return normally for any input; a panic is a bug.

use std::sync::OnceLock;

use godtab_puzzles::builtin;
use godtab_runtime::Table;

use crate::cases::Format;
use crate::judge::judge_stream;

/// Opens `data` as a table; if that succeeds, runs every query on states
/// drawn from the data, and the checksum.
pub fn table_bytes(data: &[u8]) {
    let Ok(table) = Table::new(data) else { return };
    let _ = table.verify();
    let _ = (table.id(), table.generator(), table.bits_per_state(), table.checksum());
    let _ = table.histogram().fold(0u64, u64::wrapping_add);
    for (m, name) in table.move_names().enumerate() {
        assert_eq!(table.move_name(m), Some(name));
        assert!(!name.chars().any(char::is_control), "a move name printed raw: {name:?}");
    }
    assert!(!table.id().chars().any(char::is_control) && !table.generator().chars().any(char::is_control));
    let puzzle = table.puzzle();
    let mut moves = [0u8; 256];
    let ranks = data.chunks(8).map(|c| c.iter().fold(0u64, |acc, &b| acc << 8 | u64::from(b)));
    let goal = table.state_of_rank(puzzle.rank(&puzzle.goal()));
    for state in ranks.take(16).filter_map(|r| table.state_of_rank(r % table.slots().max(1))).chain(goal) {
        let distance = table.distance(&state);
        let solved = table.solve_into(&state, &mut moves);
        if let Ok(Some(solution)) = table.solution(&state) {
            assert!(solution.count() <= usize::from(distance.ok().flatten().unwrap_or(0)));
        }
        if let (Ok(Some(d)), Ok(len)) = (distance, solved) {
            assert_eq!(len, usize::from(d));
        }
        let _ = table.distance_of_values(&data[..data.len().min(puzzle.cells())]);
    }
}

/// The built-in table of a puzzle, opened once.
fn builtin_table(id: &str) -> &'static Table<&'static [u8]> {
    static TABLES: OnceLock<Vec<Table<&'static [u8]>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        crate::embedded::TABLES.iter().map(|(_, bytes)| Table::new(*bytes).expect("embedded tables open")).collect()
    });
    tables.iter().find(|t| t.id() == id).expect("a built-in puzzle")
}

/// Judges `data` as input in the format of a built-in puzzle; every case
/// must be answered or reported.
pub fn judge(puzzle: &str, data: &[u8]) {
    let table = builtin_table(puzzle);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let bad =
        judge_stream(table, Format::of_table(table.definition()), data, &mut out, &mut err).expect("in-memory streams");
    let reported = err.iter().filter(|&&b| b == b'\n').count() as u64;
    assert_eq!(bad, reported);
}

/// Parses `data` as a state of every built-in puzzle; whatever parses must
/// print and parse back to itself.
pub fn state_text(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for b in builtin::ALL {
        let table = builtin_table(b.id);
        let puzzle = table.puzzle();
        if let Ok(state) = puzzle.parse(&text) {
            let shown = puzzle.display(&state).to_string();
            assert_eq!(puzzle.parse(&shown), Ok(state));
            assert!(table.distance(&state).is_ok(), "a parsed state is a state of its table");
        }
        let _ = puzzle.state_from_values(data);
        let _ = puzzle.rank_values(data);
    }
}

/// Reads `data` as a ksolve/twsearch definition file and as a TOML spec, in
/// both metrics. Whatever reads must be a puzzle whose solved state is
/// written and read back, lies in the rank space, and whose moves stay in
/// it and undo; a scramble of the data's words must be refused or give a
/// state of the puzzle.
pub fn definition_file(data: &[u8]) {
    use godtab_spec::{Metric, parse_definition_file, parse_with};
    let text = String::from_utf8_lossy(data);
    for metric in [Metric::Half, Metric::Quarter] {
        let definitions = [parse_definition_file(&text, "fuzz", metric), parse_with(&text, metric)];
        for definition in definitions.into_iter().flatten() {
            let puzzle = definition.puzzle();
            let goal = puzzle.goal();
            let shown = puzzle.display(&goal).to_string();
            assert_eq!(puzzle.parse(&shown), Ok(goal), "{shown}");
            assert!(puzzle.rank_checked(&goal).is_some_and(|rank| rank < puzzle.slots()));
            for m in 0..puzzle.move_count() {
                let Some(next) = puzzle.apply(&goal, m) else { continue };
                assert!(puzzle.in_rank_space(&next), "move {m} leaves the rank space");
                assert_eq!(puzzle.apply_inverse(&next, m), Some(goal));
                assert_eq!(puzzle.unrank(puzzle.rank(&next)), next);
            }
            if let Ok(state) = definition.scramble(data) {
                assert!(puzzle.in_rank_space(&state));
            }
        }
    }
}

/// Opens `data` as a pattern set; if that succeeds, checks the checksum
/// and searches states drawn from the data within a small node limit.
pub fn pattern_set(data: &[u8]) {
    let Ok(set) = godtab_runtime::PatternSet::new(data) else { return };
    let _ = set.verify();
    assert!(!set.definition().id().chars().any(char::is_control) && !set.generator().chars().any(char::is_control));
    let searcher = godtab_search::Searcher::new(&set);
    let puzzle = set.puzzle();
    for chunk in data.chunks(puzzle.cells()).take(8) {
        let Ok(state) = puzzle.state_from_values(chunk) else { continue };
        let _ = searcher.estimate(&state);
        if let Ok(report) = searcher.solve(&state, 5_000) {
            // Whatever is reported as a solution must solve the state.
            if report.outcome == godtab_search::Outcome::Solved {
                let mut s = state;
                for &m in report.moves() {
                    s = puzzle.apply(&s, usize::from(m)).expect("a solution's moves can be made");
                }
                assert_eq!(s, puzzle.goal(), "a solution that misses the goal");
            }
        }
    }
}
