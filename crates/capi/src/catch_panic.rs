//! The second guard at the boundary: with std, a panic (none is reachable:
//! every input is checked first) is caught and becomes a status instead of
//! unwinding into C, which would be undefined behaviour.

use crate::Status;

/// Runs an entry point's body; with std, a panic in it gives `fallback`.
#[cfg(feature = "std")]
pub(crate) fn guard<T>(fallback: T, body: impl FnOnce() -> T) -> T {
    // AssertUnwindSafe: after a panic nothing the body touched is used
    // again by this call, and the C caller only sees the fallback.
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)).unwrap_or(fallback)
}

/// Without std nothing unwinds (`panic = "abort"`): the body runs as is.
#[cfg(not(feature = "std"))]
pub(crate) fn guard<T>(_fallback: T, body: impl FnOnce() -> T) -> T {
    body()
}

/// [`guard`] for the functions that return a status: the body's `Err`
/// carries the failure, and a panic gives `GODTAB_ERROR_INTERNAL`.
pub(crate) fn status(body: impl FnOnce() -> Result<Status, Status>) -> Status {
    guard(Status::GODTAB_ERROR_INTERNAL, || body().unwrap_or_else(|failure| failure))
}
