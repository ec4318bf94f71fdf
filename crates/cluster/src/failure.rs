//! What ends a process of a cluster run when another fails: timely reports
//! a lost connection by a panic on the networking thread of that
//! connection, and waits for a silent process forever. The panic hook turns the first panic of any thread into one
//! line naming the process at the connection's other end and exit status
//! 1; the watchdog, armed while waiting on the others, ends the wait after
//! a timeout and names the processes not heard from.
//!
//! A process that fails by itself (a full disk, a damaged part) first
//! tells the others why ([`Link::tell_failure`](crate::Link::tell_failure)):
//! they end naming it and its reason, and the connections they close then
//! are no news to it ([`telling`]).
//!
//! Exiting runs no destructor: the files a process shares only while it
//! runs (process 0's shared secret) are removed by [`fail`] itself
//! ([`remove_on_failure`]).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::time::{Duration, Instant};

static PROCESS: AtomicUsize = AtomicUsize::new(0);
/// When the watchdog fires, in milliseconds since [`START`]; 0 when
/// disarmed.
static DEADLINE: AtomicU64 = AtomicU64::new(0);
static WAITING_FOR: Mutex<Waiting> = Mutex::new(Waiting { problem: String::new(), epoch: None });
/// For each process, one more than the last epoch whose end it was heard
/// to send.
static HEARD: Mutex<Vec<u64>> = Mutex::new(Vec::new());
/// For each process, when anything of it last came (ms since [`START`],
/// plus 1; 0: never).
static LAST_WORD: Mutex<Vec<u64>> = Mutex::new(Vec::new());
/// Silence after which a process is named as silent when every end of the
/// awaited epoch came (its heartbeats come every second while it waits).
const SILENT_AFTER: u64 = 3000;
/// Connections lost since this process began telling the others it fails.
static LOST_WHILE_TELLING: AtomicUsize = AtomicUsize::new(0);
static TELLING: AtomicBool = AtomicBool::new(false);
static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
/// Files [`fail`] removes: what this process shares only while it runs.
static REMOVE_ON_FAILURE: Mutex<Vec<std::path::PathBuf>> = Mutex::new(Vec::new());

/// How long a lost connection waits for its process's word on why it
/// stopped (which comes before the connection closes, on another thread,
/// and on a loaded machine may take seconds to be read).
const WORD_GRACE: Duration = Duration::from_millis(4000);

struct Waiting {
    problem: String,
    /// The epoch whose end every process sends, if the wait is for one.
    epoch: Option<u64>,
}

fn now_ms() -> u64 {
    START.get_or_init(Instant::now).elapsed().as_millis() as u64
}

/// The process at the other end of a timely networking thread
/// (`timely:recv-N` or `timely:send-N`).
fn remote_of_thread() -> Option<usize> {
    let current = std::thread::current();
    let name = current.name()?;
    name.strip_prefix("timely:recv-").or_else(|| name.strip_prefix("timely:send-"))?.parse().ok()
}

/// Installs the panic hook and starts the watchdog (once per program), for
/// process `process`.
pub fn install(process: usize) {
    PROCESS.store(process, SeqCst);
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = now_ms();
        std::panic::set_hook(Box::new(|info| {
            let what = info
                .payload()
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| info.payload().downcast_ref::<&str>().copied())
                .unwrap_or("a panic");
            if !what.contains("timely communication error") && !what.contains("poisoned") {
                let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
                fail(&format!("internal error{at}: {what}"));
            }
            if TELLING.load(SeqCst) {
                // This process is failing and told the others, who leave:
                // its own reason ends it, on its worker thread.
                LOST_WHILE_TELLING.fetch_add(1, SeqCst);
                loop {
                    std::thread::park();
                }
            }
            // The process's word on why it stopped, if it sent one, is on
            // its way to the worker thread, which ends this process with it.
            std::thread::sleep(WORD_GRACE);
            let whom = remote_of_thread().map_or_else(|| "another process".to_string(), |p| format!("process {p}"));
            fail(&format!(
                "lost the connection to {whom}, which stopped without a word: it was killed, or its host went down \
                 or is unreachable ({what})"
            ));
        }));
        let _ = std::thread::Builder::new().name("godtab:watchdog".into()).spawn(|| {
            loop {
                std::thread::sleep(Duration::from_millis(100));
                let deadline = DEADLINE.load(SeqCst);
                if deadline != 0 && now_ms() > deadline {
                    fail(&waiting_problem());
                }
            }
        });
    });
}

/// What the watchdog says: what was awaited, and from whom.
fn waiting_problem() -> String {
    let Ok(waiting) = WAITING_FOR.lock() else { return "the other processes went silent".into() };
    let me = PROCESS.load(SeqCst);
    let mut silent: Vec<String> = match (waiting.epoch, HEARD.lock()) {
        (Some(epoch), Ok(heard)) => {
            (0..heard.len()).filter(|&p| p != me && heard[p] <= epoch).map(|p| p.to_string()).collect()
        }
        _ => Vec::new(),
    };
    if silent.is_empty() {
        // Every end came, but not the progress after it (a cut link can
        // deliver one and lose the other): the silent are those who have
        // said nothing, not even a heartbeat, lately.
        let now = now_ms() + 1;
        if let Ok(last) = LAST_WORD.lock() {
            let quiet = |p: usize| last.get(p).is_none_or(|&at| now.saturating_sub(at) > SILENT_AFTER);
            silent = (0..last.len()).filter(|&p| p != me && quiet(p)).map(|p| p.to_string()).collect();
        }
    }
    match silent.as_slice() {
        [] => waiting.problem.clone(),
        [one] => format!("process {one} sent nothing: {}", waiting.problem),
        many => format!("processes {} sent nothing: {}", many.join(", "), waiting.problem),
    }
}

/// Prints `problem` as this process's error, removes the files of
/// [`remove_on_failure`], and exits with status 1.
pub fn fail(problem: &str) -> ! {
    if let Ok(files) = REMOVE_ON_FAILURE.lock() {
        for file in files.iter() {
            let _ = std::fs::remove_file(file);
        }
    }
    eprintln!("godtab: error: process {}: {problem}", PROCESS.load(SeqCst));
    std::process::exit(1)
}

/// Has [`fail`] remove `path` (exiting, it runs no destructor).
pub fn remove_on_failure(path: &std::path::Path) {
    if let Ok(mut files) = REMOVE_ON_FAILURE.lock() {
        files.push(path.to_path_buf());
    }
}

/// Takes back [`remove_on_failure`] of `path`.
pub fn keep_on_failure(path: &std::path::Path) {
    if let Ok(mut files) = REMOVE_ON_FAILURE.lock() {
        files.retain(|f| f != path);
    }
}

/// Arms the watchdog: unless [`disarm`] or `arm` runs again within
/// `timeout`, the process ends with `problem` (`None`: no timeout). If
/// the wait is for the end of `epoch`, which every process sends, the
/// message names those not heard from.
pub fn arm(timeout: Option<Duration>, epoch: Option<u64>, problem: impl FnOnce() -> String) {
    match timeout {
        Some(timeout) => {
            if let Ok(mut waiting) = WAITING_FOR.lock() {
                *waiting = Waiting { problem: problem(), epoch };
            }
            DEADLINE.store(now_ms().saturating_add(timeout.as_millis() as u64).max(1), SeqCst);
        }
        None => disarm(),
    }
}

/// Disarms the watchdog.
pub fn disarm() {
    DEADLINE.store(0, SeqCst);
}

/// Records that `process` sent its end of `epoch`.
pub fn heard(process: usize, epoch: u64) {
    if let Ok(mut heard) = HEARD.lock() {
        if heard.len() <= process {
            heard.resize(process + 1, 0);
        }
        heard[process] = heard[process].max(epoch + 1);
    }
}

/// Records that something of `process` came now.
pub fn alive(process: usize) {
    if let Ok(mut last) = LAST_WORD.lock() {
        if last.len() <= process {
            last.resize(process + 1, 0);
        }
        last[process] = now_ms() + 1;
    }
}

/// Sizes the record of who was heard for `processes` processes.
pub fn expect(processes: usize) {
    if let Ok(mut heard) = HEARD.lock() {
        let len = processes.max(heard.len());
        heard.resize(len, 0);
    }
    if let Ok(mut last) = LAST_WORD.lock() {
        let len = processes.max(last.len());
        last.resize(len, 0);
    }
}

/// From now on a lost connection is not this process's error: it is
/// failing by itself and has told the others, who are leaving.
pub fn telling() {
    TELLING.store(true, SeqCst);
}

/// Whether [`telling`] was called.
#[must_use]
pub fn is_telling() -> bool {
    TELLING.load(SeqCst)
}

/// Connections lost since [`telling`].
#[must_use]
pub fn lost_while_telling() -> usize {
    LOST_WHILE_TELLING.load(SeqCst)
}
