//! The postcard header: what the puzzle is ([`Model`]), how its states are
//! numbered, and what the file holds for it ([`Body`]); version 1's flat
//! header ([`HeaderV1`]), read into the same [`Header`]; the decoding of
//! either from a file's bytes.

use serde::{Deserialize, Serialize};

use super::body::{Body, BodyOf, Complete};
use super::{Encoding, PREAMBLE_LEN};
use crate::Error;

/// Everything about a table except its sections, as postcard encodes it
/// in versions 2 to 4. Strings and byte strings are borrowed from the file.
///
/// `B` is what a reader decodes of the body: every kind ([`Body`]), or a
/// complete table's alone ([`CompleteBody`](super::CompleteBody)), for a
/// reader that answers nothing else and need not carry the code that
/// decodes the others.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub(crate) struct Header<'a, B = Body<'a>> {
    /// The puzzle's id.
    pub puzzle_id: &'a str,
    /// What made the table, e.g. "godtab-gen 0.1.0".
    pub generator: &'a str,
    /// Move names in declared order, separated by single spaces.
    pub move_names: &'a str,
    /// What the puzzle is.
    #[serde(borrow)]
    pub model: Model<'a>,
    /// How its states are numbered.
    pub ranking: RankingTag,
    /// What the file holds for it.
    pub body: B,
}

/// What a puzzle is. New kinds of puzzle are new variants, numbered after
/// these.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub(crate) enum Model<'a> {
    /// A board of cells (variant 0).
    Board(#[serde(borrow)] Board<'a>),
    /// Pieces in orbits, with orientations (variant 1).
    Orbits(#[serde(borrow)] OrbitModel<'a>),
}

/// An orbit puzzle: its orbits, solved state and moves. Positions are
/// numbered across all orbits, each orbit's after the previous one's.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, Clone, Copy)]
pub(crate) struct OrbitModel<'a> {
    /// The orbits' names in order, separated by single spaces.
    pub names: &'a str,
    /// Pieces of each orbit.
    pub pieces: &'a [u8],
    /// Orientations of each orbit's pieces.
    pub orientations: &'a [u8],
    /// The solved state's piece at every position, numbered from 0 within
    /// its orbit.
    pub solved: &'a [u8],
    /// The solved state's orientation at every position.
    pub solved_orientations: &'a [u8],
    /// Every move's position map, one byte per position: after the move,
    /// position `i` holds the piece that was at `map[i]`.
    pub move_maps: &'a [u8],
    /// Every move's twist, one byte per position: the orientation at `i`
    /// after the move is the one that was at `map[i]` plus `twist[i]`,
    /// modulo the orbit's orientations.
    pub move_twists: &'a [u8],
}

/// A board puzzle: permutation moves as position maps, or sliding moves.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, Clone, Copy)]
pub(crate) struct Board<'a> {
    pub kind: KindTag,
    pub rows: u8,
    pub cols: u8,
    /// Tile values of the goal, cell by cell (0 is the blank of a sliding
    /// puzzle).
    pub goal: &'a [u8],
    /// Permutation puzzles: every move's position map, `cells` bytes each
    /// (`new[i] = old[map[i]]`). Empty for sliding puzzles.
    pub move_maps: &'a [u8],
}

/// Version 1's header: a board puzzle's complete table, its fields flat.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub(crate) struct HeaderV1<'a> {
    pub puzzle_id: &'a str,
    pub generator: &'a str,
    pub kind: KindTag,
    pub rows: u8,
    pub cols: u8,
    pub goal: &'a [u8],
    pub move_names: &'a str,
    pub move_maps: &'a [u8],
    pub ranking: RankingTag,
    pub encoding: Encoding,
    pub states: u64,
    pub reachable: u64,
    pub max_depth: u8,
    pub histogram: &'a [u8],
    pub distance: Section,
    pub parent: Section,
}

impl<'a, B: BodyOf<'a>> From<HeaderV1<'a>> for Header<'a, B> {
    fn from(v1: HeaderV1<'a>) -> Self {
        let HeaderV1 { puzzle_id, generator, kind, rows, cols, goal, move_names, move_maps, ranking, .. } = v1;
        let (encoding, states, reachable, max_depth) = (v1.encoding, v1.states, v1.reachable, v1.max_depth);
        let (histogram, distance, parent) = (v1.histogram, v1.distance, v1.parent);
        Self {
            puzzle_id,
            generator,
            move_names,
            model: Model::Board(Board { kind, rows, cols, goal, move_maps }),
            ranking,
            body: B::from(Complete { encoding, states, reachable, max_depth, histogram, distance, parent }),
        }
    }
}

impl<'a, B: BodyOf<'a>> Header<'a, B> {
    /// Decodes the header of a file of format `version`; the header must
    /// take every byte given (but those of a body `B` does not read).
    pub fn decode(version: u32, bytes: &'a [u8]) -> Result<Self, Error> {
        let end = PREAMBLE_LEN + bytes.len();
        let failed = |error| Error::Header { end, error: crate::error::DecodeError(error) };
        let (header, rest) = match version {
            1 => postcard::take_from_bytes::<HeaderV1<'a>>(bytes).map(|(h, rest)| (Header::from(h), rest)),
            _ => postcard::take_from_bytes::<Header<'a, B>>(bytes),
        }
        .map_err(failed)?;
        if !rest.is_empty() && header.body.read_in_full() {
            return Err(Error::corrupt("header", "bytes follow its last field"));
        }
        // A kind of table a version added is not written with an older
        // one: such a file was not made by a writer.
        if version >= 2 && version < header.body.oldest_version() {
            return Err(Error::corrupt(
                "format version (byte 12)",
                "older than the version that added its kind of table",
            ));
        }
        Ok(header)
    }
}

/// A packed section: `states` entries of `width` bits.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Section {
    /// From the start of the file; a multiple of 8.
    pub offset: u64,
    /// Bytes, exactly [`section_len`] of the entry count and width.
    pub length: u64,
    /// Bits per entry.
    pub width: u8,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KindTag {
    Permutation,
    Sliding,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RankingTag {
    Lex,
    Parity,
    BlankParity,
    Multiset,
    Orbits,
}

impl From<godtab_puzzles::Ranking> for RankingTag {
    fn from(r: godtab_puzzles::Ranking) -> Self {
        use godtab_puzzles::Ranking as R;
        match r {
            R::Lex => Self::Lex,
            R::Parity => Self::Parity,
            R::BlankParity => Self::BlankParity,
            R::Multiset => Self::Multiset,
            R::Orbits => Self::Orbits,
        }
    }
}

impl From<RankingTag> for godtab_puzzles::Ranking {
    fn from(r: RankingTag) -> Self {
        match r {
            RankingTag::Lex => Self::Lex,
            RankingTag::Parity => Self::Parity,
            RankingTag::BlankParity => Self::BlankParity,
            RankingTag::Multiset => Self::Multiset,
            RankingTag::Orbits => Self::Orbits,
        }
    }
}
