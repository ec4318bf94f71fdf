//! The C API's std functions, called as C calls them (a table opened from
//! its file, states as text), answer as the command does on every kind of
//! table of tiles: full, compact and parity complete tables and a pattern
//! set, over random states of which some are unsolvable.

// Calling C functions is unsafe: every call says why it is sound.
#![allow(unsafe_code)]

use std::ffi::CString;
use std::path::Path;

use godtab_capi::Status::{self, *};
use godtab_capi::{
    GODTAB_KIND_COMPLETE, GODTAB_KIND_PATTERNS, GODTAB_MAX_SOLUTION, GodtabTable, godtab_distance_text,
    godtab_format_moves, godtab_solve_text, godtab_table_close, godtab_table_kind, godtab_table_open_file,
};

use crate::common::{godtab, stderr, stdout};

/// A 2x4 sliding board: small enough for every encoding and a pattern set.
const BOARD: &str = "name = \"slide-2x4\"\nkind = \"sliding\"\nrows = 2\ncols = 4\n";

/// A table file opened by `godtab_table_open_file`, closed when dropped.
struct Opened(Box<GodtabTable>);

impl Opened {
    fn open(path: &Path) -> Self {
        // SAFETY: a `godtab_table` is an array of integers, zeroed as C's
        // `godtab_table t = {0};` before its first open.
        let mut table: Box<GodtabTable> = Box::new(unsafe { std::mem::zeroed() });
        let path = CString::new(path.to_str().unwrap()).unwrap();
        // SAFETY: zeroed storage and a NUL-terminated path.
        assert_eq!(unsafe { godtab_table_open_file(&mut *table, path.as_ptr()) }, GODTAB_OK);
        Self(table)
    }

    /// The distance and moves of `state` as the CLI's `solve --json`
    /// writes them (`None` for an unsolvable state).
    fn answer(&self, state: &str) -> Option<(u32, String)> {
        let mut distance = u32::MAX;
        // SAFETY: an open table, `state.len()` readable bytes, a writable
        // answer.
        let status = unsafe { godtab_distance_text(&*self.0, state.as_ptr().cast(), state.len(), &mut distance) };
        let mut moves = [0u8; GODTAB_MAX_SOLUTION];
        let mut len = 0;
        // SAFETY: as above; `moves` holds its length in bytes.
        let solved = unsafe {
            godtab_solve_text(&*self.0, state.as_ptr().cast(), state.len(), moves.as_mut_ptr(), moves.len(), &mut len)
        };
        assert_eq!(status, solved, "{state}: distance and solve disagree");
        match status {
            GODTAB_UNSOLVABLE => None,
            GODTAB_OK => {
                assert_eq!(len as u32, distance, "{state}");
                Some((distance, self.names(&moves[..len])))
            }
            other => panic!("{state}: {other:?}"),
        }
    }

    /// The moves' names, separated by spaces.
    fn names(&self, moves: &[u8]) -> String {
        let mut out = vec![0u8; 4096];
        let mut len = 0;
        // SAFETY: an open table; `moves` and `out` with their lengths; a
        // NUL-terminated separator.
        let status: Status = unsafe {
            godtab_format_moves(
                &*self.0,
                moves.as_ptr(),
                moves.len(),
                c" ".as_ptr(),
                out.as_mut_ptr().cast(),
                out.len(),
                &mut len,
            )
        };
        assert_eq!(status, GODTAB_OK);
        String::from_utf8(out[..len].to_vec()).unwrap()
    }
}

impl Drop for Opened {
    fn drop(&mut self) {
        // SAFETY: an open table, closed once.
        unsafe { godtab_table_close(&mut *self.0) };
    }
}

#[test]
fn the_c_api_answers_every_kind_of_tile_table_as_the_command_does() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("board.toml");
    std::fs::write(&board, BOARD).unwrap();
    let patterns = dir.path().join("patterns.toml");
    std::fs::write(&patterns, format!("{BOARD}patterns = [[1, 2, 3, 4], [5, 6, 7]]\n")).unwrap();
    let kinds: [(&str, &Path, &[&str], u32); 4] = [
        ("full", &board, &[], GODTAB_KIND_COMPLETE),
        ("compact", &board, &["--compact"], GODTAB_KIND_COMPLETE),
        ("parity", &board, &["--encoding", "parity"], GODTAB_KIND_COMPLETE),
        ("patterns", &patterns, &[], GODTAB_KIND_PATTERNS),
    ];
    for (kind, spec, options, kind_code) in kinds {
        let table = dir.path().join(format!("{kind}.gtab"));
        let table_text = table.to_str().unwrap();
        let mut args = vec!["gen", "--spec", spec.to_str().unwrap(), "-o", table_text];
        args.extend_from_slice(options);
        let out = godtab(&args, b"");
        assert!(out.status.success(), "{kind}: {}", stderr(&out));
        let drawn =
            godtab(&["random", "--table", table_text, "--count", "60", "--seed", "5", "--unsolvable", "0.2"], b"");
        assert!(drawn.status.success(), "{kind}: {}", stderr(&drawn));
        let states: Vec<String> = stdout(&drawn).lines().map(str::to_string).collect();
        let mut solve = vec!["solve", "--table", table_text, "--json"];
        solve.extend(states.iter().map(String::as_str));
        let out = godtab(&solve, b"");
        let answers: Vec<serde_json::Value> =
            stdout(&out).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
        assert_eq!(answers.len(), states.len(), "{kind}: {}", stderr(&out));
        let opened = Opened::open(&table);
        // SAFETY: an open table.
        assert_eq!(unsafe { godtab_table_kind(&*opened.0) }, kind_code, "{kind}");
        let mut unsolvable = 0;
        for (state, answer) in states.iter().zip(&answers) {
            let expected = answer["distance"].as_u64().map(|d| {
                let moves: Vec<&str> =
                    answer["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
                (d as u32, moves.join(" "))
            });
            unsolvable += usize::from(expected.is_none());
            assert_eq!(opened.answer(state), expected, "{kind}: {state}");
        }
        assert!(unsolvable > 0 && unsolvable < states.len(), "{kind}: {unsolvable} unsolvable states drawn");
    }
}
