//! A pattern set in the same storage as a complete table: the same
//! answers, by search, and its file opened and closed.

use super::*;

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
