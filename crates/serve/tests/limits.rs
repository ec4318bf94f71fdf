//! The limits on work: a search's node limit, the time limit, the workers
//! and the queue before them (503 with Retry-After past it).

use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode, header};
use godtab_serve::Settings;
use serde_json::json;

use crate::common::{Client, HARD, SLOW, request, send, settings};

/// The slow search: the far state through the one-tile pattern set,
/// millions of nodes.
fn slow() -> String {
    json!({"table": SLOW, "state": HARD}).to_string()
}

#[test]
fn a_search_past_the_time_limit_is_answered_at_the_limit() {
    let client = Client::new(Settings { max_nodes: 500_000_000, time_limit: Duration::from_millis(200), ..settings() });
    let started = Instant::now();
    let reply = client.post("/v1/solve", slow());
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text);
    assert_eq!(reply.error(), "not answered within 0.2 s, the server's time limit");
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
}

#[test]
fn past_the_workers_and_the_queue_requests_get_503_with_retry_after() {
    let settings =
        Settings { workers: 1, queue: 1, max_nodes: 500_000_000, time_limit: Duration::from_secs(30), ..settings() };
    let client = Client::new(settings);
    let app = client.app.clone();
    client.runtime().block_on(async move {
        // One search runs, one waits: the third is refused at once.
        let running = tokio::spawn({
            let app = app.clone();
            async move { send(&app, request(Method::POST, "/v1/solve", slow())).await }
        });
        tokio::time::sleep(Duration::from_millis(100)).await;
        let waiting = tokio::spawn({
            let app = app.clone();
            async move { send(&app, request(Method::POST, "/v1/solve", slow())).await }
        });
        tokio::time::sleep(Duration::from_millis(100)).await;
        let started = Instant::now();
        let refused = send(&app, request(Method::POST, "/v1/solve", r#"{"table": "nine-digits", "state": "1"}"#)).await;
        assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE, "{}", refused.text);
        assert_eq!(refused.headers[header::RETRY_AFTER], "1");
        assert!(refused.error().starts_with("every worker is busy and 1 requests are waiting"));
        assert!(started.elapsed() < Duration::from_millis(500), "refused at once");
        // A batch is refused alike; the listing and the page need no worker.
        let batch = send(&app, request(Method::POST, "/v1/solve/batch", format!("[{}]", slow()))).await;
        assert_eq!(batch.status, StatusCode::SERVICE_UNAVAILABLE);
        let listing = send(&app, request(Method::GET, "/v1/tables", axum::body::Body::empty())).await;
        assert_eq!(listing.status, StatusCode::OK);
        assert!(!running.is_finished() && !waiting.is_finished());
        running.abort();
        waiting.abort();
    });
}

#[test]
fn a_requests_node_limit_is_its_own_up_to_the_servers() {
    let client = Client::new(settings());
    let reply = client.post("/v1/solve", json!({"table": SLOW, "state": HARD, "max_nodes": 5000}).to_string());
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.error(), "not solved within 5,000 nodes");
    // Without its own, the server's.
    let reply = client.post("/v1/solve", slow());
    assert_eq!(reply.error(), "not solved within 2,000,000 nodes");
    let nodes = reply.json()["nodes"].as_u64().unwrap();
    assert!((2_000_000..2_100_000).contains(&nodes), "{nodes}");
}

#[test]
fn a_batch_past_the_time_limit_keeps_what_was_answered() {
    let settings = Settings { max_nodes: 500_000_000, time_limit: Duration::from_millis(300), ..settings() };
    let client = Client::new(settings);
    let slow = json!({"table": SLOW, "state": HARD, "max_nodes": 1_000_000});
    let mut batch = vec![json!({"table": "nine-digits", "state": "413526789"})];
    batch.extend(std::iter::repeat_n(slow, 40));
    let started = Instant::now();
    let reply = client.post("/v1/solve/batch", serde_json::Value::Array(batch).to_string());
    let elapsed = started.elapsed();
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    assert!(elapsed < Duration::from_secs(2), "answered at the limit, not after every item: {elapsed:?}");
    let answers = reply.json();
    let answers = answers.as_array().unwrap();
    assert_eq!(answers.len(), 41);
    assert_eq!(answers[0]["distance"], 3, "the first item is answered");
    let late = "not answered within 0.3 s, the server's time limit for a batch";
    assert_eq!(answers[40]["error"], late, "40 searches of a million nodes take longer than 0.3 s");
    // The answered items first, then the unanswered ones.
    let searched = answers[1..].iter().take_while(|a| a["error"] == "not solved within 1,000,000 nodes").count();
    assert!(answers[1 + searched..].iter().all(|a| a["error"] == late), "{answers:?}");
}
