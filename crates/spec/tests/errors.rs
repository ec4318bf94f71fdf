//! Bad spec files are refused with a message naming the key, the line and
//! the problem.

use godtab_spec::parse;

fn error(text: &str) -> String {
    parse(text).expect_err("the spec is refused").to_string()
}

/// Checks that each spec is refused with exactly its message.
fn assert_errors<T: AsRef<str>>(cases: &[(T, &str)]) {
    for (text, expected) in cases {
        let text = text.as_ref();
        assert_eq!(error(text), *expected, "for:\n{text}");
    }
}

const HEAD: &str = "name = \"p\"\nkind = \"permutation\"\nrows = 2\ncols = 2\n";

#[test]
fn messages_name_the_key_and_line() {
    assert_errors(&[
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0, 1, 4]]\n"),
            "line 7: moves[0].cycles[0]: cell 4 is outside the board (cells 0 to 3)",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0, 1], [1, 2]]\n"),
            "line 7: moves[0].cycles[1]: cell 1 appears twice",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\nmap = [0, 1, 1, 3]\n"),
            "line 7: moves[0].map[2]: cell 1 appears twice: a map is a permutation of the cells",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\nmap = [0, 1, 2]\n"),
            "line 7: moves[0].map: has 3 entries; the board has 4 cells",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\n[[moves]]\nname = \"a\"\ncycles = [[2, 3]]\n"),
            "line 9: moves[1].name: \"a\" is the name of an earlier move too",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"\"\ncycles = [[0, 1]]\n"),
            "line 6: moves[0].name: \"\": a move name is 1 to 32 bytes, without spaces or control characters",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\\u001b\"\ncycles = [[0, 1]]\n"),
            "line 6: moves[0].name: \"a\\u{1b}\": a move name is 1 to 32 bytes, without spaces or control characters",
        ),
        (format!("{HEAD}[[moves]]\nname = \"a\"\n"), "line 5: moves[0]: give either cycles or map"),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\nmap = [0, 1, 2, 3]\n"),
            "line 5: moves[0]: give either cycles or map",
        ),
        (HEAD.to_string(), "moves: a permutation puzzle needs at least one [[moves]] table"),
        (
            "name = \"p q\"\nkind = \"sliding\"\nrows = 2\ncols = 2\n".into(),
            "line 1: name: \"p q\" must be letters, digits and '-' only",
        ),
        (
            "name = \"p\"\nkind = \"sliding\"\nrows = 5\ncols = 4\n".into(),
            "line 4: cols: the board has 5x4 = 20 cells; between 2 and 16 are supported",
        ),
        ("name = \"p\"\nkind = \"sliding\"\nrows = 0\ncols = 4\n".into(), "line 3: rows: 0 is not between 1 and 16"),
        (
            "name = \"p\"\nkind = \"sliding\"\nrows = 2\ncols = 2\ngoal = [1, 2, 3]\n".into(),
            "line 5: goal: the goal has 3 values but the board has 4 cells",
        ),
        (
            "name = \"p\"\nkind = \"sliding\"\nrows = 2\ncols = 2\ngoal = [1, 2, 3, 4]\n".into(),
            "line 5: goal: a sliding goal needs exactly one blank (x), found 0",
        ),
        (
            "name = \"p\"\nkind = \"sliding\"\nrows = 2\ncols = 2\n[[moves]]\nname = \"a\"\nmap = [0, 1, 2, 3]\n"
                .into(),
            "line 5: moves: a sliding puzzle's moves are always u, d, l, r, once each: give their order as \
             moves = [\"d\", \"l\", \"r\", \"u\"] or leave the key out",
        ),
        (
            "name = \"p\"\nkind = \"sliding\"\nrows = 2\ncols = 2\nmoves = [\"d\", \"l\", \"d\", \"u\"]\n".into(),
            "line 5: moves: a sliding puzzle's moves are always u, d, l, r, once each: give their order as \
             moves = [\"d\", \"l\", \"r\", \"u\"] or leave the key out",
        ),
        (
            format!("{HEAD}goal = [1, 2, \"x\", 4]\n[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\n"),
            "line 5: goal[2]: \"x\": tiles are numbers (only sliding puzzles have a blank)",
        ),
    ]);
}

#[test]
fn toml_and_type_errors_name_the_line_and_key() {
    let sliding = "name = \"p\"\nkind = \"sliding\"\n";
    assert_errors(&[
        (
            format!("{sliding}rows = 2\ncols = 2\ngoal = [1,2,3,4.5]\n"),
            "line 5: goal[3]: expected a tile (a number, or x for the blank), found 4.5",
        ),
        (
            format!("{sliding}rows = 2\ncols = 2\ngoal = [\n  1,\n  true,\n  3,\n  \"x\",\n]\n"),
            "line 7: goal[1]: expected a tile (a number, or x for the blank), found true",
        ),
        (format!("{sliding}rows = 2\ncols = 2\ngoal = 7\n"), "line 5: goal: expected a list of tiles, found 7"),
        (format!("{sliding}rows = 2.0\ncols = 2\n"), "line 3: rows: expected a whole number, found 2.0"),
        (format!("{sliding}rows = 2\ncols = \"2\"\n"), "line 4: cols: expected a whole number, found \"2\""),
        (
            "name = \"p\"\nkind = 3\nrows = 2\ncols = 2\n".into(),
            "line 2: kind: expected \"permutation\", \"sliding\" or \"orbits\", found 3",
        ),
        (
            "name = \"p\"\nkind = \"twisty\"\nrows = 2\ncols = 2\n".into(),
            "line 2: kind: expected \"permutation\", \"sliding\" or \"orbits\", found \"twisty\"",
        ),
        (
            format!("{sliding}rows = 2\ncols = 2\ncolour = 3\n"),
            "line 5: colour: unknown key; the keys are name, kind, rows, cols, goal, moves, metric and patterns",
        ),
        ("name = 3\nkind = \"sliding\"\n".into(), "line 1: name: expected the puzzle's name in quotes, found 3"),
        (
            format!("{sliding}rows = \"{}\"\ncols = 2\n", "9".repeat(1000)),
            "line 3: rows: expected a whole number, found \"99999999999999999999999...",
        ),
        ("kind = \"sliding\"\nrows = 2\ncols = 2\n".into(), "missing key name"),
        ("name = \"p\"\nname = \"q\"\n".into(), "line 2: name: duplicate key"),
    ]);
    let syntax = error("name = \"p\"\nkind = \nrows = 2\n");
    assert!(syntax.starts_with("line 2: kind: "), "{syntax}");
    assert_eq!(syntax.lines().count(), 1, "{syntax}");
}

#[test]
fn move_errors_name_the_move_and_the_line_of_the_key() {
    assert_errors(&[
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [0, 1]\n"),
            "line 7: moves[0].cycles: expected a list of cycles like [[0, 1, 4]], found [0, 1]",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [0, 1, 2, 3, 0, 1, 2, 3, 0]\n"),
            "line 7: moves[0].cycles: expected a list of cycles like [[0, 1, 4]], found [0, 1, 2, 3, 0, 1, 2, 3,...",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0, 1.5]]\n"),
            "line 7: moves[0].cycles[0]: expected a cell number, found 1.5",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\n\n# the turn\ncycles = [[0, 9]]\n"),
            "line 9: moves[0].cycles[0]: cell 9 is outside the board (cells 0 to 3)",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\n\n[[moves]]\ncycles = [[2, 3]]\n"),
            "line 9: moves[1]: missing key name",
        ),
        (
            format!("{HEAD}[[moves]]\nname = 7\ncycles = [[0, 1]]\n"),
            "line 6: moves[0].name: expected the move's name in quotes, found 7",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\nspin = 2\n"),
            "line 8: moves[0].spin: unknown key; a move has a name, and cycles or map",
        ),
        (format!("{HEAD}moves = 3\n"), "line 5: moves: expected [[moves]] tables, found 3"),
        (format!("{HEAD}[moves]\nname = \"a\"\n"), "line 5: moves: expected [[moves]] tables, found a table"),
        (format!("{HEAD}moves = []\n"), "line 5: moves: a permutation puzzle needs at least one [[moves]] table"),
    ]);
}

#[test]
fn names_and_moves_are_limited() {
    let sliding = "kind = \"sliding\"\nrows = 2\ncols = 2\n";
    assert!(parse(&format!("name = \"{}\"\n{sliding}", "n".repeat(64))).is_ok());
    assert_eq!(
        error(&format!("name = \"{}\"\n{sliding}", "n".repeat(70_000))),
        "line 1: name: at most 64 bytes, found 70000"
    );

    let long_move = format!("{HEAD}[[moves]]\nname = \"{}\"\ncycles = [[0, 1]]\n", "m".repeat(33));
    assert_eq!(error(&long_move), "line 6: moves[0].name: at most 32 bytes, found 33");

    let moves = |count: usize| {
        let tables: String = (0..count).map(|i| format!("[[moves]]\nname = \"m{i}\"\ncycles = [[0, 1]]\n")).collect();
        format!("{HEAD}{tables}")
    };
    assert_eq!(parse(&moves(64)).expect("64 moves are allowed").move_names().count(), 64);
    assert_eq!(error(&moves(65)), "line 5: moves: 65 moves given; at most 64 are supported");
}

#[test]
fn keys_and_values_are_shown_on_one_line() {
    assert_errors(&[
        (
            "\"a\\nb\" = 1".into(),
            "line 1: \"a\\nb\": unknown key; the keys are name, kind, rows, cols, goal, moves, metric and patterns",
        ),
        (
            "\"\\u001b[31mred\" = 1".into(),
            "line 1: \"\\u{1b}[31mred\": unknown key; the keys are name, kind, rows, cols, goal, moves, metric and patterns",
        ),
        (
            "\"\" = 1".into(),
            "line 1: \"\": unknown key; the keys are name, kind, rows, cols, goal, moves, metric and patterns",
        ),
        (
            // A raw ESC is a syntax error; the key is not echoed.
            "\"\u{1b}[31mred\" = 1".into(),
            "line 1: invalid basic string, expected non-double-quote visible characters, `\\`",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\n[moves.\"b\\tc\"]\n"),
            "line 8: moves[0].\"b\\tc\": unknown key; a move has a name, and cycles or map",
        ),
        (
            format!("{HEAD}moves = [{{ name = \"a\", cycles = [[0, 1]], \"a b\" = 2 }}]\n"),
            "line 5: moves[0].\"a b\": unknown key; a move has a name, and cycles or map",
        ),
        (
            "name = \"p\"\nkind = \"sliding\"\nrows = \"\t\u{85}\u{2028}\"\n".into(),
            "line 3: rows: expected a whole number, found \"\\t\\u{85}\\u{2028}\"",
        ),
        (
            "name = \"p\"\nkind = \"sliding\"\nrows = '''\t\n2'''\n".into(),
            "line 3: rows: expected a whole number, found '''\\t...",
        ),
    ]);
}

#[test]
fn syntax_errors_name_only_a_plain_key_starting_its_line() {
    assert_errors(&[
        ("\"x=y\" = @", "line 1: string values must be quoted, expected literal string"),
        ("goal = [1,\n 2 = 3]", "line 2: unexpected `=` in array, expected value, `]`"),
        (
            "name = \"\"\"\nabc = \\q\"\"\"",
            "line 2: missing escaped value, expected `b`, `e`, `f`, `n`, `r`, `\\`, `\"`, `x`, `u`, `U`",
        ),
        ("name = \"p\"\nkind = @\n", "line 2: kind: string values must be quoted, expected literal string"),
        ("name = \"p\"\r\n a . b = @\r\n", "line 2: a.b: string values must be quoted, expected literal string"),
        ("goal = [1,\n]\nkind = @\n", "line 3: kind: string values must be quoted, expected literal string"),
        ("name = \"p\"\n[ moves \n", "line 2: moves: unclosed table, expected `]`"),
    ]);
}

#[test]
fn list_errors_name_the_line_of_the_element() {
    assert_errors(&[
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [\n  [0, 1],\n  [2, 7],\n]\n"),
            "line 9: moves[0].cycles[1]: cell 7 is outside the board (cells 0 to 3)",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [\n  [0, 1],\n  [2, 1],\n]\n"),
            "line 9: moves[0].cycles[1]: cell 1 appears twice",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0,\n  1.5]]\n"),
            "line 8: moves[0].cycles[0]: expected a cell number, found 1.5",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\nmap = [\n  0,\n  1,\n  1,\n  3,\n]\n"),
            "line 10: moves[0].map[2]: cell 1 appears twice: a map is a permutation of the cells",
        ),
        (
            format!("{HEAD}moves = [\n  {{ name = \"a\", cycles = [[0, 1]] }},\n\n  3,\n]\n"),
            "line 8: moves[1]: expected a [[moves]] table, found 3",
        ),
        (
            format!("{HEAD}moves = [\n  {{ name = \"a\", cycles = [[0, 1]] }},\n  {{ cycles = [[2, 3]] }},\n]\n"),
            "line 7: moves[1]: missing key name",
        ),
    ]);
}

#[test]
fn tables_for_lists_are_named_not_quoted() {
    let one = format!("{HEAD}[[moves]]\nname = \"a\"\n[[moves.cycles]]\n");
    let expected = "line 7: moves[0].cycles: expected a list of cycles like [[0, 1, 4]], found a table";
    assert_eq!(error(&one), expected);
    let two = format!("{HEAD}[[moves]]\nname = \"a\"\n[[moves.cycles]]\n[[moves.cycles]]\n");
    let expected = "line 7: moves[0].cycles: expected a list of cycles like [[0, 1, 4]], found tables";
    assert_eq!(error(&two), expected);
    let map = format!("{HEAD}[[moves]]\nname = \"a\"\nmap = [0, 1, 2, {{}}]\n");
    assert_eq!(error(&map), "line 7: moves[0].map[3]: expected a cell number, found a table");
}

#[test]
fn patterns_follow_the_rule_of_their_puzzle() {
    let head = "name = \"s\"\nkind = \"sliding\"\nrows = 2\ncols = 3\n";
    let spec = |patterns: &str| format!("{head}patterns = {patterns}\n");
    assert_errors(&[
        (spec("[[1, 2], [3, 4, 2]]"), "line 5: patterns[1][2]: tile 2 is already in patterns[0][1]"),
        (spec("[[1, 2, 6], [3, 4, 5]]"), "line 5: patterns[0][2]: 6 is not a tile of the goal"),
        (
            spec("[[1, 2, 0], [3, 4, 5]]"),
            "line 5: patterns[0][2]: the blank is in no pattern of the single-tile metric (its moves are free there)",
        ),
        (spec("[[1, 2], [3, 4]]"), "line 5: patterns: tile 5 is in no pattern; every tile but the blank is in one"),
        (spec("[[1, 2, 3, 4, 5], []]"), "line 5: patterns[1]: expected at least one tile"),
        (spec("[]"), "line 5: patterns: expected at least one pattern"),
        (spec("[1, 2]"), "line 5: patterns[0]: expected a list of tiles, found 1"),
        (spec("[[1, \"x\"]]"), "line 5: patterns[0][1]: expected a tile number, found \"x\""),
        (
            format!("{HEAD}patterns = [[1, 2, 1]]\n[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\n"),
            "line 5: patterns[0][2]: tile 1 is already in patterns[0][0]",
        ),
        (
            format!("{HEAD}goal = [1, 1, 2, 3]\npatterns = [[1]]\n[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\n"),
            "line 6: patterns: pattern sets are for sliding boards and permutation puzzles whose tiles all differ",
        ),
    ]);
    let ok = godtab_spec::parse_spec(&spec("[[5, 1], [2, 3, 4]]"), godtab_spec::Metric::Half).unwrap();
    assert_eq!(lists(&ok), [vec![5, 1], vec![2, 3, 4]]);
    assert_eq!(godtab_spec::parse_spec(head, godtab_spec::Metric::Half).unwrap().patterns, None);
    // On a permutation puzzle patterns may share tiles and leave some out.
    let shared = format!("{HEAD}patterns = [[1, 2], [2, 3]]\n[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\n");
    let ok = godtab_spec::parse_spec(&shared, godtab_spec::Metric::Half).unwrap();
    assert_eq!(lists(&ok), [vec![1, 2], vec![2, 3]]);
}

/// A spec's patterns as lists of tiles.
fn lists(spec: &godtab_spec::Spec) -> Vec<Vec<u8>> {
    spec.patterns.as_ref().expect("patterns").iter().map(<[u8]>::to_vec).collect()
}

#[test]
fn the_metric_key_of_a_sliding_board() {
    let board = "name = \"eight\"\nkind = \"sliding\"\nrows = 3\ncols = 3\n";
    let names = |text: &str, metric| {
        let definition = godtab_spec::parse_with(text, metric).unwrap();
        definition.move_names().collect::<Vec<_>>().join(" ")
    };
    let multi = format!("{board}metric = \"multi\"\n");
    assert_eq!(names(&multi, godtab_spec::Metric::Half), "u u2 d d2 l l2 r r2");
    // --metric multi makes any sliding board multi-tile; its declared
    // order of directions stays.
    let ordered = format!("{board}moves = [\"d\", \"l\", \"r\", \"u\"]\n");
    assert_eq!(names(&ordered, godtab_spec::Metric::Multi), "d d2 l l2 r r2 u u2");
    assert_eq!(names(&format!("{board}metric = \"single\"\n"), godtab_spec::Metric::Half), "u d l r");
    assert_errors(&[
        (
            format!("{board}metric = \"mtm\"\n"),
            "line 5: metric: expected \"single\" or \"multi\" (the multi-tile metric), found \"mtm\"",
        ),
        (
            format!("{HEAD}metric = \"multi\"\n[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\n"),
            "line 5: metric: the multi-tile metric is for sliding boards (kind = \"sliding\")",
        ),
    ]);
    // Multi-tile patterns hold the blank (value 0) and may share tiles.
    let spec = godtab_spec::parse_spec(
        &format!("{multi}patterns = [[1, 2, 3, 4], [4, 5, 6, 7, 8]]\n"),
        godtab_spec::Metric::Half,
    );
    assert_eq!(lists(&spec.unwrap()), [vec![1, 2, 3, 4, 0], vec![4, 5, 6, 7, 8, 0]]);
    let orbits = "Name c\nSet A 2 1\nSolved\nA\n1 2\nEnd\nMove m\nA\n2 1\nEnd\n";
    let error = godtab_spec::parse_definition_file(orbits, "c", godtab_spec::Metric::Multi).unwrap_err().to_string();
    assert!(error.contains("the multi-tile metric is for sliding boards"), "{error}");
}
