//! Hostile tables: every truncation, every byte of the preamble and header
//! changed, a dense sample of payload bytes changed, and header fields
//! rewritten to extreme values. Each case must fail to open or fail
//! verify(); whatever opens must answer every query without panicking.

use alloc::vec::Vec;

use godtab_puzzles::builtin;

use crate::Table;
use crate::format::{self, Header, PREAMBLE_LEN, Section, at};

fn builtin_tables() -> Vec<Vec<u8>> {
    builtin::ALL.iter().map(|b| godtab_gen::build_table(b).expect("built-in table")).collect()
}

/// Runs queries on whatever opened: distances, solutions and lookups by
/// rank, on states spread over the rank space.
fn query_everything(table: &Table<&[u8]>) {
    let mut moves = [0u8; 256];
    let states = table.states().max(1);
    for i in 0..64u64 {
        let rank = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % states;
        let _ = table.distance_of_rank(rank);
        if let Some(state) = table.state_of_rank(rank) {
            let d = table.distance(&state);
            let _ = table.solve_into(&state, &mut moves);
            if let Some(solution) = table.solution(&state) {
                assert!(solution.count() <= usize::from(d.unwrap_or(0)));
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
    for bytes in builtin_tables() {
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
    for bytes in builtin_tables() {
        let header_len = u32::from_le_bytes(bytes[at::HEADER_LEN..at::HEADER_LEN + 4].try_into().unwrap());
        let header_end = PREAMBLE_LEN + header_len as usize;
        // Every byte of preamble and header, two ways; then a dense sample
        // of the sections, at least 10,000 positions.
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

/// A table with this header and these sections, with a correct preamble
/// (length, checksum), so that only the header's content is wrong.
fn assemble(header: &Header<'_>, sections: &[u8]) -> Vec<u8> {
    let encoded = postcard::to_allocvec(header).expect("any header encodes");
    let mut file = Vec::new();
    file.extend_from_slice(&format::MAGIC);
    file.extend_from_slice(&format::ENDIAN_MARKER.to_le_bytes());
    file.extend_from_slice(&format::FORMAT_VERSION.to_le_bytes());
    file.extend_from_slice(&[0; 8]); // length, below
    file.extend_from_slice(&[0; 8]); // checksum, below
    file.extend_from_slice(&(encoded.len() as u32).to_le_bytes());
    file.extend_from_slice(&[0; 4]);
    file.extend_from_slice(&encoded);
    file.resize(file.len().next_multiple_of(8), 0);
    file.extend_from_slice(sections);
    let len = file.len() as u64;
    file[at::FILE_LEN..at::FILE_LEN + 8].copy_from_slice(&len.to_le_bytes());
    let checksum = format::checksum(&file);
    file[at::CHECKSUM..at::CHECKSUM + 8].copy_from_slice(&checksum.to_le_bytes());
    file
}

#[test]
fn extreme_header_fields_are_refused() {
    let mut cases = 0;
    for bytes in builtin_tables() {
        let header_len = u32::from_le_bytes(bytes[at::HEADER_LEN..at::HEADER_LEN + 4].try_into().unwrap()) as usize;
        let (original, _) = postcard::take_from_bytes::<Header<'_>>(&bytes[PREAMBLE_LEN..PREAMBLE_LEN + header_len])
            .expect("the header decodes");
        let sections = &bytes[original.distance.offset as usize..];
        // Re-assembled untouched, it opens and verifies: the helper is right.
        let rebuilt = assemble(&original, sections);
        Table::new(rebuilt.as_slice()).expect("re-assembled table opens").verify().expect("and verifies");

        let huge = [u64::MAX, u64::MAX - 7, u64::MAX / 2, 1 << 62, u64::from(u32::MAX) + 8];
        let widths = [0u8, 9, 64, 65, 255];
        let mut variants: Vec<Header<'_>> = Vec::new();
        let with = |change: &dyn Fn(&mut Header<'_>)| {
            let (mut h, _) =
                postcard::take_from_bytes::<Header<'_>>(&bytes[PREAMBLE_LEN..PREAMBLE_LEN + header_len]).unwrap();
            change(&mut h);
            h
        };
        for &value in &huge {
            variants.push(with(&|h| h.distance.offset = value));
            variants.push(with(&|h| h.distance.length = value));
            variants.push(with(&|h| h.parent.offset = value));
            variants.push(with(&|h| h.parent.length = value));
            variants.push(with(&|h| h.states = value));
            variants.push(with(&|h| h.reachable = value));
            // A state count whose product with the width overflows, with
            // lengths to match what a wrapping multiply would give.
            variants.push(with(&|h| {
                h.states = value;
                h.distance.length = format::section_len(value % (1 << 40), h.distance.width).unwrap_or(0);
            }));
        }
        for &width in &widths {
            variants.push(with(&|h| h.distance.width = width));
            variants.push(with(&|h| h.parent.width = width));
        }
        variants.push(with(&|h| h.reachable = 0));
        variants.push(with(&|h| h.max_depth = 255));
        variants.push(with(&|h| h.max_depth = h.max_depth.wrapping_add(1)));
        variants.push(with(&|h| h.max_depth = 0));
        variants.push(with(&|h| h.histogram = &[]));
        variants.push(with(&|h| h.histogram = &[1, 0, 0, 0, 0, 0, 0, 0]));
        variants.push(with(&|h| h.rows = 0));
        variants.push(with(&|h| h.cols = 255));
        variants.push(with(&|h| h.rows = 4));
        variants.push(with(&|h| h.goal = &[1, 1, 1, 1, 1, 1, 1, 1, 1]));
        variants.push(with(&|h| h.goal = &[]));
        variants.push(with(&|h| h.move_names = ""));
        variants.push(with(&|h| h.move_names = "a b"));
        variants.push(with(&|h| h.move_names = "a  b c d"));
        variants.push(with(&|h| h.move_maps = &[0, 1, 2, 3, 4, 5, 6, 7, 7]));
        variants.push(with(&|h| h.move_maps = &[0; 7]));
        variants.push(with(&|h| {
            h.kind = match h.kind {
                format::KindTag::Permutation => format::KindTag::Sliding,
                format::KindTag::Sliding => format::KindTag::Permutation,
            }
        }));
        variants.push(with(&|h| {
            h.ranking = match h.ranking {
                format::RankingTag::Parity => format::RankingTag::Lex,
                _ => format::RankingTag::Parity,
            }
        }));
        variants.push(with(&|h| h.distance = Section { offset: h.parent.offset, ..h.distance }));
        variants.push(with(&|h| h.parent = Section { offset: h.distance.offset, ..h.parent }));
        variants.push(with(&|h| h.distance.offset += 8));
        variants.push(with(&|h| h.parent.offset += 8));
        variants.push(with(&|h| h.distance.offset = 3));
        for header in &variants {
            let damaged = assemble(header, sections);
            assert!(Table::new(damaged.as_slice()).is_err(), "opened a table with header {header:?}");
            cases += 1;
        }
    }
    assert!(cases > 100);
}
