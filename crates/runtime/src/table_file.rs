//! A table file of any kind, opened once: the preamble and header are read
//! one way for every kind, and what the header says the file holds decides
//! what is checked next and which type answers.

use godtab_puzzles::Definition;

use crate::open::{Meta, read_header};
use crate::orbit_patterns::{OrbitChecked, OrbitPatternSet};
use crate::patterns::Checked;
use crate::{Error, PatternSet, Table, format};

/// The kinds of table file, as their headers' tags tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TableKind {
    /// A distance (and a parent move) for every state: answers by lookup
    /// ([`Table`]).
    Complete,
    /// A pattern database per pattern of tiles: answers by search
    /// ([`PatternSet`], searched by the `godtab-search` crate).
    Patterns,
    /// A table per pattern over a twisty puzzle's orbits: answers by
    /// search ([`OrbitPatternSet`], searched by the `godtab-twisty` crate).
    OrbitPatterns,
}

impl TableKind {
    /// The kind in words: "complete table", "pattern set", "orbit pattern
    /// set".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Complete => "complete table",
            Self::Patterns => "pattern set",
            Self::OrbitPatterns => "orbit pattern set",
        }
    }
}

impl core::fmt::Display for TableKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A table file of whichever kind its header says, over any byte source:
/// the one way to open a file that may be any kind. Match on it once, then
/// use the kind's own API.
///
/// ```
/// use godtab_runtime::{TableFile, TableKind};
///
/// static BYTES: &[u8] = include_bytes!("../tests/fixtures/v2/slide-2x3.gtab");
/// let file = TableFile::new(BYTES).unwrap();
/// assert_eq!(file.kind(), TableKind::Complete);
/// match file {
///     TableFile::Complete(table) => assert_eq!(table.max_depth(), 21),
///     TableFile::Patterns(set) => println!("{} patterns", set.pattern_count()),
///     _ => unreachable!("a kind this program does not know yet"),
/// }
/// ```
// Both kinds hold what open learned in fixed arrays (no allocator), so
// their sizes differ by a few KiB; a file is opened once, not moved about.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
#[non_exhaustive]
pub enum TableFile<B> {
    /// A complete table.
    Complete(Table<B>),
    /// A pattern set.
    Patterns(PatternSet<B>),
    /// An orbit pattern set.
    OrbitPatterns(OrbitPatternSet<B>),
}

/// What the shared opening found, before the bytes are moved in.
#[allow(clippy::large_enum_variant)]
enum Found {
    Complete(Meta),
    Patterns(Checked),
    OrbitPatterns(OrbitChecked),
}

impl<B: AsRef<[u8]>> TableFile<B> {
    /// Opens a table file of any kind: checks the preamble and header once,
    /// then what its kind needs, in constant time (see [`Table::new`] and
    /// [`PatternSet::new`]).
    ///
    /// # Errors
    ///
    /// An [`Error`] saying what is wrong and where.
    ///
    /// # Panics
    ///
    /// Never, for any bytes.
    pub fn new(bytes: B) -> Result<Self, Error> {
        let checked = {
            let all = bytes.as_ref();
            let opened = read_header::<crate::format::Body<'_>>(all)?;
            match opened.header.body.kind() {
                TableKind::Complete => Found::Complete(Meta::parse(all, opened)?),
                TableKind::Patterns => Found::Patterns(Checked::of(all, opened)?),
                TableKind::OrbitPatterns => Found::OrbitPatterns(OrbitChecked::of(all, opened)?),
            }
        };
        Ok(match checked {
            Found::Complete(meta) => Self::Complete(Table::from_meta(bytes, meta)),
            Found::Patterns(checked) => Self::Patterns(PatternSet::from_checked(bytes, checked)),
            Found::OrbitPatterns(checked) => Self::OrbitPatterns(OrbitPatternSet::from_checked(bytes, checked)),
        })
    }

    /// What kind of table the file is.
    #[must_use]
    pub fn kind(&self) -> TableKind {
        match self {
            Self::Complete(_) => TableKind::Complete,
            Self::Patterns(_) => TableKind::Patterns,
            Self::OrbitPatterns(_) => TableKind::OrbitPatterns,
        }
    }

    /// The puzzle, with its id and move names; `None` for an orbit pattern
    /// set, whose puzzle this crate does not model (see
    /// [`OrbitPatternSet::puzzle`]).
    #[must_use]
    pub fn definition(&self) -> Option<&Definition> {
        match self {
            Self::Complete(table) => Some(table.definition()),
            Self::Patterns(set) => Some(set.definition()),
            Self::OrbitPatterns(_) => None,
        }
    }

    /// The puzzle's id.
    #[must_use]
    pub fn id(&self) -> &str {
        match self {
            Self::Complete(table) => table.definition().id(),
            Self::Patterns(set) => set.definition().id(),
            Self::OrbitPatterns(set) => set.id(),
        }
    }

    /// The underlying bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Self::Complete(table) => table.as_bytes(),
            Self::Patterns(set) => set.as_bytes(),
            Self::OrbitPatterns(set) => set.as_bytes(),
        }
    }

    /// The byte source (to ask it, say, whether it is mapped).
    #[must_use]
    pub fn bytes(&self) -> &B {
        match self {
            Self::Complete(table) => table.bytes(),
            Self::Patterns(set) => set.bytes(),
            Self::OrbitPatterns(set) => set.bytes(),
        }
    }

    /// The byte source, given back (to open it again where it will stay).
    #[must_use]
    pub fn into_bytes(self) -> B {
        match self {
            Self::Complete(table) => table.into_bytes(),
            Self::Patterns(set) => set.into_bytes(),
            Self::OrbitPatterns(set) => set.into_bytes(),
        }
    }

    /// God's number (the most moves any state needs), which only a
    /// complete table knows.
    #[must_use]
    pub fn gods_number(&self) -> Option<u8> {
        match self {
            Self::Complete(table) => Some(table.max_depth()),
            Self::Patterns(_) | Self::OrbitPatterns(_) => None,
        }
    }

    /// What generated the file (name and version).
    #[must_use]
    pub fn generator(&self) -> &str {
        match self {
            Self::Complete(table) => table.generator(),
            Self::Patterns(set) => set.generator(),
            Self::OrbitPatterns(set) => set.generator(),
        }
    }

    /// The checksum stored in the file.
    #[must_use]
    pub fn checksum(&self) -> u64 {
        format::read_u64(self.as_bytes(), format::at::CHECKSUM)
    }

    /// Checks the checksum over every byte: O(size), at memory speed.
    ///
    /// # Errors
    ///
    /// [`Error::Checksum`] if any byte changed since the file was written.
    pub fn verify(&self) -> Result<(), Error> {
        format::verify_checksum(self.as_bytes())
    }
}
