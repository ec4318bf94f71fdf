//! States made unsolvable by hand, for random cases that mix some in: two
//! pieces swapped, or a piece twisted in place, as the 9 Puzzle's real data
//! and a cube taken apart have them.

use godtab_runtime::{Puzzle, State};
use godtab_twisty::Twisty;
use godtab_twisty::group::MoveGroup;
use godtab_twisty::model::Cells;

/// A state made from `state` by hand that `is_unsolvable` accepts, if a
/// few tries find one: two tiles (never the blank) or two pieces of an
/// orbit swapped, or on a twisty puzzle a piece twisted in place, as the
/// 9 Puzzle's real data and a cube taken apart have them.
pub(crate) fn unsolvable_tiles(
    puzzle: &Puzzle,
    state: &State,
    rng: &mut fastrand::Rng,
    is_unsolvable: impl Fn(&State) -> bool,
) -> Option<State> {
    let cells = puzzle.cells();
    let twists = puzzle.kind() == godtab_runtime::Kind::Orbits;
    for _ in 0..256 {
        let (a, b) = (rng.usize(..cells), rng.usize(..cells));
        let changed = if twists && rng.bool() {
            puzzle.twist_cell(state, a, rng.u8(1..16))
        } else {
            puzzle.swap_cells(state, a, b)
        };
        if let Some(changed) = changed
            && is_unsolvable(&changed)
        {
            return Some(changed);
        }
    }
    None
}

/// A state the moves cannot make, made from `state` by swapping two pieces
/// of an orbit or twisting one piece (`pick(n)` chooses one of `n` at
/// random); `None` if every such change can still be solved.
pub(crate) fn unsolvable_cells(
    puzzle: &Twisty,
    group: &MoveGroup,
    state: &Cells,
    mut pick: impl FnMut(usize) -> usize,
) -> Option<Cells> {
    let mut changes = Vec::new();
    for orbit in puzzle.orbits() {
        let range = orbit.positions();
        for a in range.clone() {
            for b in range.clone().filter(|&b| b > a) {
                let mut swapped = *state;
                swapped.swap(a, b);
                changes.push(swapped);
            }
            for t in 1..orbit.orientations {
                let mut twisted = *state;
                twisted[a] = puzzle.turn(twisted[a], t);
                changes.push(twisted);
            }
        }
    }
    changes.retain(|s| !group.contains(puzzle, s));
    (!changes.is_empty()).then(|| changes[pick(changes.len()).min(changes.len() - 1)])
}
