//! The lanes kernel: each orbit of a puzzle in a 16-byte SSE vector, a
//! cell a byte (the piece's number within its orbit in the low 4 bits,
//! its orientation in bits 4 to 6). Composing two states is one byte
//! shuffle per orbit (`pshufb`: the first state's cells at the second's
//! pieces) and one more to add the orientations modulo the orbit's; a
//! move after a state and a move before it are both compositions. A
//! pattern component of two groups is ranked by a shuffle (each piece's
//! group), a byte mask (the positions of group 1) and a table, and its
//! orientations by two multiply-adds.
//! A pattern of two such components whose first is reduced by symmetry
//! and whose second's orientations are modulo 2 (the cube's tables) is
//! indexed in straight lines, without the coder's general path.
//!
//! It serves puzzles of at most two orbits of at most 16 pieces (the
//! cubes); others use the [`Scalar`](crate::kernel::Scalar) kernel. It is
//! compiled when the build enables SSSE3 and SSE4.1 for the whole program
//! (the repository's `.cargo/config.toml` does, for x86-64), so every
//! intrinsic here is safe to call: each sits in a one-line wrapper that
//! says so.

use core::arch::x86_64::__m128i;

mod sse;

use sse::{
    add, and, digit_weights, digits_value, eight_digits_value, equal, high_nibbles, keep_first, load, low_bits, or,
    shuffle, splat, store,
};

use crate::kernel::Kernel;
use godtab_twisty::model::{Cells, MAX_POSITIONS, Twisty, cell, ori, piece};
use godtab_twisty::pattern::{Coder, PairCode, Parts};

/// Each arrangement of `mask_rank` times `factor`, and 0 for the masks
/// no arrangement has (`u32::MAX` there; no state has them).
fn scaled(mask_rank: &[u32], factor: u32) -> Vec<u32> {
    mask_rank.iter().map(|&r| if r == u32::MAX { 0 } else { r * factor }).collect()
}

/// A state: one vector per orbit (the second unused by one-orbit puzzles).
#[derive(Clone, Copy)]
pub struct LaneState([__m128i; 2]);

// SAFETY of Send and Sync: plain bytes.
/// How one pattern component is ranked from its lane.
#[derive(Clone)]
enum ComponentRank {
    /// Two groups: the group of each piece, a mask's rank, and the
    /// orientation digits.
    Quick {
        lane: usize,
        groups: __m128i,
        mask_rank: Vec<u32>,
        positions: u32,
        /// Keeps the first `digits` orientations.
        digit_mask: __m128i,
        digits: u32,
        modulus: u8,
        weights: __m128i,
        wide: __m128i,
        base4: u64,
    },
    /// Any other: through the state's cells.
    Cells(usize),
}

/// One lane's pieces told apart by their groups: the mask of the
/// positions holding group 1 (a shuffle and a byte mask), which a table
/// per mask turns into the arrangement.
struct Split {
    lane: usize,
    groups: __m128i,
    positions: u32,
}

impl Split {
    fn new(quick: &godtab_twisty::pattern::QuickRank<'_>, pieces: usize) -> Self {
        Self { lane: quick.orbit, groups: load(&quick.groups), positions: (1u32 << pieces) - 1 }
    }

    #[inline(always)]
    fn mask(&self, state: &LaneState) -> usize {
        (low_bits(shuffle(self.groups, and(state.0[self.lane], splat(LOW)))) & self.positions) as usize
    }
}

/// The index of a pattern of two components, the first reduced by
/// symmetry and the second separable with orientations modulo 2 (the
/// cube's tables; see [`PairCode`]), in straight lines: the first's raw
/// value from its mask and orientation digits, its class and symmetry
/// from the reduction table, the second's value under that symmetry from
/// two tables whose entries for the identity leave it as it is.
struct PairIndex<'a> {
    first: Split,
    /// Per mask of the first lane: its arrangement times the first's
    /// orientation values.
    first_base: Vec<u32>,
    first_digits: __m128i,
    /// The first's orientations: modulus 2 (a bit each) or digits to
    /// weigh (at most 8).
    first_binary: bool,
    weights: __m128i,
    wide: __m128i,
    base4: u32,
    reduce: &'a [u32],
    second: Split,
    /// Per mask of the second lane: its arrangement times the symmetries.
    second_row: Vec<u32>,
    second_digits: __m128i,
    symmetries: usize,
    /// `placed[a * symmetries + k]`: the arrangement's image times the
    /// second's orientation values, plus the orientation it adds.
    placed: Vec<u32>,
    /// `turned[x * symmetries + k]`: the orientation's image.
    turned: Vec<u16>,
    rest: u64,
}

impl<'a> PairIndex<'a> {
    /// The straight-line index of `coder`, if it has that form and both
    /// components rank quickly.
    fn new(puzzle: &Twisty, coder: &'a Coder) -> Option<Self> {
        let code: PairCode<'a> = coder.pair_code()?;
        let (first, second) = (coder.components[0].quick_rank()?, coder.components[1].quick_rank()?);
        let first_binary = first.modulus == 2;
        let second_fits = code.second_orientations <= 1 << 16
            && code.arrangements.iter().all(|&a| u64::from(a) * code.second_orientations < 1 << 32);
        if (!first_binary && first.digits > 8) || !second_fits {
            return None;
        }
        let o = first.modulus;
        let (weights, wide) = digit_weights(o);
        let s = code.symmetries;
        let per = code.second_orientations;
        let placed =
            code.arrangements.iter().zip(code.added).map(|(&a, &added)| (u64::from(a) * per) as u32 | added).collect();
        Some(Self {
            first: Split::new(&first, puzzle.orbits()[first.orbit].pieces),
            first_base: scaled(first.mask_rank, code.first_orientations as u32),
            first_digits: keep_first(first.digits),
            first_binary,
            weights,
            wide,
            base4: u32::from(o).pow(4),
            reduce: code.reduce,
            second: Split::new(&second, puzzle.orbits()[second.orbit].pieces),
            second_row: scaled(second.mask_rank, s as u32),
            second_digits: keep_first(second.digits),
            symmetries: s,
            placed,
            turned: code.orientations.iter().map(|&x| x as u16).collect(),
            rest: code.rest,
        })
    }

    #[inline(always)]
    fn index(&self, state: &LaneState) -> u64 {
        let digits = and(high_nibbles(state.0[self.first.lane]), self.first_digits);
        let orientation = if self.first_binary {
            low_bits(digits)
        } else {
            eight_digits_value(digits, self.weights, self.wide, self.base4)
        };
        let r = self.reduce[(self.first_base[self.first.mask(state)] + orientation) as usize];
        let (class, k) = (u64::from(r >> 8), (r & 0xff) as usize);
        let flips = low_bits(and(high_nibbles(state.0[self.second.lane]), self.second_digits)) as usize;
        let placed = self.placed[self.second_row[self.second.mask(state)] as usize + k];
        let turned = u32::from(self.turned[flips * self.symmetries + k]);
        class * self.rest + u64::from(placed ^ turned)
    }
}

/// The lanes kernel of one puzzle and its patterns.
pub struct Lanes<'a> {
    puzzle: &'a Twisty,
    /// Every move as a state.
    moves: Vec<LaneState>,
    /// Per lane: `(x mod o) << 4` at byte `x`.
    modulo: [__m128i; 2],
    identity: LaneState,
    /// Per pattern, per component: how to rank it.
    ranks: Vec<Vec<ComponentRank>>,
    /// Whether the solved state repeats pieces (then solved is checked on
    /// cells).
    repeats: bool,
    /// Per pattern: its straight-line index, where it has one.
    pairs: Vec<Option<PairIndex<'a>>>,
}

const LOW: u8 = 0x0f;
const ORIENTATION: u8 = 0x70;

impl<'a> Lanes<'a> {
    /// The kernel for `puzzle` and the patterns of `coders`, if the puzzle
    /// fits: at most two orbits of at most 16 pieces each.
    #[must_use]
    pub fn new(puzzle: &'a Twisty, coders: &'a [Coder]) -> Option<Self> {
        let orbits = puzzle.orbits();
        if orbits.len() > 2 || orbits.iter().any(|o| o.pieces > 16) {
            return None;
        }
        let mut modulo = [splat(0); 2];
        for (lane, orbit) in orbits.iter().enumerate() {
            let mut table = [0u8; 16];
            for (x, t) in table.iter_mut().enumerate() {
                *t = ((x % usize::from(orbit.orientations)) << 4) as u8;
            }
            modulo[lane] = load(&table);
        }
        let mut kernel = Self {
            puzzle,
            moves: Vec::new(),
            modulo,
            identity: LaneState([splat(0); 2]),
            ranks: Vec::new(),
            repeats: !puzzle.distinct(),
            pairs: coders.iter().map(|coder| PairIndex::new(puzzle, coder)).collect(),
        };
        kernel.identity = kernel.to_lanes(&puzzle.identity());
        kernel.moves = puzzle.moves().iter().map(|m| kernel.to_lanes(&m.map_as_state())).collect();
        kernel.ranks = coders
            .iter()
            .map(|coder| {
                coder
                    .components
                    .iter()
                    .enumerate()
                    .map(|(c, component)| match component.quick_rank() {
                        Some(quick) => {
                            let o = quick.modulus;
                            let (weights, wide) = digit_weights(o);
                            ComponentRank::Quick {
                                lane: quick.orbit,
                                groups: load(&quick.groups),
                                mask_rank: quick.mask_rank.to_vec(),
                                positions: puzzle.orbits()[quick.orbit].pieces as u32,
                                digit_mask: keep_first(quick.digits),
                                digits: quick.digits as u32,
                                modulus: o,
                                weights,
                                wide,
                                base4: u64::from(o).pow(4),
                            }
                        }
                        None => ComponentRank::Cells(c),
                    })
                    .collect()
            })
            .collect();
        Some(kernel)
    }

    /// `cells` as lanes.
    fn to_lanes(&self, cells: &Cells) -> LaneState {
        let mut lanes = [splat(0); 2];
        for (lane, orbit) in self.puzzle.orbits().iter().enumerate() {
            let mut bytes: [u8; 16] = core::array::from_fn(|i| i as u8);
            for i in 0..orbit.pieces {
                let c = cells[orbit.start + i];
                bytes[i] = (piece(c) - orbit.start) as u8 | ori(c) << 4;
            }
            lanes[lane] = load(&bytes);
        }
        LaneState(lanes)
    }

    /// Lanes as cells.
    fn to_cells(&self, state: &LaneState) -> Cells {
        let mut cells = [0u8; MAX_POSITIONS];
        for (lane, orbit) in self.puzzle.orbits().iter().enumerate() {
            let bytes = store(state.0[lane]);
            for i in 0..orbit.pieces {
                cells[orbit.start + i] = cell(orbit.start + usize::from(bytes[i] & LOW), bytes[i] >> 4);
            }
        }
        cells
    }

    /// `a` then `b`, lane by lane: `a`'s cell at each of `b`'s pieces,
    /// turned by `b`'s orientation.
    #[inline(always)]
    fn compose(&self, a: &LaneState, b: &LaneState) -> LaneState {
        let mut out = [splat(0); 2];
        for lane in 0..self.puzzle.orbits().len() {
            let picked = shuffle(a.0[lane], and(b.0[lane], splat(LOW)));
            let sum = add(and(picked, splat(ORIENTATION)), and(b.0[lane], splat(ORIENTATION)));
            let turned = shuffle(self.modulo[lane], high_nibbles(sum));
            out[lane] = or(and(picked, splat(LOW)), turned);
        }
        LaneState(out)
    }
}

impl Kernel for Lanes<'_> {
    type State = LaneState;

    fn state(&self, cells: &Cells) -> LaneState {
        self.to_lanes(cells)
    }

    fn cells(&self, state: &LaneState) -> Cells {
        self.to_cells(state)
    }

    #[inline]
    fn apply(&self, state: &LaneState, m: usize) -> LaneState {
        self.compose(state, &self.moves[m])
    }

    #[inline]
    fn premove(&self, m: usize, state: &LaneState) -> LaneState {
        self.compose(&self.moves[m], state)
    }

    #[inline]
    fn is_solved(&self, state: &LaneState) -> bool {
        if self.repeats {
            return self.puzzle.is_solved(&self.to_cells(state));
        }
        (0..self.puzzle.orbits().len()).all(|lane| equal(state.0[lane], self.identity.0[lane]))
    }

    #[inline]
    fn index(&self, coder: &Coder, pattern: usize, state: &LaneState) -> u64 {
        if let Some(Some(pair)) = self.pairs.get(pattern) {
            return pair.index(state);
        }
        let mut parts: Parts = [(0, 0); godtab_twisty::model::MAX_ORBITS];
        let mut cells: Option<Cells> = None;
        for (c, rank) in self.ranks[pattern].iter().enumerate() {
            parts[c] = match rank {
                ComponentRank::Quick {
                    lane,
                    groups,
                    mask_rank,
                    positions,
                    digit_mask,
                    digits,
                    modulus,
                    weights,
                    wide,
                    base4,
                } => {
                    let v = state.0[*lane];
                    let mask = low_bits(shuffle(*groups, and(v, splat(LOW)))) & ((1 << positions) - 1);
                    let orientations = and(high_nibbles(v), *digit_mask);
                    let orientation = if *modulus == 2 {
                        u64::from(low_bits(orientations))
                    } else if *digits == 0 {
                        0
                    } else {
                        digits_value(orientations, *weights, *wide, *base4)
                    };
                    (u64::from(mask_rank[mask as usize]), orientation)
                }
                ComponentRank::Cells(c) => {
                    let cells = cells.get_or_insert_with(|| self.to_cells(state));
                    coder.components[*c].rank_parts(cells)
                }
            };
        }
        coder.index_of_parts(self.puzzle, &parts)
    }
}
