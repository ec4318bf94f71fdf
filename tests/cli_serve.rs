//! `godtab serve` as a process on loopback: its tables opened (and
//! refused) before it listens, its answers the same as `godtab solve
//! --json`'s under 16 concurrent clients, its memory bounded, and SIGTERM
//! and SIGINT ending it with status 0 at once.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, ExitStatus};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::{godtab, spawn, stderr, stdout};

/// A running `godtab serve`.
pub struct Server {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its standard error after the line that says where it listens.
    lines: mpsc::Receiver<String>,
    /// Its standard error up to that line.
    pub heading: String,
}

impl Server {
    /// `godtab serve --addr 127.0.0.1:0 ARGS`, once it listens.
    pub fn start(args: &[&str]) -> Self {
        let mut all = vec!["serve", "--addr", "127.0.0.1:0"];
        all.extend_from_slice(args);
        let mut child = spawn(&all);
        let (sender, lines) = mpsc::channel();
        let errors = BufReader::new(child.stderr.take().expect("stderr is piped"));
        std::thread::spawn(move || {
            for line in errors.lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        // Killed and waited for on drop, also if it never listens.
        let mut server = Self { child, addr: SocketAddr::from(([0, 0, 0, 0], 0)), lines, heading: String::new() };
        loop {
            let Ok(line) = server.lines.recv_timeout(Duration::from_secs(60)) else {
                panic!("godtab serve did not listen: {}", server.heading)
            };
            server.heading.push_str(&line);
            server.heading.push('\n');
            if let Some(rest) = line.strip_prefix("godtab serve: listening on http://") {
                server.addr = rest.split('/').next().unwrap().parse().unwrap();
                return server;
            }
        }
    }

    /// The process's id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends `signal` (`TERM`, `INT`) and waits at most `within` for the
    /// process to end: its status and how long it took.
    pub fn stop(mut self, signal: &str, within: Duration) -> (ExitStatus, Duration, String) {
        let sent = Instant::now();
        let killed = std::process::Command::new("kill").arg(format!("-{signal}")).arg(self.pid().to_string()).status();
        assert!(killed.unwrap().success());
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let rest: Vec<String> = self.lines.try_iter().collect();
                return (status, sent.elapsed(), rest.join("\n"));
            }
            if sent.elapsed() > within {
                let _ = self.child.kill();
                panic!("godtab serve still ran {within:?} after SIG{signal}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Its resident memory, in KiB.
    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).expect("VmRSS in /proc/PID/status");
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 connection, kept alive between requests.
pub struct Connection {
    stream: BufReader<TcpStream>,
}

impl Connection {
    /// A connection to `addr`.
    pub fn open(addr: SocketAddr) -> Self {
        let stream = TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        Self { stream: BufReader::new(stream) }
    }

    /// `METHOD path` with `body`: the status and the body.
    pub fn send(&mut self, method: &str, path: &str, body: &str) -> (u16, String) {
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        self.stream.get_mut().write_all(request.as_bytes()).unwrap();
        let mut status_line = String::new();
        self.stream.read_line(&mut status_line).unwrap();
        let status = status_line.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
        let mut length = 0;
        loop {
            let mut line = String::new();
            self.stream.read_line(&mut line).unwrap();
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap();
            }
        }
        let mut body = vec![0; length];
        self.stream.read_exact(&mut body).unwrap();
        (status, String::from_utf8(body).unwrap())
    }
}

/// The built-in tables, as `godtab serve` names them.
const BUILT_IN: [&str; 13] = [
    "nine-digits",
    "nine-puzzle",
    "eight-puzzle",
    "eight-two-0",
    "eight-two-1",
    "eight-two-2",
    "eight-two-3",
    "eight-two-4",
    "eight-two-5",
    "eight-two-6",
    "eight-two-7",
    "eight-two-8",
    "cube-3x3x3",
];

#[test]
fn serve_lists_every_built_in_table_and_answers_as_solve_json_does_then_stops_on_sigterm() {
    let server = Server::start(&["--workers", "2"]);
    assert!(server.heading.contains("godtab serve: 13 tables: nine-digits, nine-puzzle, eight-puzzle, eight-two-0,"));
    let mut connection = Connection::open(server.addr);
    let (status, listing) = connection.send("GET", "/v1/tables", "");
    assert_eq!(status, 200);
    let listing: Value = serde_json::from_str(&listing).unwrap();
    let names: Vec<&str> = listing.as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, BUILT_IN);
    // `godtab info`'s numbers.
    let info: Value = serde_json::from_slice(&godtab(&["info", "nine-puzzle", "--json"], b"").stdout).unwrap();
    assert_eq!(listing[1]["states"], info["reachable"].to_string());
    assert_eq!(listing[1]["gods_number"], info["max_depth"]);
    for (table, key, text) in [
        ("eight-puzzle", "state", "2 3 4 1 5 x 7 6 8"),
        ("eight-puzzle", "state", "1 2 3 4 5 6 8 7 x"),
        ("eight-two-3", "state", "1 2 3 x 4 6 7 5 8"),
        ("nine-digits", "scramble", "A B C D"),
        ("cube-3x3x3", "scramble", "R U F' D2 L B'"),
        ("cube-3x3x3", "facelets", "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB"),
    ] {
        let (status, body) = connection.send("POST", "/v1/solve", &json!({"table": table, key: text}).to_string());
        assert_eq!(status, 200, "{body}");
        let flag = format!("--{key}");
        let args: Vec<&str> =
            if key == "state" { vec!["solve", table, text] } else { vec!["solve", table, &flag, text] };
        let cli = godtab(&[&args[..], &["--json"]].concat(), b"");
        assert_eq!(body.trim(), stdout(&cli).trim(), "{table} {key} {text}");
    }
    let (status, time, rest) = server.stop("TERM", Duration::from_secs(3));
    assert_eq!(status.code(), Some(0), "{rest}");
    assert!(time < Duration::from_secs(3), "{time:?}");
    assert!(rest.contains("godtab serve: stopped"), "{rest}");
}

#[test]
fn sigint_stops_the_server_with_a_search_under_way() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("fifteen-slow.gtab");
    let spec = dir.path().join("fifteen-slow.toml");
    // The 15-puzzle by the Manhattan distance (each tile a pattern): a far
    // state takes a search of many millions of nodes.
    let singles: Vec<String> = (1..=15).map(|tile| format!("[{tile}]")).collect();
    let text = format!(
        "name = \"fifteen-slow\"\nkind = \"sliding\"\nrows = 4\ncols = 4\npatterns = [{}]\n",
        singles.join(", ")
    );
    std::fs::write(&spec, text).unwrap();
    let made = godtab(&["gen", "--spec", spec.to_str().unwrap(), "-o", set.to_str().unwrap()], b"");
    assert!(made.status.success(), "{}", stderr(&made));
    let server = Server::start(&["--table", set.to_str().unwrap(), "--max-nodes", "4000000000", "--time-limit", "60"]);
    let addr = server.addr;
    let asking = std::thread::spawn(move || {
        // Korf's first instance, two tiles swapped to reach this goal.
        let body = json!({"table": "fifteen-slow", "state": "13 14 15 7 11 12 9 5 6 x 2 1 4 8 10 3"}).to_string();
        let stream = TcpStream::connect(addr).unwrap();
        let mut connection = Connection { stream: BufReader::new(stream) };
        // The answer, or the connection closed as the server stops.
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| connection.send("POST", "/v1/solve", &body))).ok()
    });
    std::thread::sleep(Duration::from_millis(300));
    let (status, time, rest) = server.stop("INT", Duration::from_secs(3));
    assert_eq!(status.code(), Some(0), "{rest}");
    assert!(time < Duration::from_secs(3), "{time:?}");
    // The search was cut off: the connection closed without an answer.
    assert_eq!(asking.join().unwrap(), None);
}

#[test]
fn tables_are_opened_and_refused_before_the_server_listens() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    for file in ["a.gtab", "b.gtab"] {
        assert!(godtab(&["gen", "nine-digits", "-o", &path(file)], b"").status.success());
    }
    let refused = |args: &[&str], error: &str| {
        let out = godtab(&[&["serve", "--addr", "127.0.0.1:0"], args].concat(), b"");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(!stderr(&out).contains("listening"), "{}", stderr(&out));
        assert!(stderr(&out).contains(error), "{args:?}: {}", stderr(&out));
    };
    refused(&["--table", &path("a.gtab"), "--table", &path("b.gtab")], "two tables of nine-digits: ");
    refused(&["--table", &path("missing.gtab")], "missing.gtab");
    std::fs::write(path("damaged.gtab"), b"GODTAB but not a table").unwrap();
    refused(&["--table", &path("damaged.gtab")], "damaged.gtab");
    std::fs::create_dir(path("empty")).unwrap();
    refused(&["--tables", &path("empty")], "no NAME.gtab or NAME.gtab.zst in this folder");
    refused(&["--tables", &path("nowhere")], "nowhere");
    // A folder's table beside the same puzzle's --table: two of one name.
    refused(&["--tables", dir.path().to_str().unwrap()], "two tables of nine-digits");
    // A port already taken.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = godtab(&["serve", "--addr", &addr], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(&format!("cannot listen on {addr}")), "{}", stderr(&out));
    // Usage errors, as clap reports them.
    for bad in [&["--workers", "0"][..], &["--time-limit", "-1"], &["--addr", "localhost"], &["--max-nodes", "x"]] {
        let out = godtab(&[&["serve"], bad].concat(), b"");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    // A table given is served instead of the built-in table of its puzzle.
    let server = Server::start(&["--table", &path("a.gtab")]);
    assert!(server.heading.contains(&format!("nine-digits: {}, instead of the built-in table", path("a.gtab"))));
    assert!(server.heading.contains(&format!("nine-digits ({})", path("a.gtab"))));
    let (status, time, _) = server.stop("TERM", Duration::from_secs(3));
    assert!(status.success() && time < Duration::from_secs(3));
}

/// A seeded spread of states of `puzzle` (nine tiles, `x` the blank where
/// it has one), solvable or not.
fn shuffled(tiles: &[&str], count: usize, seed: u64) -> Vec<String> {
    let mut rng = seed;
    (0..count)
        .map(|_| {
            let mut tiles = tiles.to_vec();
            for i in (1..tiles.len()).rev() {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                tiles.swap(i, (rng >> 33) as usize % (i + 1));
            }
            tiles.join(" ")
        })
        .collect()
}

/// How long the load test runs: 10 s where CI asks for the slow tests.
fn load_time() -> Duration {
    if std::env::var_os("GODTAB_SLOW_TESTS").is_some() { Duration::from_secs(10) } else { Duration::from_secs(1) }
}

#[test]
fn sixteen_concurrent_clients_get_the_clis_answers_and_memory_stays_bounded() {
    // The questions, each with `godtab solve --json`'s answer.
    let mut cases: Vec<(String, String)> = Vec::new();
    let digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let eight = ["1", "2", "3", "4", "5", "6", "7", "8", "x"];
    for (table, tiles, seed) in [("nine-digits", digits, 1), ("nine-puzzle", digits, 2), ("eight-puzzle", eight, 3)] {
        let states = shuffled(&tiles, 60, seed);
        let args: Vec<&str> = ["solve", table, "--json"].into_iter().chain(states.iter().map(String::as_str)).collect();
        let out = godtab(&args, b"");
        let lines: Vec<&str> = stdout(&out).lines().collect();
        assert_eq!(lines.len(), states.len());
        for (state, line) in states.iter().zip(lines) {
            cases.push((json!({"table": table, "state": state}).to_string(), line.to_string()));
        }
    }
    let faces = ["U", "R", "F", "D", "L", "B"];
    let mut rng = 7u64;
    for _ in 0..20 {
        let scramble: Vec<String> = (0..20)
            .map(|_| {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let face = faces[(rng >> 33) as usize % 6];
                [face.to_string(), format!("{face}'"), format!("{face}2")][(rng >> 40) as usize % 3].clone()
            })
            .collect();
        let scramble = scramble.join(" ");
        let out = godtab(&["solve", "cube-3x3x3", "--scramble", &scramble, "--json"], b"");
        cases.push((json!({"table": "cube-3x3x3", "scramble": scramble}).to_string(), stdout(&out).trim().to_string()));
    }
    let server = Server::start(&["--workers", "2"]);
    let mut warm = Connection::open(server.addr);
    for (request, _) in &cases {
        assert_eq!(warm.send("POST", "/v1/solve", request).0, 200);
    }
    let before = server.rss_kib();
    let cases = std::sync::Arc::new(cases);
    let until = Instant::now() + load_time();
    let clients: Vec<_> = (0..16)
        .map(|client| {
            let (cases, addr) = (std::sync::Arc::clone(&cases), server.addr);
            std::thread::spawn(move || {
                let mut connection = Connection::open(addr);
                let mut asked = 0usize;
                let mut i = client * 7;
                while Instant::now() < until {
                    let (request, expected) = &cases[i % cases.len()];
                    let (status, body) = connection.send("POST", "/v1/solve", request);
                    assert_eq!((status, body.as_str()), (200, expected.as_str()), "{request}");
                    asked += 1;
                    i += 1;
                }
                asked
            })
        })
        .collect();
    let asked: usize = clients.into_iter().map(|c| c.join().expect("every answer the CLI's")).sum();
    let after = server.rss_kib();
    assert!(asked >= 16 * 10, "{asked} requests answered");
    assert!(after < before + 64 * 1024, "resident memory grew from {before} to {after} KiB over {asked} requests");
    let (status, time, _) = server.stop("TERM", Duration::from_secs(3));
    assert!(status.success() && time < Duration::from_secs(3));
}

/// An answer's JSON without what a search's work says (its nodes depend
/// on the threads it ran on, its seconds on the run).
fn without_work(text: &str) -> Value {
    let mut value: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    for key in ["nodes", "generated", "seconds"] {
        value.as_object_mut().unwrap().remove(key);
    }
    value
}

#[test]
fn orbit_pattern_sets_are_served_and_answer_as_solve_does_from_them() {
    let dir = tempfile::tempdir().unwrap();
    let set = |name: &str, file: &str, patterns: &str| {
        let definition = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puzzles").join(file);
        let spec = dir.path().join(format!("{name}.toml"));
        std::fs::write(&spec, format!("definition = {:?}\n{patterns}", definition.to_str().unwrap())).unwrap();
        let table = dir.path().join(format!("{name}.gtab")).to_str().unwrap().to_string();
        let out = godtab(&["gen", "--spec", spec.to_str().unwrap(), "-o", &table], b"");
        assert!(out.status.success(), "{}", stderr(&out));
        table
    };
    // The cube's two halves (a small set), and the pocket cube's corner
    // twists.
    let cube = set(
        "cube",
        "cube-3x3x3.tws",
        "[[patterns]]\nCORNERS = { groups = [[1, 2, 3, 4]], oriented = true }\n\
         [[patterns]]\nEDGES = { groups = [[9, 10, 11, 12]], oriented = true }\n",
    );
    let pocket = set("pocket", "cube-2x2x2.tws", "[[patterns]]\nCORNERS = \"orientation\"\n");
    let server = Server::start(&["--table", &cube, "--table", &pocket]);
    assert!(
        server.heading.contains(&format!("cube-3x3x3: {cube}, instead of the built-in table")),
        "{}",
        server.heading
    );
    let mut connection = Connection::open(server.addr);
    let listing: Value = serde_json::from_str(&connection.send("GET", "/v1/tables", "").1).unwrap();
    let listed = |name: &str| listing.as_array().unwrap().iter().find(|t| t["name"] == name).unwrap().clone();
    assert_eq!(
        (&listed("cube-3x3x3")["kind"], &listed("cube-3x3x3")["facelets"]),
        (&json!("orbit patterns"), &json!(true))
    );
    assert_eq!(
        (&listed("cube-2x2x2")["kind"], &listed("cube-2x2x2")["facelets"]),
        (&json!("orbit patterns"), &json!(false))
    );
    assert_eq!(listed("cube-2x2x2")["states"], "3674160");
    for (table, file, key, text) in [
        ("cube-3x3x3", &cube, "scramble", "R U F' D2"),
        ("cube-3x3x3", &cube, "facelets", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"),
        ("cube-2x2x2", &pocket, "scramble", "R U F' R2 U'"),
        ("cube-2x2x2", &pocket, "state", "CORNERS 2 1 3 4 5 6 7 8"),
    ] {
        let (status, body) = connection.send("POST", "/v1/solve", &json!({"table": table, key: text}).to_string());
        let cli = godtab(&["solve", "--table", file, &format!("--{key}"), text, "--json"], b"");
        let cli = if key == "state" { godtab(&["solve", "--table", file, text, "--json"], b"") } else { cli };
        assert_eq!(without_work(&body), without_work(stdout(&cli)), "{table} {key} {text}");
        assert_eq!(status, if stdout(&cli).contains("\"error\"") { 422 } else { 200 }, "{body}");
    }
    let (status, body) = connection.send("POST", "/v1/solve", r#"{"table": "cube-2x2x2", "facelets": "UUU"}"#);
    assert_eq!(status, 422, "{body}");
    let (status, time, _) = server.stop("TERM", Duration::from_secs(3));
    assert!(status.success() && time < Duration::from_secs(3));
}

#[test]
fn two_phase_tables_given_as_a_file_are_served_as_solve_answers_from_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cube-3x3x3.twophase");
    std::fs::write(&path, godtab_twophase::build_tables()).unwrap();
    let file = path.to_str().unwrap();
    let server = Server::start(&["--table", file]);
    assert!(
        server.heading.contains(&format!("cube-3x3x3: {file}, instead of the built-in table")),
        "{}",
        server.heading
    );
    let mut connection = Connection::open(server.addr);
    let (status, body) = connection.send("POST", "/v1/solve", r#"{"table": "cube-3x3x3", "scramble": "R U F' D2 L"}"#);
    assert_eq!(status, 200, "{body}");
    let cli = godtab(&["solve", "--table", file, "--scramble", "R U F' D2 L", "--json"], b"");
    assert!(cli.status.success(), "{}", stderr(&cli));
    let served: Value = serde_json::from_str(&body).unwrap();
    let solved: Value = serde_json::from_str(stdout(&cli).trim()).unwrap();
    assert_eq!(served, solved);
    assert_eq!(served["length"], 5);
}
