//! Parsing facelet strings and scrambles: each error variant, with its
//! message.

use godtab_twophase::{Cube, CubeError, Move, parse_moves};

use crate::sim::SOLVED;

fn with(changes: &[(usize, u8)]) -> String {
    let mut b = SOLVED.as_bytes().to_vec();
    for &(i, c) in changes {
        b[i] = c;
    }
    String::from_utf8(b).unwrap()
}

fn err(text: &str) -> CubeError {
    Cube::from_facelets(text).unwrap_err()
}

#[test]
fn every_facelet_error() {
    assert_eq!(Cube::from_facelets(SOLVED), Ok(Cube::SOLVED));
    assert_eq!(Cube::from_facelets(&format!("  {SOLVED}\n")), Ok(Cube::SOLVED));
    let e = err(&SOLVED[..53]);
    assert_eq!(e, CubeError::WrongLength { len: 53 });
    assert!(e.to_string().contains("53"), "{e}");
    let e = err(&with(&[(10, b'X')]));
    assert_eq!(e, CubeError::BadLetter { index: 10, letter: b'X' });
    assert!(e.to_string().contains("'X'") && e.to_string().contains("11"), "{e}");
    let e = err(&with(&[(4, b'R'), (13, b'U')]));
    assert_eq!(e, CubeError::CentreMoved { face: b'U', found: b'R' });
    let e = err(&with(&[(0, b'R')]));
    assert_eq!(e, CubeError::ColourCount { colour: b'U', count: 8 });
    assert!(e.to_string().contains('8'), "{e}");
    // URF's stickers swapped R<->F: a colour set no corner has in that order.
    let e = err(&with(&[(9, b'F'), (20, b'R')]));
    assert_eq!(e, CubeError::NoSuchCorner { position: 0 });
    assert!(e.to_string().contains("URF"), "{e}");
    // UR's R sticker made U, and an edge's U sticker made R: UR is (U, U).
    let e = err(&with(&[(10, b'U'), (7, b'R')]));
    assert_eq!(e, CubeError::NoSuchEdge { position: 0 });
    assert!(e.to_string().contains("UR"), "{e}");
    // URF's colours at UFL's place too (corners are read before edges),
    // the counts kept by UR's R sticker made L.
    let e = err(&with(&[(18, b'R'), (38, b'F'), (10, b'L')]));
    assert_eq!(e, CubeError::CornerTwice { piece: 0 });
    assert!(e.to_string().contains("URF") && e.to_string().contains("twice"), "{e}");
    // UR at UF's place too (edges are read in order), the counts kept at
    // FR, read later.
    let e = err(&with(&[(19, b'R'), (12, b'F')]));
    assert_eq!(e, CubeError::EdgeTwice { piece: 0 });
    assert!(e.to_string().contains("UR") && e.to_string().contains("twice"), "{e}");
    // UR and UF swapped.
    let e = err(&with(&[(5, b'U'), (10, b'F'), (7, b'U'), (19, b'R')]));
    assert_eq!(e, CubeError::OddPermutation);
    assert!(e.to_string().contains("swapped"), "{e}");
    let e = err(&with(&[(8, b'R'), (9, b'F'), (20, b'U')]));
    assert_eq!(e, CubeError::TwistedCorner);
    let e = err(&with(&[(5, b'R'), (10, b'U')]));
    assert_eq!(e, CubeError::FlippedEdge);
}

#[test]
fn scrambles() {
    let cube = Cube::from_scramble("  R U\tR' U2\n").unwrap();
    let expected = Cube::SOLVED.apply_all([3, 0, 5, 1].map(|i| Move::new(i).unwrap()));
    assert_eq!(cube, expected);
    assert_eq!(Cube::from_scramble(""), Ok(Cube::SOLVED));
    let e = Cube::from_scramble("R U x2 F").unwrap_err();
    assert_eq!((e.number(), e.offset(), e.token()), (3, 4, "x2"));
    assert!(e.to_string().contains("\"x2\""), "{e}");
    for bad in ["r", "U3", "U'2", "Rw", "R2'"] {
        let e = parse_moves(bad).next().unwrap().unwrap_err();
        assert_eq!(e.token(), bad);
    }
    let names: Vec<String> =
        parse_moves("U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'").map(|m| m.unwrap().name().to_string()).collect();
    assert_eq!(names.join(" "), "U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'");
    for (i, m) in Move::ALL.iter().enumerate() {
        assert_eq!(m.index(), i);
    }
}
