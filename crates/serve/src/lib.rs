//! godtab's tables answered over HTTP: the library under `godtab serve`.
//!
//! [`Tables`] holds every table, opened once, each an [`Oracle`] named by
//! its puzzle; [`router`] answers from them:
//!
//! - `GET /v1/tables`: one JSON object per table (its [`Summary`], and what
//!   the page needs to draw its states);
//! - `POST /v1/solve`: `{"table": NAME, "state" | "scramble" | "facelets":
//!   TEXT}` (optionally `"max_nodes"`, `"max_length"`, `"states": true`),
//!   answered with the object `godtab solve --json` prints
//!   ([`JsonAnswer`]);
//! - `POST /v1/solve/batch`: a list of those, answered in order;
//! - `GET /`: a page that asks them and draws the answers.
//!
//! Every answer is the oracle's: this crate parses requests into questions
//! and answers into JSON, and matches on no kind of table. Every error is
//! a status and `{"error": "..."}`: 4xx for whatever a request says, 503
//! with `Retry-After` when the queue of searches is full. [`serve`] runs
//! the router on a listener until SIGTERM or SIGINT.
//!
//! ```
//! use godtab_oracle::Oracle;
//! use godtab_runtime::TableFile;
//! use godtab_serve::{Settings, Tables, router};
//!
//! let bytes = godtab_gen::build_table(&godtab_puzzles::builtin::NINE_DIGITS).unwrap();
//! let mut tables = Tables::new();
//! tables.add(Oracle::new(TableFile::new(bytes).unwrap())).unwrap();
//! assert_eq!(tables.names(), ["nine-digits"]);
//! let app: axum::Router = router(tables, Settings::default());
//! # drop(app);
//! ```
//!
//! [`Oracle`]: godtab_oracle::Oracle
//! [`Summary`]: godtab_oracle::Summary
//! [`JsonAnswer`]: godtab_oracle::JsonAnswer

mod admission;
mod ask;
mod batch;
mod body;
mod listing;
mod page;
mod reply;
mod run;
mod solve;
mod tables;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

pub use run::{GRACE, serve};
pub use tables::{Tables, TablesError};

use admission::Admission;

/// How much the server does for one request, and how many at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The most nodes one search may expand (a request may ask for fewer).
    pub max_nodes: u64,
    /// Searches answered at once (each on a thread of its own).
    pub workers: usize,
    /// Requests that may wait for a worker; past them, 503.
    pub queue: usize,
    /// The longest a request's searches may take, from when a worker takes
    /// it.
    pub time_limit: Duration,
    /// The largest request body read, in bytes; a larger one gets 413.
    pub max_body: usize,
    /// The most states one batch may ask about; more get 413.
    pub max_batch: usize,
}

/// The default [`Settings::max_nodes`]: about three seconds of a 15-puzzle
/// search on one core.
pub const DEFAULT_MAX_NODES: u64 = 50_000_000;

impl Default for Settings {
    fn default() -> Self {
        Self {
            max_nodes: DEFAULT_MAX_NODES,
            workers: std::thread::available_parallelism().map_or(1, usize::from),
            queue: 64,
            time_limit: Duration::from_secs(10),
            max_body: 1 << 20,
            max_batch: 1000,
        }
    }
}

/// What every request handler shares: the tables, the settings, the
/// workers.
pub(crate) struct Shared<B> {
    tables: Tables<B>,
    settings: Settings,
    admission: Arc<Admission>,
    /// Set when the server is stopping: a batch leaves its remaining states
    /// unanswered.
    stopping: AtomicBool,
}

/// The routes, answering from `tables` within `settings`.
pub fn router<B>(tables: Tables<B>, settings: Settings) -> Router
where
    B: AsRef<[u8]> + Send + Sync + 'static,
{
    app(tables, settings).0
}

/// The routes, and what they share (which [`serve`] tells when it stops).
pub(crate) fn app<B>(tables: Tables<B>, settings: Settings) -> (Router, Arc<Shared<B>>)
where
    B: AsRef<[u8]> + Send + Sync + 'static,
{
    let settings = Settings { workers: settings.workers.max(1), ..settings };
    let admission = Arc::new(Admission::new(settings.workers, settings.queue));
    let shared = Arc::new(Shared { tables, settings, admission, stopping: AtomicBool::new(false) });
    let router = Router::new()
        .route("/", get(page::index))
        .route("/page.js", get(page::script))
        .route("/page.css", get(page::style))
        .route("/v1/tables", get(listing::tables::<B>))
        .route("/v1/solve", post(solve::one::<B>))
        .route("/v1/solve/batch", post(batch::many::<B>))
        .fallback(reply::no_such_path)
        .method_not_allowed_fallback(reply::wrong_method)
        .layer(DefaultBodyLimit::max(settings.max_body))
        .with_state(Arc::clone(&shared));
    (router, shared)
}
