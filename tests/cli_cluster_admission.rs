//! Who may join a `gen --processes` run: a stranger's connection to a
//! process's port is refused with a note and the run goes on; a process
//! that does not know the run's secret is refused; secrets that cannot be
//! used are refused at the start; processes on one machine share one
//! through the run's folder; a process that cannot listen fails alone,
//! naming its address.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::Child;
use std::time::{Duration, Instant};

use crate::common::cluster::{finish, one_process_table, ports, secret_file, spawn_with};

/// The arguments of process `p` of a 2-process run of the 8-puzzle's
/// compact table at `out`, ports from `port`.
fn args(p: usize, out: &Path, port: &str, extra: &[&str]) -> Vec<String> {
    let o = out.to_str().unwrap();
    let p = p.to_string();
    let mut args = vec!["gen", "eight-puzzle", "--compact", "-o", o, "--threads", "1", "--processes", "2"];
    args.extend(["--process", &p, "--port", port, "--stall-timeout", "60s"]);
    args.extend(extra);
    args.iter().map(ToString::to_string).collect()
}

fn start(args: &[String], env: &[(&str, &str)]) -> Child {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    spawn_with(&args, env)
}

/// A connection to `address` once something listens there.
fn connect_when_listening(address: &str) -> TcpStream {
    let started = Instant::now();
    loop {
        match TcpStream::connect(address) {
            Ok(stream) => return stream,
            Err(_) if started.elapsed() < Duration::from_secs(60) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => panic!("nothing listens at {address}: {e}"),
        }
    }
}

/// Waits until the other side closes `stream` (it must, within 20 s).
fn closed_by_the_other_side(mut stream: TcpStream) {
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut sink = Vec::new();
    match stream.read_to_end(&mut sink) {
        Ok(_) => {}
        Err(e) => assert_eq!(e.kind(), std::io::ErrorKind::ConnectionReset, "not closed: {e}"),
    }
}

#[test]
fn a_stranger_on_the_port_is_refused_and_the_run_completes() {
    let dir = tempfile::tempdir().unwrap();
    let expected = one_process_table(&["eight-puzzle"], "compact", dir.path());
    let out = dir.path().join("t.gtab");
    let port = ports(2);
    let first = start(&args(0, &out, &port, &[]), &[]);
    let address = format!("127.0.0.1:{port}");
    // 4 KB of random bytes.
    let mut random = fastrand::Rng::with_seed(7);
    let mut stranger = connect_when_listening(&address);
    let _ = stranger.write_all(&(0..4096).map(|_| random.u8(..)).collect::<Vec<u8>>());
    closed_by_the_other_side(stranger);
    // A hello's shape, of another run; and one that says nothing, held
    // open while the real peer joins.
    let mut other_run = TcpStream::connect(&address).unwrap();
    let mut hello = b"GODTABCL\x01\x00".to_vec();
    hello.extend(1u32.to_le_bytes());
    hello.extend(0u32.to_le_bytes());
    hello.extend((0..40).map(|_| random.u8(..)));
    other_run.write_all(&hello).unwrap();
    closed_by_the_other_side(other_run);
    let silent = TcpStream::connect(&address).unwrap();
    let mut children = vec![first];
    assert!(children[0].try_wait().unwrap().is_none(), "process 0 ended on a stranger's bytes");
    children.push(start(&args(1, &out, &port, &[]), &[]));
    let results = finish(children, Duration::from_secs(120));
    drop(silent);
    for (p, (status, err)) in results.iter().enumerate() {
        assert!(status.success(), "process {p}: {err}");
    }
    assert!(std::fs::read(&out).unwrap() == expected);
    let notes: Vec<&str> = results[0].1.lines().filter(|l| l.contains("refused the connection")).collect();
    let from = "process 0: refused the connection from 127.0.0.1:";
    assert!(notes.iter().all(|n| n.starts_with(from)), "{notes:?}");
    assert!(notes.iter().any(|n| n.ends_with("not a godtab process (its first bytes are not a cluster handshake)")));
    assert!(notes.iter().any(|n| n.contains("it belongs to another run")), "{notes:?}");
}

#[test]
fn only_a_process_that_knows_the_secret_joins() {
    let dir = tempfile::tempdir().unwrap();
    let expected = one_process_table(&["eight-puzzle"], "compact", dir.path());
    let out = dir.path().join("t.gtab");
    let port = ports(2);
    let secret = "the secret of this run, given to its processes";
    let ours = secret_file(dir.path(), "ours", secret);
    let theirs = secret_file(dir.path(), "theirs", "another secret, of another run");
    let first = start(&args(0, &out, &port, &["--secret", &ours]), &[]);
    let impostor = start(&args(1, &out, &port, &["--secret", &theirs, "--connect-timeout", "3s"]), &[]);
    let refused = finish(vec![impostor], Duration::from_secs(60));
    let (status, err) = &refused[0];
    assert_eq!(status.code(), Some(1), "{err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(last.contains("did not admit this process: its proof of the run's secret is wrong"), "{err}");
    let mut children = vec![first];
    assert!(children[0].try_wait().unwrap().is_none(), "process 0 ended on an impostor");
    // The secret in the environment.
    children.push(start(&args(1, &out, &port, &[]), &[("GODTAB_CLUSTER_SECRET", secret)]));
    let results = finish(children, Duration::from_secs(120));
    for (p, (status, err)) in results.iter().enumerate() {
        assert!(status.success(), "process {p}: {err}");
    }
    assert!(std::fs::read(&out).unwrap() == expected);
    assert!(results[0].1.contains("it found this process's proof of the secret wrong"), "{}", results[0].1);
}

/// Variables set for a process.
type Env<'a> = &'a [(&'a str, &'a str)];

#[test]
fn secrets_that_cannot_be_used_are_refused_at_the_start() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.gtab");
    let port = ports(2);
    let readable = secret_file(dir.path(), "readable", "a secret everyone can read");
    std::fs::set_permissions(&readable, std::fs::Permissions::from_mode(0o644)).unwrap();
    let empty = secret_file(dir.path(), "empty", "\n");
    let fifo = dir.path().join("fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let fifo = fifo.to_str().unwrap().to_string();
    let cases: [(&[&str], Env<'_>, &str); 4] = [
        (&["--secret", &readable], &[], "is readable by every user of this machine (mode 644)"),
        (&["--secret", &empty], &[], "is empty"),
        (&["--secret", &fifo], &[], "is a FIFO (named pipe), not a regular file"),
        (&[], &[("GODTAB_CLUSTER_SECRET", " ")], "GODTAB_CLUSTER_SECRET is set but empty"),
    ];
    for (extra, env, why) in cases {
        let results = finish(vec![start(&args(0, &out, &port, extra), env)], Duration::from_secs(30));
        let (status, err) = &results[0];
        assert_eq!(status.code(), Some(1), "{extra:?}: {err}");
        let last = err.lines().last().unwrap_or_default();
        assert!(last.starts_with("godtab: error: process 0: "), "{extra:?}: {err}");
        assert!(last.contains(why), "{extra:?}: {err}");
    }
}

#[test]
fn processes_on_this_machine_share_a_private_secret_removed_at_the_end() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.gtab");
    let port = ports(2);
    let shared = dir.path().join("t.gtab.cluster-secret");
    // Process 1 first: it waits for process 0's secret.
    let second = start(&args(1, &out, &port, &[]), &[]);
    std::thread::sleep(Duration::from_millis(300));
    assert!(!shared.exists());
    let first = start(&args(0, &out, &port, &[]), &[]);
    let results = finish(vec![first, second], Duration::from_secs(120));
    for (p, (status, err)) in results.iter().enumerate() {
        assert!(status.success(), "process {p}: {err}");
    }
    assert!(!shared.exists(), "the shared secret was left behind");
    // While process 0 waits, the secret is there, its owner's alone.
    let waiting = start(&args(0, &out, &port, &["--connect-timeout", "2s"]), &[]);
    let started = Instant::now();
    while !shared.exists() && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let mode = std::fs::metadata(&shared).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let results = finish(vec![waiting], Duration::from_secs(30));
    assert_eq!(results[0].0.code(), Some(1), "{}", results[0].1);
    assert!(results[0].1.contains("process 1 (127.0.0.1:"), "{}", results[0].1);
    assert!(!shared.exists(), "the shared secret was left behind by a failed run");
}

/// A port of this machine that the kernel gave an outgoing connection,
/// which closed from this side: no process can listen on it for a minute
/// (TIME_WAIT); the ports either side of it are free.
fn a_port_held_by_a_closed_connection() -> u16 {
    for _ in 0..100 {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (server, _) = listener.accept().unwrap();
        let held = client.local_addr().unwrap().port();
        drop(client);
        std::thread::sleep(Duration::from_millis(50));
        drop(server);
        let free = |p: u16| TcpListener::bind(("127.0.0.1", p)).is_ok();
        if free(held - 1) && free(held + 1) && !free(held) {
            return held;
        }
    }
    panic!("no port in TIME_WAIT could be made");
}

/// The arguments of process `p` of a 3-process run of the 8-puzzle's
/// parity table at `out`, ports from `port`, waiting `wait` for the others
/// to connect.
fn three(p: usize, out: &Path, port: &str, wait: &str) -> Vec<String> {
    let mut args = args(p, out, port, &["--encoding", "parity", "--connect-timeout", wait]);
    // Three processes, not two; parity, not compact.
    args.retain(|a| a != "--compact");
    let at = args.iter().position(|a| a == "--processes").unwrap();
    args[at + 1] = "3".into();
    args
}

#[test]
fn a_process_that_cannot_listen_fails_alone_naming_its_address() {
    // Process 1's port is one the kernel gave an outgoing connection (as
    // it may any port of its ephemeral range, on a busy machine).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.gtab");
    let held = a_port_held_by_a_closed_connection();
    let port = (held - 1).to_string();
    let children: Vec<Child> = (0..3).map(|p| start(&three(p, &out, &port, "5s"), &[])).collect();
    let started = Instant::now();
    let results = finish(children, Duration::from_secs(60));
    let (status, err) = &results[1];
    assert_eq!(status.code(), Some(1), "{err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(last.contains(&format!("process 1: cannot listen at 127.0.0.1:{held}: ")), "{err}");
    assert!(last.contains("choose another"), "{err}");
    // It was never connected to the others: they wait for it, and name it.
    for p in [0, 2] {
        let (status, err) = &results[p];
        assert_eq!(status.code(), Some(1), "{err}");
        let last = err.lines().last().unwrap_or_default();
        assert!(last.contains("not every process connected in time"), "process {p}: {err}");
        assert!(last.contains(&format!("process 1 (127.0.0.1:{held})")) || last.contains("process 1 at"), "{err}");
        assert!(!err.contains("socket closed") && !err.contains("lost the connection"), "process {p}: {err}");
    }
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn a_process_started_twice_is_refused_and_the_run_completes() {
    let dir = tempfile::tempdir().unwrap();
    let expected = one_process_table(&["eight-puzzle"], "parity", dir.path());
    let out = dir.path().join("t.gtab");
    let port = ports(3);
    // Process 2 twice, while process 0 waits for process 1: one of them is
    // admitted, the other told it is a duplicate.
    let first = start(&three(0, &out, &port, "60s"), &[]);
    let twice = [start(&three(2, &out, &port, "60s"), &[]), start(&three(2, &out, &port, "60s"), &[])];
    let started = Instant::now();
    let mut twice: Vec<Child> = twice.into_iter().collect();
    let refused = loop {
        if let Some(i) = twice.iter_mut().position(|c| c.try_wait().unwrap().is_some()) {
            break twice.remove(i);
        }
        assert!(started.elapsed() < Duration::from_secs(60), "neither process 2 was refused");
        std::thread::sleep(Duration::from_millis(20));
    };
    let (status, err) = &finish(vec![refused], Duration::from_secs(10))[0];
    assert_eq!(status.code(), Some(1), "{err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(last.contains("did not admit this process: it refused this process: it has this process's index"), "{err}");
    assert!(last.contains("started twice"), "{err}");
    let mut children = vec![first, twice.remove(0)];
    children.push(start(&three(1, &out, &port, "60s"), &[]));
    let results = finish(children, Duration::from_secs(120));
    for (p, (status, err)) in results.iter().enumerate() {
        assert!(status.success(), "process {p}: {err}");
    }
    assert!(std::fs::read(&out).unwrap() == expected);
    assert!(results[0].1.contains("process 2 is connected already (a second process 2?)"), "{}", results[0].1);
}
