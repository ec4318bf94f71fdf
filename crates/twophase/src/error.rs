//! The crate's errors: each says what was wrong and where, without
//! allocating.

use core::fmt;

use crate::cube::{CORNER_NAMES, EDGE_NAMES};

/// Why a facelet string or a list of pieces is not a cube the face turns
/// can reach.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CubeError {
    /// A facelet string must have 54 letters; this one had `len`.
    WrongLength {
        /// The letters (bytes) the text had, surrounding whitespace left out.
        len: usize,
    },
    /// A letter that is not one of `URFDLB`.
    BadLetter {
        /// Its position, 0..54.
        index: usize,
        /// The byte found.
        letter: u8,
    },
    /// A face's centre sticker is not that face's letter.
    CentreMoved {
        /// The face (`b'U'`, ...) whose centre is wrong.
        face: u8,
        /// The letter found there.
        found: u8,
    },
    /// A colour does not have exactly nine stickers.
    ColourCount {
        /// The colour (`b'U'`, ...).
        colour: u8,
        /// How many stickers have it.
        count: usize,
    },
    /// The three stickers of a corner position are no corner's colours.
    NoSuchCorner {
        /// The position (0..8, Kociemba's order: URF UFL ULB UBR DFR DLF
        /// DBL DRB).
        position: usize,
    },
    /// The two stickers of an edge position are no edge's colours.
    NoSuchEdge {
        /// The position (0..12, Kociemba's order: UR UF UL UB DR DF DL DB
        /// FR FL BL BR).
        position: usize,
    },
    /// A corner piece appears at two positions.
    CornerTwice {
        /// The piece (0..8).
        piece: usize,
    },
    /// An edge piece appears at two positions.
    EdgeTwice {
        /// The piece (0..12).
        piece: usize,
    },
    /// The corners' twists do not sum to a multiple of 3: one corner is
    /// twisted in place.
    TwistedCorner,
    /// The edges' flips do not sum to a multiple of 2: one edge is flipped.
    FlippedEdge,
    /// The corner and edge permutations have different parity: two pieces
    /// are swapped.
    OddPermutation,
    /// Pieces given by number are out of range or repeated.
    NotAPermutation,
    /// An orientation given by number is out of range.
    BadOrientation,
}

impl fmt::Display for CubeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = |b: &u8| char::from(*b);
        match self {
            CubeError::WrongLength { len } => write!(f, "a facelet string has 54 letters, this one {len}"),
            CubeError::BadLetter { index, letter } => {
                write!(f, "letter {}: {:?} is not a face (U, R, F, D, L or B)", index + 1, c(letter))
            }
            CubeError::CentreMoved { face, found } => {
                write!(f, "the centre of face {} is {}, not {}", c(face), c(found), c(face))
            }
            CubeError::ColourCount { colour, count } => {
                write!(f, "colour {} has {count} stickers, not 9", c(colour))
            }
            CubeError::NoSuchCorner { position } => {
                write!(f, "corner {}: its stickers are no corner's", CORNER_NAMES[*position])
            }
            CubeError::NoSuchEdge { position } => {
                write!(f, "edge {}: its stickers are no edge's", EDGE_NAMES[*position])
            }
            CubeError::CornerTwice { piece } => write!(f, "corner {} appears twice", CORNER_NAMES[*piece]),
            CubeError::EdgeTwice { piece } => write!(f, "edge {} appears twice", EDGE_NAMES[*piece]),
            CubeError::TwistedCorner => f.write_str("unsolvable: a corner is twisted (twists sum to no multiple of 3)"),
            CubeError::FlippedEdge => f.write_str("unsolvable: an edge is flipped (flips sum to an odd number)"),
            CubeError::OddPermutation => {
                f.write_str("unsolvable: two pieces are swapped (corner and edge permutations of different parity)")
            }
            CubeError::NotAPermutation => f.write_str("the piece numbers are not a permutation"),
            CubeError::BadOrientation => f.write_str("an orientation is out of range (corners 0..3, edges 0..2)"),
        }
    }
}

/// The longest bad token a [`ScrambleError`] keeps (longer ones are cut).
const TOKEN_KEEP: usize = 16;

/// A scramble token that is not a face move (`U`, `U2`, `U'`, ... in WCA
/// notation).
#[derive(Clone, PartialEq, Eq)]
pub struct ScrambleError {
    number: usize,
    offset: usize,
    token: [u8; TOKEN_KEEP],
    token_len: u8,
    cut: bool,
}

impl ScrambleError {
    pub(crate) fn new(number: usize, offset: usize, token: &str) -> ScrambleError {
        let mut keep = token.len().min(TOKEN_KEEP);
        while !token.is_char_boundary(keep) {
            keep -= 1;
        }
        let mut bytes = [0; TOKEN_KEEP];
        bytes[..keep].copy_from_slice(&token.as_bytes()[..keep]);
        ScrambleError { number, offset, token: bytes, token_len: keep as u8, cut: keep < token.len() }
    }

    /// The bad token's number in the text, from 1.
    #[must_use]
    pub fn number(&self) -> usize {
        self.number
    }

    /// The bad token's byte offset in the text.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The bad token (its first 16 bytes at most).
    #[must_use]
    pub fn token(&self) -> &str {
        core::str::from_utf8(&self.token[..usize::from(self.token_len)]).unwrap_or("")
    }
}

impl fmt::Display for ScrambleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.cut { "..." } else { "" };
        write!(
            f,
            "move {} ({:?}{dots}): not a face move (U, R, F, D, L or B, then nothing, 2 or ')",
            self.number,
            self.token()
        )
    }
}

impl fmt::Debug for ScrambleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ScrambleError({self})")
    }
}

/// Why bytes are not tables this crate can read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TablesError {
    /// The bytes do not start with this kind of table's label.
    BadMagic,
    /// Tables of another format version.
    Version {
        /// The version this crate reads.
        expected: u32,
        /// The version found.
        got: u32,
    },
    /// The bytes are not the length the header says, or not that of this
    /// kind of table.
    Length {
        /// The length this kind of table has.
        expected: u64,
        /// The length given.
        got: u64,
    },
}

impl fmt::Display for TablesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablesError::BadMagic => f.write_str("not two-phase tables (wrong label); regenerate them"),
            TablesError::Version { expected, got } => {
                write!(f, "two-phase tables of version {got}, this program reads {expected}; regenerate them")
            }
            TablesError::Length { expected, got } => {
                write!(f, "two-phase tables of {got} bytes, expected {expected}: truncated or not these tables")
            }
        }
    }
}

/// Why [`solve`](crate::solve) gave no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// Every sequence the search can find was tried: there is no solution
    /// within the length asked (as when it is below the cube's distance).
    NotFound,
    /// The node budget or the deadline of the limits ran out first.
    LimitReached,
    /// The longest length asked for is past [`MAX_SOLUTION`](crate::MAX_SOLUTION).
    TooLong,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotFound => f.write_str("no solution within the length asked"),
            SolveError::LimitReached => f.write_str("no solution found within the search limits"),
            SolveError::TooLong => f.write_str("the length asked is past the solution capacity (32)"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CubeError {}
#[cfg(feature = "std")]
impl std::error::Error for ScrambleError {}
#[cfg(feature = "std")]
impl std::error::Error for TablesError {}
#[cfg(feature = "std")]
impl std::error::Error for SolveError {}
