//! Start-to-target queries by relabelling: a table answers "from A to the
//! goal"; "from A to B" becomes "from A' to the goal", A' being A with
//! every tile renamed by the map that turns B into the goal. Moves of a
//! board puzzle act on cells, never on what the tiles say, so the same
//! moves take A to B and A' to the goal. That needs tiles that can be told
//! apart, and on a sliding board the blank where the goal has it.

use std::fmt;

use godtab_runtime::{Kind, Puzzle, State};

/// Why a table cannot answer a start-to-target query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unanswerable {
    /// Orbit puzzles' pieces carry orientations: no relabelling here.
    Orbits,
    /// Tiles repeat in the goal: B does not say which tile goes where.
    RepeatedTiles,
    /// The target's blank is at `target`, the goal's at `goal`.
    BlankElsewhere {
        /// The target's blank cell.
        target: usize,
        /// The goal's blank cell.
        goal: usize,
    },
}

impl fmt::Display for Unanswerable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Orbits => write!(f, "start-to-target queries need a board puzzle, and this is an orbit puzzle"),
            Self::RepeatedTiles => {
                write!(f, "the puzzle's tiles repeat, so the target does not say where each one goes")
            }
            Self::BlankElsewhere { target, goal } => {
                write!(f, "the target has the blank at cell {target} and the table's goal at cell {goal}")
            }
        }
    }
}

/// The blank's cell in `state` (sliding puzzles).
pub(crate) fn blank_cell(puzzle: &Puzzle, state: &State) -> Option<usize> {
    let blank = puzzle.label_of(godtab_puzzles::BLANK)?;
    (puzzle.kind() == Kind::Sliding).then(|| state.labels().iter().position(|&l| l == blank)).flatten()
}

/// `from` with its tiles renamed by the map that takes `to` to the goal:
/// the state whose way to the goal is the way from `from` to `to`.
///
/// # Errors
///
/// [`Unanswerable`] when the puzzle cannot be relabelled so.
pub(crate) fn towards_goal(puzzle: &Puzzle, from: &State, to: &State) -> Result<State, Unanswerable> {
    match puzzle.kind() {
        Kind::Orbits => return Err(Unanswerable::Orbits),
        _ if puzzle.has_repeated_tiles() => return Err(Unanswerable::RepeatedTiles),
        Kind::Sliding => {
            let goal = blank_cell(puzzle, &puzzle.goal()).unwrap_or(0);
            let target = blank_cell(puzzle, to).unwrap_or(0);
            if target != goal {
                return Err(Unanswerable::BlankElsewhere { target, goal });
            }
        }
        Kind::Permutation => {}
    }
    let goal = puzzle.goal();
    // Labels are 0..cells, one per tile: `rename[label in to] = label in goal`.
    let mut rename = [0u8; 16];
    for (&t, &g) in to.labels().iter().zip(goal.labels()) {
        rename[usize::from(t & 0xF)] = g;
    }
    let values: Vec<u8> = from.labels().iter().map(|&l| puzzle.value_of(rename[usize::from(l & 0xF)])).collect();
    // A renaming of a state of the puzzle is a state of the puzzle.
    Ok(puzzle.state_from_values(&values).unwrap_or(*from))
}

#[cfg(test)]
mod tests {
    use super::*;
    use godtab_puzzles::builtin;

    fn puzzle(b: &builtin::Builtin) -> Puzzle {
        b.definition().puzzle().clone()
    }

    #[test]
    fn a_target_at_the_goal_changes_nothing() {
        let p = puzzle(&builtin::NINE_DIGITS);
        let a = p.parse("4 1 3 5 2 6 7 8 9").unwrap();
        assert_eq!(towards_goal(&p, &a, &p.goal()), Ok(a));
    }

    #[test]
    fn relabelling_maps_the_target_to_the_goal_and_keeps_the_moves() {
        let p = puzzle(&builtin::NINE_DIGITS);
        let (a, b) = (p.parse("987654321").unwrap(), p.parse("413526789").unwrap());
        assert_eq!(towards_goal(&p, &b, &b), Ok(p.goal()));
        let relabelled = towards_goal(&p, &a, &b).unwrap();
        // Any move made to both keeps the pair related: one step from A
        // towards B is one step from A' towards the goal.
        for m in 0..p.move_count() {
            let (a1, r1) = (p.apply(&a, m).unwrap(), p.apply(&relabelled, m).unwrap());
            assert_eq!(towards_goal(&p, &a1, &b), Ok(r1));
        }
    }

    #[test]
    fn sliding_targets_need_the_goals_blank_cell() {
        let p = puzzle(&builtin::EIGHT_TWO[8]);
        let (a, b) = (p.parse("12X453786").unwrap(), p.parse("7568X4123").unwrap());
        assert_eq!(towards_goal(&p, &a, &b), Err(Unanswerable::BlankElsewhere { target: 4, goal: 8 }));
        let p = puzzle(&builtin::EIGHT_TWO[4]);
        assert!(towards_goal(&p, &a, &b).is_ok());
        assert_eq!(blank_cell(&p, &b), Some(4));
    }
}
