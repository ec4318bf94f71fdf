//! Damaged tables are refused with a message that says what and where.

use godtab_gen::build_table;
use godtab_puzzles::builtin;
use godtab_runtime::{Error, FORMAT_VERSION, Table};

fn nine() -> Vec<u8> {
    build_table(&builtin::NINE_PUZZLE).unwrap()
}

fn error(bytes: &[u8]) -> String {
    Table::new(bytes).unwrap_err().to_string()
}

#[test]
fn wrong_version_says_how_to_fix_it() {
    let mut bytes = nine();
    bytes[12..16].copy_from_slice(&2u32.to_le_bytes());
    assert_eq!(
        error(&bytes),
        format!(
            "built for format version 2, this is version {FORMAT_VERSION}: \
             regenerate it with `cargo xtask gen-tables` or `godtab gen`"
        )
    );
}

#[test]
fn preamble_damage() {
    let bytes = nine();
    assert!(error(&bytes[..0]).starts_with("not a godtab table"));
    assert!(error(b"hello").starts_with("not a godtab table"));
    assert_eq!(error(&bytes[..20]), "not a godtab table: 20 bytes is shorter than the 40-byte preamble");
    let mut big = bytes.clone();
    big[8..12].copy_from_slice(&0x0102_0304u32.to_be_bytes());
    assert!(error(&big).contains("big-endian"));
    let cut = &bytes[..bytes.len() - 1];
    assert!(error(cut).contains("is truncated"), "{}", error(cut));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(error(&longer).contains("followed by extra bytes"), "{}", error(&longer));
}

#[test]
fn checksum_catches_payload_damage() {
    let mut bytes = nine();
    let last = bytes.len() - 20;
    bytes[last] ^= 0x10;
    let table = Table::new(bytes.as_slice()).expect("structure is intact");
    let err = table.verify().unwrap_err();
    assert!(matches!(err, Error::Checksum { .. }));
    assert!(err.to_string().starts_with("the table is corrupt: checksum mismatch"), "{err}");
}
