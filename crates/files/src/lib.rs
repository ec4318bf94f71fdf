//! How godtab reads and writes files, in one place for every crate that
//! does: the generator, the command, the release tasks, and the runtime's
//! opening of a table file.
//!
//! - **Reading** ([`open_regular`], [`read_bounded`]): only regular files,
//!   checked before anything is read, and opened so that a FIFO swapped in
//!   at the last moment cannot block; files read whole (specs, manifests)
//!   have a size limit, refused before reading.
//! - **Writing** (feature `write`, default: [`write_atomic`],
//!   [`PendingWrite`]): a temporary file beside the target, flushed, then
//!   renamed over it, written through symbolic links and keeping the
//!   target's permissions; never over a folder or a device. A temporary
//!   file is removed if the program is stopped by SIGINT, SIGTERM or
//!   SIGHUP while it exists ([`on_signal`]), so no partial file is ever
//!   left behind. Shipped tables are compressed here too ([`compress`]).
//!
//! Error messages say what is wrong without the path: callers name the
//! file.

pub mod pages;
mod read;
mod space;
mod stdio;
pub use read::{ReadError, describe_kind, open_regular, read_bounded, read_text_bounded};
pub use space::{available_space, default_memory_limit};
pub use stdio::with_stdout_on_stderr;

#[cfg(feature = "write")]
mod atomic;
#[cfg(feature = "write")]
mod compress;
#[cfg(feature = "write")]
mod signals;
#[cfg(feature = "write")]
pub use atomic::{OutputTarget, PendingWrite, folder_of, output_target, write_atomic};
#[cfg(feature = "write")]
pub use compress::{compress, compress_memory};
#[cfg(feature = "write")]
pub use signals::{Cleanup, guarded, leave_signals_to_host, on_signal, stop_on_signal};
