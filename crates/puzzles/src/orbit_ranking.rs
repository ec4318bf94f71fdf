//! Numbering the states of orbit puzzles ([`Ranking::Orbits`]): deciding
//! how each orbit is numbered (the rule in `orbits.rs`), then per orbit a
//! permutation coordinate times an orientation coordinate, in mixed radix
//! over the orbits.
//!
//! [`Ranking::Orbits`]: crate::Ranking::Orbits

use godtab_rank as rank;

use crate::orbits::{Moves, OrbitLayout, Permutations};
use crate::{MAX_CELLS, ModelError, Puzzle, State};

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

/// Decides how each orbit is numbered (see the module docs): which
/// permutations are ranked by parity class, which orientation sums are
/// fixed, and the size of each coordinate.
pub(crate) fn number(layout: &mut OrbitLayout, goal: &[u8; MAX_CELLS], moves: &Moves) -> Result<(), ModelError> {
    // Orbits whose permutation parity the moves tie to earlier orbits':
    // orbit j's parities under every move (one bit per move) is a sum of
    // earlier orbits' exactly when the same sum of their parities is fixed
    // in every reachable state. A basis of the earlier orbits' vectors,
    // each with the orbits it sums and a distinct leading bit.
    let mut basis: [(u64, u16); MAX_CELLS] = [(0, 0); MAX_CELLS];
    let mut basis_len = 0;
    for j in 0..usize::from(layout.count) {
        let range = layout.range(j);
        let n = range.len();
        let distinct = usize::from(layout.classes[j]) == n;
        let labels: [u8; MAX_CELLS] = core::array::from_fn(|k| goal.get(range.start + k).map_or(0, |c| c & 0xF));
        layout.permutation_count[j] = if distinct {
            rank::FACTORIAL[n]
        } else {
            rank::arrangements(&layout.class_counts[j][..usize::from(layout.classes[j])])
                .ok_or(ModelError::TooManyStates)?
        };
        layout.permutations[j] = if distinct { Permutations::Lex } else { Permutations::Multiset };
        if distinct && n >= 2 {
            let mut parities = 0u64;
            for m in 0..moves.count {
                let within: [u8; MAX_CELLS] = core::array::from_fn(|k| {
                    moves.forward[m].get(range.start + k).map_or(0, |&c| c.wrapping_sub(range.start as u8))
                });
                parities |= u64::from(rank::is_odd(&within[..n])) << m;
            }
            let mut sum = 1u16 << j;
            loop {
                if parities == 0 {
                    layout.permutations[j] = Permutations::Parity;
                    layout.permutation_count[j] /= 2;
                    layout.parity_follows[j] = sum & !(1 << j);
                    break;
                }
                let top = 63 - parities.leading_zeros();
                match basis[..basis_len].iter().find(|(v, _)| 63 - v.leading_zeros() == top) {
                    Some(&(v, orbits)) => {
                        parities ^= v;
                        sum ^= orbits;
                    }
                    None => {
                        basis[basis_len] = (parities, sum);
                        basis_len += 1;
                        break;
                    }
                }
            }
            // The solved state's parities of the orbits summed, this one's
            // among them, are the constant.
            let solved_odd = rank::is_odd(&labels[..n]);
            layout.parity_odd |= u16::from(solved_odd) << j;
        }
        let o = layout.orientations[j];
        let fixed = o > 1
            && (0..moves.count)
                .all(|m| moves.twist[m][range.clone()].iter().map(|&t| u32::from(t)).sum::<u32>() % u32::from(o) == 0);
        let solved: [u8; MAX_CELLS] = core::array::from_fn(|k| labels_orientation(goal, range.start + k));
        layout.solved_sum[j] = rank::orientation_sum(&solved[..n], o);
        layout.sum_fixed |= u16::from(fixed) << j;
        layout.orientation_count[j] =
            rank::orientation_count(if fixed { n - 1 } else { n }, o).ok_or(ModelError::TooManyStates)?;
    }
    // The constant of a parity orbit is the solved parities of every orbit
    // it sums, its own included.
    let solved_odd = layout.parity_odd;
    for j in 0..usize::from(layout.count) {
        if layout.permutations[j] == Permutations::Parity {
            let follows = layout.parity_follows[j];
            let odd = ((solved_odd & follows).count_ones() & 1 == 1) ^ (solved_odd >> j & 1 == 1);
            layout.parity_odd = layout.parity_odd & !(1 << j) | u16::from(odd) << j;
        } else {
            layout.parity_odd &= !(1 << j);
        }
    }
    Ok(())
}

/// The orientation of a cell of `cells` (0 past the end).
fn labels_orientation(cells: &[u8; MAX_CELLS], at: usize) -> u8 {
    cells.get(at).map_or(0, |c| c >> 4)
}
