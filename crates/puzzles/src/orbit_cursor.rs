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
    use crate::{Cursor, MAX_CELLS, Puzzle};

    /// The most entries of one coordinate's table (4 bytes each): 32 MiB.
    pub(crate) const MAX_TABLE: u64 = 1 << 23;

    /// One orbit's tables and where its coordinates go in a rank.
    struct OrbitTable {
        permutations: Permutations,
        /// `permutation[c * columns + k]`: the permutation coordinate
        /// (lexicographic rank, or multiset rank) after column `k`'s move
        /// from coordinate `c`.
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
                    let after =
                        if multiset { rank::rank_multiset(&moved[..n], counts) } else { rank::rank_lex(&moved[..n]) };
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
        fn is_odd(&self, lex: u32) -> bool {
            self.odd.get((lex / 64) as usize).is_some_and(|word| word >> (lex % 64) & 1 == 1)
        }
    }

    /// An orbit puzzle's cursor over its move tables.
    #[derive(Clone)]
    pub(crate) struct Tabled<'a> {
        puzzle: &'a Puzzle,
        tables: &'a Tables,
        /// Every orbit's permutation coordinate (lexicographic for `Lex`
        /// and `Parity` orbits) and orientation coordinate.
        coordinates: [(u32, u32); MAX_CELLS],
    }

    impl<'a> Tabled<'a> {
        pub(crate) fn new(puzzle: &'a Puzzle, tables: &'a Tables) -> Self {
            let mut cursor = Self { puzzle, tables, coordinates: [(0, 0); MAX_CELLS] };
            cursor.seek(0);
            cursor
        }

        /// The rank after table column `k`.
        #[inline]
        fn rank_through(&self, k: usize) -> u64 {
            let columns = self.tables.columns;
            let mut rank = 0u64;
            for (table, &(permutation, orientation)) in self.tables.orbits.iter().zip(&self.coordinates) {
                let after = table.permutation.get(permutation as usize * columns + k).copied().unwrap_or(0);
                let digit = match table.permutations {
                    Permutations::Parity => after >> 1,
                    _ => after,
                };
                let turned = table.orientation.get(orientation as usize * columns + k).copied().unwrap_or(0);
                rank = rank
                    .wrapping_add(u64::from(digit).wrapping_mul(table.permutation_weight))
                    .wrapping_add(u64::from(turned).wrapping_mul(table.orientation_weight));
            }
            rank
        }
    }

    impl Cursor for Tabled<'_> {
        #[inline]
        fn seek(&mut self, rank: u64) {
            let orbits = &self.tables.orbits;
            let mut rest = rank;
            for (table, coordinate) in orbits.iter().zip(&mut self.coordinates).rev() {
                let orientation = rest % table.orientation_count.max(1);
                rest /= table.orientation_count.max(1);
                let permutation = rest % table.permutation_count.max(1);
                rest /= table.permutation_count.max(1);
                // Coordinates are below their counts, which the tables keep
                // below 2^23.
                *coordinate = (permutation as u32, orientation as u32);
            }
            let mut odd = 0u16;
            for (j, (table, coordinate)) in orbits.iter().zip(&mut self.coordinates).enumerate() {
                match table.permutations {
                    Permutations::Lex => odd |= u16::from(table.is_odd(coordinate.0)) << j,
                    Permutations::Parity => {
                        let required = self.puzzle.orbits.odd_required(j, odd);
                        let even = coordinate.0 << 1;
                        coordinate.0 = even | u32::from(table.is_odd(even) != required);
                        odd |= u16::from(required) << j;
                    }
                    Permutations::Multiset => {}
                }
            }
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
