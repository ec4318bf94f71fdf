//! The table file format, version 2 (and version 1, which is still read):
//! constants, the preamble, the postcard header, and the sizes of the packed
//! sections. `docs/FORMAT.md` describes the same layout byte by byte.
//!
//! ```text
//! offset  size  field
//!      0     8  magic label "\x89GODTAB\n"
//!      8     4  endianness marker 0x01020304, little-endian (04 03 02 01)
//!     12     4  format version, u32 LE
//!     16     8  file length in bytes, u64 LE
//!     24     8  checksum: xxh3-64 of the whole file with these 8 bytes zeroed
//!     32     4  header length in bytes, u32 LE
//!     36     4  reserved, zero
//!     40     …  header (postcard), then zero padding to a multiple of 8
//!      …     …  the sections (offsets in the header)
//! ```
//!
//! Version 2's header says what the puzzle is ([`Model`]) and what the file
//! holds for it ([`Body`]), each an enum that later table kinds extend with
//! new variants; version 1's header held the same fields for the one kind
//! it knew, flat ([`HeaderV1`]), and reads into the same [`Header`].
//!
//! (Past 450 lines because it is the one place that defines the format:
//! every structure of every version's header is here.)

use godtab_puzzles::Puzzle;
use serde::{Deserialize, Serialize};

use crate::Error;

/// The first 8 bytes of every table file. The high-bit first byte and the
/// final newline catch 7-bit and line-ending conversions.
pub const MAGIC: [u8; 8] = *b"\x89GODTAB\n";

/// The newest format version this crate reads and writes.
///
/// Policy: any change to the layout or to the meaning of a field bumps the
/// version. Readers open every version from [`OLDEST_VERSION`] to their own
/// and name any other they find; tables are cheap to rebuild. A writer
/// writes the oldest version that holds the file (see
/// [`Encoding::version`]), so that readers of older versions still open
/// every file they can understand: version 3 adds the parity encoding and
/// nothing else, and version 4 adds orbit pattern sets.
pub const FORMAT_VERSION: u32 = 4;

/// The version field of a file that a generation is still writing (`godtab
/// gen` keeps its progress in it, to be continued with `--resume`): never a
/// table, named as what it is.
pub const UNFINISHED_VERSION: u32 = u32::from_le_bytes(*b"UNFI");

/// The oldest format version this crate still reads.
pub const OLDEST_VERSION: u32 = 1;

/// Bytes before the header.
pub const PREAMBLE_LEN: usize = 40;

/// The endianness marker as written (little-endian).
pub(crate) const ENDIAN_MARKER: u32 = 0x0102_0304;

/// The distance a search gives a rank it never reached (a state that cannot
/// reach the goal), in the arrays handed to the writer: above every
/// distance a table stores.
pub const UNREACHED: u8 = u8::MAX;

/// The longest generator name a header may hold, in bytes.
const MAX_GENERATOR: usize = 64;

/// Whether `name` can name a table's generator: at most 64 bytes of text
/// without control characters (it is printed). The writer and the reader
/// both apply it.
pub(crate) fn is_generator(name: &str) -> bool {
    name.len() <= MAX_GENERATOR && !name.chars().any(char::is_control)
}

/// Where each preamble field sits.
pub(crate) mod at {
    pub const MAGIC: usize = 0;
    pub const ENDIAN: usize = 8;
    pub const VERSION: usize = 12;
    pub const FILE_LEN: usize = 16;
    pub const CHECKSUM: usize = 24;
    pub const HEADER_LEN: usize = 32;
    pub const RESERVED: usize = 36;
}

/// Sections start at multiples of this.
pub(crate) const SECTION_ALIGN: u64 = 8;

/// The most bytes a header may take: far above any real one, and small
/// enough that a hostile length cannot make the reader do much work.
pub(crate) const MAX_HEADER_LEN: u32 = 1 << 16;

/// The fixed 40 bytes before the header: read and written here, and
/// nowhere else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preamble {
    /// The format version, one this crate reads.
    pub version: u32,
    /// The whole file's length.
    pub file_len: u64,
    /// The checksum (see [`checksum`]); zero while a file is being written.
    pub checksum: u64,
    /// The header's length: it starts right after the preamble.
    pub header_len: u32,
}

impl Preamble {
    /// Checks the preamble of `bytes` in order (magic label, endianness,
    /// version, length, reserved field, header length), before anything
    /// else of the file is trusted.
    pub fn read(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() < PREAMBLE_LEN {
            // A file that does not even start like a table is not one; an
            // empty one, or a piece of the magic label, is a table cut short.
            let start = bytes.len().min(MAGIC.len());
            if bytes[..start] != MAGIC[..start] {
                return Err(Error::NotATable);
            }
            return Err(Error::TooShort { len: bytes.len(), needed: PREAMBLE_LEN });
        }
        if bytes[at::MAGIC..at::MAGIC + MAGIC.len()] != MAGIC {
            return Err(Error::NotATable);
        }
        match read_u32(bytes, at::ENDIAN) {
            ENDIAN_MARKER => {}
            m if m == ENDIAN_MARKER.swap_bytes() => return Err(Error::BigEndian),
            _ => return Err(Error::corrupt("endianness marker (byte 8)", "is neither byte order")),
        }
        let version = read_u32(bytes, at::VERSION);
        if version == UNFINISHED_VERSION {
            return Err(Error::Unfinished);
        }
        if !(OLDEST_VERSION..=FORMAT_VERSION).contains(&version) {
            return Err(Error::Version { found: version });
        }
        let file_len = read_u64(bytes, at::FILE_LEN);
        if file_len != bytes.len() as u64 {
            return Err(Error::Length { declared: file_len, actual: bytes.len() as u64 });
        }
        if read_u32(bytes, at::RESERVED) != 0 {
            return Err(Error::corrupt("reserved field (byte 36)", "is not zero"));
        }
        let header_len = read_u32(bytes, at::HEADER_LEN);
        if header_len > MAX_HEADER_LEN {
            return Err(Error::corrupt("header length (byte 32)", "is larger than any header"));
        }
        if PREAMBLE_LEN + header_len as usize > bytes.len() {
            return Err(Error::corrupt("header length (byte 32)", "runs past the end of the file"));
        }
        Ok(Self { version, file_len, checksum: read_u64(bytes, at::CHECKSUM), header_len })
    }

    /// The preamble's bytes (the layout is the same in every version).
    #[cfg(feature = "alloc")]
    pub fn write(&self) -> [u8; PREAMBLE_LEN] {
        let mut out = [0u8; PREAMBLE_LEN];
        out[at::MAGIC..at::MAGIC + MAGIC.len()].copy_from_slice(&MAGIC);
        out[at::ENDIAN..at::ENDIAN + 4].copy_from_slice(&ENDIAN_MARKER.to_le_bytes());
        out[at::VERSION..at::VERSION + 4].copy_from_slice(&self.version.to_le_bytes());
        out[at::FILE_LEN..at::FILE_LEN + 8].copy_from_slice(&self.file_len.to_le_bytes());
        out[at::CHECKSUM..at::CHECKSUM + 8].copy_from_slice(&self.checksum.to_le_bytes());
        out[at::HEADER_LEN..at::HEADER_LEN + 4].copy_from_slice(&self.header_len.to_le_bytes());
        // The reserved field stays zero.
        out
    }

    /// The header's bytes in `bytes`, as [`Preamble::read`] checked them.
    pub fn header<'a>(&self, bytes: &'a [u8]) -> &'a [u8] {
        bytes.get(PREAMBLE_LEN..PREAMBLE_LEN + self.header_len as usize).unwrap_or_default()
    }
}

/// The little-endian `u32` at `offset` (0 past the end).
pub(crate) fn read_u32(bytes: &[u8], offset: usize) -> u32 {
    let mut word = [0u8; 4];
    if let Some(b) = bytes.get(offset..offset + 4) {
        word.copy_from_slice(b);
    }
    u32::from_le_bytes(word)
}

/// The little-endian `u64` at `offset` (0 past the end).
pub(crate) fn read_u64(bytes: &[u8], offset: usize) -> u64 {
    let mut word = [0u8; 8];
    if let Some(b) = bytes.get(offset..offset + 8) {
        word.copy_from_slice(b);
    }
    u64::from_le_bytes(word)
}

/// How a table stores its answers. The header records it by variant index
/// (postcard): `Full` is 0, `Compact` 1, `Parity` 2 (format version 3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Encoding {
    /// The distance and the parent move of every state: a distance is one
    /// read, a solution one read per move. The default.
    #[default]
    Full,
    /// Only the distance modulo 3, in 2 bits per state. When every move can
    /// be undone by a move (sliding puzzles always), a state's neighbours
    /// lie at distances `d-1`, `d` and `d+1`, which differ modulo 3, so the
    /// move that gets closer is found by trying the moves in declared order
    /// (the same canonical move a full table stores), and the distance by
    /// walking to the goal: O(d x moves) per distance query, O(moves) per
    /// solution step. For tables too large to store in full; refused for
    /// puzzles whose moves cannot undo each other ([`Encoding::check`]).
    Compact,
    /// One bit per state: `floor(d / 2) mod 2`. On a sliding board every
    /// move takes the blank to a cell of the other colour (as on a
    /// chessboard), so a state's distance is even or odd as its blank's
    /// colour is the goal blank's or not; with the stored bit that gives
    /// `d mod 4`, and neighbours lie at `d - 1` and `d + 1`, which differ
    /// modulo 4. Answers as [`Encoding::Compact`] does, in half its size.
    /// For sliding boards of distinct tiles, two rows and two columns or
    /// more (every state of the rank space reachable, so no marker is
    /// needed).
    Parity,
}

/// The widths of a table's sections and the value that marks an
/// unreachable rank: the rule both the writer and the reader apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Bits per distance entry.
    pub distance: u8,
    /// Bits per parent entry (0: no parent section).
    pub parent: u8,
    /// The stored value of an unreachable rank (every other stored value is
    /// a distance, or a distance modulo 3).
    pub marker: u8,
}

impl Encoding {
    /// The encoding's name, as `godtab gen --encoding` and every front end
    /// write it: "full", "compact", "parity".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Full => "full",
            Self::Compact => "compact",
            Self::Parity => "parity",
        }
    }

    /// Whether `puzzle`'s tables can be stored this way; if not, why.
    ///
    /// # Errors
    ///
    /// For [`Encoding::Compact`], when a move cannot be undone by a move: a
    /// neighbour could then be two moves further, which looks the same
    /// modulo 3 as one a move closer.
    pub fn check(self, puzzle: &Puzzle) -> Result<(), &'static str> {
        match self {
            Self::Compact if !puzzle.moves_undo_each_other() => {
                Err("the compact encoding needs every move to be undone by a move, and this puzzle's moves are one-way")
            }
            Self::Parity if puzzle.is_multi_tile() => Err("the parity encoding needs every move to change the \
                 distance's parity, and a multi-tile move of two cells keeps the blank's colour"),
            Self::Parity if !puzzle.has_parity_of_rank() => {
                Err("the parity encoding needs a puzzle whose every move flips a parity read from the state's rank: a \
                 sliding board of distinct tiles, two rows and two columns or more (its blank changes colour at \
                 every move); this puzzle is not one")
            }
            _ => Ok(()),
        }
    }

    /// The oldest format version that holds a table of this encoding.
    #[must_use]
    pub fn version(self) -> u32 {
        match self {
            Self::Full | Self::Compact => 2,
            Self::Parity => 3,
        }
    }

    /// How many distances the stored value of a state tells apart: a
    /// state's distance is known modulo this (with its parity, for
    /// [`Encoding::Parity`]); 0 for [`Encoding::Full`], which stores it.
    #[must_use]
    pub fn modulus(self) -> u8 {
        match self {
            Self::Full => 0,
            Self::Compact => 3,
            Self::Parity => 4,
        }
    }

    /// The layout of a table of this encoding for a puzzle of `moves` moves
    /// whose deepest state is `max_depth` moves away, with unreachable ranks
    /// or not.
    pub(crate) fn layout(self, max_depth: u8, unreachable: bool, moves: usize) -> Layout {
        match self {
            Self::Full => {
                let distance = bits_for(u64::from(max_depth) + u64::from(unreachable));
                Layout {
                    distance,
                    parent: bits_for(moves.saturating_sub(1) as u64),
                    marker: ((1u16 << distance.min(8)) - 1) as u8,
                }
            }
            Self::Compact => Layout { distance: 2, parent: 0, marker: 3 },
            // Every state is reachable: no marker (2 is never stored).
            Self::Parity => Layout { distance: 1, parent: 0, marker: 2 },
        }
    }

    /// The value stored for distance `d`.
    #[cfg(feature = "alloc")]
    pub(crate) fn stored(self, d: u8) -> u8 {
        match self {
            Self::Full => d,
            Self::Compact => d % 3,
            Self::Parity => (d / 2) % 2,
        }
    }
}

/// Everything about a table except its sections, as postcard encodes it
/// in version 2. Strings and byte strings are borrowed from the file.
///
/// `B` is what a reader decodes of the body: every kind ([`Body`]), or a
/// complete table's alone ([`CompleteBody`]), for a reader that answers
/// nothing else and need not carry the code that decodes the others.
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

/// What a table file holds, told apart by an explicit tag: a varint
/// before the body's fields ([`Body::COMPLETE`], [`Body::PATTERNS`],
/// [`Body::ORBIT_PATTERNS`]). A new kind of table is a new variant with the
/// next tag; a tag this reader does not know is refused as an unknown kind.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Body<'a> {
    /// A distance and a parent for every rank (tag 0).
    Complete(Complete<'a>),
    /// A pattern database per pattern of tiles (tag 1).
    Patterns(Patterns<'a>),
    /// A table per pattern over a twisty puzzle's orbits (tag 2).
    OrbitPatterns(OrbitPatterns<'a>),
}

impl Body<'_> {
    /// The tag of a complete table.
    pub const COMPLETE: u32 = 0;
    /// The tag of a pattern set.
    pub const PATTERNS: u32 = 1;
    /// The tag of an orbit pattern set.
    pub const ORBIT_PATTERNS: u32 = 2;
    /// Every tag's name, in tag order (serde's variant names).
    const NAMES: &'static [&'static str] = &["Complete", "Patterns", "OrbitPatterns"];

    /// The kind of table this body is.
    pub fn kind(&self) -> crate::TableKind {
        match self {
            Self::Complete(_) => crate::TableKind::Complete,
            Self::Patterns(_) => crate::TableKind::Patterns,
            Self::OrbitPatterns(_) => crate::TableKind::OrbitPatterns,
        }
    }
}

impl Serialize for Body<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Complete(c) => serializer.serialize_newtype_variant("Body", Self::COMPLETE, "Complete", c),
            Self::Patterns(p) => serializer.serialize_newtype_variant("Body", Self::PATTERNS, "Patterns", p),
            Self::OrbitPatterns(p) => {
                serializer.serialize_newtype_variant("Body", Self::ORBIT_PATTERNS, "OrbitPatterns", p)
            }
        }
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Body<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_body::<Body<'de>, D>(deserializer)
    }
}

/// What a reader decodes of a header's body (see [`Header`]).
pub(crate) trait BodyOf<'a>: Deserialize<'a> + From<Complete<'a>> {
    /// Whether every field of the body was read, so that the header must
    /// end with them.
    fn read_in_full(&self) -> bool;

    /// The body of kind `tag`, read from its fields in `fields` as far as
    /// this reader reads them; `None` for a tag it does not know.
    fn from_tag<V: serde::de::VariantAccess<'a>>(tag: u32, fields: V) -> Option<Result<Self, V::Error>>;

    /// The oldest format version that holds a body of this kind.
    fn oldest_version(&self) -> u32;
}

/// Decodes a body: its kind tag, then what `B` reads of its fields; a tag
/// `B` does not know is refused.
fn deserialize_body<'de, B: BodyOf<'de>, D: serde::Deserializer<'de>>(deserializer: D) -> Result<B, D::Error> {
    struct Tagged<B>(core::marker::PhantomData<B>);
    impl<'de, B: BodyOf<'de>> serde::de::Visitor<'de> for Tagged<B> {
        type Value = B;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a table body: a kind tag and its fields")
        }
        fn visit_enum<E: serde::de::EnumAccess<'de>>(self, data: E) -> Result<B, E::Error> {
            let (tag, fields): (u32, _) = data.variant()?;
            B::from_tag(tag, fields).unwrap_or_else(|| {
                Err(serde::de::Error::invalid_value(
                    serde::de::Unexpected::Unsigned(u64::from(tag)),
                    &"a kind of table this reader knows",
                ))
            })
        }
    }
    deserializer.deserialize_enum("Body", Body::NAMES, Tagged(core::marker::PhantomData))
}

impl<'a> From<Complete<'a>> for Body<'a> {
    fn from(complete: Complete<'a>) -> Self {
        Self::Complete(complete)
    }
}

impl<'a> BodyOf<'a> for Body<'a> {
    fn read_in_full(&self) -> bool {
        true
    }

    fn from_tag<V: serde::de::VariantAccess<'a>>(tag: u32, fields: V) -> Option<Result<Self, V::Error>> {
        match tag {
            Body::COMPLETE => Some(fields.newtype_variant().map(Body::Complete)),
            Body::PATTERNS => Some(fields.newtype_variant().map(Body::Patterns)),
            Body::ORBIT_PATTERNS => Some(fields.newtype_variant().map(Body::OrbitPatterns)),
            _ => None,
        }
    }

    fn oldest_version(&self) -> u32 {
        match self {
            Body::Complete(complete) => complete.encoding.version(),
            Body::Patterns(_) => 2,
            Body::OrbitPatterns(_) => 4,
        }
    }
}

/// A body as a reader of complete tables alone decodes it: a complete
/// table's fields, or only the tag of another known kind (whose fields it
/// leaves unread). An unknown tag is refused as [`Body`] refuses it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum CompleteBody<'a> {
    /// A complete table's fields.
    Complete(Complete<'a>),
    /// The tag of another kind of table ([`Body::PATTERNS`],
    /// [`Body::ORBIT_PATTERNS`]).
    Other(u32),
}

impl<'a> From<Complete<'a>> for CompleteBody<'a> {
    fn from(complete: Complete<'a>) -> Self {
        Self::Complete(complete)
    }
}

impl<'a> BodyOf<'a> for CompleteBody<'a> {
    fn read_in_full(&self) -> bool {
        matches!(self, Self::Complete(_))
    }

    fn from_tag<V: serde::de::VariantAccess<'a>>(tag: u32, fields: V) -> Option<Result<Self, V::Error>> {
        match tag {
            Body::COMPLETE => Some(fields.newtype_variant().map(CompleteBody::Complete)),
            Body::PATTERNS | Body::ORBIT_PATTERNS => Some(Ok(CompleteBody::Other(tag))),
            _ => None,
        }
    }

    fn oldest_version(&self) -> u32 {
        match self {
            Self::Complete(complete) => complete.encoding.version(),
            Self::Other(Body::ORBIT_PATTERNS) => 4,
            Self::Other(_) => 2,
        }
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for CompleteBody<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_body::<CompleteBody<'de>, D>(deserializer)
    }
}

/// A pattern set: the tiles of a sliding board split into patterns, and
/// for each pattern a section holding, for every placement of its tiles
/// (ranked as a k-permutation of the cells, [`godtab_rank::KPerm`]), the
/// fewest moves of those tiles that bring them home. The sections follow
/// each other in pattern order, each `section_len(n!/(n-k)!, width)` bytes,
/// the last one ending the file.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, Clone, Copy)]
pub(crate) struct Patterns<'a> {
    /// Every pattern's tile values, one pattern after another, each in the
    /// order its placements are ranked.
    pub tiles: &'a [u8],
    /// Tiles per pattern.
    pub sizes: &'a [u8],
    /// Bits per entry of each pattern's section: 4 when its largest entry
    /// is at most 15, else 8.
    pub widths: &'a [u8],
    /// The largest entry of each pattern's section.
    pub maxima: &'a [u8],
    /// Where the first section starts (right after the header, aligned).
    pub offset: u64,
}

impl Patterns<'_> {
    /// The width a section whose largest entry is `max` is stored in.
    pub(crate) fn width_for(max: u8) -> u8 {
        if max <= 15 { 4 } else { 8 }
    }
}

/// An orbit pattern set: a twisty puzzle's patterns over its orbits and,
/// for each, a table of lower bounds indexed by the pattern's values
/// (reduced by the puzzle's symmetries that keep the pattern, when
/// `symmetry`), as `godtab-twisty` numbers them. `docs/FORMAT.md` gives the
/// rule. The sections follow one another from `offset`, one per pattern,
/// each starting at a multiple of 64 bytes.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, Clone, Copy)]
pub(crate) struct OrbitPatterns<'a> {
    /// Per pattern, per piece (every orbit's pieces in order): the piece's
    /// group within its orbit.
    pub groups: &'a [u8],
    /// Per pattern, per piece: 1 if its orientation counts, else 0.
    pub oriented: &'a [u8],
    /// Whether the tables are reduced by the puzzle's symmetries.
    pub symmetry: bool,
    /// How many symmetries the generator found in the puzzle's moves (a
    /// reader that finds another number refuses the file).
    pub symmetries: u16,
    /// Per pattern: its entries, a u64 each, little-endian.
    pub entries: &'a [u8],
    /// Per pattern: 4 (bits per entry: the distance, 15 for 15 or more)
    /// or 2 (relative to the base, in 64-byte lines of 254 entries whose
    /// last 4 bits hold the line's least distance).
    pub widths: &'a [u8],
    /// Per pattern: the base of a 2-bit table (0 for 4 bits).
    pub bases: &'a [u8],
    /// Per pattern: how many distances its histogram has.
    pub histogram_lens: &'a [u8],
    /// Every pattern's entries at each distance, a u64 each,
    /// little-endian, one histogram after another.
    pub histograms: &'a [u8],
    /// Where the first section starts (a multiple of 64).
    pub offset: u64,
}

/// A complete table: every rank's distance (and, in full encoding, its
/// parent move), in two sections.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, Clone, Copy)]
pub(crate) struct Complete<'a> {
    pub encoding: Encoding,
    /// Rank slots: entries in each section.
    pub states: u64,
    /// Ranks from which the goal can be reached.
    pub reachable: u64,
    /// God's number.
    pub max_depth: u8,
    /// States per distance, `max_depth + 1` u64 values, little-endian.
    pub histogram: &'a [u8],
    pub distance: Section,
    pub parent: Section,
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

/// The bytes a section of `entries` values of `width` bits takes: the
/// packed bits rounded up to whole u64 words, plus one spare word so that
/// an 8-byte load at any entry stays inside. `None` on overflow.
pub(crate) fn section_len(entries: u64, width: u8) -> Option<u64> {
    let bits = entries.checked_mul(u64::from(width))?;
    bits.div_ceil(64).checked_add(1)?.checked_mul(8)
}

/// The fewest bits that hold every value up to `max`, at least 1.
pub(crate) fn bits_for(max: u64) -> u8 {
    (64 - max.leading_zeros()).max(1) as u8
}

/// Rounds up to a multiple of [`SECTION_ALIGN`]; `None` on overflow.
pub(crate) fn align(offset: u64) -> Option<u64> {
    offset.checked_next_multiple_of(SECTION_ALIGN)
}

/// The checksum of a whole table: xxh3-64 of every byte, with the checksum
/// field itself read as zeros.
pub(crate) fn checksum(file: &[u8]) -> u64 {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    let (before, rest) = file.split_at(at::CHECKSUM.min(file.len()));
    hasher.update(before);
    let field = rest.len().min(8);
    hasher.update(&[0u8; 8][..field]);
    hasher.update(&rest[field..]);
    hasher.digest()
}

/// Checks a whole file's bytes against its stored checksum.
///
/// # Errors
///
/// [`Error::Checksum`] if any byte changed since the file was written.
pub(crate) fn verify_checksum(file: &[u8]) -> Result<(), Error> {
    let stored = read_u64(file, at::CHECKSUM);
    let computed = checksum(file);
    if stored == computed { Ok(()) } else { Err(Error::Checksum { stored, computed }) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_leave_room_for_a_final_load() {
        assert_eq!(section_len(0, 4), Some(8));
        assert_eq!(section_len(16, 4), Some(16));
        assert_eq!(section_len(17, 4), Some(24));
        assert_eq!(section_len(362_880, 4), Some(181_448));
        assert_eq!(section_len(u64::MAX, 8), None);
    }

    #[test]
    fn widths() {
        assert_eq!(bits_for(0), 1);
        assert_eq!(bits_for(1), 1);
        assert_eq!(bits_for(15), 4);
        assert_eq!(bits_for(16), 5);
        assert_eq!(bits_for(31), 5);
        assert_eq!(bits_for(255), 8);
    }

    #[test]
    fn checksum_ignores_its_own_field() {
        let mut a = [7u8; 64];
        let b = a;
        a[at::CHECKSUM..at::CHECKSUM + 8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(checksum(&a), checksum(&b));
        a[0] = 0;
        assert_ne!(checksum(&a), checksum(&b));
        let _ = checksum(&[1, 2, 3]);
    }
}
