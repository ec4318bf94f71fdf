//! The C API called as C calls it: raw pointers, lengths and buffers. Every
//! status code is produced by some call, every null pointer and short
//! buffer is refused, the seed samples are answered, and over every state
//! of the built-in puzzles the answers are the runtime's.

use core::ffi::{CStr, c_char};
use core::ptr::{null, null_mut};
use std::boxed::Box;
use std::string::{String, ToString};
use std::vec::Vec;
use std::{format, vec};

use godtab_puzzles::builtin;
use godtab_runtime::Table;

use crate::Status::{self, *};
use crate::*;

mod cube;
mod lookup;
mod patterns;
mod states;

/// A built-in table's bytes.
fn bytes_of(id: &str) -> Vec<u8> {
    let b = builtin::ALL.iter().find(|b| b.id == id).expect("a built-in puzzle");
    godtab_gen::build_table(b).expect("the built-in table generates")
}

/// Zeroed storage, as C's `godtab_table t = {0};`.
fn storage() -> Box<GodtabTable> {
    Box::new(GodtabTable { opaque: [0; GODTAB_TABLE_WORDS] })
}

/// A table opened over `bytes` (which the caller keeps alive).
fn open(bytes: &[u8]) -> Box<GodtabTable> {
    let mut table = storage();
    // SAFETY: valid storage and bytes that outlive the table.
    assert_eq!(unsafe { godtab_table_open(&mut *table, bytes.as_ptr(), bytes.len()) }, GODTAB_OK);
    table
}

fn distance(table: &GodtabTable, tiles: &[u8]) -> Result<u32, Status> {
    let mut d = u32::MAX;
    // SAFETY: valid pointers and lengths.
    match unsafe { godtab_distance(table, tiles.as_ptr(), tiles.len(), &mut d) } {
        GODTAB_OK => Ok(d),
        status => Err(status),
    }
}

fn distance_text(table: &GodtabTable, text: &str) -> Result<u32, Status> {
    let mut d = u32::MAX;
    // SAFETY: valid pointers and lengths.
    match unsafe { godtab_distance_text(table, text.as_ptr().cast(), text.len(), &mut d) } {
        GODTAB_OK => Ok(d),
        status => Err(status),
    }
}

fn solve(table: &GodtabTable, tiles: &[u8]) -> Result<Vec<u8>, Status> {
    let mut moves = [0u8; GODTAB_MAX_SOLUTION];
    let mut len = usize::MAX;
    // SAFETY: valid pointers and lengths.
    match unsafe { godtab_solve(table, tiles.as_ptr(), tiles.len(), moves.as_mut_ptr(), moves.len(), &mut len) } {
        GODTAB_OK => Ok(moves[..len].to_vec()),
        status => Err(status),
    }
}

fn solve_text(table: &GodtabTable, text: &str) -> Result<Vec<u8>, Status> {
    let mut moves = [0u8; GODTAB_MAX_SOLUTION];
    let mut len = usize::MAX;
    let (ptr, text_len) = (text.as_ptr().cast(), text.len());
    // SAFETY: valid pointers and lengths.
    match unsafe { godtab_solve_text(table, ptr, text_len, moves.as_mut_ptr(), moves.len(), &mut len) } {
        GODTAB_OK => Ok(moves[..len].to_vec()),
        status => Err(status),
    }
}

/// The moves' names joined by `separator`, through `godtab_format_moves`.
fn names(table: &GodtabTable, moves: &[u8], separator: &CStr) -> Result<String, Status> {
    let mut out = [0u8; 1024];
    let mut len = usize::MAX;
    // SAFETY: valid pointers and lengths.
    let status = unsafe {
        godtab_format_moves(
            table,
            moves.as_ptr(),
            moves.len(),
            separator.as_ptr(),
            out.as_mut_ptr().cast(),
            out.len(),
            &mut len,
        )
    };
    if status != GODTAB_OK {
        return Err(status);
    }
    assert_eq!(out[len], 0, "NUL-terminated");
    Ok(String::from_utf8(out[..len].to_vec()).expect("names are UTF-8"))
}

fn names_of(table: &GodtabTable, moves: &[u8]) -> Result<String, Status> {
    names(table, moves, c" ")
}

/// The tile values of a state.
fn values_of(table: &Table<&[u8]>, state: &godtab_puzzles::State) -> Vec<u8> {
    state.labels().iter().map(|&label| table.puzzle().value_of(label)).collect()
}

/// The 8-puzzle's pattern set of tiles 1-4 and 5-8.
fn eight_puzzle_patterns() -> Vec<u8> {
    let definition = builtin::EIGHT_PUZZLE.definition();
    let patterns: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
    let patterns = godtab_puzzles::PatternList::new(definition.puzzle(), patterns).unwrap();
    godtab_gen::pattern_set_bytes(&definition, &patterns, &Default::default()).unwrap()
}

#[test]
fn the_seed_samples_are_answered() {
    let nine_digits = bytes_of("nine-digits");
    let table = open(&nine_digits);
    assert_eq!(distance(&table, &[4, 1, 3, 5, 2, 6, 7, 8, 9]), Ok(3));
    let moves = solve(&table, &[4, 1, 3, 5, 2, 6, 7, 8, 9]).unwrap();
    assert_eq!(names(&table, &moves, c" "), Ok("A A A".to_string()));

    let nine_puzzle = bytes_of("nine-puzzle");
    let table = open(&nine_puzzle);
    assert_eq!(distance_text(&table, "7 3 9\n2 5 1\n4 8 6"), Ok(3));
    let moves = solve_text(&table, "7 3 9\n2 5 1\n4 8 6").unwrap();
    assert_eq!(names(&table, &moves, c""), Ok("V1V3H1".to_string()));

    let eight_puzzle = bytes_of("eight-puzzle");
    let table = open(&eight_puzzle);
    let moves = solve_text(&table, "2 3 4 1 5 x 7 6 8").unwrap();
    assert_eq!(names(&table, &moves, c""), Ok("ullddrurdllurdruldr".to_string()));
    // The same state as tile values (0 is the blank) and as unseparated text.
    assert_eq!(solve(&table, &[2, 3, 4, 1, 5, 0, 7, 6, 8]), Ok(moves.clone()));
    assert_eq!(solve_text(&table, "23415x768"), Ok(moves));
}

#[test]
fn nul_terminated_text_reads_to_the_nul() {
    let bytes = bytes_of("nine-puzzle");
    let table = open(&bytes);
    let mut d = 0;
    // SAFETY: a C string and GODTAB_NUL_TERMINATED.
    let status = unsafe { godtab_distance_text(&*table, c"7 3 9 2 5 1 4 8 6".as_ptr(), GODTAB_NUL_TERMINATED, &mut d) };
    assert_eq!((status, d), (GODTAB_OK, 3));
    // A length stops before the NUL: here after eight tiles.
    // SAFETY: 15 readable bytes.
    let status = unsafe { godtab_distance_text(&*table, c"7 3 9 2 5 1 4 8 6".as_ptr(), 15, &mut d) };
    assert_eq!(status, GODTAB_ERROR_TILE_COUNT);
}

#[test]
fn every_status_has_its_own_code_and_a_static_message() {
    let mut codes: Vec<i32> = status::ALL.iter().map(|&s| s as i32).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), status::ALL.len(), "codes are distinct");
    assert_eq!(GODTAB_OK as i32, 0);
    let mut messages = Vec::new();
    for status in status::ALL {
        // SAFETY: the function returns a static C string.
        let message = unsafe { CStr::from_ptr(godtab_status_message(status as i32)) }.to_str().unwrap();
        assert!(message.len() > 1 && !message.contains('\n'), "{status:?}: {message:?}");
        messages.push(message);
    }
    messages.sort_unstable();
    messages.dedup();
    assert_eq!(messages.len(), status::ALL.len(), "messages are distinct");
    for unknown in [-1, 2, 9, 16, 98, 100, i32::MIN, i32::MAX] {
        // SAFETY: as above.
        let message = unsafe { CStr::from_ptr(godtab_status_message(unknown)) };
        assert_eq!(message, c"unknown godtab status code");
    }
    // SAFETY: as above.
    let version = unsafe { CStr::from_ptr(godtab_version()) };
    assert_eq!(version.to_str(), Ok(env!("CARGO_PKG_VERSION")));
}

#[test]
fn null_pointers_are_refused() {
    let bytes = bytes_of("nine-digits");
    let table = open(&bytes);
    let t: *const GodtabTable = &*table;
    let tiles = [4u8, 1, 3, 5, 2, 6, 7, 8, 9];
    let (mut d, mut len, mut moves, mut out) = (0u32, 0usize, [0u8; 8], [0 as c_char; 64]);
    let text = c"4 1 3 5 2 6 7 8 9".as_ptr();
    let n = GODTAB_NUL_TERMINATED;
    // SAFETY: every pointer is valid or NULL, every length right.
    unsafe {
        assert_eq!(godtab_table_open(null_mut(), bytes.as_ptr(), bytes.len()), GODTAB_ERROR_NULL);
        assert_eq!(godtab_table_open(&mut *storage(), null(), 0), GODTAB_ERROR_NULL);
        assert_eq!(godtab_table_open_file(null_mut(), c"x.gtab".as_ptr()), GODTAB_ERROR_NULL);
        assert_eq!(godtab_table_open_file(&mut *storage(), null()), GODTAB_ERROR_NULL);
        assert_eq!(godtab_table_verify(null()), GODTAB_ERROR_NULL);
        assert_eq!(godtab_table_id(null(), out.as_mut_ptr(), out.len()), GODTAB_ERROR_NULL);
        assert_eq!(godtab_table_id(t, null_mut(), 64), GODTAB_ERROR_NULL);
        assert_eq!(godtab_move_name(null(), 0, out.as_mut_ptr(), out.len()), GODTAB_ERROR_NULL);
        assert_eq!(godtab_move_name(t, 0, null_mut(), 64), GODTAB_ERROR_NULL);
        assert_eq!(godtab_distance(null(), tiles.as_ptr(), 9, &mut d), GODTAB_ERROR_NULL);
        assert_eq!(godtab_distance(t, null(), 9, &mut d), GODTAB_ERROR_NULL);
        assert_eq!(godtab_distance(t, tiles.as_ptr(), 9, null_mut()), GODTAB_ERROR_NULL);
        assert_eq!(godtab_distance_text(null(), text, n, &mut d), GODTAB_ERROR_NULL);
        assert_eq!(godtab_distance_text(t, null(), n, &mut d), GODTAB_ERROR_NULL);
        assert_eq!(godtab_distance_text(t, text, n, null_mut()), GODTAB_ERROR_NULL);
        assert_eq!(godtab_solve(null(), tiles.as_ptr(), 9, moves.as_mut_ptr(), 8, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(godtab_solve(t, null(), 9, moves.as_mut_ptr(), 8, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(godtab_solve(t, tiles.as_ptr(), 9, null_mut(), 8, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(godtab_solve(t, tiles.as_ptr(), 9, moves.as_mut_ptr(), 8, null_mut()), GODTAB_ERROR_NULL);
        assert_eq!(godtab_solve_text(null(), text, n, moves.as_mut_ptr(), 8, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(godtab_solve_text(t, null(), n, moves.as_mut_ptr(), 8, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(godtab_solve_text(t, text, n, null_mut(), 8, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(godtab_solve_text(t, text, n, moves.as_mut_ptr(), 8, null_mut()), GODTAB_ERROR_NULL);
        let sep = c" ".as_ptr();
        let o = out.as_mut_ptr();
        assert_eq!(godtab_format_moves(null(), moves.as_ptr(), 1, sep, o, 64, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(godtab_format_moves(t, null(), 1, sep, o, 64, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(godtab_format_moves(t, moves.as_ptr(), 1, null(), o, 64, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(godtab_format_moves(t, moves.as_ptr(), 1, sep, null_mut(), 64, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(godtab_format_moves(t, moves.as_ptr(), 1, sep, o, 64, null_mut()), GODTAB_ERROR_NULL);
        // The functions without a status answer 0 and do nothing.
        assert_eq!(godtab_table_cells(null()), 0);
        assert_eq!(godtab_table_moves(null()), 0);
        assert_eq!(godtab_table_max_depth(null()), 0);
        godtab_table_close(null_mut());
    }
}

#[test]
fn empty_buffers_may_be_null() {
    let bytes = bytes_of("nine-digits");
    let table = open(&bytes);
    let goal = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    let sample = [4u8, 1, 3, 5, 2, 6, 7, 8, 9];
    let mut len = usize::MAX;
    // SAFETY: NULL buffers of capacity 0.
    unsafe {
        assert_eq!(godtab_solve(&*table, goal.as_ptr(), 9, null_mut(), 0, &mut len), GODTAB_OK);
        assert_eq!(len, 0, "the goal's solution is empty");
        assert_eq!(godtab_solve(&*table, sample.as_ptr(), 9, null_mut(), 0, &mut len), GODTAB_ERROR_BUFFER_TOO_SMALL);
        assert_eq!(len, 3, "the moves needed");
        let moves = [0u8, 0, 0];
        let status = godtab_format_moves(&*table, moves.as_ptr(), 3, c", ".as_ptr(), null_mut(), 0, &mut len);
        assert_eq!((status, len), (GODTAB_ERROR_BUFFER_TOO_SMALL, "A, A, A".len()));
        let status = godtab_format_moves(&*table, null(), 0, c" ".as_ptr(), null_mut(), 0, &mut len);
        assert_eq!((status, len), (GODTAB_ERROR_BUFFER_TOO_SMALL, 0), "no room for the NUL");
        assert_eq!(godtab_table_id(&*table, null_mut(), 0), GODTAB_ERROR_BUFFER_TOO_SMALL);
        assert_eq!(godtab_move_name(&*table, 0, null_mut(), 0), GODTAB_ERROR_BUFFER_TOO_SMALL);
    }
}

#[test]
fn short_buffers_are_refused_and_exact_ones_taken() {
    let bytes = bytes_of("eight-puzzle");
    let table = open(&bytes);
    let t: *const GodtabTable = &*table;
    let tiles = [2u8, 3, 4, 1, 5, 0, 7, 6, 8];
    let mut moves = [0u8; 19];
    let mut len = 0;
    let mut out = [0 as c_char; GODTAB_MAX_ID];
    // SAFETY: every buffer holds the capacity passed.
    unsafe {
        assert_eq!(godtab_solve(t, tiles.as_ptr(), 9, moves.as_mut_ptr(), 18, &mut len), GODTAB_ERROR_BUFFER_TOO_SMALL);
        assert_eq!(len, 19);
        assert_eq!(godtab_solve(t, tiles.as_ptr(), 9, moves.as_mut_ptr(), 19, &mut len), GODTAB_OK);
        assert_eq!(len, 19);
        // "eight-puzzle" is 12 bytes and a NUL.
        assert_eq!(godtab_table_id(t, out.as_mut_ptr(), 12), GODTAB_ERROR_BUFFER_TOO_SMALL);
        assert_eq!(godtab_table_id(t, out.as_mut_ptr(), 13), GODTAB_OK);
        assert_eq!(CStr::from_ptr(out.as_ptr()), c"eight-puzzle");
        assert_eq!(godtab_table_id(t, out.as_mut_ptr(), 0), GODTAB_ERROR_BUFFER_TOO_SMALL);
        assert_eq!(godtab_move_name(t, 0, out.as_mut_ptr(), 1), GODTAB_ERROR_BUFFER_TOO_SMALL);
        assert_eq!(godtab_move_name(t, 0, out.as_mut_ptr(), 2), GODTAB_OK);
        assert_eq!(CStr::from_ptr(out.as_ptr()), c"u");
        // The text and its NUL: 19 + 1 bytes.
        let mut text = [0 as c_char; 20];
        let sep = c"".as_ptr();
        let status = godtab_format_moves(t, moves.as_ptr(), 19, sep, text.as_mut_ptr(), 19, &mut len);
        assert_eq!((status, len), (GODTAB_ERROR_BUFFER_TOO_SMALL, 19));
        let status = godtab_format_moves(t, moves.as_ptr(), 19, sep, text.as_mut_ptr(), 20, &mut len);
        assert_eq!((status, len), (GODTAB_OK, 19));
        assert_eq!(CStr::from_ptr(text.as_ptr()), c"ullddrurdllurdruldr");
    }
}

#[test]
fn the_table_is_described() {
    for (id, cells, moves, depth, names) in [
        ("nine-digits", 9, 4, 15, ["A", "B", "C", "D"].as_slice()),
        ("nine-puzzle", 9, 6, 12, ["H1", "H2", "H3", "V1", "V2", "V3"].as_slice()),
        ("eight-puzzle", 9, 4, 31, ["u", "d", "l", "r"].as_slice()),
    ] {
        let bytes = bytes_of(id);
        let table = open(&bytes);
        let t: *const GodtabTable = &*table;
        let mut out = [0 as c_char; GODTAB_MAX_MOVE_NAME];
        let mut id_out = [0 as c_char; GODTAB_MAX_ID];
        // SAFETY: valid pointers and capacities.
        unsafe {
            assert_eq!(godtab_table_id(t, id_out.as_mut_ptr(), id_out.len()), GODTAB_OK);
            assert_eq!(CStr::from_ptr(id_out.as_ptr()).to_str(), Ok(id));
            assert_eq!(godtab_table_cells(t), cells);
            assert_eq!(godtab_table_moves(t), moves);
            assert_eq!(godtab_table_max_depth(t), depth);
            assert_eq!(godtab_table_verify(t), GODTAB_OK);
            for (index, name) in names.iter().enumerate() {
                assert_eq!(godtab_move_name(t, index, out.as_mut_ptr(), out.len()), GODTAB_OK);
                assert_eq!(CStr::from_ptr(out.as_ptr()).to_str(), Ok(*name));
            }
            for index in [moves, moves + 1, 255, usize::MAX] {
                assert_eq!(godtab_move_name(t, index, out.as_mut_ptr(), out.len()), GODTAB_ERROR_MOVE_INDEX);
            }
        }
        assert_eq!(names_of(&table, &[moves as u8]), Err(GODTAB_ERROR_MOVE_INDEX));
        assert_eq!(names_of(&table, &[0, 255]), Err(GODTAB_ERROR_MOVE_INDEX));
    }
}
