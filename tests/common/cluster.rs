//! What the tests of `gen --processes` share: ports for a run, starting
//! every process of it, waiting for them, and the table one process makes.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::{godtab, stderr};

/// The first port the tests take.
const FLOOR: u32 = 10_000;
/// Ports one test binary may take; binaries started at once take other
/// blocks (by their process id).
const BLOCK: u32 = 500;

/// The kernel's range of ephemeral ports (those it gives outgoing
/// connections), `net.ipv4.ip_local_port_range`.
pub fn ephemeral_ports() -> (u32, u32) {
    let text = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range").unwrap_or_default();
    let mut numbers = text.split_whitespace().filter_map(|n| n.parse().ok());
    match (numbers.next(), numbers.next()) {
        (Some(low), Some(high)) => (low, high),
        _ => (32_768, 60_999),
    }
}

/// `n` ports in a row for one run, free when picked and taken by no other
/// run of this binary (the tests run at once).
///
/// They lie outside the kernel's ephemeral range: a port it gave an
/// outgoing connection (any connection of this machine, the runs' own
/// among them) stays taken for a minute after that connection closes, and
/// no process can listen on it then. Picked in that range, a port could be
/// one a process of a later run cannot listen on.
pub fn ports(n: u16) -> String {
    static NEXT: Mutex<u32> = Mutex::new(0);
    let (low, high) = ephemeral_ports();
    let (start, end) = if low >= FLOOR + BLOCK { (FLOOR, low) } else { (high + 1, 65_536) };
    let blocks = ((end - start) / BLOCK).max(1);
    let base = start + (std::process::id() % blocks) * BLOCK;
    let mut next = NEXT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    for _ in 0..BLOCK {
        let first = base + *next % (BLOCK - u32::from(n));
        *next += u32::from(n) + 1;
        let free = (first..first + u32::from(n)).all(|p| {
            let port = u16::try_from(p).expect("a port below 65536");
            TcpListener::bind(("127.0.0.1", port)).is_ok()
        });
        if free {
            return first.to_string();
        }
    }
    panic!("no {n} free ports in a row from {base}");
}

/// The path of a spec in data/puzzles.
pub fn spec(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puzzles").join(name).to_str().unwrap().to_string()
}

/// Starts every process of a run of `processes` with `args` (each gets
/// its --process).
pub fn start(args: &[&str], processes: usize, port: &str) -> Vec<Child> {
    start_each(&|_| args.iter().map(ToString::to_string).collect(), processes, port)
}

/// As [`start`], with each process's arguments from `args_of`.
pub fn start_each(args_of: &dyn Fn(usize) -> Vec<String>, processes: usize, port: &str) -> Vec<Child> {
    start_with(args_of, processes, port, &[])
}

/// As [`start_each`], with `env` set for every process.
pub fn start_with(
    args_of: &dyn Fn(usize) -> Vec<String>,
    processes: usize,
    port: &str,
    env: &[(&str, &str)],
) -> Vec<Child> {
    (0..processes)
        .map(|p| {
            let n = processes.to_string();
            let i = p.to_string();
            let args = args_of(p);
            let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
            all.extend(["--processes", &n, "--process", &i, "--port", port, "--stall-timeout", "60s"]);
            spawn_with(&all, env)
        })
        .collect()
}

/// Starts `godtab` with `args` and `env`, its three streams piped.
pub fn spawn_with(args: &[&str], env: &[(&str, &str)]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_godtab"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Waits for each process, at most `limit` in all; their statuses and
/// error output.
pub fn finish(children: Vec<Child>, limit: Duration) -> Vec<(ExitStatus, String)> {
    let started = Instant::now();
    children
        .into_iter()
        .map(|mut child| {
            loop {
                if let Some(status) = child.try_wait().unwrap() {
                    let mut err = String::new();
                    if let Some(mut stream) = child.stderr.take() {
                        std::io::Read::read_to_string(&mut stream, &mut err).unwrap();
                    }
                    assert!(!err.contains("panicked at"), "{err}");
                    assert!(!err.contains("internal error"), "{err}");
                    return (status, err);
                }
                if started.elapsed() > limit {
                    let _ = child.kill();
                    panic!("a process ran past {limit:?}");
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
        .collect()
}

/// The table one process writes of `puzzle` in `encoding`, in `dir`.
pub fn one_process_table(puzzle: &[&str], encoding: &str, dir: &Path) -> Vec<u8> {
    let out = dir.join("one.gtab");
    let mut args = vec!["gen"];
    args.extend(puzzle);
    args.extend(["--encoding", encoding, "-o", out.to_str().unwrap()]);
    let run = godtab(&args, b"");
    assert!(run.status.success(), "{}", stderr(&run));
    std::fs::read(out).unwrap()
}

/// The arguments of a run on the 2x5 board writing to `out`.
pub fn board_args(out: &Path, extra: &[&str]) -> Vec<String> {
    let s = spec("slide-2x5.toml");
    let mut args = vec!["gen", "--spec", &s, "--compact", "-o", out.to_str().unwrap(), "--threads", "1"];
    args.extend(extra);
    args.iter().map(ToString::to_string).collect()
}

/// Waits until process `who` of `children` reports depth `depth`.
pub fn watched_until(mut children: Vec<Child>, who: usize, depth: u8) -> Vec<Child> {
    let mut reader = BufReader::new(children[who].stderr.take().unwrap());
    let wanted = format!("depth {depth:>3}:");
    let mut line = String::new();
    let mut seen = String::new();
    loop {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "process {who} ended before depth {depth}: {seen}");
        seen.push_str(&line);
        if line.contains(&wanted) {
            break;
        }
    }
    // Keep the process's errors (so that it never blocks on them): they
    // are its stderr again when it ends, from the start.
    let (kept_in, kept_out) = std::os::unix::net::UnixStream::pair().unwrap();
    std::thread::spawn(move || {
        let mut kept_in = kept_in;
        let _ = std::io::Write::write_all(&mut kept_in, seen.as_bytes());
        let mut line = String::new();
        while reader.read_line(&mut line).unwrap_or(0) > 0 {
            let _ = std::io::Write::write_all(&mut kept_in, line.as_bytes());
            line.clear();
        }
    });
    children[who].stderr = Some(std::process::ChildStderr::from(std::os::fd::OwnedFd::from(kept_out)));
    children
}

/// Sends signal `name` (INT, KILL, ...) to `child`.
pub fn signal(child: &Child, name: &str) {
    let pid = child.id().to_string();
    assert!(Command::new("kill").args([&format!("-{name}"), &pid]).status().unwrap().success());
}

/// A file holding a secret, readable by its owner only.
pub fn secret_file(dir: &Path, name: &str, secret: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, secret).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    path.to_str().unwrap().to_string()
}
