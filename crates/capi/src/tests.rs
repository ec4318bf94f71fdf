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

fn names_of(table: &GodtabTable, moves: &[u8]) -> Result<String, Status> {
    names(table, moves, c" ")
}

#[test]
fn bad_states_get_their_status() {
    let bytes = bytes_of("eight-puzzle");
    let table = open(&bytes);
    assert_eq!(distance(&table, &[1, 2, 3, 4, 5, 6, 7, 8]), Err(GODTAB_ERROR_TILE_COUNT));
    assert_eq!(distance(&table, &[1, 2, 3, 4, 5, 6, 7, 8, 0, 0]), Err(GODTAB_ERROR_TILE_COUNT));
    assert_eq!(distance(&table, &[]), Err(GODTAB_ERROR_TILE_COUNT));
    assert_eq!(distance(&table, &[1, 2, 3, 4, 5, 6, 7, 8, 9]), Err(GODTAB_ERROR_UNKNOWN_TILE));
    assert_eq!(distance(&table, &[1, 2, 3, 4, 5, 6, 7, 8, 8]), Err(GODTAB_ERROR_REPEATED_TILE));
    assert_eq!(distance(&table, &[1, 2, 3, 4, 5, 6, 7, 8, 0]), Ok(0));
    assert_eq!(solve(&table, &[1, 2, 3, 4, 5, 6, 8, 7, 0]), Err(GODTAB_UNSOLVABLE));
    assert_eq!(distance(&table, &[1, 2, 3, 4, 5, 6, 8, 7, 0]), Err(GODTAB_UNSOLVABLE));
    assert_eq!(distance_text(&table, "1 2 3 4 5 6 7 8 q"), Err(GODTAB_ERROR_BAD_CHARACTER));
    assert_eq!(distance_text(&table, "1 2 3 4 5 6 7 8 999"), Err(GODTAB_ERROR_TILE_COUNT), "one character a tile");
    assert_eq!(distance_text(&table, "1,2,3,4,5,6,7,8,x"), Err(GODTAB_ERROR_BAD_CHARACTER));
    assert_eq!(distance_text(&table, "1 2 3 4 5 6 7 8 0"), Err(GODTAB_ERROR_UNKNOWN_TILE), "0 is no tile: x is");
    assert_eq!(distance_text(&table, ""), Err(GODTAB_ERROR_TILE_COUNT));
    assert_eq!(solve_text(&table, "1 2 3 4 5 6 8 7 x"), Err(GODTAB_UNSOLVABLE));
    let not_utf8 = [b'1', 0xff, b'2'];
    let mut d = 0;
    // SAFETY: three readable bytes.
    let status = unsafe { godtab_distance_text(&*table, not_utf8.as_ptr().cast(), 3, &mut d) };
    assert_eq!(status, GODTAB_ERROR_BAD_CHARACTER);
    // Counts no puzzle can have are refused without reading the tiles.
    let one = [1u8];
    for count in [17, usize::MAX / 2, usize::MAX] {
        // SAFETY: the count is refused before any byte past the first is read.
        assert_eq!(unsafe { godtab_distance(&*table, one.as_ptr(), count, &mut d) }, GODTAB_ERROR_TILE_COUNT);
        let mut len = 0;
        let mut moves = [0u8; 4];
        // SAFETY: as above.
        let status = unsafe { godtab_solve(&*table, one.as_ptr(), count, moves.as_mut_ptr(), 4, &mut len) };
        assert_eq!(status, GODTAB_ERROR_TILE_COUNT);
    }
    for len in [isize::MAX as usize + 1, usize::MAX - 1] {
        // SAFETY: as above: lengths no slice can have are refused first.
        let status = unsafe { godtab_distance_text(&*table, one.as_ptr().cast(), len, &mut d) };
        assert_eq!(status, GODTAB_ERROR_TILE_COUNT);
    }
}

#[test]
fn bytes_that_are_not_a_sound_table_get_their_status() {
    let good = bytes_of("nine-digits");
    let open_status = |bytes: &[u8]| {
        let mut table = storage();
        // SAFETY: valid storage and bytes.
        let status = unsafe { godtab_table_open(&mut *table, bytes.as_ptr(), bytes.len()) };
        // A failed open leaves the storage closed.
        let mut d = 0;
        if status != GODTAB_OK {
            let tiles = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
            // SAFETY: valid pointers.
            assert_eq!(unsafe { godtab_distance(&*table, tiles.as_ptr(), 9, &mut d) }, GODTAB_ERROR_NOT_OPEN);
        }
        status
    };
    assert_eq!(open_status(&[]), GODTAB_ERROR_NOT_A_TABLE);
    assert_eq!(open_status(&good[..39]), GODTAB_ERROR_NOT_A_TABLE);
    assert_eq!(open_status(&[0x55; 4096]), GODTAB_ERROR_NOT_A_TABLE);
    // A version no reader knows (the versions so far are 1 to 3).
    let mut version = good.clone();
    version[12..16].copy_from_slice(&99u32.to_le_bytes());
    assert_eq!(open_status(&version), GODTAB_ERROR_VERSION);
    let mut big_endian = good.clone();
    big_endian[8..12].reverse();
    assert_eq!(open_status(&big_endian), GODTAB_ERROR_VERSION);
    assert_eq!(open_status(&good[..good.len() - 1]), GODTAB_ERROR_CORRUPT);
    let mut longer = good.clone();
    longer.push(0);
    assert_eq!(open_status(&longer), GODTAB_ERROR_CORRUPT);
    let mut header = good.clone();
    header[41] ^= 0xff;
    assert_eq!(open_status(&header), GODTAB_ERROR_CORRUPT);
    // Every truncation, and every byte of the preamble and header changed:
    // never a panic, and a failure is one of the table statuses.
    let header_end = 40 + u32::from_le_bytes([good[32], good[33], good[34], good[35]]) as usize;
    for len in 0..header_end + 64 {
        let status = open_status(&good[..len]);
        assert!(matches!(status, GODTAB_ERROR_NOT_A_TABLE | GODTAB_ERROR_CORRUPT), "{len}: {status:?}");
    }
    for position in 0..header_end {
        let mut changed = good.clone();
        changed[position] ^= 0x5a;
        let status = open_status(&changed);
        assert!(
            matches!(status, GODTAB_OK | GODTAB_ERROR_NOT_A_TABLE | GODTAB_ERROR_VERSION | GODTAB_ERROR_CORRUPT),
            "{position}: {status:?}"
        );
    }

    // A changed answer opens (the checks at open are structural) but fails
    // verify; answering from it, the table may contradict itself.
    let mut damaged = good.clone();
    let parent_bytes = 362_880 * 2 / 8;
    let start = damaged.len() - parent_bytes;
    damaged[start..].fill(0xff);
    let table = open(&damaged);
    // SAFETY: an open table.
    assert_eq!(unsafe { godtab_table_verify(&*table) }, GODTAB_ERROR_CHECKSUM);
    let sound = Table::new(good.as_slice()).unwrap();
    let contradictions = (0..sound.slots())
        .step_by(97)
        .filter_map(|rank| sound.state_of_rank(rank))
        .map(|state| values_of(&sound, &state))
        .filter(|values| solve(&table, values) == Err(GODTAB_ERROR_CONTRADICTION))
        .count();
    assert!(contradictions > 0);
}

/// The tile values of a state.
fn values_of(table: &Table<&[u8]>, state: &godtab_puzzles::State) -> Vec<u8> {
    state.labels().iter().map(|&label| table.puzzle().value_of(label)).collect()
}

#[test]
fn a_table_is_open_only_where_it_was_opened_and_until_closed() {
    let bytes = bytes_of("nine-digits");
    let tiles = [4u8, 1, 3, 5, 2, 6, 7, 8, 9];
    let zeroed = storage();
    assert_eq!(distance(&zeroed, &tiles), Err(GODTAB_ERROR_NOT_OPEN));
    let mut table = open(&bytes);
    assert_eq!(distance(&table, &tiles), Ok(3));
    // A byte copy of an open table is not open (and closing it frees
    // nothing).
    let mut copy = storage();
    copy.opaque = table.opaque;
    assert_eq!(distance(&copy, &tiles), Err(GODTAB_ERROR_NOT_OPEN));
    // SAFETY: valid storage.
    unsafe { godtab_table_close(&mut *copy) };
    assert_eq!(distance(&table, &tiles), Ok(3));
    // SAFETY: valid storage; closing twice is allowed.
    unsafe {
        godtab_table_close(&mut *table);
        godtab_table_close(&mut *table);
    }
    assert_eq!(distance(&table, &tiles), Err(GODTAB_ERROR_NOT_OPEN));
    // SAFETY: valid storage.
    unsafe {
        assert_eq!(godtab_table_verify(&*table), GODTAB_ERROR_NOT_OPEN);
        assert_eq!(godtab_table_cells(&*table), 0);
    }
    // Storage anywhere, if aligned: inside a larger buffer of u64s.
    let mut words = vec![0u64; GODTAB_TABLE_WORDS + 1];
    let inner = words[1..].as_mut_ptr().cast::<GodtabTable>();
    // SAFETY: GODTAB_TABLE_SIZE writable bytes, aligned.
    unsafe {
        assert_eq!(godtab_table_open(inner, bytes.as_ptr(), bytes.len()), GODTAB_OK);
        let mut d = 0;
        assert_eq!(godtab_distance(inner, tiles.as_ptr(), 9, &mut d), GODTAB_OK);
        assert_eq!(d, 3);
    }
    // Misaligned storage is refused before anything is written.
    let misaligned = words.as_mut_ptr().cast::<u8>().wrapping_add(1).cast::<GodtabTable>();
    // SAFETY: the pointer is refused before use.
    unsafe {
        assert_eq!(godtab_table_open(misaligned, bytes.as_ptr(), bytes.len()), GODTAB_ERROR_MISALIGNED);
        assert_eq!(godtab_table_verify(misaligned), GODTAB_ERROR_MISALIGNED);
        godtab_table_close(misaligned);
    }
}

#[test]
fn files_are_opened_mapped_or_decompressed_and_closed() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = bytes_of("nine-puzzle");
    let plain = dir.path().join("nine-puzzle.gtab");
    let packed = dir.path().join("nine-puzzle.gtab.zst");
    std::fs::write(&plain, &bytes).unwrap();
    std::fs::write(&packed, godtab_files::compress(&bytes).unwrap()).unwrap();
    for path in [&plain, &packed] {
        let path = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        let mut table = storage();
        // SAFETY: valid storage and a C string.
        assert_eq!(unsafe { godtab_table_open_file(&mut *table, path.as_ptr()) }, GODTAB_OK);
        assert_eq!(solve_text(&table, "7 3 9 2 5 1 4 8 6").map(|m| names_of(&table, &m)), Ok(Ok("V1 V3 H1".into())));
        // SAFETY: an open table.
        unsafe {
            assert_eq!(godtab_table_verify(&*table), GODTAB_OK);
            godtab_table_close(&mut *table);
            godtab_table_close(&mut *table);
        }
        assert_eq!(distance_text(&table, "7 3 9 2 5 1 4 8 6"), Err(GODTAB_ERROR_NOT_OPEN));
    }

    let open_file = |path: &std::path::Path| {
        let path = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        let mut table = storage();
        // SAFETY: valid storage and a C string.
        let status = unsafe { godtab_table_open_file(&mut *table, path.as_ptr()) };
        assert_ne!(status, GODTAB_OK);
        status
    };
    assert_eq!(open_file(&dir.path().join("missing.gtab")), GODTAB_ERROR_IO);
    assert_eq!(open_file(dir.path()), GODTAB_ERROR_IO);
    let truncated = dir.path().join("truncated.gtab");
    std::fs::write(&truncated, &bytes[..1000]).unwrap();
    assert_eq!(open_file(&truncated), GODTAB_ERROR_CORRUPT);
    let packed_bytes = std::fs::read(&packed).unwrap();
    std::fs::write(&truncated, &packed_bytes[..packed_bytes.len() / 2]).unwrap();
    assert_eq!(open_file(&truncated), GODTAB_ERROR_CORRUPT);
    // A compressed preamble that declares a table of 1 TiB.
    let mut huge = bytes[..40].to_vec();
    huge[16..24].copy_from_slice(&(1u64 << 40).to_le_bytes());
    std::fs::write(&truncated, godtab_files::compress(&huge).unwrap()).unwrap();
    assert_eq!(open_file(&truncated), GODTAB_ERROR_TOO_LARGE);
    std::fs::write(&truncated, b"not a table at all").unwrap();
    assert_eq!(open_file(&truncated), GODTAB_ERROR_NOT_A_TABLE);
}

#[test]
fn a_panic_becomes_an_internal_error() {
    let status = catch_panic::status(|| panic!("a bug"));
    assert_eq!(status, GODTAB_ERROR_INTERNAL);
    assert_eq!(catch_panic::guard(7usize, || panic!("a bug")), 7);
}

#[test]
fn threads_share_an_open_table() {
    let bytes = bytes_of("eight-puzzle");
    let table = open(&bytes);
    let sound = Table::new(bytes.as_slice()).unwrap();
    let table: &GodtabTable = &table;
    std::thread::scope(|scope| {
        for thread in 0..4u64 {
            let sound = &sound;
            scope.spawn(move || {
                for rank in (thread..sound.slots()).step_by(41) {
                    let state = sound.state_of_rank(rank).unwrap();
                    let want = sound.distance(&state).unwrap().map(u32::from).ok_or(GODTAB_UNSOLVABLE);
                    assert_eq!(distance(table, &values_of(sound, &state)), want);
                }
            });
        }
    });
}

/// Over every state of every built-in puzzle, the C API answers what the
/// runtime answers: distances from tile values and from text, and (for
/// one state in 7) the solution.
#[test]
fn every_state_gets_the_runtimes_answer() {
    for b in builtin::ALL {
        let bytes = bytes_of(b.id);
        let table = open(&bytes);
        let sound = Table::new(bytes.as_slice()).unwrap();
        let mut runtime_moves = [0u8; GODTAB_MAX_SOLUTION];
        for rank in 0..sound.slots() {
            let state = sound.state_of_rank(rank).unwrap();
            let values = values_of(&sound, &state);
            let want = sound.distance(&state).unwrap();
            assert_eq!(distance(&table, &values).ok(), want.map(u32::from), "{} rank {rank}", b.id);
            if rank % 7 == 0 {
                let text = format!("{}", sound.display(&state));
                assert_eq!(distance_text(&table, &text).ok(), want.map(u32::from), "{} {text}", b.id);
                let n = sound.solve_into(&state, &mut runtime_moves).unwrap();
                assert_eq!(solve(&table, &values), Ok(runtime_moves[..n].to_vec()), "{} {text}", b.id);
            }
        }
    }
}

/// The 8-puzzle's pattern set of tiles 1-4 and 5-8.
fn eight_puzzle_patterns() -> Vec<u8> {
    let definition = builtin::EIGHT_PUZZLE.definition();
    let patterns: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
    let patterns = godtab_puzzles::PatternList::new(definition.puzzle(), patterns).unwrap();
    godtab_gen::pattern_set_bytes(&definition, &patterns, &Default::default()).unwrap()
}

fn solve_within(table: &GodtabTable, tiles: &[u8], max_nodes: u64) -> Result<Vec<u8>, Status> {
    let mut moves = [0u8; GODTAB_MAX_SOLUTION];
    let mut len = usize::MAX;
    let (ptr, count) = (tiles.as_ptr(), tiles.len());
    // SAFETY: valid pointers and lengths.
    match unsafe { godtab_solve_within(table, ptr, count, max_nodes, moves.as_mut_ptr(), moves.len(), &mut len) } {
        GODTAB_OK => Ok(moves[..len].to_vec()),
        status => Err(status),
    }
}

/// A pattern set opens in the same storage and answers every call a
/// complete table does, by search: the same solutions as the complete
/// table's, move for move, on one state in 11 (half of them unsolvable).
#[test]
fn a_pattern_set_answers_as_the_complete_table_does() {
    let set_bytes = eight_puzzle_patterns();
    let set = open(&set_bytes);
    let table_bytes = bytes_of("eight-puzzle");
    let table = open(&table_bytes);
    // SAFETY: open tables.
    unsafe {
        assert_eq!(godtab_table_kind(&*set), GODTAB_KIND_PATTERNS);
        assert_eq!(godtab_table_kind(&*table), GODTAB_KIND_COMPLETE);
        assert_eq!(godtab_table_kind(null()), GODTAB_KIND_NONE);
        assert_eq!(godtab_table_cells(&*set), 9);
        assert_eq!(godtab_table_moves(&*set), 4);
        assert_eq!(godtab_table_max_depth(&*set), GODTAB_MAX_SOLUTION as u32);
        assert_eq!(godtab_table_verify(&*set), GODTAB_OK);
    }
    let sound = Table::new(table_bytes.as_slice()).unwrap();
    let mut checked = 0;
    for rank in (0..sound.slots()).step_by(11) {
        let state = sound.state_of_rank(rank).unwrap();
        let values = values_of(&sound, &state);
        let want = sound.distance(&state).unwrap().map(u32::from);
        assert_eq!(distance(&set, &values).ok(), want, "{values:?}");
        assert_eq!(solve_within(&set, &values, 0), solve(&table, &values), "{values:?}");
        // Two tiles swapped: the other parity class, which cannot reach
        // the goal.
        let mut swapped = values.clone();
        let tiles: Vec<usize> = (0..9).filter(|&i| values[i] != 0).take(2).collect();
        swapped.swap(tiles[0], tiles[1]);
        assert_eq!(solve_within(&set, &swapped, 0), Err(GODTAB_UNSOLVABLE), "{swapped:?}");
        assert_eq!(distance(&set, &swapped), Err(GODTAB_UNSOLVABLE), "{swapped:?}");
        checked += 1;
    }
    assert_eq!(checked, 16_495);
    assert_eq!(
        solve_text(&set, "2 3 4 1 5 x 7 6 8").map(|m| names_of(&set, &m)),
        Ok(Ok("u l l d d r u r d l l u r d r u l d r".into()))
    );
    assert_eq!(distance_text(&set, "1 2 3 4 5 6 8 7 x"), Err(GODTAB_UNSOLVABLE));
    // A node limit is a status, and a complete table ignores it.
    let far = [2, 3, 4, 1, 5, 0, 7, 6, 8];
    assert_eq!(solve_within(&set, &far, 5), Err(GODTAB_ERROR_NODE_LIMIT));
    assert_eq!(solve_within(&table, &far, 5).map(|m| m.len()), Ok(19));
    let mut short = [0u8; 3];
    let mut len = 0;
    // SAFETY: valid pointers and lengths.
    let status = unsafe { godtab_solve_within(&*set, far.as_ptr(), 9, 0, short.as_mut_ptr(), 3, &mut len) };
    assert_eq!((status, len), (GODTAB_ERROR_BUFFER_TOO_SMALL, 19));
}

#[test]
fn a_pattern_set_file_opens_and_closes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("eight-patterns.gtab");
    std::fs::write(&path, eight_puzzle_patterns()).unwrap();
    let c_path = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    let mut table = storage();
    // SAFETY: valid storage and path; the table is closed once.
    unsafe {
        assert_eq!(godtab_table_open_file(&mut *table, c_path.as_ptr()), GODTAB_OK);
        assert_eq!(godtab_table_kind(&*table), GODTAB_KIND_PATTERNS);
        assert_eq!(distance_text(&table, "2 3 4 1 5 x 7 6 8"), Ok(19));
        godtab_table_close(&mut *table);
        assert_eq!(godtab_table_kind(&*table), GODTAB_KIND_NONE);
    }
}

/// A lookup opened over `bytes`, and the status of the open.
fn open_lookup(bytes: &[u8]) -> (Box<GodtabLookup>, Status) {
    let mut lookup = Box::new(GodtabLookup { opaque: [0; GODTAB_LOOKUP_WORDS] });
    // SAFETY: valid storage and bytes that outlive the lookup.
    let status = unsafe { godtab_lookup_open(&mut *lookup, bytes.as_ptr(), bytes.len()) };
    (lookup, status)
}

fn lookup_distance(lookup: &GodtabLookup, tiles: &[u8]) -> Result<u32, Status> {
    let mut d = u32::MAX;
    // SAFETY: valid pointers and lengths.
    match unsafe { godtab_lookup_distance(lookup, tiles.as_ptr(), tiles.len(), &mut d) } {
        GODTAB_OK => Ok(d),
        status => Err(status),
    }
}

fn lookup_solve(lookup: &GodtabLookup, tiles: &[u8], capacity: usize) -> (Status, Vec<u8>, usize) {
    let mut moves = [0u8; GODTAB_MAX_SOLUTION];
    let mut len = usize::MAX;
    let out = moves.as_mut_ptr();
    // SAFETY: valid pointers; `capacity` is at most the buffer's length.
    let status = unsafe { godtab_lookup_solve(lookup, tiles.as_ptr(), tiles.len(), out, capacity, &mut len) };
    let written = if status == GODTAB_OK { moves[..len].to_vec() } else { Vec::new() };
    (status, written, len)
}

#[test]
fn a_lookup_answers_every_state_as_the_table_does() {
    for b in builtin::ALL {
        let bytes = bytes_of(b.id);
        let table = open(&bytes);
        let (lookup, status) = open_lookup(&bytes);
        assert_eq!(status, GODTAB_OK, "{}", b.id);
        let sound = Table::new(bytes.as_slice()).unwrap();
        for rank in 0..sound.slots() {
            let values = values_of(&sound, &sound.state_of_rank(rank).unwrap());
            assert_eq!(lookup_distance(&lookup, &values), distance(&table, &values), "{} rank {rank}", b.id);
            if rank % 5 == 0 {
                let (status, moves, _) = lookup_solve(&lookup, &values, GODTAB_MAX_SOLUTION);
                match solve(&table, &values) {
                    Ok(expected) => assert_eq!((status, moves), (GODTAB_OK, expected), "{} rank {rank}", b.id),
                    Err(expected) => assert_eq!(status, expected, "{} rank {rank}", b.id),
                }
            }
        }
        let mut name = [0 as c_char; GODTAB_MAX_MOVE_NAME];
        for m in 0..sound.puzzle().move_count() {
            // SAFETY: valid pointers and lengths.
            assert_eq!(unsafe { godtab_lookup_move_name(&*lookup, m, name.as_mut_ptr(), name.len()) }, GODTAB_OK);
            // SAFETY: the call wrote a NUL-terminated name.
            let written = unsafe { CStr::from_ptr(name.as_ptr()) }.to_str().unwrap();
            assert_eq!(Some(written), sound.move_name(m));
        }
        let past = sound.puzzle().move_count();
        // SAFETY: as above.
        let status = unsafe { godtab_lookup_move_name(&*lookup, past, name.as_mut_ptr(), name.len()) };
        assert_eq!(status, GODTAB_ERROR_MOVE_INDEX);
    }
}

#[test]
fn a_lookup_refuses_what_it_cannot_answer_with_a_status() {
    let eight = bytes_of("eight-puzzle");
    let (lookup, _) = open_lookup(&eight);
    assert_eq!(lookup_distance(&lookup, &[1, 2, 3]), Err(GODTAB_ERROR_TILE_COUNT));
    assert_eq!(lookup_distance(&lookup, &[1, 2, 3, 4, 5, 6, 7, 8, 9]), Err(GODTAB_ERROR_UNKNOWN_TILE));
    assert_eq!(lookup_distance(&lookup, &[1, 1, 3, 4, 5, 6, 7, 8, 0]), Err(GODTAB_ERROR_REPEATED_TILE));
    assert_eq!(lookup_distance(&lookup, &[2, 1, 3, 4, 5, 6, 7, 8, 0]), Err(GODTAB_UNSOLVABLE));
    let sample = [2, 3, 4, 1, 5, 0, 7, 6, 8];
    assert_eq!(lookup_solve(&lookup, &sample, 3), (GODTAB_ERROR_BUFFER_TOO_SMALL, Vec::new(), 19));
    assert_eq!(lookup_solve(&lookup, &sample, 19).0, GODTAB_OK);
    // SAFETY: null pointers are refused before any use.
    unsafe {
        assert_eq!(godtab_lookup_distance(&*lookup, sample.as_ptr(), 9, null_mut()), GODTAB_ERROR_NULL);
        assert_eq!(godtab_lookup_distance(null(), sample.as_ptr(), 9, &mut 0), GODTAB_ERROR_NULL);
        assert_eq!(godtab_lookup_open(null_mut(), eight.as_ptr(), eight.len()), GODTAB_ERROR_NULL);
    }
    // Zeroed storage is not open; a pattern set and damaged bytes do not open.
    let zeroed = GodtabLookup { opaque: [0; GODTAB_LOOKUP_WORDS] };
    assert_eq!(lookup_distance(&zeroed, &sample), Err(GODTAB_ERROR_NOT_OPEN));
    assert_eq!(open_lookup(&eight_puzzle_patterns()).1, GODTAB_ERROR_UNSUPPORTED);
    assert_eq!(open_lookup(&eight[..eight.len() - 1]).1, GODTAB_ERROR_CORRUPT);
    assert_eq!(open_lookup(b"not a table at all, not at all, not at all").1, GODTAB_ERROR_NOT_A_TABLE);
    // A failed open over an open lookup leaves the storage closed.
    let (mut reopened, status) = open_lookup(&eight);
    assert_eq!((status, lookup_distance(&reopened, &sample)), (GODTAB_OK, Ok(19)));
    // SAFETY: valid storage and bytes.
    let status = unsafe { godtab_lookup_open(&mut *reopened, eight.as_ptr(), 100) };
    assert_eq!(status, GODTAB_ERROR_CORRUPT);
    assert_eq!(lookup_distance(&reopened, &sample), Err(GODTAB_ERROR_NOT_OPEN));
}
