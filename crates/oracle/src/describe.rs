//! What a table holds, section by section, as `godtab info` and the Python
//! module's `Table.info` present it; and the few facts from its header
//! alone that `godtab verify` reports.

use godtab_runtime::{Combine, Encoding, Kind, OrbitPatternSet, PatternSet, Ranking, Table, TableFile};
use godtab_search::Searcher;
use godtab_twisty::group::MoveGroup;
use godtab_twisty::pattern::{Coder, PatternDef};
use godtab_twisty::{Twisty, facelets};

use crate::{AskError, Oracle, Source};

/// Everything a table file says of itself: what every kind has, then the
/// section of its kind (exactly one of `complete`, `tile_patterns` and
/// `orbit_patterns` is set). Its checksum is checked apart
/// ([`Oracle::verify`]), over every byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// The puzzle's id.
    pub name: String,
    /// What generated the file (name and version).
    pub generator: String,
    /// The file's size in bytes.
    pub bytes: usize,
    /// The checksum stored in the file (xxh3).
    pub checksum: u64,
    /// The moves' names, in the table's order.
    pub moves: Vec<String>,
    /// A tile puzzle's board (complete tables and tile pattern sets).
    pub board: Option<Board>,
    /// A complete table's section.
    pub complete: Option<CompleteSection>,
    /// A tile pattern set's section.
    pub tile_patterns: Option<TilePatternsSection>,
    /// An orbit pattern set's section.
    pub orbit_patterns: Option<OrbitPatternsSection>,
}

/// A tile puzzle's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Its rows.
    pub rows: usize,
    /// Its columns.
    pub cols: usize,
    /// The puzzle's kind: permutation, sliding or orbits.
    pub kind: Kind,
    /// A sliding board's metric: true if a move slides a line of tiles
    /// toward the blank, false if it slides one tile.
    pub multi_tile: bool,
    /// Rank slots: the states a complete table would have entries for.
    pub slots: u64,
}

/// What a complete table holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompleteSection {
    /// An orbit puzzle's orbits and how each is numbered (none for a
    /// board).
    pub orbits: Vec<OrbitNumbering>,
    /// How states are ranked.
    pub ranking: Ranking,
    /// How the entries are stored.
    pub encoding: Encoding,
    /// The states the moves reach from the goal.
    pub reachable: u64,
    /// God's number: the largest distance.
    pub gods_number: u8,
    /// The states at each distance.
    pub histogram: Vec<u64>,
    /// Bits per entry.
    pub bits_per_state: u32,
    /// Of which the distance's.
    pub distance_bits: u8,
    /// Of which the parent move's.
    pub parent_bits: u8,
}

/// One orbit of a complete table's orbit puzzle, and how it is numbered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitNumbering {
    /// The orbit's name.
    pub name: String,
    /// Its pieces.
    pub pieces: usize,
    /// Orientations of each piece.
    pub orientations: u8,
    /// How its permutations are numbered: "lexicographic", "parity" (one
    /// parity class) or "multiset" (repeated pieces).
    pub permutations: &'static str,
    /// A "parity" orbit's: the earlier orbits whose parities decide its
    /// own (empty: its parity is fixed).
    pub parity_follows: Option<Vec<String>>,
    /// Whether the orientations' sum is fixed.
    pub orientation_sum_fixed: bool,
    /// Its permutations numbered.
    pub permutation_count: u64,
    /// Its orientations numbered.
    pub orientation_count: u64,
}

/// What a tile pattern set holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilePatternsSection {
    /// The states the moves reach from the goal.
    pub reachable: u64,
    /// How the patterns' entries bound a distance.
    pub combine: Combine,
    /// Whether the search also looks up the state reflected.
    pub reflected_lookup: bool,
    /// The patterns, in the file's order.
    pub patterns: Vec<TilePattern>,
}

/// One pattern of tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilePattern {
    /// The tiles it tracks.
    pub tiles: Vec<u8>,
    /// Its entries.
    pub entries: u64,
    /// Bits per entry.
    pub bits_per_entry: u8,
    /// Its largest entry.
    pub max: u8,
}

/// What an orbit pattern set holds (its puzzle rebuilt from the file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitPatternsSection {
    /// The puzzle's positions, over every orbit.
    pub pieces: usize,
    /// The puzzle's orbits.
    pub orbits: Vec<OrbitShape>,
    /// The states the moves make (past 2^64 for the cube).
    pub states: u128,
    /// The symmetries the tables are reduced by, if any.
    pub symmetries: Option<u16>,
    /// Whether the puzzle is the 3x3x3 cube, whose states facelet strings
    /// write.
    pub facelets: bool,
    /// The patterns, in the file's order.
    pub patterns: Vec<OrbitPattern>,
}

/// One orbit of an orbit pattern set's puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitShape {
    /// The orbit's name.
    pub name: String,
    /// Its pieces.
    pub pieces: usize,
    /// Orientations of each piece.
    pub orientations: u8,
}

/// One pattern of an orbit pattern set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitPattern {
    /// What it sees of each orbit it does not ignore.
    pub sees: Vec<OrbitSeen>,
    /// Its table's entries.
    pub entries: u64,
    /// The classes of its values under the symmetries that keep it.
    pub classes: u64,
    /// The symmetries that keep it.
    pub symmetries: usize,
    /// Bits per entry: 4, or 2 over a base.
    pub bits_per_entry: u8,
    /// A 2-bit table's base.
    pub base: Option<u8>,
    /// The entries at each distance.
    pub histogram: Vec<u64>,
}

/// What a pattern sees of one orbit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitSeen {
    /// The orbit's name.
    pub orbit: String,
    /// Its pieces.
    pub pieces: usize,
    /// The pieces of each group of pieces it tells apart.
    pub groups: Vec<usize>,
    /// The pieces whose orientation it sees.
    pub oriented: usize,
}

/// The facts of a table that its header alone gives: no search is built
/// and no entry read (what `godtab verify` reports of each file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outline {
    /// The puzzle's id.
    pub name: String,
    /// The file's size in bytes.
    pub bytes: usize,
    /// A complete table's rank slots and God's number.
    pub complete: Option<(u64, u8)>,
    /// A tile pattern set's patterns: the tiles of each.
    pub tile_patterns: Option<Vec<usize>>,
    /// An orbit pattern set's patterns and their entries, over them all.
    pub orbit_patterns: Option<(usize, u64)>,
}

impl<B: AsRef<[u8]>> Oracle<B> {
    /// What the table holds, section by section (see [`Description`]).
    ///
    /// # Errors
    ///
    /// [`AskError::Damaged`] for an orbit pattern set whose puzzle or
    /// patterns do not rebuild; [`AskError::NotAState`] for the two-phase
    /// tables, which are no table file.
    pub fn describe(&self) -> Result<Description, AskError> {
        let Source::File(file) = &self.source else {
            return Err(AskError::NotAState(format!("the {} tables describe no table file", self.kind())));
        };
        let mut description = Description {
            name: file.id().to_string(),
            generator: file.generator().to_string(),
            bytes: file.as_bytes().len(),
            checksum: file.checksum(),
            moves: self.all_move_names().into_iter().map(str::to_string).collect(),
            board: file.definition().map(|d| board(d.puzzle())),
            complete: None,
            tile_patterns: None,
            orbit_patterns: None,
        };
        match file {
            TableFile::Complete(table) => description.complete = Some(complete(table)),
            TableFile::Patterns(set) => description.tile_patterns = Some(tile_patterns(set)),
            TableFile::OrbitPatterns(set) => description.orbit_patterns = Some(orbit_patterns(set)?),
            _ => {}
        }
        Ok(description)
    }

    /// What the table's header says of it (see [`Outline`]); `None` for
    /// the two-phase tables.
    pub fn outline(&self) -> Option<Outline> {
        let file = self.file()?;
        let mut outline = Outline {
            name: file.id().to_string(),
            bytes: file.as_bytes().len(),
            complete: None,
            tile_patterns: None,
            orbit_patterns: None,
        };
        match file {
            TableFile::Complete(table) => outline.complete = Some((table.slots(), table.max_depth())),
            TableFile::Patterns(set) => {
                outline.tile_patterns = Some(set.patterns().map(|p| p.tiles().len()).collect());
            }
            TableFile::OrbitPatterns(set) => {
                let entries = (0..set.pattern_count()).filter_map(|p| set.table(p)).map(|t| t.entries).sum();
                outline.orbit_patterns = Some((set.pattern_count(), entries));
            }
            _ => {}
        }
        Some(outline)
    }

    /// Checks the checksum over every byte of a table file: O(size), at
    /// memory speed. (The two-phase tables were checked when the oracle
    /// was made.)
    ///
    /// # Errors
    ///
    /// [`AskError::Damaged`] if a byte changed since the file was written.
    pub fn verify(&self) -> Result<(), AskError> {
        match self.file() {
            Some(file) => file.verify().map_err(|e| AskError::Damaged(e.to_string())),
            None => Ok(()),
        }
    }

    /// The complete table this oracle answers from by lookup, for a front
    /// end that reads many states in a table's own formats (the judge's
    /// quick paths); `None` for a table that searches.
    pub fn lookup_table(&self) -> Option<&Table<B>> {
        match self.file() {
            Some(TableFile::Complete(table)) => Some(table),
            _ => None,
        }
    }
}

fn board(puzzle: &godtab_runtime::Puzzle) -> Board {
    Board {
        rows: puzzle.rows(),
        cols: puzzle.cols(),
        kind: puzzle.kind(),
        multi_tile: puzzle.is_multi_tile(),
        slots: puzzle.slots(),
    }
}

fn complete<B: AsRef<[u8]>>(table: &Table<B>) -> CompleteSection {
    let orbits: Vec<_> = table.puzzle().orbits().collect();
    let numbering = orbits
        .iter()
        .map(|o| {
            let parity = o.permutations == godtab_puzzles::Permutations::Parity;
            OrbitNumbering {
                name: o.name.to_string(),
                pieces: o.pieces,
                orientations: o.orientations,
                permutations: match o.permutations {
                    godtab_puzzles::Permutations::Lex => "lexicographic",
                    godtab_puzzles::Permutations::Parity => "parity",
                    godtab_puzzles::Permutations::Multiset => "multiset",
                },
                parity_follows: parity.then(|| {
                    orbits
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| o.parity_follows >> j & 1 == 1)
                        .map(|(_, e)| e.name.to_string())
                        .collect()
                }),
                orientation_sum_fixed: o.orientation_sum_fixed,
                permutation_count: o.permutation_count,
                orientation_count: o.orientation_count,
            }
        })
        .collect();
    CompleteSection {
        orbits: numbering,
        ranking: table.puzzle().ranking(),
        encoding: table.encoding(),
        reachable: table.reachable(),
        gods_number: table.max_depth(),
        histogram: table.histogram().collect(),
        bits_per_state: table.bits_per_state(),
        distance_bits: table.distance_bits(),
        parent_bits: table.parent_bits(),
    }
}

fn tile_patterns<B: AsRef<[u8]>>(set: &PatternSet<B>) -> TilePatternsSection {
    let searcher = Searcher::new(set);
    TilePatternsSection {
        reachable: searcher.reachable(),
        combine: set.combine(),
        reflected_lookup: searcher.reflects(),
        patterns: set
            .patterns()
            .map(|p| TilePattern {
                tiles: p.tiles().to_vec(),
                entries: p.places().count(),
                bits_per_entry: p.width(),
                max: p.max(),
            })
            .collect(),
    }
}

fn orbit_patterns<B: AsRef<[u8]>>(set: &OrbitPatternSet<B>) -> Result<OrbitPatternsSection, AskError> {
    let puzzle = godtab_twisty_search::set::puzzle_of(&set.puzzle()).map_err(|e| AskError::Damaged(e.to_string()))?;
    let group =
        set.symmetry().then(|| godtab_twisty::symmetry::Group::new(&puzzle, godtab_twisty::symmetry::find(&puzzle)));
    let mut patterns = Vec::new();
    for p in 0..set.pattern_count() {
        let Some(table) = set.table(p) else { break };
        let def =
            PatternDef { groups: table.groups.to_vec(), oriented: table.oriented.iter().map(|&o| o != 0).collect() };
        def.check(&puzzle).map_err(|e| AskError::Damaged(format!("pattern {p}: {e}")))?;
        let coder = Coder::new(&puzzle, &def, group.as_ref());
        patterns.push(OrbitPattern {
            sees: seen(&puzzle, &def),
            entries: table.entries,
            classes: coder.classes(),
            symmetries: coder.symmetries.len(),
            bits_per_entry: table.width,
            base: (table.width == 2).then_some(table.base),
            histogram: table.histogram().collect(),
        });
    }
    Ok(OrbitPatternsSection {
        pieces: puzzle.positions(),
        orbits: puzzle
            .orbits()
            .iter()
            .map(|o| OrbitShape { name: o.name.clone(), pieces: o.pieces, orientations: o.orientations })
            .collect(),
        states: MoveGroup::new(&puzzle).order(),
        symmetries: set.symmetry().then(|| set.symmetries()),
        facelets: facelets::is_standard_cube(&puzzle),
        patterns,
    })
}

/// What `def` sees of each orbit of `puzzle` it does not ignore (one group
/// of pieces, none oriented).
fn seen(puzzle: &Twisty, def: &PatternDef) -> Vec<OrbitSeen> {
    puzzle
        .orbits()
        .iter()
        .filter_map(|orbit| {
            let range = orbit.positions();
            let groups = usize::from(def.groups[range.clone()].iter().copied().max().unwrap_or(0)) + 1;
            let oriented = range.clone().filter(|&q| def.oriented[q]).count();
            if groups == 1 && oriented == 0 {
                return None;
            }
            Some(OrbitSeen {
                orbit: orbit.name.clone(),
                pieces: orbit.pieces,
                groups: (0..groups)
                    .map(|g| range.clone().filter(|&q| usize::from(def.groups[q]) == g).count())
                    .collect(),
                oriented,
            })
        })
        .collect()
}
