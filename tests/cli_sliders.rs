//! What speed-sliders ask of godtab: every optimal solution
//! (`solve --all-optimal`), from every kind of table alike, and a solution
//! analysed move by move (`analyse`).

use std::path::Path;

use serde_json::Value;

use crate::common::{godtab, stderr, stdout};

/// Writes `spec` into `dir` and generates its table with `options`.
fn generate(dir: &Path, name: &str, spec: &str, options: &[&str]) -> String {
    let spec_path = dir.join(format!("{name}.toml"));
    std::fs::write(&spec_path, spec).unwrap();
    let out_path = dir.join(format!("{name}.gtab")).to_string_lossy().into_owned();
    let mut args = vec!["gen", "--spec", spec_path.to_str().unwrap(), "-o", &out_path];
    args.extend_from_slice(options);
    let out = godtab(&args, b"");
    assert!(out.status.success(), "{}", stderr(&out));
    out_path
}

const EIGHT: &str = "name = \"eight-puzzle\"\nkind = \"sliding\"\nrows = 3\ncols = 3\n";

/// `solve --all-optimal --json` of `states`, one object per state.
fn all_optimal(table: Option<&str>, states: &[&str], limit: &str) -> Vec<Value> {
    let mut args = vec!["solve", "--all-optimal", "--json", "--limit", limit];
    match table {
        Some(path) => args.extend(["--table", path]),
        None => args.push("eight-puzzle"),
    }
    args.extend_from_slice(states);
    let out = godtab(&args, b"");
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out).lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

#[test]
fn every_kind_of_table_lists_the_same_optimal_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let compact = generate(dir.path(), "compact", EIGHT, &["--compact"]);
    let parity = generate(dir.path(), "parity", EIGHT, &["--encoding", "parity"]);
    let patterns = format!("{EIGHT}patterns = [[1, 2, 3, 4], [5, 6, 7, 8]]\n");
    let patterns = generate(dir.path(), "patterns", &patterns, &[]);

    let out = godtab(&["random", "eight-puzzle", "--count", "25", "--seed", "7"], b"");
    let mut states: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    states.extend(["8 6 7 2 5 4 3 x 1".to_string(), "1 2 3 4 5 6 7 8 x".to_string()]);
    let states: Vec<&str> = states.iter().map(String::as_str).collect();

    let full = all_optimal(None, &states, "100000");
    for answer in &full {
        let count = answer["count"].as_u64().unwrap();
        let solutions = answer["solutions"].as_array().unwrap();
        assert_eq!(solutions.len() as u64, count, "{answer}");
        assert_eq!(solutions[0], answer["moves"], "the first is the canonical answer");
        let distance = answer["distance"].as_u64().unwrap() as usize;
        assert!(solutions.iter().all(|s| s.as_array().unwrap().len() == distance));
        // Distinct, in declared order (u d l r), each solving the state.
        let order = |s: &Value| -> Vec<usize> {
            s.as_array().unwrap().iter().map(|m| "udlr".find(m.as_str().unwrap()).unwrap()).collect()
        };
        assert!(solutions.windows(2).all(|w| order(&w[0]) < order(&w[1])), "{answer}");
        for solution in solutions.iter().take(20) {
            let moves: Vec<&str> = solution.as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
            let state = answer["state"].as_str().unwrap();
            let out = godtab(&["analyse", "eight-puzzle", state, &moves.concat(), "--json"], b"");
            let analysis: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
            assert_eq!((analysis["solved"].as_bool(), analysis["excess"].as_u64()), (Some(true), Some(0)));
        }
    }
    assert_eq!(full[25]["count"], 40, "the first of the two 31-move states");
    assert_eq!(full[26]["count"], 1, "the goal: one empty solution");
    for table in [&compact, &parity, &patterns] {
        assert_eq!(strip_work(all_optimal(Some(table), &states, "100000")), full, "{table}");
    }
    // A limit lists the first solutions and still counts them all.
    // A pattern set analyses alike, a search per move (r is itself
    // optimal there: the l after it undoes it).
    let detour = "rl".to_string()
        + &full[25]["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect::<String>();
    for table in [&compact, &patterns] {
        let out = godtab(&["analyse", "--table", table, states[25], &detour], b"");
        assert!(
            stdout(&out).starts_with("8 6 7 2 5 4 3 x 1: 33 moves, optimal 31: +2; move 2 lost ground\n"),
            "{}",
            stdout(&out)
        );
    }
    for table in [&compact, &patterns] {
        let few = strip_work(all_optimal(Some(table), &states[25..26], "3"));
        assert_eq!(few[0]["count"], 40);
        assert_eq!(few[0]["solutions"].as_array().unwrap()[..], full[25]["solutions"].as_array().unwrap()[..3]);
    }

    let out = godtab(&["solve", "eight-puzzle", "8 6 7 2 5 4 3 x 1", "--all-optimal", "--limit", "2"], b"");
    let text = stdout(&out);
    assert!(text.starts_with("8 6 7 2 5 4 3 x 1: 31 moves, 40 optimal solutions\n  u u l d d r r"), "{text}");
    assert!(text.ends_with("  ... and 38 more (--limit N lists more)\n"), "{text}");
    assert_eq!(text.lines().count(), 4);
}

/// The answers without what a pattern set's search cost.
fn strip_work(answers: Vec<Value>) -> Vec<Value> {
    let mut answers = answers;
    for answer in &mut answers {
        let object = answer.as_object_mut().unwrap();
        for key in ["nodes", "generated", "seconds"] {
            object.remove(key);
        }
    }
    answers
}

#[test]
fn analyse_finds_the_moves_that_lost_ground() {
    // The canonical solution of a 19-move state, with a detour of two
    // moves (r undoing the third move's l, then l again) after its third.
    let state = "2 3 4 1 5 x 7 6 8";
    let optimal = "ulldd rurdl lurdr uldr".replace(' ', "");
    let detour = format!("{}rl{}", &optimal[..3], &optimal[3..]);
    let out = godtab(&["analyse", "eight-puzzle", state, &detour], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().next(), Some("2 3 4 1 5 x 7 6 8: 21 moves, optimal 19: +2; move 4 lost ground"), "{text}");
    assert!(text.contains("    4. r   16 -> 17   lost ground (+2)\n    5. l   17 -> 16   optimal\n"), "{text}");

    let out = godtab(&["analyse", "eight-puzzle", state, "--solution", &detour, "--json"], b"");
    let analysis: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(analysis["length"], 21);
    assert_eq!(analysis["optimal"], 19);
    assert_eq!(analysis["excess"], 2);
    let moves = analysis["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 21);
    assert_eq!(moves[3], serde_json::json!({"move": "r", "before": 16, "after": 17, "optimal": false}));
    assert!(moves.iter().enumerate().all(|(i, m)| m["optimal"] == (i != 3)));
    // Each move starts where the one before ended, and the last at the goal.
    assert_eq!(moves[0]["before"], 19);
    assert!(moves.windows(2).all(|w| w[0]["after"] == w[1]["before"]));
    assert_eq!(moves[20]["after"], 0);

    // A solution that stops short, and one through a wall.
    let out = godtab(&["analyse", "eight-puzzle", state, &optimal[..5]], b"");
    assert!(
        stdout(&out).starts_with(&format!("{state}: 5 moves, optimal 19: does not solve it (ends 14 from the goal)\n"))
    );
    let out = godtab(&["analyse", "eight-puzzle", state, "ur"], b"");
    assert!(!out.status.success());
    assert_eq!(stderr(&out), "godtab: error: move 2 (r) cannot be made there\n");
    let out = godtab(&["analyse", "eight-puzzle", state, "ulq"], b"");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("column 3: \"q\" is not a move of this puzzle (its moves: u d l r)"),
        "{}",
        stderr(&out)
    );
}

/// `info --json` of the table at `path`.
fn info(path: &str) -> Value {
    let out = godtab(&["info", "--table", path, "--json"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_multi_tile_metric_from_gen_to_analyse() {
    let dir = tempfile::tempdir().unwrap();
    let full = generate(dir.path(), "mtm", EIGHT, &["--metric", "multi"]);
    let compact = generate(dir.path(), "mtm-compact", EIGHT, &["--metric", "multi", "--compact"]);
    let keyed = generate(dir.path(), "keyed", &format!("{EIGHT}metric = \"multi\"\n"), &[]);
    assert_eq!(std::fs::read(&keyed).unwrap(), std::fs::read(&full).unwrap(), "the spec key is the flag");

    let described = info(&full);
    assert_eq!(described["metric"], "multi");
    assert_eq!(described["max_depth"], 24, "the published God's number of the 3x3 board in MTM");
    assert_eq!(described["moves"], serde_json::json!(["u", "u2", "d", "d2", "l", "l2", "r", "r2"]));
    assert_eq!(info(&compact)["histogram"], described["histogram"]);
    let builtin: Value = serde_json::from_slice(&godtab(&["info", "eight-puzzle", "--json"], b"").stdout).unwrap();
    assert_eq!(builtin["metric"], "single");
    let text = godtab(&["info", "--table", &full], b"");
    assert!(stdout(&text).contains("board         3x3 sliding puzzle, multi-tile metric\n"), "{}", stdout(&text));
    let out = godtab(&["verify", &full, &compact], b"");
    assert!(out.status.success(), "{}", stderr(&out));

    // A line of two tiles slides in one move.
    let out = godtab(&["solve", "--table", &full, "1 2 3 4 5 6 x 7 8", "1 2 x 4 5 3 7 8 6"], b"");
    assert_eq!(stdout(&out), "1 2 3 4 5 6 x 7 8: 1 move: r2\n1 2 x 4 5 3 7 8 6: 1 move: d2\n");

    // Both encodings give the same answers, each as short as the distance
    // and accepted by the checker.
    let random = godtab(&["random", "--table", &full, "--count", "200", "--seed", "11"], b"");
    let cases = dir.path().join("cases.txt");
    std::fs::write(&cases, &random.stdout).unwrap();
    let judged = godtab(&["judge", "--table", &full], &random.stdout);
    assert!(judged.status.success(), "{}", stderr(&judged));
    assert_eq!(stdout(&godtab(&["judge", "--table", &compact], &random.stdout)), stdout(&judged));
    let answers = dir.path().join("answers.txt");
    std::fs::write(&answers, &judged.stdout).unwrap();
    let checked = godtab(&["check", "--table", &full, cases.to_str().unwrap(), answers.to_str().unwrap()], b"");
    assert!(checked.status.success(), "{}{}", stdout(&checked), stderr(&checked));

    // Every optimal solution, each solving the state in as many moves.
    let state = "8 6 7 2 5 4 3 x 1";
    let listed = all_optimal(Some(&full), &[state], "1000");
    assert_eq!((listed[0]["distance"].as_u64(), listed[0]["count"].as_u64()), (Some(20), Some(2)));
    assert_eq!(strip_work(all_optimal(Some(&compact), &[state], "1000")), listed);
    for solution in listed[0]["solutions"].as_array().unwrap() {
        let moves: Vec<&str> = solution.as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        assert_eq!(moves.len(), 20);
        let out = godtab(&["analyse", "--table", &full, state, &moves.join(" "), "--json"], b"");
        let analysis: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!((analysis["solved"].as_bool(), analysis["excess"].as_u64()), (Some(true), Some(0)));
    }
    // Two moves that undo each other cost two; names may run together.
    let first: Vec<&str> = listed[0]["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let detour = format!("ud{}", first.concat());
    let out = godtab(&["analyse", "--table", &compact, state, &detour], b"");
    let text = stdout(&out);
    assert!(text.starts_with(&format!("{state}: 22 moves, optimal 20: +2; move 2 lost ground\n")), "{text}");

    // Tables that cannot hold this metric say why.
    let spec = dir.path().join("eight.toml");
    std::fs::write(&spec, EIGHT).unwrap();
    let parity = dir.path().join("parity.gtab");
    let out = godtab(
        &[
            "gen",
            "--spec",
            spec.to_str().unwrap(),
            "--metric",
            "multi",
            "--encoding",
            "parity",
            "-o",
            parity.to_str().unwrap(),
        ],
        b"",
    );
    assert!(!out.status.success());
    assert_eq!(
        stderr(&out),
        "godtab: error: the parity encoding needs every move to change the distance's parity, and a multi-tile move \
         of two cells keeps the blank's colour: generate a compact or full table (--encoding compact or full)\n"
    );
    assert!(!parity.exists());

    // A pattern set in MTM: its patterns hold the blank, its bound is the
    // largest entry, and IDA* gives the complete table's answers, its
    // optimal solutions and its analysis.
    let spec = format!("{EIGHT}metric = \"multi\"\npatterns = [[1, 2, 3, 4], [5, 6, 7, 8]]\n");
    let set = generate(dir.path(), "mtm-patterns", &spec, &[]);
    let described = info(&set);
    assert_eq!((described["metric"].as_str(), described["combine"].as_str()), (Some("multi"), Some("max")));
    assert_eq!(described["patterns"][0]["tiles"], serde_json::json!([1, 2, 3, 4, 0]));
    let text = stdout(&godtab(&["info", "--table", &set], b"")).to_string();
    assert!(text.contains("(3x3 sliding board, multi-tile metric), pattern set\n"), "{text}");
    assert!(text.contains("pattern 0: tiles 1 2 3 4 x: 15,120 entries"), "{text}");
    assert_eq!(stdout(&godtab(&["judge", "--table", &set], &random.stdout)), stdout(&judged));
    assert_eq!(strip_work(all_optimal(Some(&set), &[state], "1000")), listed);
    let out = godtab(&["analyse", "--table", &set, state, &detour], b"");
    assert!(stdout(&out).starts_with(&format!("{state}: 22 moves, optimal 20: +2; move 2 lost ground\n")));
}
