//! The committed fixtures of every format version still load and answer
//! (`cargo xtask gen-fixture --check` keeps the current version's up to
//! date).

use godtab_runtime::{Encoding, Error, QueryError, Table};

fn open(bytes: &'static [u8]) -> Table<&'static [u8]> {
    let table = Table::new(bytes).unwrap();
    table.verify().unwrap();
    table
}

/// Every version's fixtures: (version, slide-2x3, its compact table,
/// spin-2x2, colours-2x3).
const VERSIONS: [(u32, [&[u8]; 4]); 2] = [
    (
        1,
        [
            include_bytes!("fixtures/v1/slide-2x3.gtab"),
            include_bytes!("fixtures/v1/slide-2x3-compact.gtab"),
            include_bytes!("fixtures/v1/spin-2x2.gtab"),
            include_bytes!("fixtures/v1/colours-2x3.gtab"),
        ],
    ),
    (
        2,
        [
            include_bytes!("fixtures/v2/slide-2x3.gtab"),
            include_bytes!("fixtures/v2/slide-2x3-compact.gtab"),
            include_bytes!("fixtures/v2/spin-2x2.gtab"),
            include_bytes!("fixtures/v2/colours-2x3.gtab"),
        ],
    ),
];

#[test]
fn every_version_loads_and_answers_alike() -> Result<(), Error> {
    for (version, [slide, compact, spin, colours]) in VERSIONS {
        assert_eq!(u32::from_le_bytes(slide[12..16].try_into().unwrap()), version);
        check_fixtures(slide, compact, spin, colours)?;
    }
    // The same puzzles, answered the same by both versions.
    let (old, new) = (Table::new(VERSIONS[0].1[0])?, Table::new(VERSIONS[1].1[0])?);
    assert!(old.definition().same_as(new.definition()));
    for rank in 0..old.slots() {
        let state = old.state_of_rank(rank).unwrap();
        assert_eq!(old.solve_into(&state, &mut [0; 32]), new.solve_into(&state, &mut [0; 32]), "rank {rank}");
    }
    Ok(())
}

fn check_fixtures(
    slide: &'static [u8],
    compact: &'static [u8],
    spin: &'static [u8],
    colours: &'static [u8],
) -> Result<(), Error> {
    let table = open(slide);
    assert_eq!(table.id(), "slide-2x3");
    assert_eq!(table.generator(), "godtab-gen 0.1.0");
    assert_eq!((table.slots(), table.reachable(), table.max_depth()), (360, 360, 21));
    assert_eq!(table.move_names().collect::<Vec<_>>(), ["u", "d", "l", "r"]);
    assert_eq!(table.move_name(4), None);
    assert_eq!(table.histogram().sum::<u64>(), 360);
    let solved = table.parse("1 2 3 4 5 x")?;
    assert_eq!(table.distance(&solved)?, Some(0));
    let one_away = table.parse("1 2 3 4 x 5")?;
    let moves: Vec<&str> = table.solution(&one_away)?.unwrap().filter_map(|m| table.move_name(m)).collect();
    assert_eq!(moves, ["r"]);
    assert_eq!(table.distance(&table.parse("2 1 3 4 5 x")?)?, None);
    assert_eq!(table.solve_into(&table.parse("2 1 3 4 5 x")?, &mut [0; 32]), Err(QueryError::Unsolvable));

    // The compact table of the same puzzle answers the same, state by state.
    let compact = open(compact);
    assert_eq!(compact.encoding(), Encoding::Compact);
    assert!(compact.len() < table.len());
    for rank in 0..table.slots() {
        let state = table.state_of_rank(rank).unwrap();
        assert_eq!(compact.distance(&state)?, table.distance(&state)?, "rank {rank}");
        let ours: Vec<usize> = compact.solution(&state)?.into_iter().flatten().collect();
        let theirs: Vec<usize> = table.solution(&state)?.into_iter().flatten().collect();
        assert_eq!(ours, theirs, "rank {rank}");
    }

    // One turn of a 2x2 board reaches 4 of its 24 arrangements.
    let spin = open(spin);
    assert_eq!((spin.slots(), spin.reachable(), spin.max_depth()), (24, 4, 3));
    assert_eq!(spin.distance(&spin.parse("3 1 4 2")?)?, Some(3));
    assert_eq!(spin.distance(&spin.parse("2 1 3 4")?)?, None);

    // Three colours of two tiles each: 6!/(2!2!2!) = 90 arrangements.
    let colours = open(colours);
    assert_eq!(colours.slots(), 90);
    assert_eq!(colours.distance(&colours.parse("1 1 2 2 3 3")?)?, Some(0));
    Ok(())
}

/// The orbit puzzles of version 2: every rank's answer replays to the
/// goal in exactly its distance, states read and shown in blocks.
#[test]
fn orbit_fixtures_answer() -> Result<(), Error> {
    let pegs = open(include_bytes!("fixtures/v2/coupled.gtab"));
    let flips = open(include_bytes!("fixtures/v2/flips-compact.gtab"));
    assert_eq!((pegs.id(), pegs.slots()), ("coupled", 24 * 3 * 9));
    assert_eq!((flips.id(), flips.slots(), flips.encoding()), ("flips", 6 * 16 * 3, Encoding::Compact));
    for table in [&pegs, &flips] {
        let puzzle = table.puzzle();
        let mut reachable = 0;
        for rank in 0..table.slots() {
            let state = table.state_of_rank(rank).unwrap();
            assert_eq!(table.parse(&table.display(&state).to_string())?, state);
            let Some(distance) = table.distance(&state)? else { continue };
            reachable += 1;
            let mut moves = [0u8; 32];
            let len = table.solve_into(&state, &mut moves)?;
            assert_eq!(len, usize::from(distance));
            let end = moves[..len].iter().fold(state, |s, &m| puzzle.apply(&s, usize::from(m)).unwrap());
            assert_eq!(end, puzzle.goal(), "{}: rank {rank}", table.id());
        }
        assert_eq!(reachable, table.reachable());
    }
    let state = pegs.parse("PEG 2 1 3 4 DISC 2 1 3 2 1 0")?;
    let moves: Vec<&str> = pegs.solution(&state)?.unwrap().filter_map(|m| pegs.move_name(m)).collect();
    assert_eq!(moves, ["A"]);
    assert_eq!(
        pegs.parse("DISC 9 1 2").unwrap_err().to_string(),
        "set \"DISC\", position 1: 9 is not a piece of this set (1 to 3)"
    );
    Ok(())
}
