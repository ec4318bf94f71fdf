//! Work that must happen if the program is stopped by a signal: removing
//! a temporary file that is being written, saving a long run's progress.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Once};

/// The actions registered, each with the number its [`Cleanup`] removes
/// it by.
type Actions = Vec<(u64, Arc<dyn Fn() + Send + Sync>)>;

static ACTIONS: Mutex<Actions> = Mutex::new(Vec::new());
/// Flags raised by the first signal instead of ending the program.
static STOPPERS: Mutex<Vec<(u64, &'static AtomicBool)>> = Mutex::new(Vec::new());
static NEXT: AtomicU64 = AtomicU64::new(0);
static INSTALL: Once = Once::new();
/// Raised by [`leave_signals_to_host`]: the program's signals are its
/// host's, and nothing here installs a handler.
static HOSTED: AtomicBool = AtomicBool::new(false);

/// Leaves the process's signals to the program that embeds this library
/// (the Python interpreter, whose own handler turns SIGINT into
/// `KeyboardInterrupt`): from now on [`stop_on_signal`], [`on_signal`] and
/// [`guarded`] register their flags and actions but install no handler,
/// so a signal does what the host makes it do, and the host stops the
/// work through the flags it passes itself. Without this, the first
/// registration installs a handler that stays for the life of the
/// process (the system cannot give the one before it back).
///
/// It has no effect once a handler is installed; call it before any
/// registration (the Python module calls it when it is imported).
pub fn leave_signals_to_host() {
    HOSTED.store(true, Ordering::SeqCst);
}

/// Installs the handler once, unless the signals are the host's.
fn install_once() {
    if !HOSTED.load(Ordering::SeqCst) {
        INSTALL.call_once(install);
    }
}

/// Registration of an action with [`on_signal`]; dropping it takes the
/// action back.
#[must_use = "the action is taken back when this is dropped"]
pub struct Cleanup {
    id: u64,
}

impl Drop for Cleanup {
    fn drop(&mut self) {
        if let Ok(mut actions) = ACTIONS.lock() {
            actions.retain(|(id, _)| *id != self.id);
        }
        if let Ok(mut stoppers) = STOPPERS.lock() {
            stoppers.retain(|(id, _)| *id != self.id);
        }
    }
}

/// Asks the program to stop, rather than ending it, when SIGINT, SIGTERM
/// or SIGHUP arrives while the returned [`Cleanup`] lives: the first
/// signal raises `flag` (work that watches it stops at its next chance and
/// keeps what it has done); a second one ends the program as usual.
pub fn stop_on_signal(flag: &'static AtomicBool) -> Cleanup {
    install_once();
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    if let Ok(mut stoppers) = STOPPERS.lock() {
        stoppers.push((id, flag));
    }
    Cleanup { id }
}

/// Runs `action` if SIGINT, SIGTERM or SIGHUP arrives while the returned
/// [`Cleanup`] lives; then the signal does what it does by default (the
/// program ends, and its exit status says which signal ended it). The
/// action runs on a thread of its own while the program's other threads
/// go on, so it must not wait for them.
///
/// If the signals cannot be watched (a system without them), the action
/// is never run: the program then ends as it would have anyway.
pub fn on_signal(action: impl Fn() + Send + Sync + 'static) -> Cleanup {
    let ((), cleanup) = guarded(|| Ok(((), action))).unwrap_or_else(|e: std::convert::Infallible| match e {});
    cleanup
}

/// Makes something (a temporary file) and registers the action that
/// undoes it (removing the file) as one step that a signal cannot come
/// between: the signals are watched before `make` runs, and a signal that
/// arrives while it runs is handled once the action is registered.
///
/// # Errors
///
/// `make`'s error; nothing is registered then.
pub fn guarded<T, A, E>(make: impl FnOnce() -> Result<(T, A), E>) -> Result<(T, Cleanup), E>
where
    A: Fn() + Send + Sync + 'static,
{
    install_once();
    let mut actions = ACTIONS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let (made, action) = make()?;
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    actions.push((id, Arc::new(action)));
    Ok((made, Cleanup { id }))
}

/// Watches the signals on a thread of its own.
fn install() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
    let watcher = std::thread::Builder::new().name("godtab-signals".into()).spawn(move || {
        let mut asked = false;
        for signal in signals.forever() {
            // The first signal asks the work that watches for it to stop.
            if !asked {
                let stoppers =
                    STOPPERS.lock().map(|s| s.iter().map(|(_, f)| *f).collect::<Vec<_>>()).unwrap_or_default();
                if !stoppers.is_empty() {
                    stoppers.iter().for_each(|flag| flag.store(true, Ordering::Relaxed));
                    asked = true;
                    continue;
                }
            }
            let actions: Vec<_> =
                ACTIONS.lock().map(|actions| actions.iter().map(|(_, a)| Arc::clone(a)).collect()).unwrap_or_default();
            for action in actions {
                action();
            }
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            // The default action of these signals ends the program; were it
            // not to, end it as an interrupt would.
            std::process::exit(128 + signal);
        }
    });
    drop(watcher);
}
