//! The committed fixture of every format version still loads and answers.

use godtab_runtime::Table;

#[test]
fn version_1_fixture_loads_and_answers() {
    let table = Table::new(&include_bytes!("fixtures/v1/slide-2x3.gtab")[..]).unwrap();
    table.verify().unwrap();
    assert_eq!(table.id(), "slide-2x3");
    assert_eq!(table.generator(), "godtab-gen 0.1.0");
    assert_eq!(table.states(), 360);
    assert_eq!(table.reachable(), 360);
    assert_eq!(table.max_depth(), 21);
    assert_eq!(table.move_names().collect::<Vec<_>>(), ["u", "d", "l", "r"]);
    assert_eq!(table.histogram().sum::<u64>(), 360);
    let solved = table.parse("1 2 3 4 5 x").unwrap();
    assert_eq!(table.distance(&solved), Some(0));
    let one_away = table.parse("1 2 3 4 x 5").unwrap();
    let moves: Vec<&str> = table.solution(&one_away).unwrap().map(|m| table.move_name(m)).collect();
    assert_eq!(moves, ["r"]);
    assert_eq!(table.distance(&table.parse("2 1 3 4 5 x").unwrap()), None);
}
