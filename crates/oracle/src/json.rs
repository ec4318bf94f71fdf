//! One state's answer as the front ends write it in JSON: the line
//! `godtab solve --json` prints and the body `godtab serve` answers
//! `/v1/solve` with, one shape for both.

use serde::Serialize;

use crate::{Answer, AskError, Oracle, Position, Work};

/// One state's answer, serialisable: what `godtab solve --json` prints for
/// it (`state`, `solvable`, `distance`, `moves`, and the keys below when
/// they apply).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct JsonAnswer {
    /// The state as the table writes it (as given, if it is not a state).
    pub state: String,
    /// The scramble that gave the state, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scramble: Option<String>,
    /// Whether the state can reach the goal (true when that is not known:
    /// a search gave up).
    pub solvable: bool,
    /// The fewest moves that solve the state (null for a two-phase answer,
    /// which is not known to be the fewest).
    pub distance: Option<usize>,
    /// A two-phase answer's length (within its longest length).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// The moves of the solution, by name.
    pub moves: Vec<String>,
    /// How many optimal solutions there are (`solve --all-optimal`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u128>,
    /// The first optimal solutions, in declared move order (`solve
    /// --all-optimal`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<Vec<String>>>,
    /// What the search cost (its keys `nodes`, `generated`, `seconds`),
    /// from a search.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub search: Option<Work>,
    /// Why the text is not a state of the puzzle, or why it has no answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The state after each move of the solution, as the table writes a
    /// state (the server's `"states": true`; the command never asks).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub states: Option<Vec<String>>,
}

impl JsonAnswer {
    /// The answer to a `text` that is not a state of the table's puzzle
    /// (given as `scramble`, if it was a scramble).
    #[must_use]
    pub fn not_a_state(text: &str, scramble: Option<String>, error: &AskError) -> Self {
        Self {
            state: text.to_string(),
            scramble,
            solvable: false,
            distance: None,
            length: None,
            moves: Vec::new(),
            count: None,
            solutions: None,
            search: None,
            error: Some(error.to_string()),
            states: None,
        }
    }

    /// The answer of `oracle` to the state written `state` (or its error),
    /// given as `scramble` if it was a scramble.
    #[must_use]
    pub fn of<B: AsRef<[u8]>>(
        oracle: &Oracle<B>,
        state: String,
        scramble: Option<String>,
        asked: &Result<Answer, AskError>,
    ) -> Self {
        let (moves, search, error) = match asked {
            Ok(answer) => (answer.moves.as_deref(), answer.work, None),
            Err(error) => (None, error.work(), Some(error.to_string())),
        };
        let found = moves.map(<[usize]>::len);
        let (distance, length) = if oracle.is_optimal() { (found, None) } else { (None, found) };
        Self {
            state,
            scramble,
            solvable: error.is_some() || moves.is_some(),
            distance,
            length,
            moves: oracle.move_names(moves.unwrap_or_default()).into_iter().map(str::to_string).collect(),
            count: None,
            solutions: None,
            search,
            error,
            states: None,
        }
    }

    /// This answer with the state after each of its moves, starting from
    /// `position` (`moves`, the answer's indices into the table's moves).
    #[must_use]
    pub fn with_states<B: AsRef<[u8]>>(mut self, oracle: &Oracle<B>, position: &Position, moves: &[usize]) -> Self {
        self.states = Some(oracle.states_along(position, moves).iter().map(|p| oracle.show(p)).collect());
        self
    }
}

impl<B: AsRef<[u8]>> Oracle<B> {
    /// The positions `moves` pass through from `position`: one after each
    /// move (a move out of range or impossible there ends the list).
    pub fn states_along(&self, position: &Position, moves: &[usize]) -> Vec<Position> {
        let mut along = Vec::with_capacity(moves.len());
        let mut current = position.clone();
        for &index in moves {
            let next = match &current {
                Position::Tiles(state) => self
                    .definition()
                    .and_then(|definition| definition.puzzle().apply(state, index))
                    .map(Position::Tiles),
                Position::Cells(cells) => match self.orbits() {
                    Ok(Some(orbits)) if index < orbits.puzzle().moves().len() => {
                        Some(Position::Cells(orbits.puzzle().apply(cells, index)))
                    }
                    _ => None,
                },
                Position::Cube(cube) => {
                    u8::try_from(index).ok().and_then(godtab_twophase::Move::new).map(|m| Position::Cube(cube.apply(m)))
                }
            };
            let Some(next) = next else { break };
            along.push(next.clone());
            current = next;
        }
        along
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Written;
    use godtab_runtime::TableFile;

    #[test]
    fn an_answer_is_written_as_solve_json_prints_it_with_the_states_along_it() {
        let bytes = godtab_gen::build_table(&godtab_puzzles::builtin::NINE_DIGITS).unwrap();
        let oracle = Oracle::new(TableFile::new(bytes).unwrap());
        let position = oracle.parse("A", Written::Scramble).unwrap();
        let asked = oracle.solve(&position);
        let moves = asked.as_ref().unwrap().moves.clone().unwrap();
        let json = JsonAnswer::of(&oracle, oracle.show(&position), Some("A".into()), &asked);
        let text = serde_json::to_string(&json.clone()).unwrap();
        assert_eq!(
            text,
            r#"{"state":"4 1 3 5 2 6 7 8 9","scramble":"A","solvable":true,"distance":3,"moves":["A","A","A"]}"#
        );
        let along = json.with_states(&oracle, &position, &moves).states.unwrap();
        assert_eq!(along.len(), 3);
        assert_eq!(along[2], "1 2 3 4 5 6 7 8 9");
        let bad = oracle.parse("1 2", Written::State).unwrap_err();
        let text = serde_json::to_string(&JsonAnswer::not_a_state("1 2", None, &bad)).unwrap();
        assert_eq!(text, format!(r#"{{"state":"1 2","solvable":false,"distance":null,"moves":[],"error":"{bad}"}}"#));
    }
}
