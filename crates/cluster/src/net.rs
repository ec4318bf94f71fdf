//! The connections between processes: each process listens at its own
//! address (only there), dials the processes before it and accepts those
//! after it, as timely's own connecting does, and keeps a connection only
//! once the handshake (`handshake.rs`) has shown it to be a process of this
//! run that knows its secret. Any other connection (a stranger's bytes, a
//! process of another run or with another secret, a duplicate, a silent
//! peer) is closed with a one-line note naming its address and the
//! reason, and the process goes on waiting for its peers. Timely's
//! networking threads then take the connected sockets over.
//!
//! A host that goes down or becomes unreachable sends no reset: without
//! these options a connection to it looks alive until the stall watchdog
//! gives up (minutes). With them the kernel probes an idle connection
//! after [`IDLE`] and gives up after [`PROBES`] unanswered probes
//! [`INTERVAL`] apart, and fails a connection whose sent bytes go
//! unacknowledged for [`UNACKNOWLEDGED`]; timely's networking thread then
//! fails, and [`failure`](crate::failure) names the process at its other end.

use std::any::Any;
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use socket2::{SockRef, TcpKeepalive};
use timely_communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely_communication::allocator::{AllocatorBuilder, ProcessBuilder};

use crate::ClusterError;
use crate::accept::Accepting;
use crate::handshake::{self, Refusal, Side};
use crate::secret::Secret;

/// How long a connection may be idle before the kernel probes the other
/// end.
pub const IDLE: Duration = Duration::from_secs(3);
/// Time between unanswered probes.
pub const INTERVAL: Duration = Duration::from_secs(1);
/// Unanswered probes after which the connection fails.
pub const PROBES: u32 = 4;
/// How long sent bytes may go unacknowledged before the connection fails.
pub const UNACKNOWLEDGED: Duration = Duration::from_secs(8);
/// How long a connection has for its whole handshake.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);
/// How long a dial waits before trying again when nothing listens yet.
const REDIAL: Duration = Duration::from_millis(100);
/// How long it waits when the process there refused this one.
const REDIAL_REFUSED: Duration = Duration::from_millis(500);
/// The longest one attempt to reach an address waits.
const DIAL_TIME: Duration = Duration::from_secs(3);

/// What this process connects with.
pub struct Peers<'a> {
    /// This process, from 0.
    pub process: usize,
    /// Every process's `host:port` (line `i` for process `i`).
    pub addresses: &'a [String],
    /// The run's digest, which every process must share.
    pub digest: u64,
    /// The run's secret.
    pub secret: Secret,
    /// Give up at this time (`None`: never).
    pub deadline: Option<Instant>,
    /// Give up when this is raised (a signal).
    pub stop: Option<&'a AtomicBool>,
}

/// Connects this process to every other, one worker thread each, as
/// timely's cluster configuration does, with dead-peer detection on every
/// connection.
///
/// # Errors
///
/// [`ClusterError::Join`]: this process cannot listen at its address,
/// the others did not all connect in time (naming those that did not, and
/// why), a signal stopped the wait, or this process is a duplicate.
pub fn connect(peers: Peers<'_>) -> Result<(Vec<AllocatorBuilder>, Box<dyn Any + Send>), ClusterError> {
    let me = peers.process;
    let processes = peers.addresses.len();
    let failed = |e: std::io::Error| ClusterError::Join(format!("process {me}: {e}"));
    let secret = Arc::new(Mutex::new(peers.secret));
    // Listening comes first: a process that cannot listen fails before it
    // has connected to anyone.
    let accepting = if me + 1 < processes {
        let address = &peers.addresses[me];
        let listener = TcpListener::bind(address).map_err(|e| cannot_listen(me, address, &e))?;
        Some(Accepting::start(listener, me, processes, peers.digest, Arc::clone(&secret))?)
    } else {
        None
    };
    let mut sockets: Vec<Option<TcpStream>> = (0..processes).map(|_| None).collect();
    let mut problems: Vec<Option<String>> = vec![None; processes];
    let give_up = |problems: &[Option<String>], sockets: &[Option<TcpStream>], accepting: Option<&Accepting>| {
        if peers.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Some(format!("process {me}: stopped by a signal while waiting for the other processes"));
        }
        let late = peers.deadline.is_some_and(|d| Instant::now() > d);
        late.then(|| missing(me, peers.addresses, problems, sockets, accepting))
    };
    for to in 0..me {
        let address = &peers.addresses[to];
        let mut noted: Option<String> = None;
        loop {
            if let Some(problem) = give_up(&problems, &sockets, accepting.as_ref()) {
                return Err(ClusterError::Join(problem));
            }
            let key = secret.lock().map(|s| s.key().to_vec()).unwrap_or_default();
            let side = Side { me, processes, digest: peers.digest, key: &key };
            match dial(address, &side, to, peers.deadline) {
                Ok(stream) => {
                    sockets[to] = Some(stream);
                    break;
                }
                Err(Dialed::NotYet(problem)) => {
                    problems[to] = Some(problem);
                    std::thread::sleep(REDIAL);
                }
                Err(Dialed::Refused(refusal)) => {
                    let said = format!("process {to} at {address} did not admit this process: {refusal}");
                    if refusal.is_final() {
                        return Err(ClusterError::Join(format!("process {me}: {said}")));
                    }
                    if noted.as_ref() != Some(&said) {
                        eprintln!("process {me}: {said}; trying again");
                        noted = Some(said.clone());
                    }
                    problems[to] = Some(said);
                    if let Ok(mut secret) = secret.lock() {
                        secret.reload();
                    }
                    std::thread::sleep(REDIAL_REFUSED);
                }
            }
        }
    }
    if let Some(accepting) = &accepting {
        while !accepting.complete() {
            if let Some(problem) = give_up(&problems, &sockets, Some(accepting)) {
                return Err(ClusterError::Join(problem));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    if let Some(accepting) = accepting {
        for (from, stream) in accepting.finish() {
            sockets[from] = Some(stream);
        }
    }
    let keepalive = TcpKeepalive::new().with_time(IDLE).with_interval(INTERVAL).with_retries(PROBES);
    for socket in sockets.iter().flatten() {
        // Timely's threads read and write without limits of their own.
        socket.set_read_timeout(None).map_err(failed)?;
        socket.set_write_timeout(None).map_err(failed)?;
        let socket = SockRef::from(socket);
        socket.set_tcp_keepalive(&keepalive).map_err(failed)?;
        socket.set_tcp_user_timeout(Some(UNACKNOWLEDGED)).map_err(failed)?;
    }
    let hooks = timely_communication::Hooks::default();
    let local = ProcessBuilder::new_typed_vector(1, hooks.refill.clone(), hooks.spill.clone());
    let (builders, guard) = initialize_networking_from_sockets(local, sockets, me, 1, hooks).map_err(failed)?;
    Ok((builders.into_iter().map(AllocatorBuilder::Tcp).collect(), Box::new(guard)))
}

/// Why this process cannot listen at `address`, and what to do.
fn cannot_listen(me: usize, address: &str, e: &std::io::Error) -> ClusterError {
    let advice = match e.kind() {
        std::io::ErrorKind::AddrInUse => {
            "the port is taken (by another program, or by a connection of this machine: `ss -tan` shows which); \
             choose another (--port, or the hosts file)"
        }
        std::io::ErrorKind::AddrNotAvailable => "this host has no such address: its hosts line must name this host",
        _ => "check this process's hosts line",
    };
    ClusterError::Join(format!("process {me}: cannot listen at {address}: {e}: {advice}"))
}

/// Why a dial did not connect.
enum Dialed {
    /// Nothing (of a run) answers there yet: try again soon.
    NotYet(String),
    /// Something answered and refused this process, or was refused.
    Refused(Refusal),
}

/// One attempt to reach process `to` at `address` and be admitted.
fn dial(address: &str, side: &Side<'_>, to: usize, deadline: Option<Instant>) -> Result<TcpStream, Dialed> {
    let targets: Vec<SocketAddr> = address
        .to_socket_addrs()
        .map_err(|e| Dialed::NotYet(format!("process {to}'s address {address} does not resolve: {e}")))?
        .collect();
    let mut problem = format!("process {to}'s address {address} resolves to nothing");
    for target in targets {
        let left = deadline.map_or(DIAL_TIME, |d| d.saturating_duration_since(Instant::now()).min(DIAL_TIME));
        let mut stream = match TcpStream::connect_timeout(&target, left.max(Duration::from_millis(1))) {
            Ok(stream) => stream,
            Err(e) => {
                problem = format!("process {to} at {address}: {e}");
                continue;
            }
        };
        // Dialing a port of this machine that nothing listens on can, by
        // TCP's simultaneous open, connect the socket to itself, and hold
        // the very port the other process needs: let it go at once.
        if stream.local_addr().ok() == stream.peer_addr().ok() {
            problem = format!("process {to} at {address}: nothing listens there yet");
            continue;
        }
        let _ = stream.set_nodelay(true);
        // Within the connect timeout, but never too short to finish.
        let limit = deadline.map_or(HANDSHAKE_TIME, |d| {
            d.saturating_duration_since(Instant::now()).clamp(Duration::from_millis(500), HANDSHAKE_TIME)
        });
        return match handshake::dial(&mut stream, side, to, limit) {
            Ok(()) => Ok(stream),
            Err(refusal) => Err(Dialed::Refused(refusal)),
        };
    }
    Err(Dialed::NotYet(problem))
}

/// The connect timeout's message: which processes did not connect, and
/// why, as far as this process knows.
fn missing(
    me: usize,
    addresses: &[String],
    problems: &[Option<String>],
    sockets: &[Option<TcpStream>],
    accepting: Option<&Accepting>,
) -> String {
    let mut not: Vec<String> = Vec::new();
    for to in (0..me).filter(|&p| sockets[p].is_none()) {
        let why = problems[to].clone().unwrap_or_else(|| format!("process {to} at {} was not reached", addresses[to]));
        not.push(why);
    }
    let connected = accepting.map(Accepting::connected).unwrap_or_default();
    for from in (me + 1..addresses.len()).filter(|p| !connected.contains(p)) {
        not.push(format!("process {from} ({}) has not connected to this one", addresses[from]));
    }
    let refused = accepting.and_then(Accepting::last_refusal).map(|r| format!("; the last connection refused: {r}"));
    format!(
        "process {me}: not every process connected in time (the limit is --connect-timeout): {}{}: start every \
         process with the same --processes, hosts and secret",
        not.join("; "),
        refused.unwrap_or_default()
    )
}
