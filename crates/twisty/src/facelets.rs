//! The 3x3x3 cube's 54-character facelet strings, as Kociemba's
//! `kociemba` package and many cube programs write a cube: the faces U,
//! R, F, D, L, B in that order, each face's nine stickers in reading order
//! (U seen from above with B at the top, D from below with F at the top,
//! the side faces with U at the top), each sticker the letter of the face
//! whose colour it has. The solved cube is
//! `UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB`.
//!
//! A puzzle reads facelets when it is the cube of
//! `data/puzzles/cube-3x3x3.tws`: two orbits, 8 pieces of 3 orientations
//! and 12 of 2, in Kociemba's order (URF UFL ULB UBR DFR DLF DBL DRB; UR UF
//! UL UB DR DF DL DB FR FL BL BR), with moves U, R, F, D, L and B that
//! turn them as the faces do ([`is_standard_cube`] checks every one).

use crate::model::{Cells, MAX_POSITIONS, Twisty, cell, ori, piece};

/// The faces, in the order of a facelet string.
const FACES: [u8; 6] = *b"URFDLB";

/// The stickers of each corner position, its U or D sticker first, then
/// clockwise (Kociemba's `cornerFacelet`).
const CORNER_FACELETS: [[usize; 3]; 8] =
    [[8, 9, 20], [6, 18, 38], [0, 36, 47], [2, 45, 11], [29, 26, 15], [27, 44, 24], [33, 53, 42], [35, 17, 51]];

/// The stickers of each edge position (Kociemba's `edgeFacelet`).
const EDGE_FACELETS: [[usize; 2]; 12] = [
    [5, 10],
    [7, 19],
    [3, 37],
    [1, 46],
    [32, 16],
    [28, 25],
    [30, 43],
    [34, 52],
    [23, 12],
    [21, 41],
    [50, 39],
    [48, 14],
];

/// Each corner piece's colours, in the order of its position's stickers.
const CORNER_COLOURS: [&[u8; 3]; 8] = [b"URF", b"UFL", b"ULB", b"UBR", b"DFR", b"DLF", b"DBL", b"DRB"];

/// Each edge piece's colours.
const EDGE_COLOURS: [&[u8; 2]; 12] =
    [b"UR", b"UF", b"UL", b"UB", b"DR", b"DF", b"DL", b"DB", b"FR", b"FL", b"BL", b"BR"];

/// Each face turn's effect on the corners and edges, as positions get
/// pieces (passive) and orientations (Kociemba's cubie moves):
/// `(corner map, corner twist, edge map, edge twist)`.
type Turn = ([u8; 8], [u8; 8], [u8; 12], [u8; 12]);
const TURNS: [(&str, Turn); 6] = [
    ("U", ([3, 0, 1, 2, 4, 5, 6, 7], [0; 8], [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11], [0; 12])),
    ("R", ([4, 1, 2, 0, 7, 5, 6, 3], [2, 0, 0, 1, 1, 0, 0, 2], [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0], [0; 12])),
    (
        "F",
        (
            [1, 5, 2, 3, 0, 4, 6, 7],
            [1, 2, 0, 0, 2, 1, 0, 0],
            [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
            [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
        ),
    ),
    ("D", ([0, 1, 2, 3, 5, 6, 7, 4], [0; 8], [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11], [0; 12])),
    ("L", ([0, 2, 6, 3, 4, 1, 5, 7], [0, 1, 2, 0, 0, 2, 1, 0], [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11], [0; 12])),
    (
        "B",
        (
            [0, 1, 3, 7, 4, 5, 2, 6],
            [0, 0, 1, 2, 0, 0, 2, 1],
            [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
            [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
        ),
    ),
];

/// Whether `puzzle` is the 3x3x3 cube in Kociemba's numbering, so that
/// facelet strings are its states.
#[must_use]
pub fn is_standard_cube(puzzle: &Twisty) -> bool {
    let orbits = puzzle.orbits();
    let shape = orbits.len() == 2
        && (orbits[0].pieces, orbits[0].orientations) == (8, 3)
        && (orbits[1].pieces, orbits[1].orientations) == (12, 2)
        && puzzle.distinct();
    shape
        && TURNS.iter().all(|(name, (cp, co, ep, eo))| {
            puzzle.moves().iter().find(|m| m.name == *name).is_some_and(|m| {
                (0..8).all(|i| m.map[i] == cp[i] && m.twist[i] == co[i])
                    && (0..12).all(|i| usize::from(m.map[8 + i]) == 8 + usize::from(ep[i]) && m.twist[8 + i] == eo[i])
            })
        })
}

/// Why a text is not a facelet string of a cube.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FaceletError(pub String);

/// The state a facelet string describes (the puzzle must be the standard
/// cube, [`is_standard_cube`]).
///
/// # Errors
///
/// A [`FaceletError`] if the text is not 54 face letters with the centres
/// in place, or a corner's or edge's stickers are no piece's, or a piece
/// appears twice. (Whether the moves can make the state is not checked
/// here.)
pub fn parse(text: &str) -> Result<Cells, FaceletError> {
    let bytes = text.trim().as_bytes();
    let fail = |message: String| Err(FaceletError(message));
    if bytes.len() != 54 {
        return fail(format!("a facelet string has 54 letters, this one {}", bytes.len()));
    }
    if let Some(at) = bytes.iter().position(|b| !FACES.contains(b)) {
        return fail(format!("letter {}: {:?} is not a face (U, R, F, D, L or B)", at + 1, char::from(bytes[at])));
    }
    for (f, &face) in FACES.iter().enumerate() {
        if bytes[9 * f + 4] != face {
            return fail(format!(
                "the centre of face {} (letter {}) is not {}",
                char::from(face),
                9 * f + 5,
                char::from(face)
            ));
        }
    }
    let mut state = [0u8; MAX_POSITIONS];
    let mut seen = [false; 20];
    for (i, stickers) in CORNER_FACELETS.iter().enumerate() {
        let colours = stickers.map(|s| bytes[s]);
        let Some(o) = colours.iter().position(|&c| c == b'U' || c == b'D') else {
            return fail(format!("corner {}: no U or D sticker", corner_name(i)));
        };
        let (a, b) = (colours[(o + 1) % 3], colours[(o + 2) % 3]);
        let Some(p) = CORNER_COLOURS.iter().position(|c| c[0] == colours[o] && c[1] == a && c[2] == b) else {
            return fail(format!("corner {}: its stickers are no corner's", corner_name(i)));
        };
        if std::mem::replace(&mut seen[p], true) {
            return fail(format!("corner {} appears twice", corner_name(p)));
        }
        state[i] = cell(p, o as u8);
    }
    for (i, stickers) in EDGE_FACELETS.iter().enumerate() {
        let colours = stickers.map(|s| bytes[s]);
        let found = EDGE_COLOURS.iter().enumerate().find_map(|(p, c)| {
            if **c == colours {
                Some((p, 0))
            } else if c[0] == colours[1] && c[1] == colours[0] {
                Some((p, 1))
            } else {
                None
            }
        });
        let Some((p, flip)) = found else {
            return fail(format!("edge {}: its stickers are no edge's", edge_name(i)));
        };
        if std::mem::replace(&mut seen[8 + p], true) {
            return fail(format!("edge {} appears twice", edge_name(p)));
        }
        state[8 + i] = cell(8 + p, flip);
    }
    Ok(state)
}

/// The facelet string of a state of the standard cube.
#[must_use]
pub fn display(state: &Cells) -> String {
    let mut out: [u8; 54] = core::array::from_fn(|i| FACES[i / 9]);
    for (i, stickers) in CORNER_FACELETS.iter().enumerate() {
        let (p, o) = (piece(state[i]) % 8, usize::from(ori(state[i])));
        for n in 0..3 {
            out[stickers[(n + o) % 3]] = CORNER_COLOURS[p][n];
        }
    }
    for (i, stickers) in EDGE_FACELETS.iter().enumerate() {
        let (p, o) = ((piece(state[8 + i]) + 12 - 8) % 12, usize::from(ori(state[8 + i])));
        for n in 0..2 {
            out[stickers[(n + o) % 2]] = EDGE_COLOURS[p][n];
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn corner_name(i: usize) -> String {
    String::from_utf8_lossy(CORNER_COLOURS[i % 8]).into_owned()
}

fn edge_name(i: usize) -> String {
    String::from_utf8_lossy(EDGE_COLOURS[i % 12]).into_owned()
}
