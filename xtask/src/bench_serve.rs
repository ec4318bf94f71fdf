//! `cargo xtask bench serve`: the release `godtab serve` on loopback,
//! asked by concurrent keep-alive clients for a fixed time per case:
//! requests per second and the p50 and p99 latency of lookups in the
//! built-in tables (one state a request, and batches of 100) and of
//! 15-puzzle searches through its pattern set. Every answer is checked
//! against `godtab solve --json`'s for the same state.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};
use serde_json::{Value, json};

use crate::godtab::Godtab;

/// The workers the server runs with: the machine's cores.
const WORKERS: usize = 2;

/// One request and the answer it must get, `seconds` left out (a
/// search's wall time differs run to run).
struct Case {
    path: &'static str,
    body: String,
    answer: Value,
}

/// A load: its name, its requests and how many clients send them.
struct Load {
    name: String,
    clients: usize,
    cases: Vec<Case>,
    /// States a request asks about.
    states_per_request: usize,
}

pub fn run(seconds: u64) -> Result<()> {
    let godtab = Godtab::build()?;
    let set = fifteen_puzzle_set(&godtab)?;
    let lookups = lookups(godtab.path())?;
    let batches = batches(&lookups);
    let fifteen = fifteen(godtab.path(), &set)?;
    let server = Server::start(godtab.path(), &set)?;
    let time = Duration::from_secs(seconds.max(1));
    println!(
        "godtab serve on loopback ({WORKERS} workers, keep-alive clients, {} s a load; every answer checked):",
        time.as_secs()
    );
    println!(
        "  {:<44} {:>7} {:>9} {:>10} {:>10} {:>10} {:>10}",
        "load", "clients", "requests", "req/s", "states/s", "p50", "p99"
    );
    for load in [lookups, batches, fifteen] {
        let (count, mut latencies) = hammer(server.addr, &load, time)?;
        latencies.sort();
        let rate = count as f64 / time.as_secs_f64();
        println!(
            "  {:<44} {:>7} {:>9} {:>10.0} {:>10.0} {:>10} {:>10}",
            load.name,
            load.clients,
            count,
            rate,
            rate * load.states_per_request as f64,
            duration(percentile(&latencies, 0.50)),
            duration(percentile(&latencies, 0.99)),
        );
    }
    server.stop()
}

/// The 15-puzzle's pattern set: `data/fifteen-puzzle.gtab` if `cargo xtask
/// gen-tables` wrote it, else one made by `godtab gen` from its spec.
fn fifteen_puzzle_set(godtab: &Godtab) -> Result<PathBuf> {
    let shipped = crate::workspace_root().join("data/fifteen-puzzle.gtab");
    if shipped.is_file() {
        return Ok(shipped);
    }
    let dir = crate::workspace_root().join("target/bench-serve");
    std::fs::create_dir_all(&dir)?;
    let made = dir.join("fifteen-puzzle.gtab");
    if !made.is_file() {
        println!("making the 15-puzzle's pattern set in {}", made.display());
        godtab.gen_spec("fifteen-puzzle", &made, &[])?;
    }
    Ok(made)
}

/// Seeded states of the built-in tables, a third of each, half of the
/// 8-puzzle's unsolvable: one request each, 16 clients.
fn lookups(godtab: &Path) -> Result<Load> {
    let digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let eight = ["1", "2", "3", "4", "5", "6", "7", "8", "x"];
    let mut cases = Vec::new();
    for (table, tiles, seed) in [("nine-digits", digits, 1), ("nine-puzzle", digits, 2), ("eight-puzzle", eight, 3)] {
        let states = shuffled(&tiles, 300, seed);
        let mut args = vec!["solve", table, "--json"];
        args.extend(states.iter().map(String::as_str));
        for (state, answer) in states.iter().zip(solved(godtab, &args)?) {
            cases.push(Case { path: "/v1/solve", body: json!({"table": table, "state": state}).to_string(), answer });
        }
    }
    Ok(Load { name: "built-in lookups, 1 state a request".into(), clients: 16, cases, states_per_request: 1 })
}

/// The same states in batches of 100.
fn batches(lookups: &Load) -> Load {
    let cases = lookups
        .cases
        .chunks(100)
        .map(|chunk| {
            let items: Vec<Value> = chunk.iter().map(|c| serde_json::from_str(&c.body).unwrap_or_default()).collect();
            let answers: Vec<Value> = chunk.iter().map(|c| c.answer.clone()).collect();
            Case { path: "/v1/solve/batch", body: Value::Array(items).to_string(), answer: Value::Array(answers) }
        })
        .collect();
    Load { name: "built-in lookups, batches of 100".into(), clients: 16, cases, states_per_request: 100 }
}

/// The ends of 60 seeded random walks of 100 moves on the 15-puzzle
/// (solvable, mostly 40 to 55 moves from the goal): one search each, as
/// many clients as workers and two more waiting.
fn fifteen(godtab: &Path, set: &Path) -> Result<Load> {
    let walks: Vec<String> = (0..60).map(|seed| random_walk(100, seed)).collect();
    let set = set.to_string_lossy().into_owned();
    let mut args = vec!["solve", "--table", &set, "--json"];
    for walk in &walks {
        args.extend(["--scramble", walk]);
    }
    let mut cases = Vec::new();
    for (walk, answer) in walks.iter().zip(solved(godtab, &args)?) {
        let body = json!({"table": "fifteen-puzzle", "scramble": walk}).to_string();
        cases.push(Case { path: "/v1/solve", body, answer });
    }
    Ok(Load {
        name: "15-puzzle searches (6-6-3 set), 1 a request".into(),
        clients: WORKERS + 2,
        cases,
        states_per_request: 1,
    })
}

/// `godtab ARGS`'s JSON lines, `seconds` left out.
fn solved(godtab: &Path, args: &[&str]) -> Result<Vec<Value>> {
    let out = Command::new(godtab).args(args).stderr(Stdio::inherit()).output()?;
    let text = String::from_utf8(out.stdout)?;
    text.lines().map(|line| Ok(timeless(serde_json::from_str(line)?))).collect()
}

/// An answer without its `seconds` (or each item's, in a batch).
fn timeless(mut value: Value) -> Value {
    match &mut value {
        Value::Object(object) => {
            object.remove("seconds");
        }
        Value::Array(items) => items.iter_mut().for_each(|item| *item = timeless(item.take())),
        _ => {}
    }
    value
}

/// `count` seeded shuffles of `tiles`, as states.
fn shuffled(tiles: &[&str], count: usize, seed: u64) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..count)
        .map(|_| {
            let mut tiles = tiles.to_vec();
            rng.shuffle(&mut tiles);
            tiles.join(" ")
        })
        .collect()
}

/// A random walk of the 15-puzzle's blank from the goal (bottom right):
/// `length` moves, none against an edge or undoing the one before.
fn random_walk(length: usize, seed: u64) -> String {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut row, mut col) = (3i32, 3i32);
    let mut last: Option<usize> = None;
    let steps = [("u", -1, 0), ("d", 1, 0), ("l", 0, -1), ("r", 0, 1)];
    let mut moves = Vec::with_capacity(length);
    while moves.len() < length {
        let m = rng.usize(..4);
        let (name, dr, dc) = steps[m];
        let undoes = last.is_some_and(|l| l ^ 1 == m);
        if undoes || !(0..4).contains(&(row + dr)) || !(0..4).contains(&(col + dc)) {
            continue;
        }
        (row, col, last) = (row + dr, col + dc, Some(m));
        moves.push(name);
    }
    moves.join(" ")
}

/// `load` sent by its clients for `time`: the requests answered and each
/// one's latency.
fn hammer(addr: SocketAddr, load: &Load, time: Duration) -> Result<(usize, Vec<Duration>)> {
    let cases = Arc::new(load.cases.iter().map(|c| (c.path, c.body.clone(), c.answer.clone())).collect::<Vec<_>>());
    let until = Instant::now() + time;
    let clients: Vec<_> = (0..load.clients)
        .map(|client| {
            let cases = Arc::clone(&cases);
            std::thread::spawn(move || -> Result<Vec<Duration>> {
                let mut connection = Connection::open(addr)?;
                let mut latencies = Vec::new();
                let mut i = client * 13;
                while Instant::now() < until {
                    let (path, body, answer) = &cases[i % cases.len()];
                    let sent = Instant::now();
                    let (status, reply) = connection.send(path, body)?;
                    latencies.push(sent.elapsed());
                    let reply = timeless(serde_json::from_str(&reply)?);
                    ensure!(status == 200 || status == 422, "{status} for {body}: {reply}");
                    ensure!(&reply == answer, "{body}: the server answered {reply}, godtab solve --json {answer}");
                    i += 1;
                }
                Ok(latencies)
            })
        })
        .collect();
    let mut all = Vec::new();
    for client in clients {
        all.extend(client.join().map_err(|_| anyhow::anyhow!("a client panicked"))??);
    }
    Ok((all.len(), all))
}

/// The `q` quantile of sorted `latencies`.
fn percentile(latencies: &[Duration], q: f64) -> Duration {
    if latencies.is_empty() {
        return Duration::ZERO;
    }
    let index = ((latencies.len() as f64 * q).ceil() as usize).clamp(1, latencies.len()) - 1;
    latencies[index]
}

fn duration(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 { format!("{us:.0} µs") } else { format!("{:.1} ms", us / 1000.0) }
}

/// `godtab serve` with the built-in tables and the 15-puzzle's set.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(godtab: &Path, set: &Path) -> Result<Self> {
        let workers = WORKERS.to_string();
        let mut child = Command::new(godtab)
            .args(["serve", "--addr", "127.0.0.1:0", "--workers", &workers, "--table"])
            .arg(set)
            .stderr(Stdio::piped())
            .spawn()
            .context("starting godtab serve")?;
        let mut errors = BufReader::new(child.stderr.take().context("stderr is piped")?);
        let mut line = String::new();
        loop {
            line.clear();
            if errors.read_line(&mut line)? == 0 {
                bail!("godtab serve stopped before it listened");
            }
            if let Some(rest) = line.trim().strip_prefix("godtab serve: listening on http://") {
                let addr = rest.split('/').next().unwrap_or_default().parse()?;
                // Keep its standard error drained.
                std::thread::spawn(move || std::io::copy(&mut errors, &mut std::io::sink()));
                return Ok(Self { child, addr });
            }
        }
    }

    /// SIGTERM, and its exit status.
    fn stop(mut self) -> Result<()> {
        Command::new("kill").arg("-TERM").arg(self.child.id().to_string()).status()?;
        let status = self.child.wait()?;
        ensure!(status.success(), "godtab serve exited with {status} on SIGTERM");
        Ok(())
    }
}

/// One keep-alive HTTP/1.1 connection.
struct Connection {
    stream: BufReader<TcpStream>,
}

impl Connection {
    fn open(addr: SocketAddr) -> Result<Self> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        Ok(Self { stream: BufReader::new(stream) })
    }

    /// `POST path` with `body`: the status and the body.
    fn send(&mut self, path: &str, body: &str) -> Result<(u16, String)> {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        let stream = self.stream.get_mut();
        stream.write_all(head.as_bytes())?;
        stream.write_all(body.as_bytes())?;
        let mut line = String::new();
        self.stream.read_line(&mut line)?;
        let status = line.split(' ').nth(1).and_then(|s| s.parse().ok()).context("no status line")?;
        let mut length = 0;
        loop {
            line.clear();
            self.stream.read_line(&mut line)?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse()?;
            }
        }
        let mut reply = vec![0; length];
        self.stream.read_exact(&mut reply)?;
        Ok((status, String::from_utf8(reply)?))
    }
}
