//! `cargo xtask bench cube`: the Rubik's cube solved optimally. Generates
//! the default table of data/puzzles/cube-3x3x3.tws (timed, with its peak
//! memory), then solves the positions of data/bench/cube-3x3x3.txt group
//! by group (16, 17 and 18 moves, then the superflip), each group in one
//! `godtab solve --json` run, and checks that every answer has the length
//! the file records. It reports per group the mean, median and largest
//! time, the nodes per position and per second, beside the published
//! figures of other optimal solvers.
//!
//! `cargo xtask bench cube-positions` writes that file: uniformly random
//! positions (seeded) solved until 25 of 17 and 25 of 18 moves are found,
//! and the ends of random 16-move canonical scrambles whose optimum is 16
//! (a uniformly random position is 16 moves from solved too rarely).
//!
//! With `GODTAB_BENCH_REUSE=1` in the environment a table already in
//! `target/bench-cube/` is reused (generating it takes about 20 minutes).
//! `--max-memory SIZE` measures the table godtab plans within that budget
//! instead (how the times scale with the table's size), `--lengths` picks
//! the groups.
//!
//! With `VCUBE=path/to/vc-optimal` (vcube, Voltara's optimal solver, built
//! beside godtab with its 112 table generated in its folder: the same
//! table as godtab's default), each group is also solved, right after
//! godtab's run, by godtab on one thread and by vcube on one worker, each
//! position given to vcube as the inverse of godtab's answer; the lengths
//! must agree. It reports both means and the ratio of their times per
//! position (best and median).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail, ensure};

use crate::godtab::Godtab;
use crate::measure::{self, Run};

/// Positions per group.
const PER_GROUP: usize = 25;
/// The seed of the random positions and scrambles.
const SEED: u64 = 2026;
/// The superflip: every edge flipped in place, 20 moves from solved.
const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

/// Seconds per position of other optimal solvers (one thread, AMD Ryzen 7
/// 7700, nissy-core's published benchmarks) at 17, 18 and 19 moves.
const ANCHORS: [(&str, [f64; 3]); 4] = [
    ("vcube 112 (2.4 GiB, the same table as godtab's default)", [0.96, 9.29, 40.5]),
    ("H48 h7 (3.5 GiB)", [0.63, 4.85, 23.25]),
    ("vcube 308 (21.2 GiB)", [0.17, 1.02, 6.20]),
    ("H48 h11 (56.5 GiB)", [0.09, 0.50, 2.24]),
];

fn dir() -> PathBuf {
    crate::workspace_root().join("target/bench-cube")
}

fn positions_file() -> PathBuf {
    crate::workspace_root().join("data/bench/cube-3x3x3.txt")
}

/// The default table (or the one planned within `max_memory`), generated
/// unless reused; a line about its making.
fn table(godtab: &Godtab, max_memory: Option<&str>) -> Result<(PathBuf, String)> {
    let dir = dir();
    std::fs::create_dir_all(&dir)?;
    let name = max_memory.map_or_else(|| "cube-3x3x3.gtab".to_string(), |m| format!("cube-3x3x3-{m}.gtab"));
    let table = dir.join(&name);
    let reuse = std::env::var_os("GODTAB_BENCH_REUSE").is_some_and(|v| v == "1");
    if reuse && table.exists() {
        return Ok((table, format!("table: reused target/bench-cube/{name}\n")));
    }
    let extra: Vec<&str> = max_memory.map(|m| vec!["--max-memory", m]).unwrap_or_default();
    let run = godtab.gen_spec("cube-3x3x3.tws", &table, &extra)?;
    let size = std::fs::metadata(&table)?.len();
    let line = format!(
        "generate the table {name}: {:.0} s wall, peak RSS {:.2} GiB, {:.2} GiB on disk\n",
        run.wall.as_secs_f64(),
        run.max_rss_kib as f64 / (1 << 20) as f64,
        size as f64 / f64::from(1 << 30)
    );
    print!("{line}");
    Ok((table, line))
}

/// One answer of `solve --json`.
struct Answer {
    state: String,
    distance: Option<usize>,
    moves: Vec<String>,
    nodes: u64,
    seconds: f64,
}

/// Solves `states` (each `--facelets` or `--scramble` with its text) in one
/// run; the answers in order, and the run's wall time and memory.
fn solve(godtab: &Godtab, table: &Path, flag: &str, states: &[String]) -> Result<(Vec<Answer>, Run)> {
    solve_on(godtab, table, flag, states, None)
}

/// [`solve`] on `threads` threads (default: every core).
fn solve_on(
    godtab: &Godtab,
    table: &Path,
    flag: &str,
    states: &[String],
    threads: Option<&str>,
) -> Result<(Vec<Answer>, Run)> {
    let out = dir().join("answers.json");
    let table = table.to_string_lossy();
    let mut args = vec!["solve", "--json", "--table", &table];
    if let Some(threads) = threads {
        args.extend(["--threads", threads]);
    }
    for state in states {
        args.push(flag);
        args.push(state);
    }
    let run = measure::run(godtab.path(), &args, None, Some(&out))?;
    let text = std::fs::read_to_string(&out)?;
    let mut answers = Vec::new();
    for line in text.lines() {
        let answer: serde_json::Value = serde_json::from_str(line).context("a line of solve --json")?;
        answers.push(Answer {
            state: answer["state"].as_str().unwrap_or_default().to_string(),
            distance: answer["distance"].as_u64().map(|d| d as usize),
            moves: answer["moves"]
                .as_array()
                .map(|m| m.iter().filter_map(|m| m.as_str().map(String::from)).collect())
                .unwrap_or_default(),
            nodes: answer["nodes"].as_u64().unwrap_or(0),
            seconds: answer["seconds"].as_f64().unwrap_or(0.0),
        });
    }
    ensure!(answers.len() == states.len(), "{} answers to {} positions", answers.len(), states.len());
    Ok((answers, run))
}

/// The positions of the file, by optimal length (`label`, length, facelets).
fn read_positions() -> Result<BTreeMap<usize, Vec<(String, String)>>> {
    let path = positions_file();
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("{}: run cargo xtask bench cube-positions", path.display()))?;
    let mut groups: BTreeMap<usize, Vec<(String, String)>> = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let (length, label, facelets) = match words.as_slice() {
            [length, facelets] => (length, "", facelets),
            [length, label, facelets] => (length, *label, facelets),
            _ => bail!("{}:{}: expected LENGTH [LABEL] FACELETS", path.display(), n + 1),
        };
        let length: usize = length.parse().with_context(|| format!("{}:{}: a length", path.display(), n + 1))?;
        groups.entry(length).or_default().push((label.to_string(), (*facelets).to_string()));
    }
    Ok(groups)
}

pub fn run(max_memory: Option<&str>, lengths: &[usize]) -> Result<()> {
    let godtab = Godtab::build()?;
    let mut groups = read_positions()?;
    if !lengths.is_empty() {
        groups.retain(|length, _| lengths.contains(length));
        ensure!(!groups.is_empty(), "the positions file has none of the lengths {lengths:?}");
    }
    let vcube = std::env::var_os("VCUBE").map(PathBuf::from);
    let (table, mut report) = table(&godtab, max_memory)?;
    let mut means = BTreeMap::new();
    for (length, positions) in &groups {
        let states: Vec<String> = positions.iter().map(|(_, f)| f.clone()).collect();
        let (answers, run) = solve(&godtab, &table, "--facelets", &states)?;
        for (answer, (label, facelets)) in answers.iter().zip(positions) {
            ensure!(
                answer.distance == Some(*length),
                "{facelets}{}: the file says {length} moves, godtab answered {:?}",
                if label.is_empty() { String::new() } else { format!(" ({label})") },
                answer.distance
            );
        }
        let mut seconds: Vec<f64> = answers.iter().map(|a| a.seconds).collect();
        seconds.sort_by(f64::total_cmp);
        let n = answers.len() as f64;
        let total: f64 = seconds.iter().sum();
        let nodes: u64 = answers.iter().map(|a| a.nodes).sum();
        let mean = total / n;
        means.insert(*length, mean);
        let names: Vec<&str> = positions.iter().map(|(l, _)| l.as_str()).filter(|l| !l.is_empty()).collect();
        let line = format!(
            "{length} moves{}: {} position{}, mean {mean:.3} s, median {:.3} s, largest {:.3} s; \
             {:.2} M nodes per position, {:.2} M nodes/s; peak RSS {:.2} GiB, {:.0} s wall\n",
            if names.is_empty() { String::new() } else { format!(" ({})", names.join(", ")) },
            answers.len(),
            if answers.len() == 1 { "" } else { "s" },
            seconds[seconds.len() / 2],
            seconds[seconds.len() - 1],
            nodes as f64 / n / 1e6,
            nodes as f64 / total / 1e6,
            run.max_rss_kib as f64 / (1 << 20) as f64,
            run.wall.as_secs_f64(),
        );
        print!("{line}");
        report.push_str(&line);
        if let Some(vcube) = &vcube {
            let line = beside_vcube(&godtab, &table, vcube, &states, *length)?;
            print!("{line}");
            report.push_str(&line);
        }
    }
    let mut anchors = String::from("published, one thread of a Ryzen 7 7700 (17 / 18 / 19 moves):\n");
    for (name, [a, b, c]) in ANCHORS {
        let _ = writeln!(anchors, "  {name}: {a} / {b} / {c} s");
    }
    let ours: Vec<String> =
        [17, 18].iter().filter_map(|l| means.get(l).map(|m| format!("{l} moves {m:.2} s"))).collect();
    let _ = writeln!(anchors, "targets: 17 moves <= 1 s mean, 18 moves <= 10 s mean; here: {}", ours.join(", "));
    print!("{anchors}");
    report.push_str(&anchors);
    std::fs::write(dir().join("report.txt"), &report)?;
    println!("(report in target/bench-cube/report.txt)");
    Ok(())
}

/// The positions `states` (of optimal length `length`) solved by godtab on
/// one thread, then by vcube on one worker (each as the inverse of
/// godtab's answer); a line comparing the two.
fn beside_vcube(godtab: &Godtab, table: &Path, vcube: &Path, states: &[String], length: usize) -> Result<String> {
    let (ours, _) = solve_on(godtab, table, "--facelets", states, Some("1"))?;
    let scrambles: String = ours.iter().map(|a| inverse(&a.moves) + "\n").collect();
    let input = dir().join("vcube-input.txt");
    std::fs::write(&input, scrambles)?;
    let output = std::process::Command::new(vcube)
        .args(["--coord=112", "--workers=1", "--ordered"])
        .current_dir(vcube.parent().context("vcube's folder")?)
        .stdin(std::fs::File::open(&input)?)
        .output()
        .with_context(|| format!("starting {}", vcube.display()))?;
    ensure!(output.status.success(), "vcube failed: {}", String::from_utf8_lossy(&output.stderr));
    // "sequence seconds length solution" per position.
    let mut theirs = Vec::new();
    for line in String::from_utf8(output.stdout)?.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [_, seconds, moves, ..] = words.as_slice()
            && let (Ok(seconds), Ok(moves)) = (seconds.parse::<f64>(), moves.parse::<usize>())
        {
            theirs.push((seconds, moves));
        }
    }
    ensure!(theirs.len() == states.len(), "vcube answered {} of {} positions", theirs.len(), states.len());
    for (i, (_, moves)) in theirs.iter().enumerate() {
        ensure!(*moves == length, "position {}: vcube answers {moves} moves, godtab {length}", i + 1);
    }
    let mut ratios: Vec<f64> = ours.iter().zip(&theirs).map(|(a, (s, _))| a.seconds / s.max(1e-6)).collect();
    ratios.sort_by(f64::total_cmp);
    let mean = |v: &mut dyn Iterator<Item = f64>| v.sum::<f64>() / states.len() as f64;
    Ok(format!(
        "  one thread: godtab mean {:.3} s, vcube 112 mean {:.3} s (same lengths); godtab's time / vcube's \
         per position: best {:.2}, median {:.2}\n",
        mean(&mut ours.iter().map(|a| a.seconds)),
        mean(&mut theirs.iter().map(|t| t.0)),
        ratios[0],
        ratios[ratios.len() / 2],
    ))
}

/// The moves that undo `moves` (WCA notation), as one line.
fn inverse(moves: &[String]) -> String {
    let undo = |m: &String| match m.strip_suffix('\'') {
        Some(face) => face.to_string(),
        None if m.ends_with('2') => m.clone(),
        None => format!("{m}'"),
    };
    moves.iter().rev().map(undo).collect::<Vec<_>>().join(" ")
}

/// `cargo xtask bench cube-positions`: writes data/bench/cube-3x3x3.txt.
pub fn make_positions() -> Result<()> {
    let godtab = Godtab::build()?;
    let (table, _) = table(&godtab, None)?;
    let table_text = table.to_string_lossy().into_owned();
    let random = std::process::Command::new(godtab.path())
        .args(["random", "--table", &table_text, "--format", "facelets", "--count", "1000"])
        .args(["--seed", &SEED.to_string()])
        .output()?;
    ensure!(random.status.success(), "godtab random failed: {}", String::from_utf8_lossy(&random.stderr));
    let drawn: Vec<String> = String::from_utf8(random.stdout)?.lines().map(String::from).collect();
    let mut groups: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let wanted = |groups: &BTreeMap<usize, Vec<String>>, l: usize| groups.get(&l).map_or(0, Vec::len) < PER_GROUP;
    for chunk in drawn.chunks(4) {
        if !wanted(&groups, 17) && !wanted(&groups, 18) {
            break;
        }
        let (answers, _) = solve(&godtab, &table, "--facelets", chunk)?;
        for answer in answers {
            let length = answer.distance.context("a random position without an answer")?;
            eprintln!("{length} moves: {} ({:.2} s)", answer.state, answer.seconds);
            groups.entry(length).or_default().push(answer.state);
        }
    }
    ensure!(!wanted(&groups, 17) && !wanted(&groups, 18), "fewer than {PER_GROUP} positions of 17 and 18 moves");
    let drawn_count: usize = groups.values().map(Vec::len).sum();
    let mut sixteen = Vec::new();
    let mut rng = fastrand::Rng::with_seed(SEED);
    while sixteen.len() < PER_GROUP {
        let scrambles: Vec<String> = (0..8).map(|_| canonical_scramble(&mut rng, 16)).collect();
        let (answers, _) = solve(&godtab, &table, "--scramble", &scrambles)?;
        sixteen.extend(answers.into_iter().filter(|a| a.distance == Some(16)).map(|a| a.state));
    }
    sixteen.truncate(PER_GROUP);
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Positions of the 3x3x3 cube for `cargo xtask bench cube`: optimal length (half-turn metric), a label,\n\
         # then the facelet string. Written by `cargo xtask bench cube-positions` (seed {SEED}): 17 and 18 moves\n\
         # are uniformly random positions, the first {PER_GROUP} of each length among {drawn_count} drawn; 16 moves are\n\
         # the ends of random 16-move canonical scrambles whose optimum is 16."
    );
    for state in &sixteen {
        let _ = writeln!(text, "16 {state}");
    }
    for length in [17, 18] {
        for state in groups[&length].iter().take(PER_GROUP) {
            let _ = writeln!(text, "{length} {state}");
        }
    }
    let _ = writeln!(text, "20 superflip {SUPERFLIP}");
    let path = positions_file();
    std::fs::create_dir_all(path.parent().context("a folder")?)?;
    std::fs::write(&path, text)?;
    println!("wrote {}", path.display());
    Ok(())
}

/// A random canonical sequence of `length` face turns: never one face twice
/// in a row, and of two opposite faces in a row U before D, R before L, F
/// before B.
fn canonical_scramble(rng: &mut fastrand::Rng, length: usize) -> String {
    const FACES: [&str; 6] = ["U", "D", "R", "L", "F", "B"];
    const POWERS: [&str; 3] = ["", "2", "'"];
    let mut moves = Vec::new();
    let mut last: Option<usize> = None;
    while moves.len() < length {
        let face = rng.usize(..6);
        let allowed = match last {
            Some(l) if l == face => false,
            // The second of an opposite pair (odd) may not come before the first.
            Some(l) => !(l / 2 == face / 2 && face < l),
            None => true,
        };
        if allowed {
            moves.push(format!("{}{}", FACES[face], POWERS[rng.usize(..3)]));
            last = Some(face);
        }
    }
    moves.join(" ")
}
