//! Every kind of bad request gets a 4xx and `{"error": ...}` saying what
//! is wrong: never a 5xx, never a crash.

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use serde_json::json;

use crate::common::{Client, HARD, SLOW, request, settings};

/// A request's path, body, and the status and start of the error it must
/// get.
type Case = (&'static str, String, StatusCode, &'static str);

fn solve(body: impl Into<String>, status: StatusCode, error: &'static str) -> Case {
    ("/v1/solve", body.into(), status, error)
}

#[test]
fn bad_requests_are_refused_with_a_reason() {
    use StatusCode as S;
    let client = Client::new(settings());
    let nested = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let cases: Vec<Case> = vec![
        // Not JSON, or not a request's JSON.
        solve("", S::BAD_REQUEST, "not JSON: EOF while parsing"),
        solve("{", S::BAD_REQUEST, "not JSON"),
        solve("table=eight-puzzle", S::BAD_REQUEST, "not JSON"),
        solve(String::from_utf8_lossy(&[0xff, 0xfe, 0x00]).into_owned(), S::BAD_REQUEST, "not JSON"),
        solve(nested.clone(), S::BAD_REQUEST, "bad request: invalid type: sequence, expected a string"),
        solve("[]", S::BAD_REQUEST, "bad request: invalid length 0"),
        solve("null", S::BAD_REQUEST, "bad request: invalid type: null"),
        solve(r#"{"state": "1 2 3"}"#, S::BAD_REQUEST, "bad request: missing field `table`"),
        solve(r#"{"table": 8, "state": "1"}"#, S::BAD_REQUEST, "bad request: invalid type: integer `8`"),
        solve(r#"{"table": "eight-puzzle", "state": 5}"#, S::BAD_REQUEST, "bad request: invalid type: integer `5`"),
        solve(r#"{"table": "eight-puzzle", "stat": "1"}"#, S::BAD_REQUEST, "bad request: unknown field `stat`"),
        solve(
            r#"{"table": "eight-puzzle", "state": "x", "states": "yes"}"#,
            S::BAD_REQUEST,
            "bad request: invalid type",
        ),
        // One way of giving the state.
        solve(r#"{"table": "eight-puzzle"}"#, S::BAD_REQUEST, "give one of \"state\", \"scramble\" and \"facelets\""),
        solve(r#"{"table": "eight-puzzle", "state": "1", "scramble": "u"}"#, S::BAD_REQUEST, "give one of"),
        // Limits out of range.
        solve(
            r#"{"table": "eight-puzzle", "state": "1", "max_nodes": -1}"#,
            S::BAD_REQUEST,
            "bad request: invalid value",
        ),
        solve(
            r#"{"table": "eight-puzzle", "state": "1", "max_nodes": 1e30}"#,
            S::BAD_REQUEST,
            "bad request: invalid type",
        ),
        solve(
            r#"{"table": SLOW, "state": "1", "max_nodes": 2000001}"#.replace("SLOW", &format!("{SLOW:?}")),
            S::BAD_REQUEST,
            "\"max_nodes\": at most 2000000 here",
        ),
        solve(
            r#"{"table": "cube-3x3x3", "scramble": "R", "max_length": 0}"#,
            S::BAD_REQUEST,
            "\"max_length\": from 1 to 32 moves",
        ),
        solve(
            r#"{"table": "cube-3x3x3", "scramble": "R", "max_length": 33}"#,
            S::BAD_REQUEST,
            "\"max_length\": from 1 to 32",
        ),
        solve(
            r#"{"table": "cube-3x3x3", "scramble": "R", "max_length": 300}"#,
            S::BAD_REQUEST,
            "bad request: invalid value",
        ),
        // No such table.
        solve(
            r#"{"table": "fifteen-puzzle", "state": "1"}"#,
            S::NOT_FOUND,
            "no table of \"fifteen-puzzle\" here: the tables are nine-digits, nine-puzzle, eight-puzzle, fifteen-slow, cube-3x3x3",
        ),
        solve(r#"{"table": "", "state": "1"}"#, S::NOT_FOUND, "no table of \"\" here"),
        // Not a state of the puzzle, or a move it does not have.
        solve(r#"{"table": "eight-puzzle", "state": "1 2 3"}"#, S::UNPROCESSABLE_ENTITY, "expected 9 tiles, found 3"),
        solve(r#"{"table": "eight-puzzle", "state": "1 1 3 4 5 6 7 8 x"}"#, S::UNPROCESSABLE_ENTITY, ""),
        solve(r#"{"table": "eight-puzzle", "state": "\u0000\u001b[31m"}"#, S::UNPROCESSABLE_ENTITY, ""),
        solve(r#"{"table": "eight-puzzle", "state": "１２３４５６７８x"}"#, S::UNPROCESSABLE_ENTITY, ""),
        solve(r#"{"table": "eight-puzzle", "scramble": "u q"}"#, S::UNPROCESSABLE_ENTITY, ""),
        solve(
            r#"{"table": "eight-puzzle", "facelets": "UUU"}"#,
            S::UNPROCESSABLE_ENTITY,
            "facelet strings are the 3x3x3 cube's states, and eight-puzzle is a tile puzzle",
        ),
        solve(r#"{"table": "cube-3x3x3", "facelets": "UUU"}"#, S::UNPROCESSABLE_ENTITY, ""),
        solve(r#"{"table": "cube-3x3x3", "scramble": "R X"}"#, S::UNPROCESSABLE_ENTITY, ""),
        solve(
            format!(r#"{{"table": "eight-puzzle", "state": "{}"}}"#, "1 ".repeat(20_000)),
            S::UNPROCESSABLE_ENTITY,
            "",
        ),
        // No answer within the limits.
        solve(
            format!(r#"{{"table": "{SLOW}", "state": "{HARD}", "max_nodes": 1000}}"#),
            S::UNPROCESSABLE_ENTITY,
            "not solved within 1,000 nodes",
        ),
        solve(
            r#"{"table": "cube-3x3x3", "facelets": "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB", "max_length": 10}"#,
            S::UNPROCESSABLE_ENTITY,
            "no solution within 10 moves",
        ),
        // A batch that is not a list, or too long.
        ("/v1/solve/batch", "{}".into(), S::BAD_REQUEST, "bad request: invalid type: map, expected a sequence"),
        ("/v1/solve/batch", "[".into(), S::BAD_REQUEST, "not JSON"),
        ("/v1/solve/batch", nested, S::BAD_REQUEST, "not JSON: recursion limit exceeded"),
        (
            "/v1/solve/batch",
            format!("[{}{{}}]", "{},".repeat(1000)),
            S::PAYLOAD_TOO_LARGE,
            "a batch of at most 1000 states",
        ),
        // Too large a body.
        solve(
            format!(r#"{{"table": "eight-puzzle", "state": "{}"}}"#, "1".repeat(70_000)),
            S::PAYLOAD_TOO_LARGE,
            "a body of at most 65536 bytes",
        ),
    ];
    for (path, body, status, error) in cases {
        let reply = client.post(path, body.clone());
        let shown: String = body.chars().take(120).collect();
        assert_eq!(reply.status, status, "{path} {shown}: {}", reply.text);
        assert!(reply.error().starts_with(error), "{path} {shown}: {:?} does not start with {error:?}", reply.error());
        assert!(!reply.error().is_empty());
        assert_eq!(reply.headers[header::CONTENT_TYPE], "application/json");
    }
}

#[test]
fn a_state_without_an_answer_gets_the_object_godtab_solve_json_prints() {
    let client = Client::new(settings());
    let reply = client.post("/v1/solve", r#"{"table": "eight-puzzle", "state": "1 2 3"}"#);
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    // `godtab solve eight-puzzle "1 2 3" --json`'s line (tests/cli.rs).
    assert_eq!(
        reply.text,
        r#"{"state":"1 2 3","solvable":false,"distance":null,"moves":[],"error":"expected 9 tiles, found 3"}"#
    );
    let limited = client.post("/v1/solve", format!(r#"{{"table": "{SLOW}", "state": "{HARD}", "max_nodes": 10}}"#));
    let limited = limited.json();
    assert_eq!(limited["state"], HARD);
    assert_eq!(limited["error"], "not solved within 10 nodes");
    assert!(limited["nodes"].as_u64().unwrap() >= 10);
}

#[test]
fn paths_and_methods_the_api_does_not_have_are_refused() {
    let client = Client::new(settings());
    for (method, path, status) in [
        (Method::GET, "/v1/solve", StatusCode::METHOD_NOT_ALLOWED),
        (Method::GET, "/v1/solve/batch", StatusCode::METHOD_NOT_ALLOWED),
        (Method::POST, "/v1/tables", StatusCode::METHOD_NOT_ALLOWED),
        (Method::DELETE, "/", StatusCode::METHOD_NOT_ALLOWED),
        (Method::PUT, "/v1/solve", StatusCode::METHOD_NOT_ALLOWED),
        (Method::GET, "/v2/tables", StatusCode::NOT_FOUND),
        (Method::GET, "/v1/tables/eight-puzzle", StatusCode::NOT_FOUND),
        (Method::GET, "/../../etc/passwd", StatusCode::NOT_FOUND),
        (Method::POST, "/v1/solve/", StatusCode::NOT_FOUND),
    ] {
        let reply = client.send(request(method.clone(), path, Body::empty()));
        assert_eq!(reply.status, status, "{method} {path}");
        assert!(!reply.error().is_empty(), "{method} {path}");
    }
}

#[test]
fn a_body_declared_too_large_is_refused_before_it_is_read() {
    let client = Client::new(settings());
    // A declared length past the limit is refused on the header alone:
    // the few bytes sent are never read.
    let declared = axum::http::Request::builder()
        .method(Method::POST)
        .uri("/v1/solve")
        .header(header::CONTENT_LENGTH, "1000000000")
        .body(Body::from(r#"{"table": "nine-digits", "state": "123456789"}"#))
        .unwrap();
    let reply = client.send(declared);
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(reply.error(), "a body of at most 65536 bytes");
    // Without a declared length, the body is read up to the limit only.
    let undeclared = client.post("/v1/solve/batch", vec![b' '; 65_537]);
    assert_eq!(undeclared.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(undeclared.error(), "a body of at most 65536 bytes");
    let body = json!({"table": "nine-digits", "state": "123456789"}).to_string();
    let within = client.post("/v1/solve", format!("{body}{}", " ".repeat(65_536 - body.len())));
    assert_eq!(within.status, StatusCode::OK, "{}", within.text);
}
