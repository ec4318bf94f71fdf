//! Running a program and measuring it: wall time and peak resident memory.

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};

/// One finished run.
pub struct Run {
    /// Wall time from spawn to exit.
    pub wall: Duration,
    /// Peak resident set size, in KiB.
    pub max_rss_kib: u64,
}

/// Runs `program args` with stdin from `input` (or empty) and stdout into
/// `output` (or discarded), and measures it.
pub fn run(program: &Path, args: &[&str], input: Option<&Path>, output: Option<&Path>) -> Result<Run> {
    let stdin = match input {
        Some(path) => Stdio::from(File::open(path).with_context(|| format!("opening {}", path.display()))?),
        None => Stdio::null(),
    };
    let stdout = match output {
        Some(path) => Stdio::from(File::create(path).with_context(|| format!("creating {}", path.display()))?),
        None => Stdio::null(),
    };
    let started = Instant::now();
    let child = Command::new(program)
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .spawn()
        .with_context(|| format!("starting {}", program.display()))?;
    let (status, max_rss_kib) = wait_with_rusage(child.id())?;
    let wall = started.elapsed();
    ensure!(status == 0, "{} {} exited with status {status}", program.display(), args.join(" "));
    Ok(Run { wall, max_rss_kib })
}

/// Waits for the child and returns its exit status and peak RSS (KiB).
fn wait_with_rusage(pid: u32) -> Result<(i32, u64)> {
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value of that plain C struct.
    #[allow(unsafe_code)]
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 writes only into the two out-pointers, which point at
    // live locals of the right types.
    #[allow(unsafe_code)]
    let reaped = unsafe { libc::wait4(pid as libc::pid_t, &raw mut status, 0, &raw mut usage) };
    ensure!(reaped == pid as libc::pid_t, "wait4 failed: {}", std::io::Error::last_os_error());
    let code = if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { -1 };
    Ok((code, u64::try_from(usage.ru_maxrss).unwrap_or(0)))
}
