//! Serving on a socket until a signal: SIGTERM or SIGINT stops accepting,
//! lets the requests under way finish for a moment, and returns.

use std::future::IntoFuture;
use std::io;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::sync::Notify;

use crate::{Settings, Tables};

/// How long the requests under way get to finish after a signal; past it
/// they are cancelled (a search's thread is left to its node limit, and
/// ends with the process).
pub const GRACE: Duration = Duration::from_millis(1500);

/// Answers HTTP requests on `listener` from `tables`, within `settings`,
/// until SIGTERM or SIGINT (Ctrl-C); then stops accepting, gives the
/// requests under way [`GRACE`] to finish, and returns.
///
/// # Errors
///
/// The listener cannot be served (or the signals cannot be watched).
pub fn serve<B>(listener: std::net::TcpListener, tables: Tables<B>, settings: Settings) -> io::Result<()>
where
    B: AsRef<[u8]> + Send + Sync + 'static,
{
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let (router, shared) = crate::app(tables, settings);
    let served = runtime.block_on(async move {
        listener.set_nonblocking(true)?;
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let signalled = Arc::new(Notify::new());
        watch_signals(&signalled)?;
        let stop = Arc::new(Notify::new());
        let stopped = Arc::clone(&stop);
        let server =
            axum::serve(listener, router).with_graceful_shutdown(async move { stopped.notified().await }).into_future();
        let server = tokio::spawn(server);
        signalled.notified().await;
        shared.stopping.store(true, Ordering::Relaxed);
        stop.notify_one();
        match tokio::time::timeout(GRACE, server).await {
            Ok(Ok(served)) => served,
            Ok(Err(failed)) => Err(io::Error::other(failed)),
            // The grace is over: what still runs is cancelled.
            Err(_) => Ok(()),
        }
    });
    // A search still running is not waited for.
    runtime.shutdown_background();
    served
}

/// Wakes `signalled` on SIGTERM or SIGINT.
#[cfg(unix)]
fn watch_signals(signalled: &Arc<Notify>) -> io::Result<()> {
    use tokio::signal::unix::{SignalKind, signal};
    for kind in [SignalKind::terminate(), SignalKind::interrupt()] {
        let mut signals = signal(kind)?;
        let signalled = Arc::clone(signalled);
        tokio::spawn(async move {
            signals.recv().await;
            signalled.notify_one();
        });
    }
    Ok(())
}

/// Wakes `signalled` on Ctrl-C.
#[cfg(not(unix))]
fn watch_signals(signalled: &Arc<Notify>) -> io::Result<()> {
    let signalled = Arc::clone(signalled);
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            signalled.notify_one();
        }
    });
    Ok(())
}
