//! What ends a process of a cluster run when another fails: timely reports
//! a lost connection by a panic on one of its networking threads, and
//! retries a connection, or waits for a silent process, forever. The panic
//! hook turns the first panic of any thread into one line and exit status
//! 1; the watchdog, armed while waiting on the others, ends the wait after
//! a timeout.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::time::{Duration, Instant};

static PROCESS: AtomicUsize = AtomicUsize::new(0);
/// When the watchdog fires, in milliseconds since [`START`]; 0 when
/// disarmed.
static DEADLINE: AtomicU64 = AtomicU64::new(0);
static WAITING_FOR: Mutex<String> = Mutex::new(String::new());
static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

fn now_ms() -> u64 {
    START.get_or_init(Instant::now).elapsed().as_millis() as u64
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
            let what = if what.contains("timely communication error") || what.contains("poisoned") {
                format!("lost the connection to another process (it stopped or failed: see its own message) ({what})")
            } else {
                let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
                format!("internal error{at}: {what}")
            };
            fail(&what);
        }));
        let _ = std::thread::Builder::new().name("godtab:watchdog".into()).spawn(|| {
            loop {
                std::thread::sleep(Duration::from_millis(100));
                let deadline = DEADLINE.load(SeqCst);
                if deadline != 0 && now_ms() > deadline {
                    let waiting = WAITING_FOR.lock().map(|w| w.clone()).unwrap_or_default();
                    fail(&waiting);
                }
            }
        });
    });
}

/// Prints `problem` as this process's error and exits with status 1.
pub fn fail(problem: &str) -> ! {
    eprintln!("godtab: error: process {}: {problem}", PROCESS.load(SeqCst));
    std::process::exit(1)
}

/// Arms the watchdog: unless [`disarm`] or `arm` runs again within
/// `timeout`, the process ends with `problem` (`None`: no timeout).
pub fn arm(timeout: Option<Duration>, problem: impl FnOnce() -> String) {
    match timeout {
        Some(timeout) => {
            if let Ok(mut waiting) = WAITING_FOR.lock() {
                *waiting = problem();
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
