//! The three built-in puzzles, exactly as their problem statements define
//! them.
//!
//! | id | moves, in declared order | states | God's number |
//! |---|---|---|---|
//! | `nine-digits` | `A B C D`: clockwise turn of the 2x2 block whose top-left cell is (0,0), (0,1), (1,0), (1,1) | 9! = 362,880 | 15 |
//! | `nine-puzzle` | `H1 H2 H3`: row shifted right; `V1 V2 V3`: column shifted up (both circular) | 9!/2 = 181,440 | 12 |
//! | `eight-puzzle` | `u d l r`: the neighbour of the blank `x` swapped with it | 9!/2 = 181,440 | 31 |
//! | `eight-two-0` .. `eight-two-8` | `d l r u`, the same moves in HDU 3567's order | 9!/2 = 181,440 each | 31 (30 for `eight-two-4`) |
//!
//! The nine `eight-two-K` puzzles answer "Eight II" (HDU 3567), which asks
//! for the way from any state to any other: their goals have the tiles 1 to
//! 8 in reading order around the blank at cell `K`, so relabelling the tiles
//! through the goal of the table with the target's blank cell turns any
//! start and target into a query of that table.

use crate::{BLANK, Definition, MoveSet, Puzzle, SLIDING_MOVE_NAMES};

/// A built-in puzzle: a title and what its [`Definition`] is made of.
#[derive(Debug)]
pub struct Builtin {
    /// The id used on the command line and in table files.
    pub id: &'static str,
    /// Where the puzzle comes from.
    pub title: &'static str,
    /// Move names in declared order.
    pub move_names: &'static [&'static str],
    rows: usize,
    cols: usize,
    goal: &'static [u8],
    moves: MoveSet<'static>,
}

impl Builtin {
    /// The puzzle, its id and its move names.
    #[must_use]
    pub fn definition(&self) -> Definition {
        // The definitions below are constants, checked by this module's tests.
        Puzzle::new(self.rows, self.cols, self.goal, self.moves)
            .and_then(|puzzle| Definition::new(self.id, self.move_names.iter().copied(), puzzle))
            .expect("built-in puzzle definitions are valid")
    }
}

const ONE_TO_NINE: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];

/// Sicily 2011 "Nine Digits": turn any 2x2 block clockwise.
pub const NINE_DIGITS: Builtin = Builtin {
    id: "nine-digits",
    title: "Nine Digits (Sicily 2011): turn a 2x2 block clockwise",
    move_names: &["A", "B", "C", "D"],
    rows: 3,
    cols: 3,
    goal: ONE_TO_NINE,
    // new[i] = old[map[i]]: the tile at the block's top-left goes right,
    // top-right goes down, bottom-right goes left, bottom-left goes up.
    moves: MoveSet::Permutation(&[
        3, 0, 2, 4, 1, 5, 6, 7, 8, // A: block at (0,0)
        0, 4, 1, 3, 5, 2, 6, 7, 8, // B: block at (0,1)
        0, 1, 2, 6, 3, 5, 7, 4, 8, // C: block at (1,0)
        0, 1, 2, 3, 7, 4, 6, 8, 5, // D: block at (1,1)
    ]),
};

/// UVA 11513 "9 Puzzle": shift a row right or a column up, circularly.
pub const NINE_PUZZLE: Builtin = Builtin {
    id: "nine-puzzle",
    title: "9 Puzzle (UVA 11513): shift a row right or a column up",
    move_names: &["H1", "H2", "H3", "V1", "V2", "V3"],
    rows: 3,
    cols: 3,
    goal: ONE_TO_NINE,
    moves: MoveSet::Permutation(&[
        2, 0, 1, 3, 4, 5, 6, 7, 8, // H1: row 1 right
        0, 1, 2, 5, 3, 4, 6, 7, 8, // H2
        0, 1, 2, 3, 4, 5, 8, 6, 7, // H3
        3, 1, 2, 6, 4, 5, 0, 7, 8, // V1: column 1 up
        0, 4, 2, 3, 7, 5, 6, 1, 8, // V2
        0, 1, 5, 3, 4, 8, 6, 7, 2, // V3
    ]),
};

/// The 8-puzzle (POJ 1077 / HDU 1043 "Eight"): slide a tile into the blank.
pub const EIGHT_PUZZLE: Builtin = Builtin {
    id: "eight-puzzle",
    title: "Eight (POJ 1077): slide a tile into the blank x",
    move_names: &SLIDING_MOVE_NAMES,
    rows: 3,
    cols: 3,
    goal: &[1, 2, 3, 4, 5, 6, 7, 8, BLANK],
    moves: MoveSet::Sliding,
};

/// The moves of "Eight II" (HDU 3567): its answers are the least in this
/// order.
const EIGHT_TWO_MOVES: [&str; 4] = ["d", "l", "r", "u"];

/// One of the nine "Eight II" puzzles: the goal has the blank at `cell`.
const fn eight_two(id: &'static str, goal: &'static [u8]) -> Builtin {
    Builtin {
        id,
        title: "Eight II (HDU 3567): the 8-puzzle to a goal with the blank at one cell, moves d l r u",
        move_names: &EIGHT_TWO_MOVES,
        rows: 3,
        cols: 3,
        goal,
        moves: MoveSet::SlidingInOrder([1, 2, 3, 0]),
    }
}

/// "Eight II" (HDU 3567): `EIGHT_TWO[k]` is the 8-puzzle whose goal has the
/// blank at cell `k` and the tiles 1 to 8 in reading order around it, its
/// moves declared `d l r u`.
pub const EIGHT_TWO: [Builtin; 9] = [
    eight_two("eight-two-0", &[BLANK, 1, 2, 3, 4, 5, 6, 7, 8]),
    eight_two("eight-two-1", &[1, BLANK, 2, 3, 4, 5, 6, 7, 8]),
    eight_two("eight-two-2", &[1, 2, BLANK, 3, 4, 5, 6, 7, 8]),
    eight_two("eight-two-3", &[1, 2, 3, BLANK, 4, 5, 6, 7, 8]),
    eight_two("eight-two-4", &[1, 2, 3, 4, BLANK, 5, 6, 7, 8]),
    eight_two("eight-two-5", &[1, 2, 3, 4, 5, BLANK, 6, 7, 8]),
    eight_two("eight-two-6", &[1, 2, 3, 4, 5, 6, BLANK, 7, 8]),
    eight_two("eight-two-7", &[1, 2, 3, 4, 5, 6, 7, BLANK, 8]),
    eight_two("eight-two-8", &[1, 2, 3, 4, 5, 6, 7, 8, BLANK]),
];

/// The three puzzles of the seed problems (the [`EIGHT_TWO`] tables come
/// on top: [`every`]).
pub const ALL: [&Builtin; 3] = [&NINE_DIGITS, &NINE_PUZZLE, &EIGHT_PUZZLE];

/// Every built-in puzzle: [`ALL`], then the nine [`EIGHT_TWO`] puzzles.
pub fn every() -> impl Iterator<Item = &'static Builtin> {
    ALL.into_iter().chain(EIGHT_TWO.iter())
}

/// The built-in puzzle with this id.
///
/// ```
/// assert!(godtab_puzzles::builtin::by_id("nine-puzzle").is_some());
/// assert!(godtab_puzzles::builtin::by_id("eight-two-4").is_some());
/// assert!(godtab_puzzles::builtin::by_id("fifteen").is_none());
/// ```
#[must_use]
pub fn by_id(id: &str) -> Option<&'static Builtin> {
    every().find(|b| b.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Kind, Ranking};

    #[test]
    fn definitions_are_valid_and_ranked_as_specified() {
        let digits = NINE_DIGITS.definition().puzzle().clone();
        assert_eq!((digits.kind(), digits.ranking(), digits.slots()), (Kind::Permutation, Ranking::Lex, 362_880));
        let nine = NINE_PUZZLE.definition().puzzle().clone();
        assert_eq!((nine.kind(), nine.ranking(), nine.slots()), (Kind::Permutation, Ranking::Parity, 181_440));
        let eight = EIGHT_PUZZLE.definition().puzzle().clone();
        assert_eq!((eight.kind(), eight.ranking(), eight.slots()), (Kind::Sliding, Ranking::BlankParity, 181_440));
        for b in ALL {
            let definition = b.definition();
            assert_eq!(definition.id(), b.id);
            assert!(definition.move_names().eq(b.move_names.iter().copied()), "{}", b.id);
        }
    }

    #[test]
    fn eight_two_goals_have_the_blank_at_their_cell_and_moves_d_l_r_u() {
        for (k, b) in EIGHT_TWO.iter().enumerate() {
            assert_eq!((&b.id[..10], b.id.as_bytes()[10]), ("eight-two-", b'0' + k as u8));
            let p = b.definition().puzzle().clone();
            assert_eq!((p.kind(), p.ranking(), p.slots()), (Kind::Sliding, Ranking::BlankParity, 181_440));
            assert_eq!(p.goal_values().iter().position(|&v| v == BLANK), Some(k));
            assert!(p.goal_values().iter().copied().filter(|&v| v != BLANK).eq(1..=8));
        }
        // HDU 3567's first sample: "12X453786" to "12345678X" is "dd".
        let p = EIGHT_TWO[8].definition().puzzle().clone();
        let start = p.parse("1 2 x 4 5 3 7 8 6").unwrap();
        let down = p.apply(&start, 0).unwrap();
        assert_eq!(p.apply(&down, 0), Some(p.goal()));
        // d is undone by u (move 3), l by r.
        assert_eq!(p.apply_inverse(&down, 0), Some(start));
        assert_eq!(p.undo(0), Some((3, 1)));
        assert_eq!(p.undo(1), Some((2, 1)));
    }

    #[test]
    fn statement_examples() {
        let p = NINE_DIGITS.definition().puzzle().clone();
        let goal = p.goal();
        // "1 2 3 / 4 5 6 / 7 8 9 => 4 1 3 / 5 2 6 / 7 8 9" and "=> 1 2 3 / 4 8 5 / 7 9 6".
        assert_eq!(p.apply(&goal, 0), Some(p.parse("413526789").unwrap()));
        assert_eq!(p.apply(&goal, 3), Some(p.parse("123485796").unwrap()));

        let p = NINE_PUZZLE.definition().puzzle().clone();
        // "2 3 1 / 4 5 6 / 7 8 9" is solved by H1.
        assert_eq!(p.apply(&p.parse("231456789").unwrap(), 0), Some(p.goal()));
        // V1 moves column 1 up: 4 to the top, 1 to the bottom.
        assert_eq!(p.apply(&p.goal(), 3), Some(p.parse("423756189").unwrap()));

        let p = EIGHT_PUZZLE.definition().puzzle().clone();
        // The statement's 15-puzzle example, in 3x3: r moves the blank right.
        let s = p.parse("1 2 3 4 5 6 x 7 8").unwrap();
        let s = p.apply(&s, 3).unwrap();
        assert_eq!(s, p.parse("1 2 3 4 5 6 7 x 8").unwrap());
        assert_eq!(p.apply(&s, 3), Some(p.goal()));
        // The blank in the bottom row cannot go down.
        assert_eq!(p.apply(&s, 1), None);
    }
}
