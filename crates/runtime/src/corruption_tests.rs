//! Hostile headers: every field of the committed fixtures' headers (every
//! kind, ranking and encoding) rewritten to extreme values, in a file whose
//! preamble and checksum are right. Each must fail to open. (The sweeps of
//! truncations and changed bytes use only the public API: they run in
//! `godtab-gen`'s tests, over the built-in tables and these fixtures.)

use alloc::vec::Vec;

use crate::Table;
use crate::format::{self, Board, Body, Complete, Header, Model, OrbitModel, PREAMBLE_LEN, Preamble, Section, at};

fn fixtures() -> [&'static [u8]; 6] {
    [
        include_bytes!("../tests/fixtures/v2/slide-2x3.gtab"),
        include_bytes!("../tests/fixtures/v2/slide-2x3-compact.gtab"),
        include_bytes!("../tests/fixtures/v2/spin-2x2.gtab"),
        include_bytes!("../tests/fixtures/v2/colours-2x3.gtab"),
        include_bytes!("../tests/fixtures/v2/coupled.gtab"),
        include_bytes!("../tests/fixtures/v2/flips-compact.gtab"),
    ]
}

/// The complete table's fields of a header.
fn complete<'h, 'a>(header: &'h mut Header<'a>) -> &'h mut Complete<'a> {
    let Body::Complete(complete) = &mut header.body else { panic!("a complete table") };
    complete
}

/// Changes the board's fields of a header (none of an orbit puzzle's).
fn board(header: &mut Header<'_>, change: impl FnOnce(&mut Board<'_>)) {
    if let Model::Board(board) = &mut header.model {
        change(board);
    }
}

/// Changes the orbit model's fields of a header (none of a board's).
fn orbits(header: &mut Header<'_>, change: impl FnOnce(&mut OrbitModel<'_>)) {
    if let Model::Orbits(model) = &mut header.model {
        change(model);
    }
}

/// A table with this header and these sections, with a correct preamble
/// (length, checksum), so that only the header's content is wrong.
fn assemble(header: &Header<'_>, sections: &[u8]) -> Vec<u8> {
    let encoded = postcard::to_allocvec(header).expect("any header encodes");
    let start = (PREAMBLE_LEN + encoded.len()).next_multiple_of(8);
    let file_len = (start + sections.len()) as u64;
    let preamble =
        Preamble { version: format::FORMAT_VERSION, file_len, checksum: 0, header_len: encoded.len() as u32 };
    let mut file = preamble.write().to_vec();
    file.extend_from_slice(&encoded);
    file.resize(start, 0);
    file.extend_from_slice(sections);
    let checksum = format::checksum(&file);
    file[at::CHECKSUM..at::CHECKSUM + 8].copy_from_slice(&checksum.to_le_bytes());
    file
}

#[test]
fn extreme_header_fields_are_refused() {
    let mut cases = 0;
    for bytes in fixtures() {
        let header_len = u32::from_le_bytes(bytes[at::HEADER_LEN..at::HEADER_LEN + 4].try_into().unwrap()) as usize;
        let header_bytes = &bytes[PREAMBLE_LEN..PREAMBLE_LEN + header_len];
        let original = Header::decode(format::FORMAT_VERSION, header_bytes).expect("the header decodes");
        let Body::Complete(body) = &original.body else { panic!("a complete table") };
        let sections = &bytes[body.distance.offset as usize..];
        // Re-assembled untouched, it opens and verifies: the helper is right.
        let rebuilt = assemble(&original, sections);
        Table::new(rebuilt.as_slice()).expect("re-assembled table opens").verify().expect("and verifies");

        let huge = [u64::MAX, u64::MAX - 7, u64::MAX / 2, 1 << 62, u64::from(u32::MAX) + 8];
        let widths = [0u8, 9, 64, 65, 255];
        let mut variants: Vec<Header<'_>> = Vec::new();
        let with = |change: &dyn Fn(&mut Header<'_>)| {
            let mut h = Header::decode(format::FORMAT_VERSION, header_bytes).unwrap();
            change(&mut h);
            h
        };
        for &value in &huge {
            variants.push(with(&|h| complete(h).distance.offset = value));
            variants.push(with(&|h| complete(h).distance.length = value));
            variants.push(with(&|h| complete(h).parent.offset = value));
            variants.push(with(&|h| complete(h).parent.length = value));
            variants.push(with(&|h| complete(h).states = value));
            variants.push(with(&|h| complete(h).reachable = value));
            // A state count whose product with the width overflows, with
            // lengths to match what a wrapping multiply would give.
            variants.push(with(&|h| {
                complete(h).states = value;
                complete(h).distance.length =
                    format::section_len(value % (1 << 40), complete(h).distance.width).unwrap_or(0);
            }));
        }
        for &width in &widths {
            variants.push(with(&|h| complete(h).distance.width = width));
            variants.push(with(&|h| complete(h).parent.width = width));
        }
        variants.push(with(&|h| complete(h).reachable = 0));
        variants.push(with(&|h| complete(h).max_depth = 255));
        variants.push(with(&|h| complete(h).max_depth = complete(h).max_depth.wrapping_add(1)));
        variants.push(with(&|h| complete(h).max_depth = 0));
        variants.push(with(&|h| complete(h).histogram = &[]));
        variants.push(with(&|h| complete(h).histogram = &[1, 0, 0, 0, 0, 0, 0, 0]));
        variants.push(with(&|h| board(h, |b| b.rows = 0)));
        variants.push(with(&|h| board(h, |b| b.cols = 255)));
        variants.push(with(&|h| board(h, |b| b.rows = 4)));
        variants.push(with(&|h| board(h, |b| b.goal = &[1, 1, 1, 1, 1, 1, 1, 1, 1])));
        variants.push(with(&|h| board(h, |b| b.goal = &[])));
        variants.push(with(&|h| h.move_names = ""));
        variants.push(with(&|h| h.move_names = "a a"));
        variants.push(with(&|h| h.move_names = "a  b c d"));
        variants.push(with(&|h| board(h, |b| b.move_maps = &[0, 1, 2, 3, 4, 5, 6, 7, 7])));
        variants.push(with(&|h| board(h, |b| b.move_maps = &[0; 7])));
        variants.push(with(&|h| {
            board(h, |b| {
                b.kind = match b.kind {
                    format::KindTag::Permutation => format::KindTag::Sliding,
                    format::KindTag::Sliding => format::KindTag::Permutation,
                }
            })
        }));
        // Orbit puzzles: names, shapes, the solved state and the moves.
        for names in ["", "A", "PEG PEG", "PEG DISC EXTRA", "PEG 1DISC", "PEG  DISC", "EDGE End"] {
            variants.push(with(&|h| orbits(h, |o| o.names = names)));
        }
        for pieces in [&[][..], &[0, 3], &[17, 3], &[255, 255], &[5, 3], &[4, 3, 1], &[4]] {
            variants.push(with(&|h| orbits(h, |o| o.pieces = pieces)));
        }
        for orientations in [&[][..], &[0, 3], &[1, 17], &[1, 255], &[1], &[1, 3, 1]] {
            variants.push(with(&|h| orbits(h, |o| o.orientations = orientations)));
        }
        for solved in [&[][..], &[0, 1, 2, 3, 0, 1], &[0, 1, 2, 4, 0, 1, 2], &[0, 1, 2, 3, 0, 2, 2], &[255; 7]] {
            variants.push(with(&|h| orbits(h, |o| o.solved = solved)));
        }
        for solved_orientations in [&[][..], &[0; 6], &[0, 0, 0, 0, 3, 0, 0], &[2, 0, 0, 0, 0, 0, 0]] {
            variants.push(with(&|h| orbits(h, |o| o.solved_orientations = solved_orientations)));
        }
        for maps in [&[][..], &[0; 7], &[4, 1, 2, 3, 0, 5, 6], &[0, 1, 2, 3, 4, 5], &[0, 1, 2, 3, 4, 5, 7]] {
            variants.push(with(&|h| orbits(h, |o| o.move_maps = maps)));
        }
        variants.push(with(&|h| {
            orbits(h, |o| o.move_twists = o.move_twists.get(1..).unwrap_or_default());
        }));
        variants.push(with(&|h| orbits(h, |o| o.move_twists = &[])));
        variants.push(with(&|h| orbits(h, |o| o.move_twists = &[255; 14])));
        variants.push(with(&|h| orbits(h, |o| o.move_twists = &[255; 21])));
        variants.push(with(&|h| {
            h.ranking = match h.ranking {
                format::RankingTag::Parity => format::RankingTag::Lex,
                _ => format::RankingTag::Parity,
            }
        }));
        variants.push(with(&|h| {
            h.ranking = match h.ranking {
                format::RankingTag::Orbits => format::RankingTag::Multiset,
                _ => format::RankingTag::Orbits,
            }
        }));
        variants.push(with(&|h| {
            complete(h).distance = Section { offset: complete(h).parent.offset, ..complete(h).distance }
        }));
        variants.push(with(&|h| {
            complete(h).parent = Section { offset: complete(h).distance.offset, ..complete(h).parent }
        }));
        variants.push(with(&|h| complete(h).distance.offset += 8));
        variants.push(with(&|h| complete(h).parent.offset += 8));
        variants.push(with(&|h| complete(h).distance.offset = 3));
        // A change that leaves a field as it was (a width of 0 where there
        // is no section) is no damage.
        for header in variants.iter().filter(|h| **h != original) {
            let damaged = assemble(header, sections);
            assert!(Table::new(damaged.as_slice()).is_err(), "opened a table with header {header:?}");
            cases += 1;
        }
    }
    assert!(cases > 100);
}
