//! `godtab judge` runs in bounded memory: ten million cases streamed
//! through it keep its peak resident memory far below 32 MiB.
//!
//! The peak is the judge process's own VmHWM (from /proc), sampled while it
//! runs: unlike a parent's rusage it cannot include the test harness's
//! memory.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const CASES: u64 = 10_000_000;
const LIMIT_KIB: u64 = 32 * 1024;

/// The process's peak resident set (VmHWM), in KiB, while it is alive.
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Counts the lines of `stream` on a thread, as they stream by, without
/// keeping them.
fn count_lines(mut stream: impl Read + Send + 'static) -> std::thread::JoinHandle<u64> {
    std::thread::spawn(move || {
        let mut buf = vec![0u8; 1 << 16];
        let mut lines = 0u64;
        while let Ok(n @ 1..) = stream.read(&mut buf) {
            lines += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
        }
        lines
    })
}

/// Samples the child's peak resident set until it exits; in KiB.
fn peak_until_exit(child: &mut Child) -> u64 {
    let pid = child.id();
    let mut peak = 0;
    while child.try_wait().expect("wait").is_none() {
        peak = peak.max(peak_rss_kib(pid).unwrap_or(0));
        std::thread::sleep(Duration::from_millis(20));
    }
    peak
}

#[test]
fn ten_million_cases_in_bounded_memory() {
    let godtab = env!("CARGO_BIN_EXE_godtab");
    let count = CASES.to_string();
    let mut random = Command::new(godtab)
        .args(["random", "nine-digits", "--count", &count, "--seed", "1"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("godtab random runs");
    let cases = random.stdout.take().expect("piped");
    let mut judge = Command::new(godtab)
        .args(["judge", "nine-digits"])
        .stdin(cases)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("godtab judge runs");
    let counter = count_lines(judge.stdout.take().expect("piped"));
    let peak = peak_until_exit(&mut judge);
    assert!(random.wait().expect("wait").success());
    let status = judge.wait().expect("wait");
    let mut errors = String::new();
    judge.stderr.take().expect("piped").read_to_string(&mut errors).expect("stderr");
    assert!(status.success(), "{errors}");
    assert_eq!(counter.join().expect("counter"), CASES);
    println!("godtab judge, {CASES} cases: peak RSS {:.1} MiB", peak as f64 / 1024.0);
    assert!(peak > 0, "no memory figure was read");
    assert!(peak <= LIMIT_KIB, "peak RSS {peak} KiB is over the {LIMIT_KIB} KiB bound");
}

#[test]
fn millions_of_bad_cases_in_bounded_memory() {
    const BAD: u64 = 3_000_000;
    let mut judge = crate::common::spawn(&["judge", "nine-digits"]);
    let mut input = judge.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let chunk = "1 2 q\n".repeat(10_000);
        for _ in 0..BAD / 10_000 {
            if input.write_all(chunk.as_bytes()).is_err() {
                return;
            }
        }
    });
    let answers = count_lines(judge.stdout.take().expect("piped"));
    let reports = count_lines(judge.stderr.take().expect("piped"));
    let peak = peak_until_exit(&mut judge);
    writer.join().expect("writer");
    assert_eq!(judge.wait().expect("wait").code(), Some(1));
    assert_eq!(answers.join().expect("answers"), 0);
    assert_eq!(reports.join().expect("reports"), BAD);
    println!("godtab judge, {BAD} bad cases: peak RSS {:.1} MiB", peak as f64 / 1024.0);
    assert!(peak > 0 && peak <= LIMIT_KIB, "peak RSS {peak} KiB");
}
