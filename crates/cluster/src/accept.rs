//! The accepting half of connecting: a thread that takes the connections
//! of the processes after this one, each through the handshake on a thread
//! of its own (so a silent or slow stranger delays no one), and keeps those
//! admitted until [`Accepting::finish`]. Every refused connection is noted
//! on standard error, once for each address and reason.

use std::collections::HashSet;
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::ClusterError;
use crate::handshake::{self, Refusal, Side};
use crate::net::HANDSHAKE_TIME;
use crate::secret::Secret;

/// Handshakes under way at once; a connection past them is refused.
const MOST_HANDSHAKES: usize = 32;

/// The processes after this one connecting to it (see the module docs).
pub(crate) struct Accepting {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

struct Shared {
    me: usize,
    processes: usize,
    digest: u64,
    secret: Arc<Mutex<Secret>>,
    /// The admitted connections, by process.
    admitted: Mutex<Vec<Option<TcpStream>>>,
    last_refusal: Mutex<Option<String>>,
    /// The addresses and reasons noted already.
    noted: Mutex<HashSet<(IpAddr, String)>>,
    handshaking: AtomicUsize,
    /// Connecting is over: no more connections are admitted.
    done: AtomicBool,
}

impl Accepting {
    /// Starts accepting on `listener` for process `me` of `processes`.
    pub(crate) fn start(
        listener: TcpListener,
        me: usize,
        processes: usize,
        digest: u64,
        secret: Arc<Mutex<Secret>>,
    ) -> Result<Self, ClusterError> {
        let failed = |e: std::io::Error| ClusterError::Join(format!("process {me}: accepting connections: {e}"));
        listener.set_nonblocking(true).map_err(failed)?;
        let shared = Arc::new(Shared {
            me,
            processes,
            digest,
            secret,
            admitted: Mutex::new((0..processes).map(|_| None).collect()),
            last_refusal: Mutex::new(None),
            noted: Mutex::new(HashSet::new()),
            handshaking: AtomicUsize::new(0),
            done: AtomicBool::new(false),
        });
        let accepting = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("godtab:accept".into())
            .spawn(move || accept_loop(&listener, &accepting))
            .map_err(failed)?;
        Ok(Self { shared, thread: Some(thread) })
    }

    /// The processes admitted so far.
    pub(crate) fn connected(&self) -> Vec<usize> {
        let Ok(admitted) = self.shared.admitted.lock() else { return Vec::new() };
        (0..admitted.len()).filter(|&p| admitted[p].is_some()).collect()
    }

    /// Whether every process after this one is admitted.
    pub(crate) fn complete(&self) -> bool {
        self.connected().len() == self.shared.processes - self.shared.me - 1
    }

    /// The last refusal's note, if any.
    pub(crate) fn last_refusal(&self) -> Option<String> {
        self.shared.last_refusal.lock().ok().and_then(|r| r.clone())
    }

    /// Stops accepting; the admitted connections, by process.
    pub(crate) fn finish(mut self) -> Vec<(usize, TcpStream)> {
        self.stop();
        let Ok(mut admitted) = self.shared.admitted.lock() else { return Vec::new() };
        admitted.iter_mut().enumerate().filter_map(|(p, s)| s.take().map(|s| (p, s))).collect()
    }

    fn stop(&mut self) {
        self.shared.done.store(true, SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Accepting {
    fn drop(&mut self) {
        self.stop();
    }
}

fn accept_loop(listener: &TcpListener, shared: &Arc<Shared>) {
    while !shared.done.load(SeqCst) {
        match listener.accept() {
            Ok((stream, peer)) => {
                // Accepted sockets do not take the listener's non-blocking
                // mode on every system: the handshake's reads wait.
                let _ = stream.set_nonblocking(false);
                if shared.handshaking.fetch_add(1, SeqCst) >= MOST_HANDSHAKES {
                    shared.handshaking.fetch_sub(1, SeqCst);
                    refused(shared, peer, &Refusal::Busy);
                    continue;
                }
                let one = Arc::clone(shared);
                let spawned = std::thread::Builder::new().name("godtab:handshake".into()).spawn(move || {
                    handshake_with(stream, peer, &one);
                    one.handshaking.fetch_sub(1, SeqCst);
                });
                if let Err(e) = spawned {
                    shared.handshaking.fetch_sub(1, SeqCst);
                    refused(shared, peer, &Refusal::Io(format!("no thread for its handshake: {e}")));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => std::thread::sleep(Duration::from_millis(20)),
            // A connection reset before it was taken, or no descriptor left
            // for now: the listener goes on.
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// Takes one connection through the handshake, and admits it or notes why
/// not.
fn handshake_with(mut stream: TcpStream, peer: SocketAddr, shared: &Shared) {
    let _ = stream.set_nodelay(true);
    let key = shared.secret.lock().map(|s| s.key().to_vec()).unwrap_or_default();
    let side = Side { me: shared.me, processes: shared.processes, digest: shared.digest, key: &key };
    let refusal = match handshake::accept(&mut stream, &side, HANDSHAKE_TIME) {
        Ok(from) => match shared.admitted.lock() {
            Ok(mut admitted) if admitted[from].is_none() && !shared.done.load(SeqCst) => {
                match handshake::admit(&mut stream, HANDSHAKE_TIME) {
                    Ok(()) => {
                        admitted[from] = Some(stream);
                        return;
                    }
                    Err(refusal) => refusal,
                }
            }
            _ => {
                let deadline = Instant::now() + HANDSHAKE_TIME;
                handshake::refuse(&mut stream, Refusal::Duplicate(from), deadline, HANDSHAKE_TIME)
            }
        },
        Err(refusal) => refusal,
    };
    if matches!(refusal, Refusal::Authentication | Refusal::OurProofRefused) {
        // A newer run's process 0 may have replaced the secret's file.
        if let Ok(mut secret) = shared.secret.lock() {
            secret.reload();
        }
    }
    refused(shared, peer, &refusal);
}

/// Notes a refused connection (once for an address and reason).
fn refused(shared: &Shared, peer: SocketAddr, refusal: &Refusal) {
    let reason = refusal.to_string();
    let said = format!("from {peer}: {reason}");
    let first = shared.noted.lock().map(|mut noted| noted.insert((peer.ip(), reason))).unwrap_or(true);
    if first {
        eprintln!("process {}: refused the connection {said}", shared.me);
    }
    if let Ok(mut last) = shared.last_refusal.lock() {
        *last = Some(said);
    }
}
