//! An orbit pattern set opened for search: the puzzle rebuilt from the
//! file, its symmetries found again (and checked against the file's
//! count), each pattern's coder rebuilt and its table's size checked
//! against it, and the tables copied into memory backed by huge pages
//! (a search reads them at random: see `godtab_files::pages`).

use godtab_runtime::{OrbitPatternSet, OrbitPuzzle};

use crate::search::Solver;
use godtab_twisty::model::{Description, MoveDef, OrbitDef, Twisty};
use godtab_twisty::pattern::{Coder, PatternDef};
use godtab_twisty::prune::{Encoding, PruneTable};
use godtab_twisty::symmetry::{Group, find};

/// Why an orbit pattern set cannot be searched.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetError {
    /// The file's puzzle is not a puzzle this crate holds.
    #[error("the file's puzzle: {0}")]
    Puzzle(String),
    /// The generator found another number of symmetries in the moves.
    #[error("the file was made with {file} symmetries of its puzzle, and this reader finds {found}")]
    Symmetries {
        /// The file's count.
        file: u16,
        /// This reader's.
        found: usize,
    },
    /// A pattern that does not suit the puzzle.
    #[error("pattern {pattern}: {problem}")]
    Pattern {
        /// The pattern, from 0.
        pattern: usize,
        /// What is wrong.
        problem: String,
    },
    /// A table whose size is not its pattern's number of values.
    #[error("pattern {pattern}: its table has {file} entries, and the pattern numbers {expected}")]
    Entries {
        /// The pattern, from 0.
        pattern: usize,
        /// The file's count.
        file: u64,
        /// The pattern's.
        expected: u64,
    },
}

/// The puzzle an orbit pattern set's header describes.
///
/// # Errors
///
/// [`SetError::Puzzle`] if the parts do not make a puzzle.
pub fn puzzle_of(parts: &OrbitPuzzle<'_>) -> Result<Twisty, SetError> {
    let names: Vec<&str> = parts.orbit_names.split(' ').collect();
    let orbits: Vec<OrbitDef> = names
        .iter()
        .zip(parts.pieces.iter().zip(parts.orientations))
        .map(|(name, (&pieces, &orientations))| OrbitDef {
            name: (*name).to_string(),
            pieces: usize::from(pieces),
            orientations,
        })
        .collect();
    let positions = parts.solved.len();
    let moves = parts
        .move_names
        .split(' ')
        .enumerate()
        .map(|(i, name)| MoveDef {
            name: name.to_string(),
            map: parts.move_maps.get(i * positions..(i + 1) * positions).unwrap_or_default().to_vec(),
            twist: parts.move_twists.get(i * positions..(i + 1) * positions).unwrap_or_default().to_vec(),
        })
        .collect();
    let description = Description { id: parts.id.to_string(), orbits, solved: parts.solved.to_vec(), moves };
    Twisty::new(&description).map_err(|e| SetError::Puzzle(e.to_string()))
}

/// A table, copied into memory.
struct Memory {
    entries: u64,
    encoding: Encoding,
    /// The table from byte `start` on.
    data: Vec<u8>,
    start: usize,
}

/// An orbit pattern set ready to search.
pub struct OrbitSearch {
    puzzle: Twisty,
    group: Option<Group>,
    coders: Vec<Coder>,
    tables: Vec<Memory>,
    histograms: Vec<Vec<u64>>,
}

impl OrbitSearch {
    /// Rebuilds what the search needs from an opened set, copying its
    /// tables.
    ///
    /// # Errors
    ///
    /// A [`SetError`] if the file's parts do not agree with what this
    /// reader makes of them.
    pub fn open<B: AsRef<[u8]>>(set: &OrbitPatternSet<B>) -> Result<Self, SetError> {
        let puzzle = puzzle_of(&set.puzzle())?;
        let group = if set.symmetry() {
            let symmetries = find(&puzzle);
            if symmetries.len() != usize::from(set.symmetries()) {
                return Err(SetError::Symmetries { file: set.symmetries(), found: symmetries.len() });
            }
            Some(Group::new(&puzzle, symmetries))
        } else {
            None
        };
        let mut coders = Vec::new();
        let mut tables = Vec::new();
        let mut histograms = Vec::new();
        for p in 0..set.pattern_count() {
            let Some(table) = set.table(p) else { break };
            let def = PatternDef {
                groups: table.groups.to_vec(),
                oriented: table.oriented.iter().map(|&o| o != 0).collect(),
            };
            def.check(&puzzle).map_err(|problem| SetError::Pattern { pattern: p, problem })?;
            let coder = Coder::new(&puzzle, &def, group.as_ref());
            if coder.entries != table.entries {
                return Err(SetError::Entries { pattern: p, file: table.entries, expected: coder.entries });
            }
            let encoding = if table.width == 4 { Encoding::Nibbles } else { Encoding::TwoBits { base: table.base } };
            let (data, start) = copy_to_huge_pages(set.section(p));
            tables.push(Memory { entries: table.entries, encoding, data, start });
            histograms.push(table.histogram().collect());
            coders.push(coder);
        }
        Ok(Self { puzzle, group, coders, tables, histograms })
    }

    /// The puzzle.
    #[must_use]
    pub fn puzzle(&self) -> &Twisty {
        &self.puzzle
    }

    /// The symmetries the tables are reduced by, if any.
    #[must_use]
    pub fn group(&self) -> Option<&Group> {
        self.group.as_ref()
    }

    /// The patterns' coders.
    #[must_use]
    pub fn coders(&self) -> &[Coder] {
        &self.coders
    }

    /// How each pattern's table stores its entries.
    #[must_use]
    pub fn encodings(&self) -> Vec<Encoding> {
        self.tables.iter().map(|t| t.encoding).collect()
    }

    /// Each pattern's entries at each distance.
    #[must_use]
    pub fn histograms(&self) -> &[Vec<u64>] {
        &self.histograms
    }

    /// A solver over the set, looking each pattern up through at most
    /// `max_views` symmetries per side.
    #[must_use]
    pub fn solver(&self, max_views: usize) -> Solver<'_> {
        let tables =
            self.tables.iter().filter_map(|t| PruneTable::new(t.entries, t.encoding, &t.data[t.start..])).collect();
        Solver::new(&self.puzzle, &self.coders, tables, self.group.as_ref(), max_views)
    }
}

/// A copy of `bytes` in memory backed by huge pages where the system has
/// them, and where it starts: on a cache line, so that each 64-byte line
/// of a 2-bit table is one line of the cache.
fn copy_to_huge_pages(bytes: &[u8]) -> (Vec<u8>, usize) {
    const LINE: usize = 64;
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len() + LINE);
    godtab_files::pages::prefer_huge_pages(out.spare_capacity_mut());
    let start = out.as_ptr().align_offset(LINE).min(LINE);
    out.resize(start, 0);
    out.extend_from_slice(bytes);
    (out, start)
}
