//! Numbering the states of orbit puzzles ([`Ranking::Orbits`]): per orbit a
//! permutation coordinate times an orientation coordinate, in mixed radix
//! over the orbits (see `orbits.rs` for the rule).
//!
//! [`Ranking::Orbits`]: crate::Ranking::Orbits

use godtab_rank as rank;

use crate::orbits::Permutations;
use crate::{MAX_CELLS, Puzzle, State};

/// One orbit's pieces and orientations, split out of a state's cells.
struct Split {
    labels: [u8; MAX_CELLS],
    orientations: [u8; MAX_CELLS],
}

fn split(cells: &[u8]) -> Split {
    let mut out = Split { labels: [0; MAX_CELLS], orientations: [0; MAX_CELLS] };
    for ((label, orientation), &cell) in out.labels.iter_mut().zip(&mut out.orientations).zip(cells) {
        *label = cell & 0xF;
        *orientation = cell >> 4;
    }
    out
}

impl Puzzle {
    /// The rank of an orbit puzzle's state; with `check`, `None` for a state
    /// outside the rank space (a parity or orientation sum the moves never
    /// give).
    #[inline]
    pub(crate) fn orbit_rank(&self, state: &State, check: bool) -> Option<u64> {
        let layout = &self.orbits;
        let mut total = 0u64;
        let mut odd = 0u16;
        for j in 0..usize::from(layout.count) {
            let range = layout.range(j);
            let n = range.len();
            let Split { labels, orientations } = split(state.cells.get(range).unwrap_or_default());
            let labels = &labels[..n];
            let permutation = match layout.permutations[j] {
                Permutations::Lex => {
                    let (lex, is_odd) = rank::rank_lex_parity(labels);
                    odd |= u16::from(is_odd) << j;
                    lex
                }
                Permutations::Parity => {
                    let (lex, is_odd) = rank::rank_lex_parity(labels);
                    if check && is_odd != layout.odd_required(j, odd) {
                        return None;
                    }
                    odd |= u16::from(is_odd) << j;
                    lex >> 1
                }
                Permutations::Multiset => {
                    rank::rank_multiset(labels, &layout.class_counts[j][..usize::from(layout.classes[j])])
                }
            };
            let o = layout.orientations[j];
            let orientations = &orientations[..n];
            let orientation = if layout.is_sum_fixed(j) {
                if check && rank::orientation_sum(orientations, o) != layout.solved_sum[j] {
                    return None;
                }
                rank::rank_orientations_summed(orientations, o)
            } else {
                rank::rank_orientations(orientations, o)
            };
            let radix = layout.orientation_count[j];
            total = total
                .wrapping_mul(layout.permutation_count[j].wrapping_mul(radix))
                .wrapping_add(permutation.wrapping_mul(radix).wrapping_add(orientation));
        }
        Some(total)
    }

    /// The orbit puzzle's state of rank `rank` (unspecified past the slots).
    pub(crate) fn orbit_unrank(&self, rank: u64) -> State {
        let layout = &self.orbits;
        let count = usize::from(layout.count);
        let mut digits = [(0u64, 0u64); MAX_CELLS];
        let mut rest = rank;
        for j in (0..count).rev() {
            let (permutations, orientations) = (layout.permutation_count[j].max(1), layout.orientation_count[j].max(1));
            let orientation = rest % orientations;
            rest /= orientations;
            digits[j] = (rest % permutations, orientation);
            rest /= permutations;
        }
        let mut cells = [0u8; MAX_CELLS];
        let mut odd = 0u16;
        for (j, &(permutation, orientation)) in digits.iter().enumerate().take(count) {
            let range = layout.range(j);
            let n = range.len();
            let mut labels = [0u8; MAX_CELLS];
            let labels = &mut labels[..n];
            match layout.permutations[j] {
                Permutations::Lex => {
                    rank::unrank_lex(permutation, labels);
                    odd |= u16::from(rank::is_odd(labels)) << j;
                }
                Permutations::Parity => {
                    let required = layout.odd_required(j, odd);
                    rank::unrank_parity(permutation, required, labels);
                    odd |= u16::from(required) << j;
                }
                Permutations::Multiset => {
                    rank::unrank_multiset(
                        permutation,
                        &layout.class_counts[j][..usize::from(layout.classes[j])],
                        labels,
                    );
                }
            }
            let mut orientations = [0u8; MAX_CELLS];
            let orientations = &mut orientations[..n];
            let o = layout.orientations[j];
            if layout.is_sum_fixed(j) {
                rank::unrank_orientations_summed(orientation, o, layout.solved_sum[j], orientations);
            } else {
                rank::unrank_orientations(orientation, o, orientations);
            }
            for ((cell, &label), &orientation) in cells[range].iter_mut().zip(&*labels).zip(&*orientations) {
                *cell = label | orientation << 4;
            }
        }
        self.state_of_labels(cells)
    }
}
