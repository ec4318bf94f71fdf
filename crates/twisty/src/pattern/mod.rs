//! Patterns over orbits, and how their values are numbered.
//!
//! A pattern sees each orbit through *groups*: the pieces of one group
//! cannot be told apart by it, and a group's orientations count or not.
//! "All corners" puts every corner in a group of its own, oriented; a
//! pattern of 7 edges puts them in groups of their own and the other 5 in
//! one unoriented group; the corners split into the U and D layers, every
//! edge oriented and the middle four told from the others, is the pattern
//! of Rokicki's nxopt tables. Its value for a state is the arrangement of
//! the groups over the positions and the orientations of the oriented
//! pieces: exactly what stays the same when the state is premultiplied by
//! a member of the subgroup `H` that permutes pieces within groups and
//! reorients unoriented ones (the value is the coset `H·s`). A move maps
//! cosets to cosets, so a breadth-first search over the values gives
//! each one's distance from the solved value, a lower bound on the
//! distance of every state with that value.
//!
//! # Numbering (the one rule; `docs/FORMAT.md` repeats it)
//!
//! Each orbit the pattern sees is a *component*, valued
//! `arrangement × orientations + orientation`:
//!
//! - `arrangement`: the lexicographic rank of the sequence of groups at
//!   the orbit's positions, among all sequences with the same group sizes
//!   (`n!/(k₁!k₂!…)`);
//! - `orientation`: the orientations at the positions holding pieces of
//!   oriented groups, in position order, in base `o`, the first least
//!   significant; when every group is oriented and the moves keep the
//!   orbit's orientations summing to 0, the last position is left out.
//!
//! Without symmetry a value is the components in orbit order in mixed
//! radix, the first most significant. With symmetry one component (the
//! *main* one, [`Coder::main`]) is replaced by the number of its class
//! under the pattern's symmetries (classes numbered by their least member),
//! and the other components are those of the symmetry that takes the main
//! component to that least member; a class that some symmetry maps to
//! itself holds the values of every such symmetry (all filled in alike).

use std::collections::HashMap;

use crate::model::{Cells, MAX_ORBITS, MAX_POSITIONS, Twisty, cell, ori, piece};

/// The components' values of a pattern, in component order.
pub type Values = [u64; MAX_ORBITS];

/// The components' (arrangement, orientation) parts, in component order.
pub type Parts = [(u64, u64); MAX_ORBITS];

/// What ranks a component quickly from a 16-byte lane holding its orbit
/// (see the lanes kernel): two groups, every one oriented or none.
#[derive(Clone, Copy, Debug)]
pub struct QuickRank<'a> {
    /// The orbit.
    pub orbit: usize,
    /// The group (0 or 1) of each piece, by its number within the orbit.
    pub groups: [u8; 16],
    /// The arrangement of each set of positions holding group 1.
    pub mask_rank: &'a [u32],
    /// Orientation digits (the first positions' orientations, the first
    /// least significant).
    pub digits: usize,
    /// Orientations of the orbit's pieces.
    pub modulus: u8,
}
use crate::symmetry::{Group, Symmetry};

/// The tables of a pattern of two components whose first is reduced by
/// symmetry and whose second is separable, its orientations modulo 2 (see
/// [`Coder::pair_code`]). Its index is `class * rest + value`, the first
/// component's raw value `arrangement * first_orientations + orientation`
/// giving `reduce[raw] = class << 8 | k`, and the second's value under the
/// symmetry `k`: `arrangements[a * symmetries + k] * second_orientations`
/// plus `orientations[x * symmetries + k] ^ added[a * symmetries + k]`
/// (the identity is `k = 0`).
#[derive(Clone, Copy, Debug)]
pub struct PairCode<'a> {
    /// Per raw value of the first component: its class << 8 | the symmetry
    /// taking it to its class's least member.
    pub reduce: &'a [u32],
    /// Orientation values of the first component.
    pub first_orientations: u64,
    /// Orientation values of the second (a power of 2).
    pub second_orientations: u64,
    /// Symmetries that keep the pattern.
    pub symmetries: usize,
    /// The second component's arrangements under each symmetry.
    pub arrangements: &'a [u32],
    /// The orientation each arrangement adds under each symmetry.
    pub added: &'a [u32],
    /// The second component's orientations under each symmetry.
    pub orientations: &'a [u32],
    /// Values of the second component.
    pub rest: u64,
}

/// A pattern as a spec gives it: for every piece (its home position, over
/// all orbits), its group within its orbit, and whether its orientation
/// counts. An orbit whose pieces are all in group 0, unoriented, is not
/// seen at all.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PatternDef {
    /// The group of every piece, numbered from 0 within each orbit.
    pub groups: Vec<u8>,
    /// Whether each piece's orientation counts (the same for every piece
    /// of a group).
    pub oriented: Vec<bool>,
}

impl PatternDef {
    /// The pattern that sees everything: every piece its own group,
    /// oriented.
    #[must_use]
    pub fn everything(puzzle: &Twisty) -> Self {
        let mut groups = Vec::new();
        for orbit in puzzle.orbits() {
            groups.extend(0..orbit.pieces as u8);
        }
        Self { groups, oriented: vec![true; puzzle.positions()] }
    }

    /// Checks the pattern against the puzzle: one group and orientation
    /// flag per piece, groups numbered from 0 with none skipped, one flag
    /// per group, and pieces that cannot be told apart in the solved
    /// state in one group.
    ///
    /// # Errors
    ///
    /// What is wrong, in words.
    pub fn check(&self, puzzle: &Twisty) -> Result<(), String> {
        let n = puzzle.positions();
        if self.groups.len() != n || self.oriented.len() != n {
            return Err(format!("a pattern gives {} pieces, the puzzle has {n}", self.groups.len()));
        }
        for orbit in puzzle.orbits() {
            let range = orbit.positions();
            let groups = &self.groups[range.clone()];
            let count = usize::from(groups.iter().copied().max().unwrap_or(0)) + 1;
            for g in 0..count {
                let members: Vec<usize> = range.clone().filter(|&q| usize::from(self.groups[q]) == g).collect();
                let Some(&first) = members.first() else {
                    return Err(format!("{}: group {g} has no piece (groups are numbered from 0)", orbit.name));
                };
                if members.iter().any(|&q| self.oriented[q] != self.oriented[first]) {
                    return Err(format!("{}: some pieces of group {g} are oriented and some not", orbit.name));
                }
            }
            let labels = puzzle.labels();
            for q in range.clone() {
                for r in range.clone() {
                    if labels[q] == labels[r]
                        && (self.groups[q] != self.groups[r] || self.oriented[q] != self.oriented[r])
                    {
                        return Err(format!(
                            "{}: pieces {} and {} cannot be told apart in the solved state, so they belong in one \
                             group",
                            orbit.name,
                            q - orbit.start + 1,
                            r - orbit.start + 1
                        ));
                    }
                }
            }
        }
        if (0..n).all(|q| self.groups[q] == 0 && !self.oriented[q]) {
            return Err("the pattern sees nothing: give some pieces groups of their own or orientations".into());
        }
        Ok(())
    }

    /// Whether `symmetry` maps this pattern to itself: each group onto a
    /// group, oriented onto oriented, with one orientation offset per
    /// oriented group.
    #[must_use]
    pub fn is_kept_by(&self, puzzle: &Twisty, symmetry: &Symmetry) -> bool {
        let n = puzzle.positions();
        let together =
            |q: usize, r: usize| puzzle.orbit_of(q) == puzzle.orbit_of(r) && self.groups[q] == self.groups[r];
        (0..n).all(|q| {
            let image = usize::from(symmetry.perm[q]);
            self.oriented[image] == self.oriented[q]
                && (0..n).all(|r| {
                    let other = usize::from(symmetry.perm[r]);
                    together(q, r) == together(image, other)
                        && (!together(q, r) || !self.oriented[q] || symmetry.offset[r] == symmetry.offset[q])
                })
        })
    }
}

/// The most values a component may have for its whole-value tables (a
/// move table and, under symmetry, a conjugation table).
pub(crate) const TABLE_LIMIT: u64 = 1 << 22;

/// The most sequences of groups a component ranks through a table (4 MiB
/// of ranks: the cube's edges in three groups of four have 3^12).
const CODE_LIMIT: u64 = 1 << 20;

/// One orbit as a pattern sees it, and its coordinate.
#[derive(Clone, Debug)]
pub struct Component {
    /// The orbit.
    pub orbit: usize,
    start: usize,
    n: usize,
    modulus: u8,
    /// Group of every piece (home position, over all orbits).
    group: Cells,
    /// Pieces of each group.
    counts: Vec<u8>,
    /// Whether each group is oriented.
    oriented: Vec<bool>,
    /// Orientation digits (the last oriented position is left out when its
    /// orientation follows from the others').
    digits: usize,
    /// Arrangements, orientation values, and their product.
    arrangements: u64,
    orientations: u64,
    /// Values.
    pub size: u64,
    /// Two groups on at most 16 positions: the rank of each set of
    /// positions holding group 1.
    mask_rank: Vec<u32>,
    /// Two groups on at most 16 positions, every group oriented or none:
    /// ranked by the mask and the first `digits` orientations.
    quick: bool,
    /// More than two groups, with at most [`CODE_LIMIT`] sequences of
    /// groups: the rank of each sequence, read as a number whose digits
    /// (base the number of groups) are the positions' groups, first
    /// position lowest (no division per position).
    code_rank: Vec<u32>,
    /// Move tables: over arrangements and orientations separately when
    /// every group or none is oriented, else over whole values (if small
    /// enough); empty when not built.
    arrangement_moves: Vec<u32>,
    orientation_moves: Vec<u32>,
    value_moves: Vec<u32>,
    moves: usize,
}

impl Component {
    fn new(puzzle: &Twisty, def: &PatternDef, orbit: usize) -> Self {
        let o = &puzzle.orbits()[orbit];
        let range = o.positions();
        let mut group = [0u8; MAX_POSITIONS];
        group[range.clone()].copy_from_slice(&def.groups[range.clone()]);
        let count = usize::from(def.groups[range.clone()].iter().copied().max().unwrap_or(0)) + 1;
        let mut counts = vec![0u8; count];
        let mut oriented = vec![false; count];
        for q in range.clone() {
            counts[usize::from(def.groups[q])] += 1;
            oriented[usize::from(def.groups[q])] = def.oriented[q] && o.orientations > 1;
        }
        let oriented_pieces: usize = (0..count).filter(|&g| oriented[g]).map(|g| usize::from(counts[g])).sum();
        let drop_last = oriented_pieces == o.pieces && o.sum_fixed && o.pieces > 0;
        let digits = oriented_pieces - usize::from(drop_last);
        let arrangements = multinomial(&counts);
        let orientations = u64::from(o.orientations).pow(digits as u32);
        let mut component = Self {
            orbit,
            start: o.start,
            n: o.pieces,
            modulus: o.orientations,
            group,
            counts,
            oriented,
            digits,
            arrangements,
            orientations,
            size: arrangements * orientations,
            mask_rank: Vec::new(),
            quick: false,
            code_rank: Vec::new(),
            arrangement_moves: Vec::new(),
            orientation_moves: Vec::new(),
            value_moves: Vec::new(),
            moves: puzzle.moves().len(),
        };
        if component.counts.len() == 2 && component.n <= 16 {
            let mut ranks = vec![u32::MAX; 1 << component.n];
            for a in 0..component.arrangements {
                let sequence = component.unrank_arrangement(a);
                let mask = (0..component.n).filter(|&i| sequence[i] == 1).fold(0usize, |m, i| m | 1 << i);
                ranks[mask] = a as u32;
            }
            component.mask_rank = ranks;
            component.quick = component.separable();
        } else if let Some(codes) =
            u32::try_from(component.counts.len()).ok().and_then(|b| (b as u64).checked_pow(component.n as u32))
            && component.counts.len() > 2
            && codes <= CODE_LIMIT
        {
            let mut ranks = vec![u32::MAX; codes as usize];
            for a in 0..component.arrangements {
                let sequence = component.unrank_arrangement(a);
                ranks[component.code(sequence.iter().copied()) as usize] = a as u32;
            }
            component.code_rank = ranks;
        }
        component
    }

    /// The groups of a sequence read as one number (see `code_rank`).
    #[inline]
    fn code(&self, groups: impl DoubleEndedIterator<Item = u8>) -> u64 {
        let base = self.counts.len() as u64;
        groups.rev().fold(0, |code, g| code * base + u64::from(g))
    }

    /// How to rank this component from a lane, if it can be quickly.
    #[must_use]
    pub fn quick_rank(&self) -> Option<QuickRank<'_>> {
        self.quick.then(|| {
            let mut groups = [0u8; 16];
            for (q, g) in groups.iter_mut().enumerate().take(self.n) {
                *g = self.group[self.start + q];
            }
            QuickRank {
                orbit: self.orbit,
                groups,
                mask_rank: &self.mask_rank,
                digits: self.digits,
                modulus: self.modulus,
            }
        })
    }

    /// Whether every group, or none, is oriented: then arrangements and
    /// orientations move independently.
    #[must_use]
    pub fn separable(&self) -> bool {
        let oriented = self.oriented.iter().filter(|&&o| o).count();
        oriented == 0 || oriented == self.oriented.len()
    }

    /// The component's value in `state`.
    #[inline]
    #[must_use]
    pub fn rank(&self, state: &Cells) -> u64 {
        let (arrangement, orientation) = self.rank_parts(state);
        arrangement * self.orientations + orientation
    }

    /// The component's arrangement and orientation in `state`.
    #[inline]
    #[must_use]
    pub fn rank_parts(&self, state: &Cells) -> (u64, u64) {
        let cells = &state[self.start..self.start + self.n];
        if self.quick {
            let mut mask = 0usize;
            for (i, &c) in cells.iter().enumerate() {
                mask |= usize::from(self.group[piece(c)]) << i;
            }
            let m = u32::from(self.modulus);
            let mut orientation = 0u32;
            for &c in cells[..self.digits].iter().rev() {
                orientation = orientation * m + u32::from(ori(c));
            }
            return (u64::from(self.mask_rank[mask]), u64::from(orientation));
        }
        let arrangement = if !self.code_rank.is_empty() {
            u64::from(self.code_rank[self.code(cells.iter().map(|&c| self.group[piece(c)])) as usize])
        } else if self.mask_rank.is_empty() {
            let mut sequence = [0u8; MAX_POSITIONS];
            for (s, &c) in sequence.iter_mut().zip(cells) {
                *s = self.group[piece(c)];
            }
            self.rank_arrangement(&sequence[..self.n])
        } else {
            let mut mask = 0usize;
            for (i, &c) in cells.iter().enumerate() {
                mask |= usize::from(self.group[piece(c)]) << i;
            }
            u64::from(self.mask_rank[mask])
        };
        let mut orientation = 0u64;
        let mut scale = 1u64;
        let mut left = self.digits;
        let m = u64::from(self.modulus);
        for &c in cells {
            if left == 0 {
                break;
            }
            if self.oriented[usize::from(self.group[piece(c)])] {
                orientation += scale * u64::from(ori(c));
                scale *= m;
                left -= 1;
            }
        }
        (arrangement, orientation)
    }

    /// Writes a state with this value into the orbit's cells of `state`:
    /// each group's pieces in order at the positions holding the group.
    pub fn unrank(&self, value: u64, state: &mut Cells) {
        let (arrangement, mut orientation) = (value / self.orientations, value % self.orientations);
        let sequence = self.unrank_arrangement(arrangement);
        let mut next: Vec<usize> = (0..self.counts.len())
            .map(|g| (self.start..self.start + self.n).find(|&q| usize::from(self.group[q]) == g).unwrap_or(0))
            .collect();
        let m = self.modulus;
        let mut turns = [0u8; MAX_POSITIONS];
        for turn in turns.iter_mut().take(self.digits) {
            *turn = (orientation % u64::from(m)) as u8;
            orientation /= u64::from(m);
        }
        let mut digit = 0;
        let mut sum = 0u32;
        for (i, &g) in sequence.iter().enumerate().take(self.n) {
            let g = usize::from(g);
            let q = next[g];
            next[g] = (q + 1..self.start + self.n).find(|&r| usize::from(self.group[r]) == g).unwrap_or(q);
            let x = if !self.oriented[g] {
                0
            } else if digit < self.digits {
                digit += 1;
                turns[digit - 1]
            } else {
                // The position left out: the sum comes to 0.
                ((u32::from(m) - sum % u32::from(m)) % u32::from(m)) as u8
            };
            sum += u32::from(x);
            state[self.start + i] = cell(q, x);
        }
    }

    fn rank_arrangement(&self, sequence: &[u8]) -> u64 {
        let mut counts = self.counts.clone();
        let mut remaining = self.n as u64;
        let mut total = self.arrangements;
        let mut rank = 0u64;
        for &g in sequence {
            let g = usize::from(g);
            for &count in &counts[..g] {
                rank += total * u64::from(count) / remaining;
            }
            total = total * u64::from(counts[g]) / remaining;
            counts[g] -= 1;
            remaining -= 1;
        }
        rank
    }

    fn unrank_arrangement(&self, mut rank: u64) -> Vec<u8> {
        let mut counts = self.counts.clone();
        let mut remaining = self.n as u64;
        let mut total = self.arrangements;
        let mut sequence = Vec::with_capacity(self.n);
        for _ in 0..self.n {
            for g in 0..counts.len() {
                let with = total * u64::from(counts[g]) / remaining;
                if rank < with {
                    sequence.push(g as u8);
                    total = with;
                    counts[g] -= 1;
                    break;
                }
                rank -= with;
            }
            remaining -= 1;
        }
        sequence
    }

    /// Builds the move tables (once).
    fn build_move_tables(&mut self, puzzle: &Twisty) {
        let moves = puzzle.moves().len();
        if self.separable() && self.arrangements <= TABLE_LIMIT && self.orientations <= TABLE_LIMIT {
            let mut state = puzzle.identity();
            let mut table = vec![0u32; (self.arrangements as usize) * moves];
            for a in 0..self.arrangements {
                self.unrank(a * self.orientations, &mut state);
                for m in 0..moves {
                    table[a as usize * moves + m] = (self.rank(&puzzle.apply(&state, m)) / self.orientations) as u32;
                }
            }
            self.arrangement_moves = table;
            let mut table = vec![0u32; (self.orientations as usize) * moves];
            let home = self.unrank_home();
            for x in 0..self.orientations {
                let mut state = puzzle.identity();
                self.unrank(home * self.orientations + x, &mut state);
                for m in 0..moves {
                    table[x as usize * moves + m] = (self.rank(&puzzle.apply(&state, m)) % self.orientations) as u32;
                }
            }
            self.orientation_moves = table;
        } else if self.size <= TABLE_LIMIT {
            let mut table = vec![0u32; self.size as usize * moves];
            let mut state = puzzle.identity();
            for v in 0..self.size {
                self.unrank(v, &mut state);
                for m in 0..moves {
                    table[v as usize * moves + m] = self.rank(&puzzle.apply(&state, m)) as u32;
                }
            }
            self.value_moves = table;
        }
    }

    /// The arrangement of the solved state.
    fn unrank_home(&self) -> u64 {
        self.rank(&identity_cells(self.start + self.n)) / self.orientations
    }

    /// The value after move `m`, from the move tables if built, else
    /// through a state.
    #[inline]
    #[must_use]
    pub fn apply(&self, puzzle: &Twisty, value: u64, m: usize) -> u64 {
        if !self.arrangement_moves.is_empty() {
            let (a, x) = (value / self.orientations, value % self.orientations);
            let a = self.arrangement_moves[a as usize * self.moves + m];
            let x = self.orientation_moves[x as usize * self.moves + m];
            u64::from(a) * self.orientations + u64::from(x)
        } else if !self.value_moves.is_empty() {
            u64::from(self.value_moves[value as usize * self.moves + m])
        } else {
            let mut state = puzzle.identity();
            self.unrank(value, &mut state);
            self.rank(&puzzle.apply(&state, m))
        }
    }
}

fn identity_cells(n: usize) -> Cells {
    let mut out = [0u8; MAX_POSITIONS];
    for (i, o) in out.iter_mut().enumerate().take(n) {
        *o = cell(i, 0);
    }
    out
}

/// `n! / (k₁! k₂! …)` for the group sizes.
fn multinomial(counts: &[u8]) -> u64 {
    let mut total: u64 = 1;
    let mut placed: u64 = 0;
    for &count in counts {
        for i in 1..=u64::from(count) {
            placed += 1;
            total = total * placed / i;
        }
    }
    total
}

/// How one component's values map under the pattern's symmetries.
#[derive(Clone, Debug)]
struct Conjugation {
    /// `table[v * symmetries + s]`, when the component is small enough.
    values: Vec<u32>,
    /// Separable components: arrangements, orientations, and the
    /// orientation each arrangement adds (the offsets of the pieces'
    /// groups against the positions').
    arrangements: Vec<u32>,
    orientations: Vec<u32>,
    added: Vec<u32>,
}

/// A pattern's values as table indices: the components, and the
/// reduction by the pattern's symmetries.
#[derive(Clone, Debug)]
pub struct Coder {
    /// The pattern.
    pub def: PatternDef,
    /// The components, in orbit order.
    pub components: Vec<Component>,
    /// The component reduced by symmetry (0 without symmetry).
    pub main: usize,
    /// The symmetries (indices into the puzzle's [`Group`]) that keep the
    /// pattern, the identity first; just the identity without symmetry.
    pub symmetries: Vec<u8>,
    symmetry_list: Vec<Symmetry>,
    conjugations: Vec<Conjugation>,
    /// Per raw main value: its class << 8 | the symmetry (local index)
    /// taking it to its class's least member.
    reduce: Vec<u32>,
    /// Each class's least member.
    representatives: Vec<u64>,
    /// The classes some symmetry besides the identity keeps, with those
    /// symmetries.
    stabilizers: HashMap<u32, Vec<u8>>,
    /// Values of the components after the main one, together.
    pub rest: u64,
    /// Table entries: classes times `rest`.
    pub entries: u64,
}

impl Coder {
    /// The coder of pattern `def` (checked) on `puzzle`, reduced by those
    /// of `group`'s symmetries that keep it (or by none, without a group).
    #[must_use]
    pub fn new(puzzle: &Twisty, def: &PatternDef, group: Option<&Group>) -> Self {
        let mut components: Vec<Component> =
            (0..puzzle.orbits().len()).map(|j| Component::new(puzzle, def, j)).filter(|c| c.size > 1).collect();
        for c in &mut components {
            c.build_move_tables(puzzle);
        }
        // Symmetry reduces one component through a table of its values: a
        // pattern with none small enough is not reduced.
        let group = group.filter(|_| components.iter().any(|c| c.size <= TABLE_LIMIT));
        let symmetries: Vec<u8> = match group {
            Some(group) => {
                (0..group.len()).filter(|&s| def.is_kept_by(puzzle, &group.symmetries[s])).map(|s| s as u8).collect()
            }
            None => vec![0],
        };
        let symmetry_list: Vec<Symmetry> = match group {
            Some(group) => symmetries.iter().map(|&s| group.symmetries[usize::from(s)].clone()).collect(),
            None => Vec::new(),
        };
        let reduced = symmetries.len() > 1;
        // The main component: the smallest with at least 64 values per
        // symmetry (so that few classes are kept by a symmetry), else the
        // largest.
        let main = if reduced {
            let wide = 64 * symmetries.len() as u64;
            (0..components.len())
                .filter(|&c| components[c].size >= wide && components[c].size <= TABLE_LIMIT)
                .min_by_key(|&c| components[c].size)
                .or_else(|| {
                    (0..components.len())
                        .filter(|&c| components[c].size <= TABLE_LIMIT)
                        .max_by_key(|&c| components[c].size)
                })
                .unwrap_or(0)
        } else {
            // Without symmetry the first component leads.
            0
        };
        let mut coder = Self {
            def: def.clone(),
            components,
            main,
            symmetries,
            symmetry_list,
            conjugations: Vec::new(),
            reduce: Vec::new(),
            representatives: Vec::new(),
            stabilizers: HashMap::new(),
            rest: 1,
            entries: 1,
        };
        coder.rest = (0..coder.components.len()).filter(|&c| c != main).map(|c| coder.components[c].size).product();
        if reduced && !coder.components.is_empty() {
            coder.conjugations = (0..coder.components.len()).map(|c| coder.conjugation(puzzle, c)).collect();
            coder.reduce_main(puzzle);
        } else {
            let size = coder.components.get(main).map_or(1, |c| c.size);
            coder.representatives = Vec::new();
            coder.entries = size * coder.rest;
        }
        coder
    }

    /// Whether the pattern is reduced by symmetry.
    #[must_use]
    pub fn reduced(&self) -> bool {
        self.symmetries.len() > 1
    }

    /// Classes of the main component (its values without symmetry).
    #[must_use]
    pub fn classes(&self) -> u64 {
        if self.reduced() {
            self.representatives.len() as u64
        } else {
            self.components.get(self.main).map_or(1, |c| c.size)
        }
    }

    fn conjugation(&self, puzzle: &Twisty, c: usize) -> Conjugation {
        let component = &self.components[c];
        let s = self.symmetry_list.len();
        let image = |v: u64, sym: &Symmetry| {
            let mut state = puzzle.identity();
            component.unrank(v, &mut state);
            component.rank(&sym.conjugate(puzzle, &state))
        };
        let mut conjugation =
            Conjugation { values: Vec::new(), arrangements: Vec::new(), orientations: Vec::new(), added: Vec::new() };
        if component.separable() && component.arrangements <= TABLE_LIMIT && component.orientations <= TABLE_LIMIT {
            let per = component.orientations;
            let home = component.unrank_home();
            let mut arrangements = vec![0u32; component.arrangements as usize * s];
            let mut added = vec![0u32; component.arrangements as usize * s];
            for a in 0..component.arrangements {
                for (k, sym) in self.symmetry_list.iter().enumerate() {
                    let v = image(a * per, sym);
                    arrangements[a as usize * s + k] = (v / per) as u32;
                    added[a as usize * s + k] = (v % per) as u32;
                }
            }
            let mut orientations = vec![0u32; per as usize * s];
            for x in 0..per {
                for (k, sym) in self.symmetry_list.iter().enumerate() {
                    orientations[x as usize * s + k] = (image(home * per + x, sym) % per) as u32;
                }
            }
            conjugation.arrangements = arrangements;
            conjugation.orientations = orientations;
            conjugation.added = added;
        } else if component.size <= TABLE_LIMIT && component.size * s as u64 <= 1 << 26 {
            let mut values = vec![0u32; component.size as usize * s];
            for v in 0..component.size {
                for (k, sym) in self.symmetry_list.iter().enumerate() {
                    values[v as usize * s + k] = image(v, sym) as u32;
                }
            }
            conjugation.values = values;
        }
        conjugation
    }

    /// Component `c`'s value `v` under the pattern's symmetry `k` (local
    /// index).
    #[inline]
    fn conjugate(&self, puzzle: &Twisty, c: usize, v: u64, k: usize) -> u64 {
        if k == 0 {
            return v;
        }
        let conjugation = &self.conjugations[c];
        let s = self.symmetries.len();
        if !conjugation.values.is_empty() {
            return u64::from(conjugation.values[v as usize * s + k]);
        }
        let component = &self.components[c];
        if !conjugation.arrangements.is_empty() {
            let per = component.orientations;
            let (a, x) = ((v / per) as usize, (v % per) as usize);
            let arrangement = u64::from(conjugation.arrangements[a * s + k]);
            let turned = u64::from(conjugation.orientations[x * s + k]);
            let added = u64::from(conjugation.added[a * s + k]);
            return arrangement * per + add_digits(turned, added, component.modulus, component.digits);
        }
        let mut state = puzzle.identity();
        component.unrank(v, &mut state);
        component.rank(&self.symmetry_list[k].conjugate(puzzle, &state))
    }

    /// The tables that index this pattern, when it has two components,
    /// the first reduced by symmetry and the second separable with
    /// orientations modulo 2 (the cube's tables): a kernel can then compute
    /// its index without the general path.
    #[must_use]
    pub fn pair_code(&self) -> Option<PairCode<'_>> {
        let [first, second] = self.components.as_slice() else { return None };
        let conjugation = self.conjugations.get(1)?;
        let fits = self.main == 0
            && !self.reduce.is_empty()
            && !conjugation.arrangements.is_empty()
            && second.modulus == 2
            && second.orientations.is_power_of_two();
        fits.then_some(PairCode {
            reduce: &self.reduce,
            first_orientations: first.orientations,
            second_orientations: second.orientations,
            symmetries: self.symmetries.len(),
            arrangements: &conjugation.arrangements,
            added: &conjugation.added,
            orientations: &conjugation.orientations,
            rest: self.rest,
        })
    }

    /// Numbers the main component's classes.
    fn reduce_main(&mut self, puzzle: &Twisty) {
        let main = self.main;
        let size = self.components[main].size;
        let s = self.symmetries.len();
        let mut reduce = vec![0u32; size as usize];
        let mut least = vec![0u64; size as usize];
        for v in 0..size {
            let (mut best, mut by) = (v, 0);
            for k in 1..s {
                let w = self.conjugate(puzzle, main, v, k);
                if w < best {
                    (best, by) = (w, k);
                }
            }
            least[v as usize] = best;
            reduce[v as usize] = by as u32;
        }
        let mut class_of: HashMap<u64, u32> = HashMap::new();
        let mut representatives = Vec::new();
        for v in 0..size {
            if least[v as usize] == v {
                class_of.insert(v, representatives.len() as u32);
                representatives.push(v);
            }
        }
        for v in 0..size as usize {
            reduce[v] |= class_of[&least[v]] << 8;
        }
        let mut stabilizers = HashMap::new();
        for (class, &r) in representatives.iter().enumerate() {
            let keeping: Vec<u8> =
                (1..s).filter(|&k| self.conjugate(puzzle, main, r, k) == r).map(|k| k as u8).collect();
            if !keeping.is_empty() {
                stabilizers.insert(class as u32, keeping);
            }
        }
        self.entries = representatives.len() as u64 * self.rest;
        self.reduce = reduce;
        self.representatives = representatives;
        self.stabilizers = stabilizers;
    }

    /// The table index of `state`.
    #[inline]
    #[must_use]
    pub fn index(&self, puzzle: &Twisty, state: &Cells) -> u64 {
        let mut parts = [(0u64, 0u64); MAX_ORBITS];
        for (part, component) in parts.iter_mut().zip(&self.components) {
            *part = component.rank_parts(state);
        }
        self.index_of_parts(puzzle, &parts)
    }

    /// The table index of a state whose components have these
    /// (arrangement, orientation) parts.
    #[inline]
    #[must_use]
    pub fn index_of_parts(&self, puzzle: &Twisty, parts: &Parts) -> u64 {
        let main = self.main;
        let Some(first) = self.components.get(main) else { return 0 };
        let raw = parts[main].0 * first.orientations + parts[main].1;
        let (class, k) = if self.reduce.is_empty() {
            (raw, 0)
        } else {
            let r = self.reduce[raw as usize];
            (u64::from(r >> 8), (r & 0xff) as usize)
        };
        let mut rest = 0u64;
        for (c, component) in self.components.iter().enumerate() {
            if c == main {
                continue;
            }
            let (arrangement, orientation) = parts[c];
            let conjugation = self.conjugations.get(c).filter(|_| k != 0);
            let value = match conjugation {
                None => arrangement * component.orientations + orientation,
                Some(conjugation) if !conjugation.arrangements.is_empty() => {
                    let s = self.symmetries.len();
                    let (a, x) = (arrangement as usize, orientation as usize);
                    let turned = u64::from(conjugation.orientations[x * s + k]);
                    let added = u64::from(conjugation.added[a * s + k]);
                    u64::from(conjugation.arrangements[a * s + k]) * component.orientations
                        + add_digits(turned, added, component.modulus, component.digits)
                }
                Some(_) => self.conjugate(puzzle, c, arrangement * component.orientations + orientation, k),
            };
            rest = rest * component.size + value;
        }
        class * self.rest + rest
    }

    /// The components' values of table index `index` (the main one as its
    /// class's least member).
    #[must_use]
    pub fn values_of(&self, index: u64) -> Values {
        let (class, mut rest) = (index / self.rest, index % self.rest);
        let mut values = [0u64; MAX_ORBITS];
        for c in (0..self.components.len()).rev() {
            if c != self.main {
                let size = self.components[c].size;
                values[c] = rest % size;
                rest /= size;
            }
        }
        if let Some(v) = values.get_mut(self.main) {
            *v = if self.reduced() { self.representatives[class as usize] } else { class };
        }
        values
    }

    /// The table index of components' values (the main one raw).
    #[inline]
    #[must_use]
    pub fn index_of(&self, puzzle: &Twisty, values: &[u64]) -> u64 {
        let main = self.main;
        let (class, k) = if self.reduce.is_empty() {
            (values.get(main).copied().unwrap_or(0), 0)
        } else {
            let r = self.reduce[values[main] as usize];
            (u64::from(r >> 8), (r & 0xff) as usize)
        };
        let mut rest = 0u64;
        for (c, component) in self.components.iter().enumerate() {
            if c != main {
                rest = rest * component.size + self.conjugate(puzzle, c, values[c], k);
            }
        }
        class * self.rest + rest
    }

    /// Every table index that holds the same value as `index` (itself
    /// first): the other members of a class kept by a symmetry.
    pub fn equivalents(&self, puzzle: &Twisty, index: u64, out: &mut Vec<u64>) {
        out.clear();
        out.push(index);
        let class = (index / self.rest) as u32;
        let Some(keeping) = self.stabilizers.get(&class) else { return };
        let values = self.values_of(index);
        for &k in keeping {
            let mut rest = 0u64;
            for (c, component) in self.components.iter().enumerate() {
                if c != self.main {
                    rest = rest * component.size + self.conjugate(puzzle, c, values[c], usize::from(k));
                }
            }
            let other = u64::from(class) * self.rest + rest;
            if !out.contains(&other) {
                out.push(other);
            }
        }
    }

    /// The components' values after move `m`.
    #[inline]
    #[must_use]
    pub fn apply(&self, puzzle: &Twisty, values: &Values, m: usize) -> Values {
        let mut out = [0u64; MAX_ORBITS];
        for (c, component) in self.components.iter().enumerate() {
            out[c] = component.apply(puzzle, values[c], m);
        }
        out
    }

    /// A state whose pattern value is table index `index`'s.
    #[must_use]
    pub fn representative(&self, puzzle: &Twisty, index: u64) -> Cells {
        let mut state = puzzle.identity();
        let values = self.values_of(index);
        for (c, component) in self.components.iter().enumerate() {
            component.unrank(values[c], &mut state);
        }
        state
    }
}

/// Adds two orientation values digit by digit, modulo `m`.
fn add_digits(a: u64, b: u64, m: u8, digits: usize) -> u64 {
    if m == 2 {
        return a ^ b;
    }
    let m = u64::from(m);
    let (mut a, mut b) = (a, b);
    let mut out = 0u64;
    let mut scale = 1u64;
    for _ in 0..digits {
        out += (a % m + b % m) % m * scale;
        a /= m;
        b /= m;
        scale *= m;
    }
    out
}
