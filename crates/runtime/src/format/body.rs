//! What a table file holds ([`Body`], told apart by a kind tag): a complete
//! table, a pattern set or an orbit pattern set, and what a reader of
//! complete tables alone decodes of it ([`CompleteBody`]).

use serde::{Deserialize, Serialize};

use super::Encoding;
use super::header::Section;

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
