//! The lean lookup through the C API: every state answered as the table
//! answers it, and what it cannot answer refused with a status.

use super::*;

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
