//! ksolve/twsearch definition files and TOML orbit specs: what they mean,
//! that both syntaxes give the same definition, how moves' powers are
//! named and counted, and every refusal, with its line and block.

use godtab_spec::{Metric, parse_definition_file, parse_with};

fn tws(text: &str) -> godtab_puzzles::Definition {
    parse_definition_file(text, "from-file", Metric::Half).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The pegs-discs example of data/puzzles, as a definition file.
const PEGS_DISCS: &str = "\
# Four pegs and three discs.
Name pegs-discs
Set PEG 4 1
Set DISC 3 3
Solved
PEG
1 2 3 4
DISC
1 2 3
0 0 0
End
Move A
PEG
2 1 3 4
DISC
2 1 3
End
Move B   # pegs only
PEG
1 4 2 3
End
Move C
DISC
3 1 2
End
Move T
DISC
1 2 3
1 2 0
End
";

#[test]
fn both_syntaxes_give_the_same_definition() {
    let toml = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/puzzles/pegs-discs.toml"));
    let toml = parse_with(&toml.unwrap(), Metric::Half).unwrap();
    let file = tws(PEGS_DISCS);
    assert!(toml.same_as(&file));
    assert_eq!(file.move_names().collect::<Vec<_>>(), ["A", "B", "B'", "C", "C'", "T", "T'"]);
    // Line endings, blank lines and comments change nothing.
    let crlf = tws(&PEGS_DISCS.replace('\n', "\r\n\n   # a comment\n"));
    assert!(crlf.same_as(&file));
    assert_eq!(crlf.id(), "pegs-discs");
}

#[test]
fn a_moves_orientations_belong_to_the_pieces_it_moves() {
    // Move X brings piece 3 to position 1 and twists the piece it takes
    // from position 3 by 2: position 1 ends up holding piece 3 turned 2.
    let p = tws("Set C 3 3\nSolved\nC\n1 2 3\nEnd\nMove X\nC\n3 1 2\n0 0 2\nEnd\n");
    assert_eq!(p.id(), "from-file");
    let turned = p.puzzle().apply(&p.puzzle().goal(), 0).unwrap();
    assert_eq!(p.puzzle().display(&turned).to_string(), "C 3 1 2 2 0 0");
    // The solved state may repeat pieces and start twisted; sets left out
    // of Solved are in order, of a Move in place.
    let p = tws("Set A 2 1\nSet B 3 2\nSolved\nB\n1 1 2\n1 0 0\nEnd\nMove X\nA\n2 1\nEnd\n");
    assert_eq!(p.puzzle().display(&p.puzzle().goal()).to_string(), "A 1 2 B 1 1 2 1 0 0");
    assert_eq!(p.move_names().collect::<Vec<_>>(), ["X"]);
}

#[test]
fn powers_are_named_and_counted_as_twsearch_does() {
    let cycle = |n: usize| {
        let perm: Vec<String> = (2..=n).chain([1]).map(|v| v.to_string()).collect();
        let identity: Vec<String> = (1..=n).map(|v| v.to_string()).collect();
        format!("Set S {n} 1\nSolved\nS\n{}\nEnd\nMove M\nS\n{}\nEnd\n", identity.join(" "), perm.join(" "))
    };
    let names = |n: usize, metric| {
        let d = parse_definition_file(&cycle(n), "c", metric).unwrap();
        d.move_names().map(str::to_string).collect::<Vec<_>>()
    };
    assert_eq!(names(2, Metric::Half), ["M"]);
    assert_eq!(names(2, Metric::Quarter), ["M"]);
    assert_eq!(names(3, Metric::Half), ["M", "M'"]);
    assert_eq!(names(4, Metric::Half), ["M", "M2", "M'"]);
    assert_eq!(names(4, Metric::Quarter), ["M", "M'"]);
    assert_eq!(names(5, Metric::Half), ["M", "M2", "M2'", "M'"]);
    assert_eq!(names(6, Metric::Half), ["M", "M2", "M3", "M2'", "M'"]);
    assert_eq!(names(6, Metric::Quarter), ["M", "M'"]);
    // The quarter metric is for orbit puzzles only.
    let board =
        "name = \"b\"\nkind = \"permutation\"\nrows = 1\ncols = 2\n[[moves]]\nname = \"s\"\ncycles = [[0, 1]]\n";
    let error = parse_with(board, Metric::Quarter).unwrap_err().to_string();
    assert!(error.starts_with("kind: the quarter metric is for orbit puzzles"), "{error}");
}

/// Checks that each text is refused with exactly its message.
fn refused(cases: &[(&str, &str)], read: impl Fn(&str) -> String) {
    for (text, expected) in cases {
        assert_eq!(read(text), *expected, "for:\n{text}");
    }
}

const HEAD: &str = "Name p\nSet C 3 3\nSet E 2 2\nSolved\nC\n1 2 3\nEnd\n";

#[test]
fn definition_file_errors_name_the_line_and_block() {
    let read = |text: &str| parse_definition_file(text, "p", Metric::Half).unwrap_err().to_string();
    let head = |rest: &str| format!("{HEAD}{rest}");
    let cases: Vec<(String, &str)> = vec![
        (
            head("Move R\nC\n2 2 3\nEnd\n"),
            "line 10: Move R: C: 2 appears twice: a move's pieces are a permutation of 1 to 3",
        ),
        (head("Move R\nC\n2 3 1\n0 3 0\nEnd\n"), "line 11: Move R: C: orientation 3 is out of range (0 to 2)"),
        (head("Move R\nC\n2 3 4\nEnd\n"), "line 10: Move R: C: piece 4 is out of range (1 to 3)"),
        (head("Move R\nC\n2 3\nEnd\n"), "line 10: Move R: C: expected 3 pieces, found 2 numbers"),
        (head("Move R\nC\n2 3 1\n0 0\nEnd\n"), "line 11: Move R: C: expected 3 orientations, found 2 numbers"),
        (
            head("Move R\nC\n2 3 1\n0 0 0\n0 0 0\nEnd\n"),
            "line 12: Move R: C: a set has at most two lines: its pieces, then its orientations",
        ),
        (head("Move R\nX\n1 2\nEnd\n"), "line 9: Move R: \"X\" is not a set (the sets are C, E)"),
        (head("Move R\nC\n2 3 1\nC\n2 3 1\nEnd\n"), "line 11: Move R: \"C\": the set is given twice in this block"),
        (head("Move R\nC\nE\n2 1\nEnd\n"), "line 10: Move R: C: expected a line of its 3 pieces"),
        (head("Move R\n2 3 1\nEnd\n"), "line 9: Move R: a line of numbers before any set's name"),
        (
            head("Move R\nC 2 3 1\nEnd\n"),
            "line 9: Move R: \"C\": expected a set's name alone on its line, or a line of numbers",
        ),
        (head("Move R\nC\n2 x 1\nEnd\n"), "line 10: Move R: C: \"x\" is not a number"),
        (head("Move R\nC\n2 3 1\n"), "line 8: Move R: no End before the end of the file"),
        (head("Move R\nC\n1 2 3\nEnd\n"), "line 8: Move R: the move changes nothing: it has no power that is a move"),
        (
            head("Move R\nC\n2 3 1\nEnd\nMove R\nE\n2 1\nEnd\n"),
            "line 12: Move R: \"R\" is the name of an earlier move or power too",
        ),
        (
            head("Move R2\nC\n2 3 1\nEnd\nMove R\nE\n2 1\n1 0\nEnd\n"),
            "line 12: Move R: \"R2\" is the name of an earlier move or power too",
        ),
        (head("Move R\nC\n2 3 1\nEnd junk\n"), "line 11: Move R: End stands alone on its line"),
        (
            head("Illegal C 1 2\n"),
            "line 8: Illegal: not supported by godtab: give the puzzle with Set, Solved and Move only",
        ),
        (
            head("Frobnicate\n"),
            "line 8: \"Frobnicate\": a line starts with Name, Set, Solved, Move or End (or # for a comment)",
        ),
        (head("End\n"), "line 8: End: End outside a block: a block starts with Solved or Move"),
        (head("Set F 2 1\n"), "line 8: Set: every Set comes before Solved"),
        (head("Solved\nEnd\n"), "line 8: Solved: the solved state is given twice"),
        (head(""), "no Move: a puzzle has at least one move"),
        (
            "Set C 3 3\nSolved\nC\n1 3 3\nEnd\n".into(),
            "line 4: Solved: C: 2 is missing: the solved pieces are numbered from 1 with none left out",
        ),
        ("Set C 3 3\nMove R\nC\n2 3 1\nEnd\n".into(), "line 2: Move R: every Move comes after Solved"),
        ("Set C 3 3\nSet C 2 1\n".into(), "line 2: Set C: a set of this name is declared already"),
        ("Set C 33 3\n".into(), "line 1: Set C: pieces: \"33\" is not a number from 1 to 32"),
        ("Set C 3 0\n".into(), "line 1: Set C: orientations: \"0\" is not a number from 1 to 16"),
        (
            "Set 3C 3 3\n".into(),
            "line 1: Set 3C: \"3C\": a set's name is 1 to 32 bytes without control characters, not starting with a digit and not End",
        ),
        ("Set C 3\n".into(), "line 1: Set: expected Set NAME PIECES ORIENTATIONS"),
        ("Set C 17 1\nSet E 16 2\n".into(), "line 2: Set E: the sets hold 33 pieces in all; at most 32 are supported"),
        ("Set C 3 3\nName p\n".into(), "line 2: Name: Name comes once, first, before the Sets"),
        ("Name p q\n".into(), "line 1: Name: expected Name NAME"),
        (
            "Name p_q\nSet C 2 1\nSolved\nEnd\nMove R\nC\n2 1\nEnd\n".into(),
            "line 1: Name: \"p_q\": a puzzle's name is 1 to 64 bytes of letters, digits and '-' (it names the table)",
        ),
        ("Solved\nEnd\n".into(), "line 1: Solved: Solved comes after the Sets, and there are none"),
        ("Name p\n".into(), "no Set: a puzzle has at least one set of pieces"),
        ("Set C 2 1\n".into(), "no Solved block"),
    ];
    let cases: Vec<(&str, &str)> = cases.iter().map(|(t, e)| (t.as_str(), *e)).collect();
    refused(&cases, read);
    // Too many powers: an order-13 move of one set has 12.
    let big = "Set S 13 1\nSolved\nEnd\nMove M\nS\n2 3 4 5 6 7 8 9 10 11 12 13 1\nEnd\nMove N\nS\n1 3 4 5 6 7 8 9 10 11 12 13 2\nEnd\n";
    let mut many = big.to_string();
    for k in 0..6 {
        many.push_str(&format!("Move K{k}\nS\n1 2 4 5 6 7 8 9 10 11 12 13 3\nEnd\n"));
    }
    let error = read(&many);
    assert!(error.starts_with("line 28: Move K4: with their powers the moves number more than 64"), "{error}");
    assert!(parse_definition_file(&many, "p", Metric::Quarter).is_ok());
}

#[test]
fn toml_orbit_errors_name_the_line_and_key() {
    let read = |text: &str| parse_with(text, Metric::Half).unwrap_err().to_string();
    let head = "name = \"p\"\nkind = \"orbits\"\n[[orbits]]\nname = \"C\"\npieces = 3\norientations = 3\n";
    let with = |rest: &str| format!("{head}{rest}");
    let cases: Vec<(String, &str)> = vec![
        (with("[[moves]]\nname = \"R\"\nC = { cycles = [[0, 3]] }\n"), "line 9: moves[0].C.cycles[0]: position 3 is outside the orbit (positions 0 to 2)"),
        (with("[[moves]]\nname = \"R\"\nC = { map = [0, 1, 1] }\n"), "line 9: moves[0].C.map[2]: position 1 appears twice: a map is a permutation of the positions"),
        (with("[[moves]]\nname = \"R\"\nC = { twist = [0, 3, 0] }\n"), "line 9: moves[0].C.twist[1]: twist 3 is out of range (0 to 2)"),
        (with("[[moves]]\nname = \"R\"\nC = { twist = [0, 1] }\n"), "line 9: moves[0].C.twist: has 2 entries; the orbit has 3 positions"),
        (with("[[moves]]\nname = \"R\"\nD = { cycles = [[0, 1]] }\n"), "line 9: moves[0].D: unknown key; a move has a name and a table per orbit it moves (C)"),
        (with("[[moves]]\nname = \"R\"\nC = { cycles = [[0, 1]], map = [1, 0, 2] }\n"), "line 9: moves[0].C: give either cycles or map"),
        (with("[[moves]]\nname = \"R\"\nC = [0, 1]\n"), "line 9: moves[0].C: expected a table like { cycles = [[0, 1, 2]], twist = [...] }, found [0, 1]"),
        (with("[[moves]]\nname = \"R\"\n"), "line 7: moves[0]: the move changes nothing: it has no power that is a move"),
        (with(""), "moves: an orbit puzzle needs at least one [[moves]] table"),
        (format!("{head}solved = [1, 3, 3]\n[[moves]]\nname = \"R\"\nC = {{ cycles = [[0, 1]] }}\n"), "line 7: orbits[0].solved: piece 2 is missing: the solved pieces are numbered from 1 with none left out"),
        (format!("{head}solved_orientations = [0, 0, 5]\n"), "line 7: orbits[0].solved_orientations[2]: orientation 5 is out of range (0 to 2)"),
        ("name = \"p\"\nkind = \"orbits\"\n[[orbits]]\nname = \"C\"\npieces = 33\n".into(), "line 5: orbits[0].pieces: 33 is not between 1 and 32"),
        ("name = \"p\"\nkind = \"orbits\"\n[[orbits]]\nname = \"name\"\npieces = 2\n".into(), "line 4: orbits[0].name: \"name\": an orbit's name is 1 to 32 bytes without spaces or control characters, not starting with a digit, and neither End nor name"),
        ("name = \"p\"\nkind = \"orbits\"\n[[orbits]]\nname = \"C\"\npieces = 2\n[[orbits]]\nname = \"C\"\npieces = 2\n".into(), "line 7: orbits[1].name: \"C\" is the name of an earlier orbit too"),
        ("name = \"p\"\nkind = \"orbits\"\n[[orbits]]\nname = \"C\"\npieces = 17\n[[orbits]]\nname = \"D\"\npieces = 16\n".into(), "line 8: orbits[1].pieces: the orbits hold 33 pieces in all; at most 32 are supported"),
        ("name = \"p\"\nkind = \"orbits\"\n".into(), "missing key orbits"),
        ("name = \"p\"\nkind = \"orbits\"\nrows = 3\n".into(), "line 3: rows: unknown key; an orbit puzzle's keys are name, kind, orbits, moves, patterns and symmetry"),
    ];
    let cases: Vec<(&str, &str)> = cases.iter().map(|(t, e)| (t.as_str(), *e)).collect();
    refused(&cases, read);
}
