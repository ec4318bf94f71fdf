//! One question: a request's JSON read and checked (which table, which
//! state and how it is written, within which limits), then answered by
//! the table's oracle as `godtab solve --json` answers it.

use axum::http::StatusCode;
use godtab_oracle::{AskError, JsonAnswer, Limits, Written};
use serde::Deserialize;

use crate::Settings;
use crate::tables::{Entry, Tables};

/// A request to `/v1/solve`, or one item of a batch, as sent.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    table: String,
    state: Option<String>,
    scramble: Option<String>,
    facelets: Option<String>,
    max_nodes: Option<u64>,
    max_length: Option<u8>,
    #[serde(default)]
    states: bool,
}

/// The longest solution the two-phase solver can be asked for.
const MAX_LENGTH: u8 = 32;

/// A request checked: every field makes sense and the table is served.
#[derive(Debug, Clone)]
pub(crate) struct Question {
    /// The table's name.
    pub table: String,
    /// The state's text.
    pub text: String,
    /// How the text writes the state.
    pub written: Written,
    /// The limits of its search.
    pub limits: Limits,
    /// Whether the answer lists the state after each move.
    pub states: bool,
}

/// Why a request is not a question: its status and what is wrong.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Refusal {
    pub status: StatusCode,
    pub message: String,
}

impl Refusal {
    fn bad(message: impl Into<String>) -> Self {
        Self { status: StatusCode::BAD_REQUEST, message: message.into() }
    }
}

impl Question {
    /// The question a JSON request asks (parsed from `value`).
    pub(crate) fn from_json<B: AsRef<[u8]>>(
        value: serde_json::Value,
        tables: &Tables<B>,
        settings: &Settings,
    ) -> Result<Self, Refusal> {
        let request: Request = serde_json::from_value(value).map_err(|e| Refusal::bad(format!("bad request: {e}")))?;
        Self::check(request, tables, settings)
    }

    /// The question a request's bytes ask.
    pub(crate) fn from_bytes<B: AsRef<[u8]>>(
        bytes: &[u8],
        tables: &Tables<B>,
        settings: &Settings,
    ) -> Result<Self, Refusal> {
        let request: Request = serde_json::from_slice(bytes).map_err(|e| Refusal::bad(not_json(&e)))?;
        Self::check(request, tables, settings)
    }

    fn check<B: AsRef<[u8]>>(request: Request, tables: &Tables<B>, settings: &Settings) -> Result<Self, Refusal> {
        let Request { table, state, scramble, facelets, max_nodes, max_length, states } = request;
        let given = [(state, Written::State), (scramble, Written::Scramble), (facelets, Written::Facelets)];
        let mut given = given.into_iter().filter_map(|(text, written)| text.map(|text| (text, written)));
        let (Some((text, written)), None) = (given.next(), given.next()) else {
            return Err(Refusal::bad("give one of \"state\", \"scramble\" and \"facelets\""));
        };
        if !tables.contains(&table) {
            let names = tables.names().join(", ");
            return Err(Refusal {
                status: StatusCode::NOT_FOUND,
                message: format!("no table of {table:?} here: the tables are {names}"),
            });
        }
        let max_nodes = max_nodes.unwrap_or(settings.max_nodes);
        if max_nodes > settings.max_nodes {
            return Err(Refusal::bad(format!("\"max_nodes\": at most {} here", settings.max_nodes)));
        }
        if max_length.is_some_and(|length| !(1..=MAX_LENGTH).contains(&length)) {
            return Err(Refusal::bad(format!("\"max_length\": from 1 to {MAX_LENGTH} moves")));
        }
        // One thread a search: the workers are the server's parallelism
        // (an orbit pattern set's answer is the same on any number).
        let limits = Limits { max_nodes: Some(max_nodes), threads: Some(1), max_length };
        Ok(Self { table, text, written, limits, states })
    }
}

/// What is wrong with a body that is not a request's JSON.
pub(crate) fn not_json(error: &serde_json::Error) -> String {
    if error.is_data() { format!("bad request: {error}") } else { format!("not JSON: {error}") }
}

/// A question's answer: its status (200, or 422 when the text is not a
/// state or the search found no answer within its limits) and the object
/// `godtab solve --json` prints.
pub(crate) fn answer<B: AsRef<[u8]>>(entry: &Entry<B>, question: &Question) -> (StatusCode, JsonAnswer) {
    let oracle = &entry.oracle;
    let scramble = (question.written == Written::Scramble).then(|| question.text.clone());
    let position = match oracle.parse(&question.text, question.written) {
        Ok(position) => position,
        Err(e) => return (StatusCode::UNPROCESSABLE_ENTITY, JsonAnswer::not_a_state(&question.text, scramble, &e)),
    };
    let asked = oracle.solve_within(&position, &question.limits);
    let status = match &asked {
        Ok(_) => StatusCode::OK,
        // Verified when it was opened: a contradiction is the server's.
        Err(AskError::Damaged(_)) => StatusCode::INTERNAL_SERVER_ERROR,
        Err(_) => StatusCode::UNPROCESSABLE_ENTITY,
    };
    let json = JsonAnswer::of(oracle, oracle.show(&position), scramble, &asked);
    match (&asked, question.states) {
        (Ok(answer), true) => {
            let moves = answer.moves.as_deref().unwrap_or_default();
            (status, json.with_states(oracle, &position, moves))
        }
        _ => (status, json),
    }
}
