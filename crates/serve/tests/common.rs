//! What the tests share: small tables of every kind a server answers
//! from, built once, and a client that asks the router without a socket.

use std::sync::OnceLock;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use godtab_oracle::Oracle;
use godtab_puzzles::{BLANK, Definition, MoveSet, PatternList, Puzzle, SLIDING_MOVE_NAMES, builtin};
use godtab_runtime::TableFile;
use godtab_serve::{Settings, Tables, router};
use serde_json::Value;
use tower::ServiceExt;

/// The puzzle of the slow pattern set: the 15-puzzle's board, each tile a
/// pattern of its own (the Manhattan distance, a weak heuristic).
pub const SLOW: &str = "fifteen-slow";

/// Korf's first 15-puzzle instance with its first two tiles swapped (so
/// that it reaches this goal, the blank last): far from the goal, a search
/// of many millions of nodes by the Manhattan distance.
pub const HARD: &str = "13 14 15 7 11 12 9 5 6 x 2 1 4 8 10 3";

/// A state of the 8-puzzle 31 moves from the goal (the most).
pub const FARTHEST: &str = "8 6 7 2 5 4 3 x 1";

/// The tables' bytes: the built-in complete tables, a pattern set of the
/// 15-puzzle's board with a weak heuristic (a search of millions of nodes
/// for a far state), and the 3x3x3 cube's two-phase tables.
fn bytes() -> &'static [(bool, Vec<u8>)] {
    static BYTES: OnceLock<Vec<(bool, Vec<u8>)>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let mut all: Vec<(bool, Vec<u8>)> =
            builtin::ALL.iter().map(|b| (false, godtab_gen::build_table(b).unwrap())).collect();
        let tiles: Vec<u8> = (1..=15).chain([BLANK]).collect();
        let puzzle = Puzzle::new(4, 4, &tiles, MoveSet::Sliding).unwrap();
        let definition = Definition::new(SLOW, SLIDING_MOVE_NAMES, puzzle).unwrap();
        let singles: Vec<[u8; 1]> = (1..=15).map(|tile| [tile]).collect();
        let list = PatternList::new(definition.puzzle(), singles.iter().map(|p| &p[..])).unwrap();
        all.push((false, godtab_gen::pattern_set_bytes(&definition, &list, &Default::default()).unwrap()));
        all.push((true, godtab_twophase::build_tables()));
        all
    })
}

/// Every test table, served.
pub fn tables() -> Tables<Vec<u8>> {
    let mut tables = Tables::new();
    for (two_phase, bytes) in bytes() {
        let oracle = if *two_phase {
            Oracle::two_phase(bytes.clone()).unwrap()
        } else {
            Oracle::new(TableFile::new(bytes.clone()).unwrap())
        };
        tables.add(oracle).unwrap();
    }
    tables
}

/// One table's oracle, to check answers against.
pub fn oracle(name: &str) -> Oracle<Vec<u8>> {
    for (two_phase, bytes) in bytes() {
        let oracle = if *two_phase {
            Oracle::two_phase(bytes.clone()).unwrap()
        } else {
            Oracle::new(TableFile::new(bytes.clone()).unwrap())
        };
        if oracle.name() == name {
            return oracle;
        }
    }
    panic!("no test table of {name}")
}

/// Settings for tests: two workers, a short queue, limits a test reaches
/// in well under a second.
pub fn settings() -> Settings {
    Settings {
        max_nodes: 2_000_000,
        workers: 2,
        queue: 4,
        time_limit: Duration::from_secs(5),
        max_body: 64 * 1024,
        max_batch: 1000,
    }
}

/// A server's answer: status, headers and body (JSON when it is).
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl Reply {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    /// The body's `error`, which every refusal has.
    pub fn error(&self) -> String {
        match &self.json()["error"] {
            Value::String(error) => error.clone(),
            other => panic!("no error in {} ({other})", self.text),
        }
    }
}

/// A runtime for the router (the searches run on its blocking threads).
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}

/// `request` answered by `app`.
pub async fn send(app: &Router, request: Request<Body>) -> Reply {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    Reply { status, headers, text: String::from_utf8(body.to_vec()).unwrap() }
}

/// A request of `method` to `path` with `body`.
pub fn request(method: Method, path: &str, body: impl Into<Body>) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .unwrap()
}

/// A client of one router: each call runs to its answer.
pub struct Client {
    runtime: Option<tokio::runtime::Runtime>,
    pub app: Router,
}

impl Client {
    /// The test tables served within `settings`.
    pub fn new(settings: Settings) -> Self {
        Self { runtime: Some(runtime()), app: router(tables(), settings) }
    }

    /// The runtime the router runs on.
    pub fn runtime(&self) -> &tokio::runtime::Runtime {
        self.runtime.as_ref().expect("the runtime lives as long as the client")
    }

    /// `request`'s answer.
    pub fn send(&self, request: Request<Body>) -> Reply {
        self.runtime().block_on(send(&self.app, request))
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Reply {
        self.send(request(Method::GET, path, Body::empty()))
    }

    /// `POST path` with `body`.
    pub fn post(&self, path: &str, body: impl Into<Body>) -> Reply {
        self.send(request(Method::POST, path, body))
    }

    /// `POST path` with `value` as JSON.
    pub fn post_json(&self, path: &str, value: &Value) -> Reply {
        self.post(path, value.to_string())
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // A search left running by a test's time limit is not waited for.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}
