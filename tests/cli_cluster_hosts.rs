//! `gen --processes N --hosts FILE` across hosts, not loopback: each
//! process in a network namespace of its own, the namespaces joined by
//! veth links through a bridge as hosts on a switch are, with a secret.
//! One link is slowed; a link cut mid-run stops the others within the
//! stall timeout (or the kernel's dead-peer detection), naming the
//! process lost, and `--resume` completes the table.
//!
//! Namespaces take root and iproute2's `ip`. Without them the tests say
//! "skipped: ..." and pass, unless GODTAB_REQUIRE_NETNS=1 (as CI sets),
//! which makes a skip a failure.

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::cluster::{board_args, finish, one_process_table, ports, secret_file, spec, watched_until};

/// Network namespaces as hosts: host 0 holds a bridge, and every other
/// host's link (`eth0`, with its end `pH` on the bridge) joins it. Host
/// `h` is at 10.231.0.(h + 1). Removed at the end.
struct Hosts {
    /// The namespaces made so far.
    names: Vec<String>,
}

/// Runs `ip args`; its error output if it fails.
fn ip(args: &[&str]) -> Result<(), String> {
    let out = Command::new("ip").args(args).output().map_err(|e| format!("`ip` cannot be run ({e})"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("`ip {}` failed: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()))
    }
}

impl Hosts {
    /// `n` hosts, or why they cannot be made here.
    fn new(n: usize) -> Result<Self, String> {
        // Named by this test binary and by the set (the tests run at once).
        static SETS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let set = SETS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let id = std::process::id();
        let mut hosts = Self { names: Vec::new() };
        for h in 0..n {
            let name = format!("godtab-{id}-{set}-h{h}");
            ip(&["netns", "add", &name])?;
            hosts.names.push(name);
            ip(&["-n", &hosts.names[h], "link", "set", "lo", "up"])?;
        }
        let hub = &hosts.names[0];
        ip(&["-n", hub, "link", "add", "name", "br0", "type", "bridge"])?;
        ip(&["-n", hub, "addr", "add", "10.231.0.1/24", "dev", "br0"])?;
        ip(&["-n", hub, "link", "set", "br0", "up"])?;
        for h in 1..n {
            let (port, host) = (format!("p{h}"), &hosts.names[h]);
            ip(&["link", "add", &port, "netns", hub, "type", "veth", "peer", "name", "eth0", "netns", host])?;
            ip(&["-n", hub, "link", "set", &port, "master", "br0"])?;
            ip(&["-n", hub, "link", "set", &port, "up"])?;
            ip(&["-n", host, "addr", "add", &format!("{}/24", hosts.address(h)), "dev", "eth0"])?;
            ip(&["-n", host, "link", "set", "eth0", "up"])?;
        }
        Ok(hosts)
    }

    /// `n` hosts, or `None` after saying why the test is skipped (a
    /// failure where GODTAB_REQUIRE_NETNS=1).
    fn made(n: usize) -> Option<Self> {
        match Self::new(n) {
            Ok(hosts) => Some(hosts),
            Err(why) => {
                let why = format!("network namespaces cannot be made here (they take root and iproute2): {why}");
                assert!(std::env::var_os("GODTAB_REQUIRE_NETNS").is_none_or(|v| v != "1"), "{why}");
                // Past the test harness's capture: a skip is seen.
                let _ = writeln!(std::io::stderr(), "skipped: {why}");
                None
            }
        }
    }

    fn address(&self, h: usize) -> String {
        format!("10.231.0.{}", h + 1)
    }

    /// A hosts file for every host, at `port`.
    fn file(&self, dir: &Path, port: &str) -> String {
        let path = dir.join("hosts");
        let lines: String = (0..self.names.len()).map(|h| format!("{}:{port}\n", self.address(h))).collect();
        std::fs::write(&path, lines).unwrap();
        path.to_str().unwrap().to_string()
    }

    /// Slows host `h`'s link both ways: a delay of 10 ms with netem, or
    /// where the kernel has no netem, a rate of 20 Mbit/s with tbf; what
    /// was done (said on standard error: a kernel with neither leaves the
    /// link as it is).
    fn slow(&self, h: usize) -> String {
        let ends = [(&self.names[h], "eth0".to_string()), (&self.names[0], format!("p{h}"))];
        let kinds: [&[&str]; 2] =
            [&["netem", "delay", "10ms"], &["tbf", "rate", "20mbit", "burst", "64kb", "latency", "50ms"]];
        for kind in kinds {
            let added = ends.iter().all(|(ns, dev)| {
                let mut args = vec!["-n", ns.as_str(), "qdisc", "replace", "dev", dev.as_str(), "root"];
                args.extend(kind);
                Command::new("tc").args(&args).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
            });
            if added {
                let slowed = kind.join(" ");
                let _ = writeln!(std::io::stderr(), "host {h}'s link: {slowed}");
                return slowed;
            }
        }
        let _ = writeln!(std::io::stderr(), "host {h}'s link is not slowed: this kernel has neither netem nor tbf");
        "not slowed".into()
    }

    /// Sets host `h`'s link `up` or `down` (down: the others see no
    /// reset, only silence).
    fn link(&self, h: usize, state: &str) {
        ip(&["-n", &self.names[h], "link", "set", "eth0", state]).unwrap();
    }

    /// Starts `godtab args` on host `h`.
    fn spawn(&self, h: usize, args: &[String]) -> Child {
        Command::new("ip")
            .args(["netns", "exec", &self.names[h], env!("CARGO_BIN_EXE_godtab")])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }
}

impl Drop for Hosts {
    fn drop(&mut self) {
        for name in &self.names {
            let _ = Command::new("ip").args(["netns", "del", name]).status();
        }
    }
}

/// Whether an error names process `p`: "process 2 ..." or "processes 1, 2
/// sent nothing".
fn names_process(error: &str, p: usize) -> bool {
    if error.contains(&format!("process {p} ")) || error.contains(&format!("process {p}:")) {
        return true;
    }
    error.split("processes ").skip(1).any(|list| {
        let list = list.split(" sent").next().unwrap_or_default();
        list.split(", ").any(|n| n.trim() == p.to_string())
    })
}

/// The arguments of process `p` of `processes` on the 2x5 board, writing
/// to `out`, at the addresses of `hosts` with the secret in `secret`.
fn on_hosts(out: &Path, p: usize, processes: usize, hosts: &str, secret: &str, extra: &[&str]) -> Vec<String> {
    let mut args = board_args(out, extra);
    let (p, n) = (p.to_string(), processes.to_string());
    args.extend(["--processes", &n, "--process", &p, "--hosts", hosts, "--secret", secret].map(String::from));
    args
}

#[test]
fn three_hosts_write_the_table_of_one_and_a_host_cut_off_is_named_and_resumed() {
    let Some(hosts) = Hosts::made(3) else { return };
    let dir = tempfile::tempdir().unwrap();
    let expected = one_process_table(&["--spec", &spec("slide-2x5.toml")], "compact", dir.path());
    let file = hosts.file(dir.path(), &ports(1));
    let secret = secret_file(dir.path(), "secret", "the three hosts' secret, shared by hand");
    let slowed = hosts.slow(1);
    let stall = ["--stall-timeout", "5s"];
    let out = dir.path().join("t.gtab");
    let args = |p: usize, extra: &[&str]| on_hosts(&out, p, 3, &file, &secret, &[&stall[..], extra].concat());
    let children: Vec<Child> = (0..3).map(|p| hosts.spawn(p, &args(p, &[]))).collect();
    for (p, (status, err)) in finish(children, Duration::from_secs(180)).iter().enumerate() {
        assert!(status.success(), "process {p} (host 1's link: {slowed}): {err}");
    }
    assert!(std::fs::read(&out).unwrap() == expected, "host 1's link: {slowed}");
    std::fs::remove_file(&out).unwrap();
    // Host 2's link cut mid-run: the others stop within the stall timeout.
    let children: Vec<Child> = (0..3).map(|p| hosts.spawn(p, &args(p, &["--checkpoint-every", "0"]))).collect();
    let children = watched_until(children, 0, 12);
    hosts.link(2, "down");
    let cut = Instant::now();
    let results = finish(children, Duration::from_secs(120));
    assert!(cut.elapsed() < Duration::from_secs(20), "the processes took {:?} to stop", cut.elapsed());
    let lasts: Vec<&str> = results.iter().map(|(_, err)| err.lines().last().unwrap_or_default()).collect();
    for (p, (status, err)) in results.iter().enumerate() {
        assert_eq!(status.code(), Some(1), "process {p}: {err}");
        assert!(lasts[p].starts_with(&format!("godtab: error: process {p}: ")), "process {p}: {err}");
    }
    // Process 1 names process 2; process 0 names it too, alone or among
    // the silent ones, or names process 1 when that one stopped first on
    // 2's silence (the chain of blame ends at the host cut off).
    assert!(names_process(lasts[1], 2), "process 1: {}", results[1].1);
    assert!(names_process(lasts[0], 2) || names_process(lasts[0], 1), "process 0: {}", results[0].1);
    assert!(!out.exists());
    // With the link up again, the three continue to the same bytes.
    hosts.link(2, "up");
    let children: Vec<Child> = (0..3).map(|p| hosts.spawn(p, &args(p, &["--resume"]))).collect();
    for (p, (status, err)) in finish(children, Duration::from_secs(180)).iter().enumerate() {
        assert!(status.success(), "process {p}: {err}");
        assert!(err.contains("continued a run stopped at depth"), "process {p}: {err}");
    }
    assert!(std::fs::read(&out).unwrap() == expected);
}

#[test]
fn a_host_cut_off_is_found_by_the_kernel_within_seconds_and_the_run_resumes() {
    let Some(hosts) = Hosts::made(2) else { return };
    let dir = tempfile::tempdir().unwrap();
    let expected = one_process_table(&["--spec", &spec("slide-2x5.toml")], "compact", dir.path());
    let file = hosts.file(dir.path(), &ports(1));
    let secret = secret_file(dir.path(), "secret", "the two hosts' secret, shared by hand");
    let out = dir.path().join("t.gtab");
    // The default stall timeout (minutes): the kernel's probes find the
    // silent peer (crates/cluster/src/net.rs).
    let args = |p: usize, extra: &[&str]| on_hosts(&out, p, 2, &file, &secret, extra);
    let children: Vec<Child> = (0..2).map(|p| hosts.spawn(p, &args(p, &["--checkpoint-every", "0"]))).collect();
    let children = watched_until(children, 1, 12);
    hosts.link(1, "down");
    let cut = Instant::now();
    let results = finish(children, Duration::from_secs(120));
    assert!(cut.elapsed() < Duration::from_secs(25), "the processes took {:?} to stop", cut.elapsed());
    for (p, other) in [(0, 1), (1, 0)] {
        let (status, err) = &results[p];
        assert_eq!(status.code(), Some(1), "process {p}: {err}");
        let last = err.lines().last().unwrap_or_default();
        let named = format!("godtab: error: process {p}: lost the connection to process {other}, which stopped");
        assert!(last.starts_with(&named), "process {p}: {err}");
    }
    assert!(!out.exists());
    hosts.link(1, "up");
    let children: Vec<Child> = (0..2).map(|p| hosts.spawn(p, &args(p, &["--resume"]))).collect();
    for (p, (status, err)) in finish(children, Duration::from_secs(120)).iter().enumerate() {
        assert!(status.success(), "process {p}: {err}");
        assert!(err.contains("continued a run stopped at depth"), "process {p}: {err}");
    }
    assert!(std::fs::read(&out).unwrap() == expected);
}
