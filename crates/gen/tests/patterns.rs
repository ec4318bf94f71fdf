//! Pattern sets as the generator writes them: the same bytes on any number
//! of threads, entries that are what they claim (a one-tile pattern's entry
//! is the tile's Manhattan distance), and patterns that break the rule of
//! their puzzle refused before any work.

use godtab_gen::{GenError, Options, pattern_set_bytes};
use godtab_puzzles::{Definition, MoveSet, PatternList, Puzzle};
use godtab_runtime::{Error, PatternSet, Table};

fn board(rows: usize, cols: usize) -> Definition {
    let goal: Vec<u8> = (1..(rows * cols) as u8).chain([0]).collect();
    Definition::new("board", ["u", "d", "l", "r"], Puzzle::new(rows, cols, &goal, MoveSet::Sliding).unwrap()).unwrap()
}

/// The set of `patterns` (checked first, as a spec's are).
fn set(definition: &Definition, patterns: &[Vec<u8>]) -> Result<Vec<u8>, GenError> {
    let list = PatternList::new(definition.puzzle(), patterns.iter().map(Vec::as_slice)).map_err(GenError::Patterns)?;
    pattern_set_bytes(definition, &list, &Options::default())
}

#[test]
fn the_same_bytes_on_one_and_two_threads() {
    let definition = board(3, 4);
    let patterns = vec![vec![1, 2, 5, 6, 9], vec![3, 4, 7, 8], vec![10, 11]];
    let on = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| set(&definition, &patterns).unwrap())
    };
    let one = on(1);
    assert_eq!(one, on(2));
    let opened = PatternSet::new(&one[..]).unwrap();
    opened.verify().unwrap();
    assert_eq!(opened.pattern_count(), 3);
    let sizes: Vec<u64> = opened.patterns().map(|p| p.places().count()).collect();
    assert_eq!(sizes, [95_040, 11_880, 132]);
    // A pattern set is not a complete table, nor the other way round.
    assert!(matches!(Table::new(&one[..]), Err(Error::Kind { .. })));

    // The coarse form of a permutation puzzle too.
    let digits = godtab_puzzles::builtin::NINE_DIGITS.definition();
    let patterns = vec![vec![1, 2, 3, 4, 5], vec![5, 6, 7, 8, 9]];
    let on = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| set(&digits, &patterns).unwrap())
    };
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(PatternSet::new(&one[..]).unwrap().combine(), godtab_puzzles::Combine::Max);
}

#[test]
fn one_tile_patterns_hold_manhattan_distances() {
    let definition = board(4, 4);
    let patterns: Vec<Vec<u8>> = (1..16).map(|t| vec![t]).collect();
    let bytes = set(&definition, &patterns).unwrap();
    let opened = PatternSet::new(&bytes[..]).unwrap();
    for (tile, pattern) in (1u8..16).zip(opened.patterns()) {
        assert_eq!(pattern.width(), 4);
        let home = usize::from(tile - 1);
        for cell in 0..16usize {
            let manhattan = (cell / 4).abs_diff(home / 4) + (cell % 4).abs_diff(home % 4);
            assert_eq!(usize::from(pattern.get(cell as u64)), manhattan, "tile {tile} at cell {cell}");
        }
    }
}

#[test]
fn patterns_that_break_the_rule_are_refused() {
    let definition = board(2, 3);
    let message = |patterns: &[&[u8]]| {
        let patterns: Vec<Vec<u8>> = patterns.iter().map(|p| p.to_vec()).collect();
        set(&definition, &patterns).unwrap_err().to_string()
    };
    assert_eq!(message(&[&[1, 2], &[3, 4]]), "patterns: tile 5 is in no pattern; every tile but the blank is in one");
    assert_eq!(message(&[&[1, 2, 3], &[3, 4, 5]]), "patterns[1][0]: tile 3 is already in patterns[0][2]");
    assert_eq!(message(&[&[1, 2, 3, 6], &[4, 5]]), "patterns[0][3]: 6 is not a tile of the goal");
    assert_eq!(message(&[&[1, 2, 3, 4, 5], &[]]), "patterns[1]: expected at least one tile");
    // Permutation puzzles: patterns may share tiles, not repeat one.
    let nine_digits = godtab_puzzles::builtin::NINE_DIGITS.definition();
    assert!(set(&nine_digits, &[vec![1, 2], vec![2, 3]]).is_ok());
    let repeated = set(&nine_digits, &[vec![1, 2, 1]]).unwrap_err().to_string();
    assert_eq!(repeated, "patterns[0][2]: tile 1 is already in patterns[0][0]");
}

#[test]
fn a_table_file_of_either_kind_opens_as_what_its_header_says() {
    use godtab_runtime::{TableFile, TableKind};
    let dir = tempfile::tempdir().unwrap();
    let definition = board(2, 3);
    let table = godtab_gen::table_bytes(&definition, &godtab_gen::Options::default()).unwrap();
    let patterns = set(&definition, &[vec![1, 2, 3], vec![4, 5]]).unwrap();
    for (name, bytes, kind) in [("table", &table, TableKind::Complete), ("set", &patterns, TableKind::Patterns)] {
        assert_eq!(TableFile::new(&bytes[..]).unwrap().kind(), kind, "{name}");
        let plain = dir.path().join(format!("{name}.gtab"));
        std::fs::write(&plain, bytes).unwrap();
        let opened = TableFile::open(&plain).unwrap();
        assert_eq!((opened.kind(), opened.as_bytes()), (kind, &bytes[..]), "{name}");
        let compressed = dir.path().join(format!("{name}.gtab.zst"));
        std::fs::write(&compressed, godtab_files::compress(bytes).unwrap()).unwrap();
        assert_eq!(TableFile::open(&compressed).unwrap().kind(), kind, "{name}.zst");
        // The other kind's opener names both kinds.
        let error = match kind {
            TableKind::Complete => PatternSet::new(&bytes[..]).err(),
            _ => Table::new(&bytes[..]).err(),
        };
        let wanted = if kind == TableKind::Complete { TableKind::Patterns } else { TableKind::Complete };
        assert!(matches!(error, Some(Error::Kind { found, wanted: w }) if found == kind && w == wanted), "{name}");
        // Cut short: the whole open says why.
        let start = godtab_runtime::PREAMBLE_LEN + u32::from_le_bytes(bytes[32..36].try_into().unwrap()) as usize;
        for cut in [&bytes[..start], &bytes[..10], b"not a table at all, just text".as_slice()] {
            assert!(TableFile::new(cut).is_err(), "{name}");
        }
    }
    assert!(TableFile::open(dir.path().join("missing.gtab")).is_err());
    assert!(TableFile::open(dir.path()).is_err());
}
