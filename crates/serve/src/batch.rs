//! `POST /v1/solve/batch`: a list of questions answered in order, on one
//! worker, within one time limit: what is answered by then is kept, the
//! rest is said to be unanswered.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;
use serde_json::Value;

use crate::Shared;
use crate::ask::{Question, Refusal, answer, not_json};
use crate::body::Body;
use crate::reply::{self, error};
use crate::solve::{Worked, on_a_worker, past_the_time_limit};

/// One item's answer: the object `godtab solve --json` prints, or what is
/// wrong with the item.
#[derive(Serialize)]
#[serde(untagged)]
enum Item {
    Answered(Box<godtab_oracle::JsonAnswer>),
    Refused { error: String },
}

/// The answers to a list of questions, in order, with 200: each the object
/// `godtab solve --json` prints (with its `"error"` if it has no answer),
/// or `{"error": ...}` for an item that is not a question or was not
/// reached within the time limit. The list itself must be JSON and no
/// longer than the batch limit (else 400 or 413).
pub(crate) async fn many<B>(State(shared): State<Arc<Shared<B>>>, Body(body): Body) -> Response
where
    B: AsRef<[u8]> + Send + Sync + 'static,
{
    let items: Vec<Value> = match serde_json::from_slice(&body) {
        Ok(items) => items,
        Err(e) => {
            return error(StatusCode::BAD_REQUEST, format_args!("{} (a batch is a list of requests)", not_json(&e)));
        }
    };
    let limit = shared.settings.max_batch;
    if items.len() > limit {
        return error(StatusCode::PAYLOAD_TOO_LARGE, format_args!("a batch of at most {limit} states"));
    }
    let questions: Vec<Result<Question, Refusal>> =
        items.into_iter().map(|item| Question::from_json(item, &shared.tables, &shared.settings)).collect();
    let count = questions.len();
    if questions.iter().all(Result::is_err) {
        let items: Vec<Item> = questions.into_iter().filter_map(Result::err).map(refused).collect();
        return reply::json(StatusCode::OK, &items);
    }
    // The answers so far, kept where the request can take them at the time
    // limit; `cancelled` then tells the worker to start no more.
    let answered = Arc::new(Mutex::new(Vec::with_capacity(count)));
    let cancelled = Arc::new(AtomicBool::new(false));
    let (into, stop) = (Arc::clone(&answered), Arc::clone(&cancelled));
    let worked = on_a_worker(&shared, move |shared| {
        for question in questions {
            if stop.load(Ordering::Relaxed) || shared.stopping.load(Ordering::Relaxed) {
                break;
            }
            let item = match question {
                Err(refusal) => refused(refusal),
                Ok(question) => match shared.tables.get(&question.table) {
                    Some(entry) => Item::Answered(Box::new(answer(entry, &question).1)),
                    None => Item::Refused { error: format!("no table of {:?} here", question.table) },
                },
            };
            into.lock().unwrap_or_else(PoisonError::into_inner).push(item);
        }
    })
    .await;
    let unanswered = match worked {
        Ok(Worked::Done(())) if shared.stopping.load(Ordering::Relaxed) => {
            "not answered: the server is stopping".into()
        }
        Ok(Worked::Done(())) => String::new(),
        Ok(Worked::TimedOut) => format!("{} for a batch", past_the_time_limit(&shared.settings)),
        Ok(Worked::Failed) => return error(StatusCode::INTERNAL_SERVER_ERROR, "the search failed"),
        Err(busy) => return busy,
    };
    cancelled.store(true, Ordering::Relaxed);
    let mut items = std::mem::take(&mut *answered.lock().unwrap_or_else(PoisonError::into_inner));
    items.resize_with(count, || Item::Refused { error: unanswered.clone() });
    reply::json(StatusCode::OK, &items)
}

/// A refused item's answer.
fn refused(refusal: Refusal) -> Item {
    Item::Refused { error: refusal.message }
}
