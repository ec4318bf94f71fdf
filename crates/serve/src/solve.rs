//! `POST /v1/solve`: one state answered, on a worker, within the time
//! limit; and how any request's work gets a worker.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;

use crate::Shared;
use crate::ask::{Question, answer};
use crate::body::Body;
use crate::reply::{self, error};

/// One question's answer: the object `godtab solve --json` prints, with
/// 200, or 422 when the text is not a state or has no answer within the
/// limits; 4xx and `{"error": ...}` for a request that is not a question.
pub(crate) async fn one<B>(State(shared): State<Arc<Shared<B>>>, Body(body): Body) -> Response
where
    B: AsRef<[u8]> + Send + Sync + 'static,
{
    let question = match Question::from_bytes(&body, &shared.tables, &shared.settings) {
        Ok(question) => question,
        Err(refusal) => return error(refusal.status, refusal.message),
    };
    let worked = on_a_worker(&shared, move |shared| match shared.tables.get(&question.table) {
        Some(entry) => {
            let (status, json) = answer(entry, &question);
            reply::json(status, &json)
        }
        None => error(StatusCode::NOT_FOUND, format_args!("no table of {:?} here", question.table)),
    })
    .await;
    match worked {
        Ok(Worked::Done(response)) => response,
        Ok(Worked::TimedOut) => error(StatusCode::UNPROCESSABLE_ENTITY, past_the_time_limit(&shared.settings)),
        Ok(Worked::Failed) => error(StatusCode::INTERNAL_SERVER_ERROR, "the search failed"),
        Err(busy) => busy,
    }
}

/// What became of work given to a worker.
pub(crate) enum Worked<T> {
    /// It finished within the time limit.
    Done(T),
    /// It was still running at the time limit (it keeps its worker until
    /// it ends: a search, at its node limit).
    TimedOut,
    /// It panicked.
    Failed,
}

/// The error of a request answered at the time limit.
pub(crate) fn past_the_time_limit(settings: &crate::Settings) -> String {
    format!("not answered within {} s, the server's time limit", settings.time_limit.as_secs_f64())
}

/// `work` run on a worker's thread once one is free, waited for up to the
/// time limit; the 503 that refuses it when the queue is full.
pub(crate) async fn on_a_worker<B, T, F>(shared: &Arc<Shared<B>>, work: F) -> Result<Worked<T>, Response>
where
    B: AsRef<[u8]> + Send + Sync + 'static,
    T: Send + 'static,
    F: FnOnce(&Shared<B>) -> T + Send + 'static,
{
    let Some(ticket) = shared.admission.admit() else {
        return Err(reply::busy(shared.admission.queue()));
    };
    let Some(worker) = ticket.worker().await else {
        return Err(reply::busy(shared.admission.queue()));
    };
    let for_worker = Arc::clone(shared);
    let job = tokio::task::spawn_blocking(move || {
        let _worker = worker;
        work(&for_worker)
    });
    Ok(match tokio::time::timeout(shared.settings.time_limit, job).await {
        Ok(Ok(done)) => Worked::Done(done),
        Ok(Err(_)) => Worked::Failed,
        Err(_) => Worked::TimedOut,
    })
}
