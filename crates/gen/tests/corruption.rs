//! Damaged tables: every truncation of every built-in table and fixture,
//! and every byte of their preambles and headers changed two ways, with a
//! dense sample of their sections. Each case must fail to open or fail
//! verify(); whatever opens must answer every query without panicking.

use godtab_gen::build_table;
use godtab_puzzles::builtin;
use godtab_runtime::{PREAMBLE_LEN, Table};

/// The built-in tables and the runtime's committed fixtures (every kind and
/// model, ranking and encoding).
fn tables() -> Vec<Vec<u8>> {
    let fixtures: [&[u8]; 6] = [
        include_bytes!("../../runtime/tests/fixtures/v2/slide-2x3.gtab"),
        include_bytes!("../../runtime/tests/fixtures/v2/slide-2x3-compact.gtab"),
        include_bytes!("../../runtime/tests/fixtures/v2/spin-2x2.gtab"),
        include_bytes!("../../runtime/tests/fixtures/v2/colours-2x3.gtab"),
        include_bytes!("../../runtime/tests/fixtures/v2/coupled.gtab"),
        include_bytes!("../../runtime/tests/fixtures/v2/flips-compact.gtab"),
    ];
    let builtins = builtin::ALL.iter().map(|b| build_table(b).expect("built-in table"));
    builtins.chain(fixtures.iter().map(|f| f.to_vec())).collect()
}

/// Runs queries on whatever opened: distances, solutions and lookups by
/// rank, on states spread over the rank space.
fn query_everything(table: &Table<&[u8]>) {
    let mut moves = [0u8; 256];
    let slots = table.slots().max(1);
    for i in 0..64u64 {
        let rank = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % slots;
        let _ = table.distance_of_rank(rank);
        if let Some(state) = table.state_of_rank(rank) {
            let d = table.distance(&state);
            let _ = table.solve_into(&state, &mut moves);
            if let Ok(Some(solution)) = table.solution(&state) {
                assert!(solution.count() <= usize::from(d.ok().flatten().unwrap_or(0)));
            }
        }
    }
    let _ = table.histogram().count();
    let _ = table.move_names().count();
}

/// Opens damaged bytes: returns whether the damage was caught (by open or
/// by verify), after querying whatever opened.
fn caught(bytes: &[u8]) -> bool {
    match Table::new(bytes) {
        Err(_) => true,
        Ok(table) => {
            query_everything(&table);
            table.verify().is_err()
        }
    }
}

#[test]
fn every_truncation_is_refused() {
    let mut cases = 0;
    for bytes in tables() {
        for len in 0..bytes.len() {
            assert!(Table::new(&bytes[..len]).is_err(), "opened a table cut to {len} bytes");
            cases += 1;
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Table::new(longer.as_slice()).is_err(), "opened a table with a byte appended");
    }
    assert!(cases > 500_000);
}

#[test]
fn every_changed_byte_is_caught() {
    let mut cases = 0;
    for bytes in tables() {
        let header_len = u32::from_le_bytes(bytes[32..36].try_into().unwrap());
        let header_end = PREAMBLE_LEN + header_len as usize;
        // Every byte of preamble and header, two ways; then a dense sample
        // of the sections, at least 10,000 positions (all of a fixture's).
        let payload_step = ((bytes.len() - header_end) / 10_000).max(1);
        let positions = (0..header_end).chain((header_end..bytes.len()).step_by(payload_step));
        for position in positions {
            for flip in [0x01u8, 0xFF] {
                let mut damaged = bytes.clone();
                damaged[position] ^= flip;
                assert!(caught(&damaged), "byte {position} ^ {flip:#04x} went unnoticed");
                cases += 1;
            }
        }
    }
    assert!(cases > 3 * 2 * 10_000);
}
