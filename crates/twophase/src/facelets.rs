//! The 54-letter facelet strings of Kociemba's `kociemba` package: the
//! faces U, R, F, D, L, B in that order, each face's nine stickers in
//! reading order (U seen from above with B at the top, D from below with F
//! at the top, the side faces with U at the top), each sticker the letter
//! of the face whose colour it has. The solved cube is
//! `UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB`.

use crate::cube::{CORNERS, Cube, EDGES};
use crate::error::CubeError;

/// The faces, in the order of a facelet string.
pub const FACES: [u8; 6] = *b"URFDLB";

/// The stickers of each corner position, its U or D sticker first, then
/// clockwise.
const CORNER_FACELETS: [[usize; 3]; CORNERS] =
    [[8, 9, 20], [6, 18, 38], [0, 36, 47], [2, 45, 11], [29, 26, 15], [27, 44, 24], [33, 53, 42], [35, 17, 51]];

/// The stickers of each edge position, the reference sticker (U, D, or for
/// the slice F or B) first.
const EDGE_FACELETS: [[usize; 2]; EDGES] = [
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

/// Each corner piece's colours, in the order of its home's stickers.
const CORNER_COLOURS: [[u8; 3]; CORNERS] = [*b"URF", *b"UFL", *b"ULB", *b"UBR", *b"DFR", *b"DLF", *b"DBL", *b"DRB"];

/// Each edge piece's colours.
const EDGE_COLOURS: [[u8; 2]; EDGES] =
    [*b"UR", *b"UF", *b"UL", *b"UB", *b"DR", *b"DF", *b"DL", *b"DB", *b"FR", *b"FL", *b"BL", *b"BR"];

impl Cube {
    /// The cube a facelet string describes (surrounding whitespace is
    /// ignored).
    ///
    /// # Errors
    ///
    /// The first problem found, checked in this order:
    /// [`CubeError::WrongLength`], [`CubeError::BadLetter`],
    /// [`CubeError::CentreMoved`], [`CubeError::ColourCount`],
    /// [`CubeError::NoSuchCorner`], [`CubeError::CornerTwice`],
    /// [`CubeError::NoSuchEdge`], [`CubeError::EdgeTwice`],
    /// [`CubeError::TwistedCorner`], [`CubeError::FlippedEdge`],
    /// [`CubeError::OddPermutation`].
    pub fn from_facelets(text: &str) -> Result<Cube, CubeError> {
        let bytes = text.trim().as_bytes();
        if bytes.len() != 54 {
            return Err(CubeError::WrongLength { len: bytes.len() });
        }
        if let Some(index) = bytes.iter().position(|b| !FACES.contains(b)) {
            return Err(CubeError::BadLetter { index, letter: bytes[index] });
        }
        for (f, &face) in FACES.iter().enumerate() {
            if bytes[9 * f + 4] != face {
                return Err(CubeError::CentreMoved { face, found: bytes[9 * f + 4] });
            }
        }
        for &colour in &FACES {
            let count = bytes.iter().filter(|&&b| b == colour).count();
            if count != 9 {
                return Err(CubeError::ColourCount { colour, count });
            }
        }
        let mut cube = Cube::SOLVED;
        let mut seen = 0u32;
        for (position, stickers) in CORNER_FACELETS.iter().enumerate() {
            let colours = stickers.map(|s| bytes[s]);
            let found = colours.iter().position(|&c| c == b'U' || c == b'D').and_then(|o| {
                let (a, b) = (colours[(o + 1) % 3], colours[(o + 2) % 3]);
                let piece = CORNER_COLOURS.iter().position(|c| c[0] == colours[o] && c[1] == a && c[2] == b)?;
                Some((piece, o))
            });
            let Some((piece, o)) = found else {
                return Err(CubeError::NoSuchCorner { position });
            };
            if seen & (1 << piece) != 0 {
                return Err(CubeError::CornerTwice { piece });
            }
            seen |= 1 << piece;
            cube.cp[position] = piece as u8;
            cube.co[position] = o as u8;
        }
        let mut seen = 0u32;
        for (position, stickers) in EDGE_FACELETS.iter().enumerate() {
            let colours = stickers.map(|s| bytes[s]);
            let found = EDGE_COLOURS.iter().enumerate().find_map(|(p, c)| {
                if *c == colours {
                    Some((p, 0))
                } else if c[0] == colours[1] && c[1] == colours[0] {
                    Some((p, 1))
                } else {
                    None
                }
            });
            let Some((piece, o)) = found else {
                return Err(CubeError::NoSuchEdge { position });
            };
            if seen & (1 << piece) != 0 {
                return Err(CubeError::EdgeTwice { piece });
            }
            seen |= 1 << piece;
            cube.ep[position] = piece as u8;
            cube.eo[position] = o;
        }
        cube.check_solvable()?;
        Ok(cube)
    }

    /// The cube's facelet string, as bytes (each one of `URFDLB`).
    #[must_use]
    pub fn to_facelets(&self) -> [u8; 54] {
        let mut out = [0u8; 54];
        for (f, &face) in FACES.iter().enumerate() {
            out[9 * f + 4] = face;
        }
        for (position, stickers) in CORNER_FACELETS.iter().enumerate() {
            let piece = usize::from(self.cp[position]);
            let o = usize::from(self.co[position]);
            for (k, &s) in stickers.iter().enumerate() {
                out[s] = CORNER_COLOURS[piece][(k + 3 - o) % 3];
            }
        }
        for (position, stickers) in EDGE_FACELETS.iter().enumerate() {
            let piece = usize::from(self.ep[position]);
            let o = usize::from(self.eo[position]);
            for (k, &s) in stickers.iter().enumerate() {
                out[s] = EDGE_COLOURS[piece][(k + o) % 2];
            }
        }
        out
    }
}

/// The cube's facelet string (54 letters of `URFDLB`).
impl core::fmt::Display for Cube {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Every byte is one of the six face letters, so always UTF-8.
        f.write_str(core::str::from_utf8(&self.to_facelets()).map_err(|_| core::fmt::Error)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_after_turns() {
        let mut c = Cube::SOLVED;
        for m in crate::Move::ALL.iter().cycle().step_by(7).take(40) {
            c = c.apply(*m);
            let text = c.to_facelets();
            assert_eq!(Cube::from_facelets(core::str::from_utf8(&text).unwrap()), Ok(c));
        }
    }
}
