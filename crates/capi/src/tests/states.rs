//! Every state of the built-in puzzles answered as the runtime answers it,
//! bad states and bad bytes refused with their status, a table open only
//! until closed, files mapped or decompressed, panics and threads.

use super::*;

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
