//! Damaged tables are refused with a message that says what and where, and
//! a table damaged in a way the structure checks cannot see never gives a
//! wrong answer: a query that finds it inconsistent reports corruption.

use godtab_runtime::{Error, FORMAT_VERSION, QueryError, Table};

const SLIDE: &[u8] = include_bytes!("fixtures/v2/slide-2x3.gtab");
const COMPACT: &[u8] = include_bytes!("fixtures/v2/slide-2x3-compact.gtab");

fn error(bytes: &[u8]) -> String {
    Table::new(bytes).unwrap_err().to_string()
}

/// The table with its checksum made right again after changing its bytes:
/// the damage the checksum cannot see.
fn with_fresh_checksum(mut bytes: Vec<u8>) -> Vec<u8> {
    bytes[24..32].fill(0);
    let checksum = xxhash_rust::xxh3::xxh3_64(&bytes);
    bytes[24..32].copy_from_slice(&checksum.to_le_bytes());
    bytes
}

#[test]
fn wrong_version_is_named() {
    let mut bytes = SLIDE.to_vec();
    bytes[12..16].copy_from_slice(&7u32.to_le_bytes());
    assert_eq!(error(&bytes), format!("built for format version 7; this reader reads versions 1 to {FORMAT_VERSION}"));
    bytes[12..16].copy_from_slice(&0u32.to_le_bytes());
    assert!(error(&bytes).starts_with("built for format version 0;"));
}

#[test]
fn preamble_damage() {
    assert!(error(&SLIDE[..0]).starts_with("not a godtab table"));
    assert!(error(b"hello").starts_with("not a godtab table"));
    assert_eq!(error(&SLIDE[..20]), "not a godtab table: 20 bytes is shorter than the 40-byte preamble");
    let mut big = SLIDE.to_vec();
    big[8..12].copy_from_slice(&0x0102_0304u32.to_be_bytes());
    assert!(error(&big).contains("big-endian"));
    let cut = &SLIDE[..SLIDE.len() - 1];
    assert!(error(cut).contains("is truncated"), "{}", error(cut));
    let mut longer = SLIDE.to_vec();
    longer.push(0);
    assert!(error(&longer).contains("followed by extra bytes"), "{}", error(&longer));
    // Library messages give no command-line advice: the program adds its own.
    assert!(!error(&longer).contains("xtask") && !error(&longer).contains("godtab gen"));
}

#[test]
fn checksum_catches_payload_damage() {
    let mut bytes = SLIDE.to_vec();
    let last = bytes.len() - 20;
    bytes[last] ^= 0x10;
    let table = Table::new(bytes.as_slice()).expect("structure is intact");
    let err = table.verify().unwrap_err();
    assert!(matches!(err, Error::Checksum { .. }));
    assert!(err.to_string().starts_with("the table is corrupt: checksum mismatch"), "{err}");
}

#[test]
fn strings_in_the_header_are_printable() {
    // The id "slide-2x3" with a NUL byte in place of its dash: still UTF-8,
    // same length, so the header decodes; open must refuse it.
    let at = SLIDE.windows(9).position(|w| w == b"slide-2x3").unwrap();
    let mut bytes = SLIDE.to_vec();
    bytes[at + 5] = 0;
    let err = error(&with_fresh_checksum(bytes));
    assert!(err.contains("puzzle id"), "{err}");
    // A move name with a control character.
    let names = SLIDE.windows(7).position(|w| w == b"u d l r").unwrap();
    let mut bytes = SLIDE.to_vec();
    bytes[names + 2] = 0x1b;
    let err = error(&with_fresh_checksum(bytes));
    assert!(err.contains("move 1's name"), "{err}");
    // The generator's name.
    let generator = SLIDE.windows(10).position(|w| w == b"godtab-gen").unwrap();
    let mut bytes = SLIDE.to_vec();
    bytes[generator] = b'\n';
    let err = error(&with_fresh_checksum(bytes));
    assert!(err.contains("generator"), "{err}");
}

#[test]
fn an_overwritten_payload_is_corruption_not_an_answer() {
    for fixture in [SLIDE, COMPACT] {
        // Every state of this puzzle is reachable, so the unreachable mark
        // anywhere is damage: never "unsolvable".
        // The sections start after the header, at a multiple of 8.
        let header_len = u32::from_le_bytes(fixture[32..36].try_into().unwrap()) as usize;
        let sections = (40 + header_len).next_multiple_of(8);
        let mut bytes = fixture.to_vec();
        bytes[sections..].fill(0xFF);
        let bytes = with_fresh_checksum(bytes);
        let table = Table::new(bytes.as_slice()).unwrap();
        table.verify().unwrap();
        for rank in 0..table.slots() {
            let state = table.state_of_rank(rank).unwrap();
            assert!(matches!(table.distance(&state), Err(QueryError::Corrupt(_))), "rank {rank}");
            assert!(matches!(table.distance_of_rank(rank), Err(QueryError::Corrupt(_))), "rank {rank}");
            assert!(matches!(table.solve_into(&state, &mut [0; 64]), Err(QueryError::Corrupt(_))), "rank {rank}");
        }
    }
}

#[test]
fn a_state_of_another_puzzle_is_refused() {
    let slide = Table::new(SLIDE).unwrap();
    let colours = Table::new(&include_bytes!("fixtures/v2/colours-2x3.gtab")[..]).unwrap();
    let spin = Table::new(&include_bytes!("fixtures/v2/spin-2x2.gtab")[..]).unwrap();
    // Same board size, other tiles; and another cell count.
    for state in [colours.parse("1 1 2 2 3 3").unwrap(), spin.parse("1 2 3 4").unwrap()] {
        assert_eq!(slide.distance(&state), Err(QueryError::WrongPuzzle));
        assert!(matches!(slide.solution(&state), Err(QueryError::WrongPuzzle)));
        assert_eq!(slide.solve_into(&state, &mut [0; 64]), Err(QueryError::WrongPuzzle));
        assert_eq!(slide.distances(&[state], &mut [None]), Err(QueryError::WrongPuzzle));
    }
    // The compact table of the same puzzle shares its states.
    let compact = Table::new(COMPACT).unwrap();
    let state = slide.parse("1 2 3 x 4 5").unwrap();
    assert_eq!(compact.distance(&state), Ok(Some(2)));
}
