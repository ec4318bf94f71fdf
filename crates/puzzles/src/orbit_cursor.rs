//! The cursor of orbit puzzles: classic cube-solver move tables. Every
//! orbit's permutation coordinate and orientation coordinate move on their
//! own (a move's twist does not depend on where the pieces are), so a table
//! per coordinate gives the coordinate after each move, and a neighbour's
//! rank is two lookups per orbit and a multiply-add: no state is built.
//!
//! The tables need an allocator (feature `alloc`) and are built when the
//! cursor is made, in time proportional to their size; a coordinate too
//! large for a table (more than 2^23 entries, e.g. an orbit of ten
//! or more distinct pieces) falls back to the general cursor, which
//! unranks and ranks whole states.

use crate::cursor::General;
use crate::{Puzzle, WithCursor};

/// Runs `work` with the fastest cursor for this orbit puzzle.
pub(crate) fn run<W: WithCursor>(puzzle: &Puzzle, work: W) -> W::Output {
    #[cfg(feature = "alloc")]
    if let Some(tables) = tabled::Tables::new(puzzle) {
        return work.run(tabled::Tabled::new(puzzle, &tables));
    }
    work.run(General::new(puzzle))
}

#[cfg(feature = "alloc")]
mod tabled {
    use alloc::vec;
    use alloc::vec::Vec;

    use godtab_rank as rank;

    use crate::orbits::Permutations;
    use crate::{Cursor, MAX_CELLS, MAX_MOVES, Puzzle};

    /// The most entries of one coordinate's table (4 bytes each): 32 MiB.
    pub(crate) const MAX_TABLE: u64 = 1 << 23;

    /// One orbit's tables and where its coordinates go in a rank.
    struct OrbitTable {
        permutations: Permutations,
        /// `permutation[c * columns + k]`: the permutation digit of the rank
        /// (the lexicographic rank, halved for a `Parity` orbit, or the
        /// multiset rank) after column `k`'s move from the permutation whose
        /// lexicographic (or multiset) rank is `c`.
        permutation: Vec<u32>,
        /// Lexicographic coordinates: whether each is an odd permutation, a
        /// bit each.
        odd: Vec<u64>,
        /// `orientation[c * columns + k]`, likewise.
        orientation: Vec<u32>,
        permutation_count: u64,
        orientation_count: u64,
        /// What a unit of each coordinate adds to the rank.
        permutation_weight: u64,
        orientation_weight: u64,
    }

    /// Every orbit's tables. Columns `0..moves` are the moves, `moves..2 *
    /// moves` their undoing.
    pub(crate) struct Tables {
        moves: usize,
        columns: usize,
        orbits: Vec<OrbitTable>,
    }

    impl Tables {
        /// The tables of `puzzle`, or `None` if one would be too large.
        pub(crate) fn new(puzzle: &Puzzle) -> Option<Self> {
            let moves = puzzle.move_count();
            if moves > MAX_MOVES {
                return None;
            }
            let columns = 2 * moves;
            let mut orbits = Vec::new();
            let mut weight = 1u64;
            for info in puzzle.orbits().collect::<Vec<_>>().into_iter().rev() {
                let full = match info.permutations {
                    Permutations::Multiset => info.permutation_count,
                    _ => rank::FACTORIAL[info.pieces],
                };
                if full.checked_mul(columns as u64)? > MAX_TABLE
                    || info.orientation_count.checked_mul(columns as u64)? > MAX_TABLE
                {
                    return None;
                }
                orbits.push(OrbitTable {
                    permutations: info.permutations,
                    permutation: Vec::new(),
                    odd: Vec::new(),
                    orientation: Vec::new(),
                    permutation_count: info.permutation_count,
                    orientation_count: info.orientation_count,
                    permutation_weight: weight * info.orientation_count,
                    orientation_weight: weight,
                });
                weight = weight.wrapping_mul(info.permutation_count * info.orientation_count);
            }
            orbits.reverse();
            for (j, table) in orbits.iter_mut().enumerate() {
                table.fill(puzzle, j, columns);
            }
            Some(Self { moves, columns, orbits })
        }
    }

    /// The positions of orbit `j` that column `k` takes each piece from
    /// (within the orbit), and the twists it adds.
    fn column(puzzle: &Puzzle, j: usize, k: usize) -> ([u8; MAX_CELLS], [u8; MAX_CELLS]) {
        let range = puzzle.orbits.range(j);
        let moves = puzzle.move_count();
        let (map, twist) = if k < moves {
            (puzzle.forward[k], puzzle.twist[k])
        } else {
            (puzzle.inverse[k - moves], puzzle.inverse_twist(k - moves))
        };
        let mut from = [0u8; MAX_CELLS];
        let mut turn = [0u8; MAX_CELLS];
        for (i, cell) in range.clone().enumerate() {
            from[i] = map[cell].wrapping_sub(range.start as u8);
            turn[i] = twist[cell];
        }
        (from, turn)
    }

    impl OrbitTable {
        fn fill(&mut self, puzzle: &Puzzle, j: usize, columns: usize) {
            let layout = &puzzle.orbits;
            let n = layout.range(j).len();
            let counts = &layout.class_counts[j][..usize::from(layout.classes[j])];
            let multiset = self.permutations == Permutations::Multiset;
            let full = if multiset { self.permutation_count } else { rank::FACTORIAL[n] };
            let maps: Vec<_> = (0..columns).map(|k| column(puzzle, j, k)).collect();
            self.permutation = vec![0; (full as usize) * columns];
            if !multiset {
                self.odd = vec![0; (full as usize).div_ceil(64)];
            }
            let mut labels = [0u8; MAX_CELLS];
            for c in 0..full {
                let labels = &mut labels[..n];
                if multiset {
                    rank::unrank_multiset(c, counts, labels);
                } else {
                    rank::unrank_lex(c, labels);
                    self.odd[(c / 64) as usize] |= u64::from(rank::is_odd(labels)) << (c % 64);
                }
                for (k, (from, _)) in maps.iter().enumerate() {
                    let mut moved = [0u8; MAX_CELLS];
                    for (slot, &source) in moved[..n].iter_mut().zip(from) {
                        *slot = labels[usize::from(source) % n];
                    }
                    let after = match self.permutations {
                        Permutations::Multiset => rank::rank_multiset(&moved[..n], counts),
                        Permutations::Parity => rank::rank_parity(&moved[..n]),
                        Permutations::Lex => rank::rank_lex(&moved[..n]),
                    };
                    // Below the coordinate's count, which a table of at
                    // most MAX_TABLE entries keeps below 2^23.
                    self.permutation[c as usize * columns + k] = after as u32;
                }
            }
            let o = layout.orientations[j];
            let fixed = layout.is_sum_fixed(j);
            self.orientation = vec![0; self.orientation_count as usize * columns];
            let mut orientations = [0u8; MAX_CELLS];
            for c in 0..self.orientation_count {
                let orientations = &mut orientations[..n];
                if fixed {
                    rank::unrank_orientations_summed(c, o, layout.solved_sum[j], orientations);
                } else {
                    rank::unrank_orientations(c, o, orientations);
                }
                for (k, (from, turn)) in maps.iter().enumerate() {
                    let mut moved = [0u8; MAX_CELLS];
                    for ((slot, &source), &t) in moved[..n].iter_mut().zip(from).zip(turn) {
                        *slot = (orientations[usize::from(source) % n] + t) % o;
                    }
                    let after = if fixed {
                        rank::rank_orientations_summed(&moved[..n], o)
                    } else {
                        rank::rank_orientations(&moved[..n], o)
                    };
                    self.orientation[c as usize * columns + k] = after as u32;
                }
            }
        }

        #[inline]
        fn is_odd(&self, lex: u64) -> bool {
            self.odd.get((lex / 64) as usize).is_some_and(|word| word >> (lex % 64) & 1 == 1)
        }
    }

    /// An orbit puzzle's cursor over its move tables.
    #[derive(Clone)]
    pub(crate) struct Tabled<'a> {
        puzzle: &'a Puzzle,
        tables: &'a Tables,
        /// The rank the cursor is at, and its digits: every orbit's
        /// permutation digit and orientation coordinate.
        rank: u64,
        digits: [(u64, u64); MAX_CELLS],
        /// Where each orbit's rows start in its two tables: the rows of
        /// the current permutation (lexicographic or multiset rank) and
        /// orientation.
        rows: [(usize, usize); MAX_CELLS],
        /// What everything but the last orbit's orientation adds to the
        /// rank after each column: constant while a search steps through
        /// the last orbit's orientations, so a neighbour's rank is then one
        /// lookup and an add.
        base: [u64; 2 * MAX_MOVES],
    }

    impl<'a> Tabled<'a> {
        pub(crate) fn new(puzzle: &'a Puzzle, tables: &'a Tables) -> Self {
            let mut cursor = Self {
                puzzle,
                tables,
                rank: 0,
                digits: [(0, 0); MAX_CELLS],
                rows: [(0, 0); MAX_CELLS],
                base: [0; 2 * MAX_MOVES],
            };
            cursor.seek_anywhere(0);
            cursor
        }

        /// The rank after table column `k`: the base and one lookup.
        #[inline]
        fn rank_through(&self, k: usize) -> u64 {
            let base = self.base.get(k).copied().unwrap_or(0);
            match (self.tables.orbits.last(), self.rows.get(self.tables.orbits.len().wrapping_sub(1))) {
                (Some(table), Some(&(_, orientation))) => {
                    let turned = table.orientation.get(orientation + k).copied().unwrap_or(0);
                    base.wrapping_add(u64::from(turned).wrapping_mul(table.orientation_weight))
                }
                _ => base,
            }
        }

        /// Fills [`Tabled::base`] for the current rows: two lookups per
        /// orbit and column (one for the last orbit).
        fn fill_base(&mut self) {
            let orbits = &self.tables.orbits;
            let last = orbits.len().wrapping_sub(1);
            for (k, base) in self.base.iter_mut().enumerate().take(self.tables.columns) {
                let mut rank = 0u64;
                for (j, (table, &(permutation, orientation))) in orbits.iter().zip(&self.rows).enumerate() {
                    let digit = table.permutation.get(permutation + k).copied().unwrap_or(0);
                    rank = rank.wrapping_add(u64::from(digit).wrapping_mul(table.permutation_weight));
                    if j != last {
                        let turned = table.orientation.get(orientation + k).copied().unwrap_or(0);
                        rank = rank.wrapping_add(u64::from(turned).wrapping_mul(table.orientation_weight));
                    }
                }
                *base = rank;
            }
        }

        /// Moves to `rank` from anywhere: its digits, then every orbit's
        /// rows (a `Parity` orbit's permutation is the one of its digit
        /// with the parity the earlier orbits require).
        fn seek_anywhere(&mut self, rank: u64) {
            let orbits = &self.tables.orbits;
            let columns = self.tables.columns;
            let mut rest = rank;
            for (table, digits) in orbits.iter().zip(&mut self.digits).rev() {
                let orientation = rest % table.orientation_count.max(1);
                rest /= table.orientation_count.max(1);
                *digits = (rest % table.permutation_count.max(1), orientation);
                rest /= table.permutation_count.max(1);
            }
            let mut odd = 0u16;
            for (j, (table, &(digit, orientation))) in orbits.iter().zip(&self.digits).enumerate() {
                let row = match table.permutations {
                    Permutations::Lex => {
                        odd |= u16::from(table.is_odd(digit)) << j;
                        digit
                    }
                    Permutations::Parity => {
                        let required = self.puzzle.orbits.odd_required(j, odd);
                        odd |= u16::from(required) << j;
                        let even = digit << 1;
                        even | u64::from(table.is_odd(even) != required)
                    }
                    Permutations::Multiset => digit,
                };
                // Rows are below their tables' lengths, which are usizes.
                self.rows[j] = (row as usize * columns, orientation as usize * columns);
            }
            self.rank = rank;
            self.fill_base();
        }
    }

    impl Cursor for Tabled<'_> {
        /// Within the last orbit's orientations, a step forward moves only
        /// its orientation coordinate: the common case, as a search visits
        /// rising ranks close together, costs no division.
        #[inline]
        fn seek(&mut self, rank: u64) {
            if let Some((table, last)) = self.tables.orbits.last().zip(self.tables.orbits.len().checked_sub(1)) {
                let orientation = self.digits[last].1;
                let step = rank.wrapping_sub(self.rank);
                if rank >= self.rank && step < table.orientation_count - orientation {
                    self.digits[last].1 = orientation + step;
                    self.rows[last].1 = (orientation + step) as usize * self.tables.columns;
                    self.rank = rank;
                    return;
                }
            }
            self.seek_anywhere(rank);
        }

        #[inline]
        fn rank_after(&self, index: usize) -> Option<u64> {
            (index < self.tables.moves).then(|| self.rank_through(index))
        }

        #[inline]
        fn rank_before(&self, index: usize) -> Option<u64> {
            (index < self.tables.moves).then(|| self.rank_through(self.tables.moves + index))
        }
    }
}
