//! Every state of the 8-puzzle (both parity classes) asked through
//! batches, each answer held against the complete table: its distance,
//! and its moves replayed to the goal.

use godtab_oracle::{Position, Written};
use godtab_runtime::TableFile;
use serde_json::{Value, json};

use crate::common::{Client, oracle, settings};

#[test]
fn every_state_of_the_eight_puzzle_is_answered_as_its_table_answers_it() {
    let client = Client::new(settings());
    let eight = oracle("eight-puzzle");
    let Some(TableFile::Complete(table)) = eight.file() else { panic!("a complete table") };
    let definition = eight.definition().unwrap();
    let puzzle = definition.puzzle();
    let names: Vec<&str> = definition.move_names().collect();
    // The ranks are of the states the moves reach; each with two tiles
    // swapped is one they do not.
    let mut states = Vec::new();
    for rank in 0..puzzle.slots() {
        let state = puzzle.unrank(rank);
        let text = eight.show(&Position::Tiles(state));
        let mut tiles: Vec<&str> = text.split(' ').collect();
        let (a, b) = if tiles[0] == "x" || tiles[1] == "x" { (2, 3) } else { (0, 1) };
        tiles.swap(a, b);
        let Position::Tiles(swapped) = eight.parse(&tiles.join(" "), Written::State).unwrap() else { unreachable!() };
        states.extend([state, swapped]);
    }
    assert_eq!(states.len(), 362_880);
    let (mut solvable, mut unsolvable) = (0, 0);
    for chunk in states.chunks(1000) {
        let items: Vec<Value> =
            chunk.iter().map(|s| json!({"table": "eight-puzzle", "state": eight.show(&Position::Tiles(*s))})).collect();
        let answers = client.post_json("/v1/solve/batch", &Value::Array(items)).json();
        let answers = answers.as_array().unwrap();
        assert_eq!(answers.len(), chunk.len());
        for (state, answer) in chunk.iter().zip(answers) {
            let expected = table.distance(state).unwrap();
            let text = eight.show(&Position::Tiles(*state));
            assert_eq!(answer["state"], text);
            assert_eq!(answer["distance"].as_u64(), expected.map(u64::from), "{text}");
            assert_eq!(answer["solvable"], expected.is_some(), "{text}");
            let mut now = *state;
            for name in answer["moves"].as_array().unwrap() {
                let index = names.iter().position(|n| name == n).unwrap();
                now = puzzle.apply(&now, index).unwrap();
            }
            if expected.is_some() {
                solvable += 1;
                assert_eq!(now, puzzle.goal(), "{text}: {}", answer["moves"]);
            } else {
                unsolvable += 1;
            }
        }
    }
    assert_eq!((solvable, unsolvable), (181_440, 181_440));
}
