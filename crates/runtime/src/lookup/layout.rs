//! What a lookup learns at open: its [`LookupLayout`] of plain numbers (the
//! board, its moves, its ranking, where its sections are), read from a
//! table's header and checked, or written out as Rust source for a build
//! script to compile in.

use core::fmt;

use godtab_puzzles::BLANK;

use super::{CELLS, Cells, Lookup};
use crate::Error;
use crate::format::{self, Body, CompleteBody, Encoding, KindTag, Model, RankingTag, at};
use crate::open::{check_counts, check_sections, range_in, read_header};

/// How a lookup's moves act on the cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LookupMoves {
    /// A sliding board's four single-tile moves; entry `m` is the direction
    /// the blank goes on move `m`: 0 up, 1 down, 2 left, 3 right.
    Sliding([u8; 4]),
    /// Position maps (`new[i] = old[map[i]]`), `cells` bytes each, one per
    /// move, at this byte offset in the file.
    Permutation {
        /// Where the maps start.
        at: u32,
    },
}

/// How a lookup ranks the labels of a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LookupRanking {
    /// The lexicographic rank: `n!` slots.
    Lex,
    /// The rank within the goal's parity class: `n!/2` slots.
    Parity {
        /// Whether the goal's labels are an odd permutation.
        goal_odd: bool,
    },
    /// Blank cell times the parity-class rank of the other tiles.
    BlankParity {
        /// Slots per blank cell, `(n-1)!/2`.
        stride: u64,
        /// Bit `c`: whether the tiles must be odd with the blank at `c`.
        odd_tiles_by_blank: u16,
    },
}

/// Where a packed section is and how wide its entries are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SectionAt {
    /// Byte offset in the file.
    pub offset: u64,
    /// Bytes.
    pub length: u64,
    /// Bits per entry (0: no such section).
    pub width: u8,
}

/// Everything a [`Lookup`] knows about its table: plain numbers, checked at
/// open, which a build script can also compute once and compile in
/// ([`LookupLayout::rust_source`], [`Lookup::with_layout`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LookupLayout {
    /// The file's length.
    pub file_len: u64,
    /// The checksum stored in the file: with the length, which file this
    /// layout was computed from.
    pub checksum: u64,
    /// Rows of the board.
    pub rows: u8,
    /// Columns of the board.
    pub cols: u8,
    /// The moves.
    pub moves: LookupMoves,
    /// How many moves there are.
    pub move_count: u8,
    /// The ranking.
    pub ranking: LookupRanking,
    /// How the table stores its answers.
    pub encoding: Encoding,
    /// Bit `v` (of 256): whether `v` is a tile value, the blank of a
    /// sliding board left out. A tile's label is the number of tile values
    /// below it; a sliding board's blank (0) has the last label.
    pub tiles: [u64; 4],
    /// The goal's labels, cell by cell.
    pub goal: [u8; CELLS],
    /// Sliding boards: the goal's blank cell.
    pub goal_blank: u8,
    /// Rank slots.
    pub slots: u64,
    /// The goal's rank.
    pub goal_rank: u64,
    /// God's number.
    pub max_depth: u8,
    /// The stored value of an unreachable rank, if some rank is.
    pub marker: Option<u8>,
    /// The distance section.
    pub distance: SectionAt,
    /// The parent section (full tables).
    pub parent: SectionAt,
    /// Where the move names are (separated by single spaces).
    pub names: SectionAt,
}

const UNSUPPORTED_KIND: &str = "a lookup answers complete tables; open a pattern set with PatternSet";
const UNSUPPORTED_ORBIT_SET: &str = "a lookup answers complete tables; open an orbit pattern set with OrbitPatternSet";
const UNSUPPORTED_ORBITS: &str = "a lookup answers board puzzles; open an orbit puzzle's table with Table";
const UNSUPPORTED_MOVES: &str = "a lookup answers single-tile sliding moves u, d, l, r; open this table with Table";
const UNSUPPORTED_TILES: &str = "a lookup answers boards of distinct tiles; open this table with Table";
const UNSUPPORTED_RANKING: &str = "a lookup ranks lexicographically or by parity class; open this table with Table";

impl LookupLayout {
    /// Reads and checks a table's layout (see [`Lookup::new`]).
    pub(super) fn read(bytes: &[u8]) -> Result<Self, Error> {
        let opened = read_header::<CompleteBody<'_>>(bytes)?;
        let header = opened.header;
        let complete = match header.body {
            CompleteBody::Complete(complete) => complete,
            CompleteBody::Other(Body::ORBIT_PATTERNS) => return Err(Error::Unsupported(UNSUPPORTED_ORBIT_SET)),
            CompleteBody::Other(_) => return Err(Error::Unsupported(UNSUPPORTED_KIND)),
        };
        let Model::Board(board) = header.model else { return Err(Error::Unsupported(UNSUPPORTED_ORBITS)) };
        check_counts(&complete)?;
        let sliding = board.kind == KindTag::Sliding;
        let (rows, cols) = (board.rows, board.cols);
        let n = usize::from(rows) * usize::from(cols);
        if rows == 0 || cols == 0 || !(2..=CELLS).contains(&n) || board.goal.len() != n {
            return Err(Error::corrupt(
                "board",
                "its rows, columns and goal do not agree, or it has not 2 to 16 cells",
            ));
        }
        let (tiles, goal) = labels(board.goal, sliding)?;

        check_names(header.puzzle_id, header.move_names)?;
        let names = range_in(bytes, header.move_names.as_bytes());
        let name_count = words(header.move_names).count();
        let (moves, move_count) = if sliding {
            if !board.move_maps.is_empty() {
                return Err(Error::corrupt("move maps", "present for a sliding puzzle"));
            }
            (LookupMoves::Sliding(sliding_directions(header.move_names)?), 4)
        } else {
            let maps = board.move_maps;
            let count = maps.len() / n;
            if count == 0 || count > godtab_puzzles::MAX_MOVES || maps.len() % n != 0 || count != name_count {
                return Err(Error::corrupt("move maps", "are not one map of the board's cells per move name"));
            }
            if !maps.chunks_exact(n).all(godtab_rank::is_permutation) {
                return Err(Error::corrupt("move maps", "a map is not a permutation of the cells"));
            }
            let at = u32::try_from(range_in(bytes, maps).start).map_err(|_| Error::corrupt("move maps", "too far"))?;
            (LookupMoves::Permutation { at }, count)
        };

        let goal_blank = goal[..n].iter().position(|&l| usize::from(l) == n - 1 && sliding).unwrap_or(0) as u8;
        let ranking = ranking(header.ranking, &goal[..n], sliding, cols, goal_blank, board.move_maps)?;
        let slots = match ranking {
            LookupRanking::Lex => godtab_rank::FACTORIAL[n],
            LookupRanking::Parity { .. } => godtab_rank::FACTORIAL[n] / 2,
            LookupRanking::BlankParity { stride, .. } => stride * n as u64,
        };
        if slots != complete.states {
            return Err(Error::corrupt("state count", "differs from the size of the puzzle's rank space"));
        }
        let encoding = complete.encoding;
        let encoding_fits = match encoding {
            Encoding::Compact => sliding || undo_each_other(board.move_maps, n),
            Encoding::Parity => {
                sliding && matches!(ranking, LookupRanking::BlankParity { .. }) && rows >= 2 && cols >= 2
            }
            _ => true,
        };
        if !encoding_fits {
            return Err(Error::corrupt("encoding", "does not fit this puzzle's moves and ranking"));
        }
        let unreachable = complete.reachable < complete.states;
        let widths = encoding.layout(complete.max_depth, unreachable, move_count);
        check_sections(&complete, widths, opened.header_end, bytes.len())?;
        let mut layout = Self {
            file_len: bytes.len() as u64,
            checksum: format::read_u64(bytes, at::CHECKSUM),
            rows,
            cols,
            moves,
            move_count: move_count as u8,
            ranking,
            encoding,
            tiles,
            goal,
            goal_blank,
            slots,
            goal_rank: 0,
            max_depth: complete.max_depth,
            marker: unreachable.then_some(widths.marker),
            distance: SectionAt {
                offset: complete.distance.offset,
                length: complete.distance.length,
                width: widths.distance,
            },
            parent: SectionAt { offset: complete.parent.offset, length: complete.parent.length, width: widths.parent },
            names: SectionAt { offset: names.start as u64, length: names.len() as u64, width: 8 },
        };
        let lookup = Lookup { bytes, layout };
        let goal_cells = Cells { labels: goal, blank: goal_blank };
        layout.goal_rank = lookup.rank(&goal_cells).ok_or(Error::corrupt("goal", "lies outside its rank space"))?;
        Ok(layout)
    }

    /// The bounds every query relies on, for a layout that did not come
    /// from [`LookupLayout::read`] (its fields are public): a board of 1 to
    /// 16 cells, at most 64 moves, entries of at most 8 bits, sections
    /// inside the file.
    pub(super) fn check(&self) -> Result<(), Error> {
        let n = usize::from(self.rows) * usize::from(self.cols);
        let inside =
            |at: &SectionAt| at.width <= 8 && at.offset.checked_add(at.length).is_some_and(|end| end <= self.file_len);
        let fits = (2..=CELLS).contains(&n)
            && usize::from(self.move_count) <= godtab_puzzles::MAX_MOVES
            && usize::from(self.goal_blank) < n
            && self.goal[..n].iter().all(|&l| usize::from(l) < n)
            && [self.distance, self.parent, self.names].iter().all(inside);
        if fits { Ok(()) } else { Err(Error::corrupt("layout", "describes no board a lookup answers")) }
    }

    /// The layout as a Rust expression (a `godtab_runtime::LookupLayout`
    /// value), for a build script to write into a file the program
    /// `include!`s and passes to [`Lookup::with_layout`].
    #[must_use]
    pub fn rust_source(&self) -> impl fmt::Display + '_ {
        RustSource(self)
    }
}

/// The label of tile value `value` on a board of `n` cells whose tile
/// values are the bits of `tiles`: the number of tile values below it, the
/// blank of a sliding board last; `None` for a value that is no tile.
pub(super) fn label_of(tiles: &[u64; 4], value: u8, sliding: bool, n: usize) -> Option<u8> {
    if sliding && value == BLANK {
        return Some((n - 1) as u8);
    }
    let (word, bit) = (usize::from(value >> 6), value & 63);
    if tiles[word] >> bit & 1 == 0 {
        return None;
    }
    let below: u32 = tiles[..word].iter().map(|w| w.count_ones()).sum();
    Some((below + (tiles[word] & ((1u64 << bit) - 1)).count_ones()) as u8)
}

/// The tile values of a goal (see [`LookupLayout::tiles`]) and the goal as
/// labels.
fn labels(goal: &[u8], sliding: bool) -> Result<([u64; 4], [u8; CELLS]), Error> {
    let mut tiles = [0u64; 4];
    let mut blanks = 0;
    for &v in goal {
        if sliding && v == BLANK {
            blanks += 1;
            continue;
        }
        let (word, bit) = (usize::from(v >> 6), v & 63);
        if tiles[word] >> bit & 1 == 1 {
            return Err(Error::Unsupported(UNSUPPORTED_TILES));
        }
        tiles[word] |= 1 << bit;
    }
    if sliding && blanks != 1 {
        return Err(Error::corrupt("goal", "a sliding board's goal does not have exactly one blank"));
    }
    let mut labels = [0u8; CELLS];
    for (label, &v) in labels.iter_mut().zip(goal) {
        *label = label_of(&tiles, v, sliding, goal.len()).unwrap_or(0);
    }
    Ok((tiles, labels))
}

/// Checks the puzzle id and the move names as the puzzle model does: a
/// valid id, valid names, none repeated.
fn check_names(id: &str, names: &str) -> Result<(), Error> {
    if !godtab_puzzles::is_puzzle_id(id) {
        return Err(Error::corrupt("puzzle id", "is empty, too long or holds a character ids may not"));
    }
    for (index, name) in words(names).enumerate() {
        if !godtab_puzzles::is_move_name(name) || words(names).take(index).any(|earlier| earlier == name) {
            return Err(Error::corrupt("move names", "a name is empty, too long, not allowed or repeated"));
        }
    }
    Ok(())
}

/// The directions of the sliding moves, from their names: u, d, l, r once
/// each, in any order.
fn sliding_directions(names: &str) -> Result<[u8; 4], Error> {
    let mut directions = [0u8; 4];
    let mut seen = 0u8;
    let mut count = 0;
    for name in words(names) {
        let direction = match name {
            "u" => 0,
            "d" => 1,
            "l" => 2,
            "r" => 3,
            _ => return Err(Error::Unsupported(UNSUPPORTED_MOVES)),
        };
        if count == 4 || seen & 1 << direction != 0 {
            return Err(Error::Unsupported(UNSUPPORTED_MOVES));
        }
        seen |= 1 << direction;
        directions[count] = direction;
        count += 1;
    }
    if count == 4 { Ok(directions) } else { Err(Error::Unsupported(UNSUPPORTED_MOVES)) }
}

/// The ranking the header names, with what ranking needs precomputed,
/// checked against the puzzle as `Puzzle::with_ranking` checks it.
fn ranking(
    tag: RankingTag,
    goal: &[u8],
    sliding: bool,
    cols: u8,
    goal_blank: u8,
    maps: &[u8],
) -> Result<LookupRanking, Error> {
    let n = goal.len();
    let unfit = || Error::corrupt("ranking", "does not fit the puzzle");
    match tag {
        // Half of a sliding board's lexicographic ranks cannot reach the
        // goal: the puzzle model refuses that ranking, and so does a lookup.
        RankingTag::Lex if !sliding => Ok(LookupRanking::Lex),
        RankingTag::Lex => Err(unfit()),
        RankingTag::Parity => {
            // Every move must keep the parity: permutation moves, all even.
            if sliding || maps.chunks_exact(n.max(1)).any(|map| godtab_rank::rank_lex_parity_small(map).1) {
                return Err(unfit());
            }
            Ok(LookupRanking::Parity { goal_odd: godtab_rank::rank_lex_parity_small(goal).1 })
        }
        RankingTag::BlankParity if sliding && n >= 2 => {
            let stride = godtab_rank::FACTORIAL.get(n - 1).ok_or_else(unfit)? / 2;
            let (_, goal_odd, _) = godtab_rank::rank_lex_parity_skipping_small(goal, (n - 1) as u8);
            // A vertical move carries a tile past `cols - 1` others: on
            // boards of even width the parity flips with the blank's row.
            let (cols, goal_row) = (usize::from(cols), usize::from(goal_blank) / usize::from(cols));
            let odd_tiles_by_blank = (0..n)
                .filter(|&cell| goal_odd ^ (cols % 2 == 0 && ((cell / cols) ^ goal_row) % 2 == 1))
                .fold(0u16, |mask, cell| mask | 1 << cell);
            Ok(LookupRanking::BlankParity { stride, odd_tiles_by_blank })
        }
        RankingTag::BlankParity => Err(unfit()),
        RankingTag::Multiset | RankingTag::Orbits => Err(Error::Unsupported(UNSUPPORTED_RANKING)),
    }
}

/// The words of `text` between single spaces, as `text.split(' ')` gives
/// them, by a path with no panic in it (so that a firmware image carries no
/// panic messages: see `cargo xtask bench size`).
pub(super) fn words(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    core::iter::from_fn(move || {
        let current = rest?;
        let space = current.bytes().position(|b| b == b' ');
        rest = space.and_then(|i| current.get(i + 1..));
        Some(space.and_then(|i| current.get(..i)).unwrap_or(current))
    })
}

/// Whether every permutation move is undone by some move.
fn undo_each_other(maps: &[u8], n: usize) -> bool {
    let n = n.max(1);
    maps.chunks_exact(n)
        .all(|map| maps.chunks_exact(n).any(|other| (0..n).all(|i| other.get(usize::from(map[i])) == Some(&(i as u8)))))
}

/// A checked section's bytes (empty if out of range).
pub(super) fn section<'a>(bytes: &'a [u8], at: &SectionAt) -> &'a [u8] {
    let start = usize::try_from(at.offset).unwrap_or(usize::MAX);
    let len = usize::try_from(at.length).unwrap_or(0);
    bytes.get(start..start.saturating_add(len)).unwrap_or_default()
}

struct RustSource<'a>(&'a LookupLayout);

impl fmt::Display for RustSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = self.0;
        let path = "godtab_runtime";
        writeln!(f, "{path}::LookupLayout {{")?;
        writeln!(f, "    file_len: {},", l.file_len)?;
        writeln!(f, "    checksum: {:#018x},", l.checksum)?;
        writeln!(f, "    rows: {},", l.rows)?;
        writeln!(f, "    cols: {},", l.cols)?;
        match l.moves {
            LookupMoves::Sliding(d) => writeln!(f, "    moves: {path}::LookupMoves::Sliding({d:?}),")?,
            LookupMoves::Permutation { at } => {
                writeln!(f, "    moves: {path}::LookupMoves::Permutation {{ at: {at} }},")?
            }
        }
        writeln!(f, "    move_count: {},", l.move_count)?;
        match l.ranking {
            LookupRanking::Lex => writeln!(f, "    ranking: {path}::LookupRanking::Lex,")?,
            LookupRanking::Parity { goal_odd } => {
                writeln!(f, "    ranking: {path}::LookupRanking::Parity {{ goal_odd: {goal_odd} }},")?;
            }
            LookupRanking::BlankParity { stride, odd_tiles_by_blank } => writeln!(
                f,
                "    ranking: {path}::LookupRanking::BlankParity {{ stride: {stride}, odd_tiles_by_blank: {odd_tiles_by_blank:#06x} }},"
            )?,
        }
        writeln!(f, "    encoding: {path}::Encoding::{:?},", l.encoding)?;
        writeln!(f, "    tiles: [{:#x}, {:#x}, {:#x}, {:#x}],", l.tiles[0], l.tiles[1], l.tiles[2], l.tiles[3])?;
        writeln!(f, "    goal: {:?},", l.goal)?;
        writeln!(f, "    goal_blank: {},", l.goal_blank)?;
        writeln!(f, "    slots: {},", l.slots)?;
        writeln!(f, "    goal_rank: {},", l.goal_rank)?;
        writeln!(f, "    max_depth: {},", l.max_depth)?;
        writeln!(f, "    marker: {:?},", l.marker)?;
        for (name, s) in [("distance", l.distance), ("parent", l.parent), ("names", l.names)] {
            writeln!(
                f,
                "    {name}: {path}::SectionAt {{ offset: {}, length: {}, width: {} }},",
                s.offset, s.length, s.width
            )?;
        }
        write!(f, "}}")
    }
}
