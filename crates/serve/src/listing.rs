//! `GET /v1/tables`: what each table is, as the oracle summarises it, and
//! what the page needs to draw its states.

use std::sync::Arc;

use axum::extract::State;
use axum::response::Response;
use godtab_oracle::{Oracle, Summary, Written};
use serde::Serialize;

use crate::Shared;

/// One table, as `/v1/tables` lists it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Listing {
    /// The oracle's summary: name, puzzle kind, kind, encoding, states,
    /// God's number, histogram, moves.
    #[serde(flatten)]
    summary: Summary,
    /// Whether its answers are shortest solutions (else within a length:
    /// the two-phase solver's).
    optimal: bool,
    /// Whether states may be given as facelet strings.
    facelets: bool,
    /// The solved state, as the table writes a state.
    goal: Option<String>,
    /// The board a tile puzzle's tiles lie on, in reading order.
    board: Option<Board>,
}

/// A board of tiles.
#[derive(Clone, Copy, Debug, Serialize)]
struct Board {
    rows: usize,
    cols: usize,
}

impl Listing {
    /// What the oracle says of its table.
    pub(crate) fn of<B: AsRef<[u8]>>(oracle: &Oracle<B>) -> Self {
        let summary = oracle.summary();
        // The empty scramble leads nowhere: the goal, of any kind of table.
        let goal = oracle.parse("", Written::Scramble).ok().map(|goal| oracle.show(&goal));
        let board = oracle.definition().map(|definition| definition.puzzle()).and_then(|puzzle| {
            let (rows, cols) = (puzzle.rows(), puzzle.cols());
            (summary.puzzle_kind != "twisty" && rows * cols == puzzle.cells() && rows > 0)
                .then_some(Board { rows, cols })
        });
        Self { optimal: oracle.is_optimal(), facelets: oracle.takes_facelets(), goal, board, summary }
    }
}

/// Every table, in the order they were opened.
pub(crate) async fn tables<B: AsRef<[u8]>>(State(shared): State<Arc<Shared<B>>>) -> Response {
    let listings: Vec<&Listing> = shared.tables.entries().iter().map(|entry| &entry.listing).collect();
    crate::reply::json(axum::http::StatusCode::OK, &listings)
}
