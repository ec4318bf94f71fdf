//! How many searches run at once, and how many wait: at most `workers`
//! run (a semaphore), at most `queue` more wait, and a request past those
//! is refused at once (503) rather than left to pile up.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The workers and the queue before them.
pub(crate) struct Admission {
    workers: Arc<Semaphore>,
    /// Requests admitted: running or waiting.
    admitted: AtomicUsize,
    /// The most admitted at once: workers and queue.
    bound: usize,
    /// The queue's length, for messages.
    queue: usize,
}

/// A request admitted (running or waiting); dropping it lets the next one
/// in.
pub(crate) struct Ticket {
    admission: Arc<Admission>,
}

/// A request's worker: held while it searches, on its thread, however long
/// the client waits.
pub(crate) struct Worker {
    _permit: OwnedSemaphorePermit,
    _ticket: Ticket,
}

impl Admission {
    /// `workers` at once, `queue` more waiting.
    pub(crate) fn new(workers: usize, queue: usize) -> Self {
        Self {
            workers: Arc::new(Semaphore::new(workers)),
            admitted: AtomicUsize::new(0),
            bound: workers + queue,
            queue,
        }
    }

    /// The queue's length.
    pub(crate) fn queue(&self) -> usize {
        self.queue
    }

    /// A place among the running and waiting requests, if there is one.
    pub(crate) fn admit(self: &Arc<Self>) -> Option<Ticket> {
        let bound = self.bound;
        self.admitted.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n < bound).then_some(n + 1)).ok()?;
        Some(Ticket { admission: Arc::clone(self) })
    }
}

impl Ticket {
    /// Waits for a free worker (`None` only if the workers are gone).
    pub(crate) async fn worker(self) -> Option<Worker> {
        let permit = Arc::clone(&self.admission.workers).acquire_owned().await.ok()?;
        Some(Worker { _permit: permit, _ticket: self })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.admission.admitted.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_workers_and_the_queue_requests_are_refused_until_one_leaves() {
        let admission = Arc::new(Admission::new(2, 1));
        let tickets: Vec<Ticket> = (0..3).map(|_| admission.admit().expect("room for three")).collect();
        assert!(admission.admit().is_none(), "a fourth is refused");
        drop(tickets);
        assert!(admission.admit().is_some(), "room again once they leave");
    }
}
