//! The connections between processes: timely's own connecting (each
//! process dials those before it and accepts those after it), with the
//! kernel's dead-peer detection turned on before timely's networking
//! threads take the sockets over.
//!
//! A host that goes down or becomes unreachable sends no reset: without
//! these options a connection to it looks alive until the stall watchdog
//! gives up (minutes). With them the kernel probes an idle connection
//! after [`IDLE`] and gives up after [`PROBES`] unanswered probes
//! [`INTERVAL`] apart, and fails a connection whose sent bytes go
//! unacknowledged for [`UNACKNOWLEDGED`]; timely's networking thread then
//! fails, and [`guard`](crate::guard) names the process at its other end.

use std::any::Any;
use std::time::Duration;

use socket2::{SockRef, TcpKeepalive};
use timely_communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely_communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely_communication::networking::create_sockets;

/// How long a connection may be idle before the kernel probes the other
/// end.
pub const IDLE: Duration = Duration::from_secs(3);
/// Time between unanswered probes.
pub const INTERVAL: Duration = Duration::from_secs(1);
/// Unanswered probes after which the connection fails.
pub const PROBES: u32 = 4;
/// How long sent bytes may go unacknowledged before the connection fails.
pub const UNACKNOWLEDGED: Duration = Duration::from_secs(8);

/// Connects this process (`process` of `addresses`) to every other, one
/// worker thread each, as timely's cluster configuration does, with
/// dead-peer detection on every connection.
///
/// # Errors
///
/// What went wrong connecting, or setting an option, in words.
pub fn connect(process: usize, addresses: Vec<String>) -> Result<(Vec<AllocatorBuilder>, Box<dyn Any + Send>), String> {
    let failed = |e: std::io::Error| format!("failed to initialize networking: {e}");
    // Timely prints its notes while connecting ("awaiting connections")
    // on standard output, which is the program's: they go to standard
    // error.
    let sockets = godtab_files::with_stdout_on_stderr(|| create_sockets(addresses, process, false)).map_err(failed)?;
    let keepalive = TcpKeepalive::new().with_time(IDLE).with_interval(INTERVAL).with_retries(PROBES);
    for socket in sockets.iter().flatten() {
        let socket = SockRef::from(socket);
        socket.set_tcp_keepalive(&keepalive).map_err(failed)?;
        socket.set_tcp_user_timeout(Some(UNACKNOWLEDGED)).map_err(failed)?;
    }
    let hooks = timely_communication::Hooks::default();
    let local = ProcessBuilder::new_typed_vector(1, hooks.refill.clone(), hooks.spill.clone());
    let (builders, guard) = initialize_networking_from_sockets(local, sockets, process, 1, hooks).map_err(failed)?;
    Ok((builders.into_iter().map(AllocatorBuilder::Tcp).collect(), Box::new(guard)))
}
