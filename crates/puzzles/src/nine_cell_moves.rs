//! The moves of a board of nine distinct tiles by table: from the two parts
//! of a state's lexicographic rank ([`NineCellRank`]) to its neighbour's,
//! without building either state. A 3x3 board's usual moves (turning a 2x2
//! block, shifting a row or a column) all qualify; the generator's cursor
//! and the 9 Puzzle judge walk them.

use alloc::vec::Vec;

use crate::nine_cells::{NineCellRank, PREFIX_CELLS, PREFIXES, SUFFIX_CELLS, SUFFIXES, TABLE_CELLS};
use crate::{Kind, MAX_CELLS, Puzzle, Ranking};

/// How one move (or its undo) of a nine-cell board gets the neighbour's
/// rank from the two parts of the current one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// No table: the move carries two values or more into the first three
    /// cells (or there is no such move).
    None,
    /// The first three cells trade values only among themselves, and so do
    /// the last six: `high` and `low` each map by a table (at these offsets
    /// of [`NineCellMoves::high`] and [`NineCellMoves::low`]).
    Within { high: u32, low: u32 },
    /// One value leaves the last six cells (from the cell `shift / 4` of
    /// them) for the first three, and one goes the other way. The new
    /// `high` is read at `high * 6 + r`, where `r` is the leaving value's
    /// place among the six (smallest first); the same entry holds above bit
    /// [`JOINER_SHIFT`] how many of the six lie below the value that joins
    /// them, which with `r` gives the joiner's place `k` among the new six;
    /// the new `low` is read at `low * 6 + k`.
    Crossing { high: u32, low: u32, shift: u8 },
}

/// Where a [`Rule::Crossing`] entry of [`NineCellMoves::high`] keeps the
/// joining value's count (0 to 6); the new `high` is below it.
const JOINER_SHIFT: u32 = 12;

/// The weight of each of the last six cells' Lehmer digit in `low`.
const SUFFIX_WEIGHTS: [usize; SUFFIX_CELLS] = [120, 24, 6, 2, 1, 1];

/// The `high` part of the ranks whose first three values are `a`, `b`,
/// `c` (distinct, below 9): their first three Lehmer digits, weighted.
const fn prefix_rank(a: u64, b: u64, c: u64) -> u16 {
    let d1 = b - (a < b) as u64;
    let d2 = c - (a < c) as u64 - (b < c) as u64;
    (a * 56 + d1 * 7 + d2) as u16
}

/// A puzzle's moves (and, if asked, their undos) on a board of nine
/// distinct tiles as tables over [`NineCellRank`]s: each move two or three
/// table reads, whatever the state.
///
/// ```
/// use godtab_puzzles::{NineCellMoves, NineCellRank, builtin};
///
/// let definition = builtin::NINE_DIGITS.definition();
/// let puzzle = definition.puzzle();
/// let moves = NineCellMoves::new(puzzle, true).unwrap();
/// assert!(moves.covers_every_move());
/// let state = puzzle.unrank(1234);
/// let turned = puzzle.apply(&state, 2).unwrap();
/// let after = moves.after(2, NineCellRank::from_lex(1234)).unwrap();
/// assert_eq!(after.lex(), puzzle.rank(&turned));
/// assert_eq!(moves.before(2, after).unwrap().lex(), 1234);
/// ```
pub struct NineCellMoves {
    /// `rules[2 * m]`: move `m`, `rules[2 * m + 1]`: its undo.
    rules: Vec<Rule>,
    /// The tables of the new `high`, one after another.
    high: Vec<u16>,
    /// The tables of the new `low`, one after another.
    low: Vec<u16>,
    /// Whether the undos have tables too.
    undos: bool,
}

impl NineCellMoves {
    /// The tables of `puzzle`'s moves, and of their undos if `undo`; `None`
    /// unless it is a permutation puzzle of nine cells with distinct tiles
    /// (ranked [`Ranking::Lex`] or [`Ranking::Parity`]). A move that carries
    /// two values or more into the first three cells gets no table.
    #[must_use]
    pub fn new(puzzle: &Puzzle, undo: bool) -> Option<Self> {
        let fits = puzzle.kind() == Kind::Permutation
            && matches!(puzzle.ranking(), Ranking::Lex | Ranking::Parity)
            && puzzle.cells() == TABLE_CELLS;
        if !fits {
            return None;
        }
        let mut moves = Self { rules: Vec::new(), high: Vec::new(), low: Vec::new(), undos: undo };
        // Room for every table at its largest, so that building them does
        // not copy them as they grow.
        let tables = puzzle.move_count() * if undo { 2 } else { 1 };
        moves.high.reserve(tables * PREFIXES.len() * SUFFIX_CELLS);
        moves.low.reserve(tables * SUFFIXES.len() * SUFFIX_CELLS);
        for m in 0..puzzle.move_count() {
            let forward = puzzle.forward_map(m).map_or(Rule::None, |map| moves.add(map));
            let back = match puzzle.inverse_map(m) {
                Some(map) if undo => moves.add(map),
                _ => Rule::None,
            };
            moves.rules.extend([forward, back]);
        }
        Some(moves)
    }

    /// Whether every move (and every undo, if built) has a table.
    #[must_use]
    pub fn covers_every_move(&self) -> bool {
        self.rules.chunks(2).all(|pair| pair[0] != Rule::None && (!self.undos || pair[1] != Rule::None))
    }

    /// The state move `m` leads to from `at`, or `None` if the move has no
    /// table.
    #[inline(always)]
    #[must_use]
    pub fn after(&self, m: usize, at: NineCellRank) -> Option<NineCellRank> {
        self.step(2 * m, at)
    }

    /// The state that move `m` leads to `at` from, or `None` if its undo
    /// has no table.
    #[inline(always)]
    #[must_use]
    pub fn before(&self, m: usize, at: NineCellRank) -> Option<NineCellRank> {
        self.step(2 * m + 1, at)
    }

    #[inline(always)]
    fn step(&self, slot: usize, at: NineCellRank) -> Option<NineCellRank> {
        let NineCellRank { high, low } = at;
        let (high, low) = match *self.rules.get(slot)? {
            Rule::None => return None,
            Rule::Within { high: h, low: l } => (*self.high.get(h as usize + high)?, *self.low.get(l as usize + low)?),
            Rule::Crossing { high: h, low: l, shift } => {
                let leaving = (SUFFIXES.get(low)? >> shift & 0xF) as usize;
                let entry = *self.high.get(h as usize + high * SUFFIX_CELLS + leaving)?;
                let below = usize::from(entry >> JOINER_SHIFT);
                let joiner = below - usize::from(leaving < below);
                (entry & ((1 << JOINER_SHIFT) - 1), *self.low.get(l as usize + low * SUFFIX_CELLS + joiner)?)
            }
        };
        Some(NineCellRank { high: usize::from(high), low: usize::from(low) })
    }

    /// The six entries of a [`Rule::Crossing`] table of `low` for the order
    /// `order` (as [`SUFFIXES`] holds it) of the last six values: the order
    /// after the move for each place `k` of the joining value, which lands
    /// in cell `joins` of the six, among the new six. The five values that
    /// stay keep their order, so each `k` changes only the digits the
    /// joining value takes part in: its own (the stayers after it below
    /// `k`) and one for each stayer before it at `k` or above.
    fn push_crossing_orders(&mut self, order: u64, map: &[usize; TABLE_CELLS], from: usize, joins: usize) {
        let place = |cell: usize| (order >> (4 * (cell - PREFIX_CELLS)) & 0xF) as usize;
        let gone = place(from);
        // Each new cell's stayer, by its place among the five that stay.
        let stayer: [usize; SUFFIX_CELLS] = core::array::from_fn(|j| {
            let p = place(map[PREFIX_CELLS + j].max(PREFIX_CELLS));
            p - usize::from(p > gone)
        });
        let others = || (0..SUFFIX_CELLS).filter(|&j| j != joins);
        // The stayers' digits among themselves, and the cell of each.
        let mut base = 0;
        let mut cell_of = [0; SUFFIX_CELLS - 1];
        for j in others() {
            let below = others().filter(|&i| i > j && stayer[i] < stayer[j]).count();
            base += below * SUFFIX_WEIGHTS[j];
            cell_of[stayer[j]] = j;
        }
        // Joining below every stayer: each stayer before it counts it.
        let mut after_below = 0;
        let mut before_above: usize = others().filter(|&j| j < joins).map(|j| SUFFIX_WEIGHTS[j]).sum();
        for k in 0..SUFFIX_CELLS {
            self.low.push((base + after_below * SUFFIX_WEIGHTS[joins] + before_above) as u16);
            // One place up: the stayer `k` falls below the joining value.
            if let Some(&cell) = cell_of.get(k) {
                if cell > joins {
                    after_below += 1;
                } else {
                    before_above -= SUFFIX_WEIGHTS[cell];
                }
            }
        }
    }

    /// Builds the tables for the position map `map` (`new[i] = old[map[i]]`)
    /// and returns its rule.
    fn add(&mut self, map: &[u8; MAX_CELLS]) -> Rule {
        let map: [usize; TABLE_CELLS] = core::array::from_fn(|i| usize::from(map[i]));
        let entering: Vec<usize> = (0..PREFIX_CELLS).filter(|&i| map[i] >= PREFIX_CELLS).collect();
        let (high, low) = (self.high.len() as u32, self.low.len() as u32);
        match entering[..] {
            [] => {
                for &old in &PREFIXES {
                    let value = |cell: usize| old >> (4 * cell) & 0xF;
                    self.high.push(prefix_rank(value(map[0]), value(map[1]), value(map[2])));
                }
                for &order in &SUFFIXES {
                    let moved: [u8; SUFFIX_CELLS] =
                        core::array::from_fn(|j| (order >> (4 * (map[PREFIX_CELLS + j] - PREFIX_CELLS)) & 0xF) as u8);
                    self.low.push(godtab_rank::rank_lex_array(&moved) as u16);
                }
                Rule::Within { high, low }
            }
            [into] => {
                // `from`: the cell of the last six whose value enters the
                // first three; `leaver`: the cell of the first three whose
                // value goes to the last six.
                let from = map[into];
                let Some(leaver) = (0..PREFIX_CELLS).find(|&c| map[PREFIX_CELLS..TABLE_CELLS].contains(&c)) else {
                    return Rule::None;
                };
                for &old in &PREFIXES {
                    let rest = old >> (4 * PREFIX_CELLS);
                    let leaving = old >> (4 * leaver) & 0xF;
                    let below = (0..SUFFIX_CELLS).filter(|&j| rest >> (4 * j) & 0xF < leaving).count() as u16;
                    for r in 0..SUFFIX_CELLS {
                        let value =
                            |cell: usize| if cell == from { rest >> (4 * r) & 0xF } else { old >> (4 * cell) & 0xF };
                        let new = prefix_rank(value(map[0]), value(map[1]), value(map[2]));
                        self.high.push(new | below << JOINER_SHIFT);
                    }
                }
                let joins = (0..SUFFIX_CELLS).find(|&j| map[PREFIX_CELLS + j] == leaver).unwrap_or(0);
                for &order in &SUFFIXES {
                    self.push_crossing_orders(order, &map, from, joins);
                }
                Rule::Crossing { high, low, shift: 4 * (from - PREFIX_CELLS) as u8 }
            }
            _ => Rule::None,
        }
    }
}
