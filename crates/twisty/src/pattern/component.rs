//! One orbit as a pattern sees it (`Component`): its groups, its
//! coordinate (arrangement and orientation), ranked and unranked, and its
//! move tables.

use super::*;

/// One orbit as a pattern sees it, and its coordinate.
#[derive(Clone, Debug)]
pub struct Component {
    /// The orbit.
    pub orbit: usize,
    pub(super) start: usize,
    pub(super) n: usize,
    pub(super) modulus: u8,
    /// Group of every piece (home position, over all orbits).
    pub(super) group: Cells,
    /// Pieces of each group.
    pub(super) counts: Vec<u8>,
    /// Whether each group is oriented.
    pub(super) oriented: Vec<bool>,
    /// Orientation digits (the last oriented position is left out when its
    /// orientation follows from the others').
    pub(super) digits: usize,
    /// Arrangements, orientation values, and their product.
    pub(super) arrangements: u64,
    pub(super) orientations: u64,
    /// Values.
    pub size: u64,
    /// Two groups on at most 16 positions: the rank of each set of
    /// positions holding group 1.
    pub(super) mask_rank: Vec<u32>,
    /// Two groups on at most 16 positions, every group oriented or none:
    /// ranked by the mask and the first `digits` orientations.
    pub(super) quick: bool,
    /// More than two groups, with at most [`CODE_LIMIT`] sequences of
    /// groups: the rank of each sequence, read as a number whose digits
    /// (base the number of groups) are the positions' groups, first
    /// position lowest (no division per position).
    pub(super) code_rank: Vec<u32>,
    /// Move tables: over arrangements and orientations separately when
    /// every group or none is oriented, else over whole values (if small
    /// enough); empty when not built.
    pub(super) arrangement_moves: Vec<u32>,
    pub(super) orientation_moves: Vec<u32>,
    pub(super) value_moves: Vec<u32>,
    pub(super) moves: usize,
}

impl Component {
    pub(super) fn new(puzzle: &Twisty, def: &PatternDef, orbit: usize) -> Self {
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
    pub(super) fn code(&self, groups: impl DoubleEndedIterator<Item = u8>) -> u64 {
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

    pub(super) fn rank_arrangement(&self, sequence: &[u8]) -> u64 {
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

    pub(super) fn unrank_arrangement(&self, mut rank: u64) -> Vec<u8> {
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
    pub(super) fn build_move_tables(&mut self, puzzle: &Twisty) {
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
    pub(super) fn unrank_home(&self) -> u64 {
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

pub(super) fn identity_cells(n: usize) -> Cells {
    let mut out = [0u8; MAX_POSITIONS];
    for (i, o) in out.iter_mut().enumerate().take(n) {
        *o = cell(i, 0);
    }
    out
}

/// `n! / (k₁! k₂! …)` for the group sizes.
pub(super) fn multinomial(counts: &[u8]) -> u64 {
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
