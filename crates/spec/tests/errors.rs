//! Bad spec files are refused with a message naming the key, the line and
//! the problem.

use godtab_spec::parse;

fn error(text: &str) -> String {
    parse(text).expect_err("the spec is refused").to_string()
}

const HEAD: &str = "name = \"p\"\nkind = \"permutation\"\nrows = 2\ncols = 2\n";

#[test]
fn messages_name_the_key_and_line() {
    let cases: [(String, &str); 16] = [
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0, 1, 4]]\n"),
            "line 5: moves[0].cycles: cell 4 is outside the board (cells 0 to 3)",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0, 1], [1, 2]]\n"),
            "line 5: moves[0].cycles: cell 1 appears twice",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\nmap = [0, 1, 1, 3]\n"),
            "line 5: moves[0].map: cell 1 appears twice: a map is a permutation of the cells",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\nmap = [0, 1, 2]\n"),
            "line 5: moves[0].map: has 3 entries; the board has 4 cells",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\n[[moves]]\nname = \"a\"\ncycles = [[2, 3]]\n"),
            "line 8: moves[1].name: \"a\" is the name of an earlier move too",
        ),
        (
            format!("{HEAD}[[moves]]\nname = \"\"\ncycles = [[0, 1]]\n"),
            "line 5: moves[0].name: \"\": a move name is 1 to 32 bytes, without spaces",
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
            "line 4: cols: rows * cols = 20 cells; a board has 2 to 16",
        ),
        ("name = \"p\"\nkind = \"sliding\"\nrows = 0\ncols = 4\n".into(), "line 3: rows: 0 is not between 1 and 16"),
        (
            "name = \"p\"\nkind = \"sliding\"\nrows = 2\ncols = 2\ngoal = [1, 2, 3]\n".into(),
            "line 5: goal: has 3 values; the board has 4 cells",
        ),
        (
            "name = \"p\"\nkind = \"sliding\"\nrows = 2\ncols = 2\ngoal = [1, 2, 3, 4]\n".into(),
            "line 5: goal: a sliding goal holds exactly one blank \"x\"",
        ),
        (
            "name = \"p\"\nkind = \"sliding\"\nrows = 2\ncols = 2\n[[moves]]\nname = \"a\"\nmap = [0, 1, 2, 3]\n"
                .into(),
            "line 5: moves: a sliding puzzle's moves are always u, d, l, r: remove the [[moves]] tables",
        ),
        (
            format!("{HEAD}goal = [1, 2, \"x\", 4]\n[[moves]]\nname = \"a\"\ncycles = [[0, 1]]\n"),
            "line 5: goal[2]: \"x\": tiles are numbers (only sliding puzzles have a blank)",
        ),
    ];
    for (text, expected) in &cases {
        assert_eq!(&error(text), expected, "for:\n{text}");
    }
}

#[test]
fn toml_and_type_errors_give_a_line() {
    let unknown = error("name = \"p\"\nkind = \"sliding\"\nrows = 2\ncols = 2\ncolour = 3\n");
    assert!(unknown.starts_with("line 5: unknown field `colour`"), "{unknown}");
    let kind = error("name = \"p\"\nkind = \"twisty\"\nrows = 2\ncols = 2\n");
    assert!(kind.starts_with("line 2: unknown variant `twisty`"), "{kind}");
    let syntax = error("name = \"p\nkind");
    assert!(syntax.starts_with("line "), "{syntax}");
    let missing = error("kind = \"sliding\"\nrows = 2\ncols = 2\n");
    assert!(missing.contains("missing field `name`"), "{missing}");
    for message in [unknown, kind, syntax, missing] {
        assert_eq!(message.lines().count(), 1, "{message}");
    }
}
