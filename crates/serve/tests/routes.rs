//! Every route answering what it should: the tables listed, a state, a
//! scramble and facelets solved, the states along an answer, a batch in
//! order, the page and its files.

use axum::http::{StatusCode, header};
use godtab_oracle::{JsonAnswer, Position, Written};
use serde_json::{Value, json};

use crate::common::{Client, FARTHEST, SLOW, oracle, settings};

#[test]
fn the_tables_are_listed_with_their_summaries() {
    let client = Client::new(settings());
    let reply = client.get("/v1/tables");
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.headers[header::CONTENT_TYPE], "application/json");
    let listed = reply.json();
    let names: Vec<&str> = listed.as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["nine-digits", "nine-puzzle", "eight-puzzle", SLOW, "cube-3x3x3"]);
    for table in listed.as_array().unwrap() {
        let summary = serde_json::to_value(oracle(table["name"].as_str().unwrap()).summary()).unwrap();
        for (key, value) in summary.as_object().unwrap() {
            assert_eq!(&table[key], value, "{}: {key}", table["name"]);
        }
    }
    let eight = &listed[2];
    assert_eq!(eight["kind"], "complete");
    assert_eq!(eight["puzzle_kind"], "sliding");
    assert_eq!(eight["gods_number"], 31);
    assert_eq!(eight["states"], "181440");
    let histogram: Vec<u64> = serde_json::from_value(eight["histogram"].clone()).unwrap();
    assert_eq!((histogram.len(), histogram.iter().sum::<u64>(), histogram[31]), (32, 181_440, 2));
    assert_eq!(eight["moves"], json!(["u", "d", "l", "r"]));
    assert_eq!(eight["board"], json!({"rows": 3, "cols": 3}));
    assert_eq!(eight["goal"], "1 2 3 4 5 6 7 8 x");
    assert_eq!((&eight["optimal"], &eight["facelets"]), (&json!(true), &json!(false)));
    let slow = &listed[3];
    assert_eq!(
        (&slow["kind"], &slow["histogram"], &slow["gods_number"]),
        (&json!("patterns"), &Value::Null, &Value::Null)
    );
    let cube = &listed[4];
    assert_eq!(cube["kind"], "two-phase");
    assert_eq!(cube["states"], "43252003274489856000");
    assert_eq!((&cube["optimal"], &cube["facelets"], &cube["board"]), (&json!(false), &json!(true), &Value::Null));
    assert_eq!(cube["goal"], "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
    assert_eq!(cube["moves"].as_array().unwrap().len(), 18);
}

#[test]
fn a_state_is_answered_as_godtab_solve_json_prints_it() {
    let client = Client::new(settings());
    let reply = client.post("/v1/solve", r#"{"table": "eight-puzzle", "state": "23415x768"}"#);
    assert_eq!(reply.status, StatusCode::OK);
    // The line `godtab solve eight-puzzle 23415x768 --json` prints
    // (tests/cli.rs holds the command to it).
    assert_eq!(
        reply.text,
        "{\"state\":\"2 3 4 1 5 x 7 6 8\",\"solvable\":true,\"distance\":19,\"moves\":[\"u\",\"l\",\"l\",\"d\",\"d\",\
         \"r\",\"u\",\"r\",\"d\",\"l\",\"l\",\"u\",\"r\",\"d\",\"r\",\"u\",\"l\",\"d\",\"r\"]}"
    );
    let unsolvable = client.post("/v1/solve", r#"{"table": "eight-puzzle", "state": "1 2 3 4 5 6 8 7 x"}"#);
    assert_eq!(unsolvable.status, StatusCode::OK, "an unsolvable state is an answer");
    assert_eq!(unsolvable.text, r#"{"state":"1 2 3 4 5 6 8 7 x","solvable":false,"distance":null,"moves":[]}"#);
    let solved = client.post("/v1/solve", r#"{"table": "nine-digits", "state": "123456789"}"#);
    assert_eq!(solved.text, r#"{"state":"1 2 3 4 5 6 7 8 9","solvable":true,"distance":0,"moves":[]}"#);
}

#[test]
fn scrambles_and_facelets_are_answered() {
    let client = Client::new(settings());
    let reply = client.post("/v1/solve", r#"{"table": "nine-digits", "scramble": "A"}"#);
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(
        reply.text,
        r#"{"state":"4 1 3 5 2 6 7 8 9","scramble":"A","solvable":true,"distance":3,"moves":["A","A","A"]}"#
    );
    // A cube by its facelets (those of a scramble), within 21 moves: a
    // length, not a distance.
    let scrambled = client.post_json("/v1/solve", &json!({"table": "cube-3x3x3", "scramble": "R U F' D2 L B' U2 R'"}));
    let cube = scrambled.json()["state"].as_str().unwrap().to_string();
    assert_eq!(cube.len(), 54);
    let body = json!({"table": "cube-3x3x3", "facelets": cube, "states": true});
    let reply = client.post_json("/v1/solve", &body).json();
    assert_eq!(
        (&reply["distance"], &reply["solvable"], &reply["moves"]),
        (&Value::Null, &json!(true), &scrambled.json()["moves"])
    );
    let length = reply["length"].as_u64().unwrap();
    assert!((1..=21).contains(&length), "{reply}");
    let states = reply["states"].as_array().unwrap();
    assert_eq!(states.len() as u64, length);
    assert_eq!(states[states.len() - 1], "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
    // The same cube given as a plain state, and as a scramble of its moves
    // undone, lead to the same answer.
    let as_state = client.post_json("/v1/solve", &json!({"table": "cube-3x3x3", "state": cube}));
    assert_eq!(as_state.json()["moves"], reply["moves"]);
    let moves: Vec<&str> = reply["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let undo: Vec<String> = moves.iter().rev().map(|m| inverse(m)).collect();
    let undone = client.post_json("/v1/solve", &json!({"table": "cube-3x3x3", "scramble": undo.join(" ")}));
    assert_eq!(undone.json()["state"], cube);
}

/// A face turn's inverse: R for R', R' for R, R2 for R2.
fn inverse(m: &str) -> String {
    match m.strip_suffix('\'') {
        Some(face) => face.to_string(),
        None if m.ends_with('2') => m.to_string(),
        None => format!("{m}'"),
    }
}

#[test]
fn the_states_along_an_answer_lead_to_the_goal_one_move_at_a_time() {
    let client = Client::new(settings());
    let eight = oracle("eight-puzzle");
    let reply =
        client.post("/v1/solve", format!(r#"{{"table": "eight-puzzle", "state": "{FARTHEST}", "states": true}}"#));
    let reply = reply.json();
    assert_eq!(reply["distance"], 31);
    let states: Vec<&str> = reply["states"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    let moves: Vec<&str> = reply["moves"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert_eq!(states.len(), 31);
    assert_eq!(states[30], "1 2 3 4 5 6 7 8 x");
    // Each state is the one before it, one move on: a scramble of the
    // moves so far, from the start, gives it; and it is one move nearer.
    for (i, state) in states.iter().enumerate() {
        let position = eight.parse(state, Written::State).unwrap();
        assert_eq!(eight.distance(&position).unwrap(), Some(30 - i), "{state}");
        let start = eight.parse(FARTHEST, Written::State).unwrap();
        let along = eight.states_along(&start, &eight.solve(&start).unwrap().moves.unwrap()[..=i]);
        assert_eq!(eight.show(along.last().unwrap()), *state);
    }
    assert_eq!(moves.len(), 31);
    // Without "states", none are listed; an unsolvable state lists none.
    let plain = client.post("/v1/solve", format!(r#"{{"table": "eight-puzzle", "state": "{FARTHEST}"}}"#)).json();
    assert_eq!(plain.get("states"), None);
    let unsolvable =
        client.post("/v1/solve", r#"{"table": "eight-puzzle", "state": "1 2 3 4 5 6 8 7 x", "states": true}"#);
    assert_eq!(unsolvable.json()["states"], json!([]));
}

#[test]
fn a_pattern_set_is_searched_and_says_what_the_search_cost() {
    let client = Client::new(settings());
    let reply =
        client.post_json("/v1/solve", &json!({"table": SLOW, "state": "1 2 3 4 5 6 7 8 9 10 11 12 x 13 14 15"})).json();
    assert_eq!((&reply["distance"], &reply["moves"]), (&json!(3), &json!(["r", "r", "r"])));
    assert!(reply["nodes"].as_u64().unwrap() > 0 && reply["generated"].as_u64().unwrap() > 0);
    assert!(reply["seconds"].as_f64().unwrap() >= 0.0);
}

#[test]
fn a_batch_is_answered_in_order_each_item_as_alone() {
    let client = Client::new(settings());
    let items = [
        json!({"table": "eight-puzzle", "state": "23415x768"}),
        json!({"table": "nine-digits", "scramble": "A B"}),
        json!({"table": "nine-puzzle", "state": "7 3 9 2 5 1 4 8 6"}),
        json!({"table": "eight-puzzle", "state": "1 2 3"}),
        json!({"table": "no-such-puzzle", "state": "1 2 3"}),
        json!({"table": "eight-puzzle"}),
        json!({"table": "eight-puzzle", "state": "1 2 3 4 5 6 8 7 x"}),
    ];
    let reply = client.post_json("/v1/solve/batch", &Value::Array(items.to_vec()));
    assert_eq!(reply.status, StatusCode::OK);
    let answers = reply.json();
    let answers = answers.as_array().unwrap();
    assert_eq!(answers.len(), items.len());
    for (item, answer) in items.iter().zip(answers) {
        let alone = client.post_json("/v1/solve", item);
        assert_eq!(&alone.json(), answer, "{item}");
    }
    assert_eq!(answers[2]["moves"], json!(["V1", "V3", "H1"]));
    assert_eq!(answers[3]["error"], "expected 9 tiles, found 3");
    assert!(answers[4]["error"].as_str().unwrap().starts_with("no table of \"no-such-puzzle\" here"));
    assert_eq!(answers[6]["solvable"], false);
    // An empty batch, an empty answer.
    assert_eq!(client.post("/v1/solve/batch", "[]").text, "[]");
}

#[test]
fn every_state_of_a_batch_is_the_oracles_answer() {
    let client = Client::new(settings());
    let nine = oracle("nine-puzzle");
    let states: Vec<String> = (0..1000u64).map(|i| nine.show(&Position::Tiles(nine_state(i)))).collect();
    let items: Vec<Value> = states.iter().map(|s| json!({"table": "nine-puzzle", "state": s})).collect();
    let answers = client.post_json("/v1/solve/batch", &Value::Array(items)).json();
    for (state, answer) in states.iter().zip(answers.as_array().unwrap()) {
        let position = nine.parse(state, Written::State).unwrap();
        let expected = JsonAnswer::of(&nine, state.clone(), None, &nine.solve(&position));
        assert_eq!(answer, &serde_json::to_value(expected).unwrap(), "{state}");
    }
}

/// The `i`-th of a spread of the 9 Puzzle's states.
fn nine_state(i: u64) -> godtab_runtime::State {
    let definition = godtab_puzzles::builtin::NINE_PUZZLE.definition();
    let puzzle = definition.puzzle();
    puzzle.unrank(i * 359 % puzzle.slots())
}

#[test]
fn the_page_and_its_files_are_served() {
    let client = Client::new(settings());
    let page = client.get("/");
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.headers[header::CONTENT_TYPE], "text/html; charset=utf-8");
    assert!(page.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap().starts_with("default-src 'self'"));
    assert!(page.text.contains(r#"<script src="/page.js" defer></script>"#));
    assert!(page.text.contains(r#"<link rel="stylesheet" href="/page.css">"#));
    // Nothing is fetched from another host.
    for text in [&page.text, &client.get("/page.js").text, &client.get("/page.css").text] {
        // The SVG namespace is a name, not an address fetched.
        let text = text.replace("\"http://www.w3.org/2000/svg\"", "");
        assert!(!text.contains("http://") && !text.contains("https://") && !text.contains("src=\"//"), "{text}");
    }
    let script = client.get("/page.js");
    assert_eq!(script.headers[header::CONTENT_TYPE], "text/javascript; charset=utf-8");
    assert!(script.text.contains("/v1/solve") && script.text.contains("/v1/tables"));
    assert_eq!(client.get("/page.css").headers[header::CONTENT_TYPE], "text/css; charset=utf-8");
}
