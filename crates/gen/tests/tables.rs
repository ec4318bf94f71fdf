//! Every built-in table, encoded, reopened and queried for every state; the
//! files it is shipped as; the compact encoding.

use godtab_files::{compress, write_atomic};
use godtab_gen::{Options, build_table, generate, table_bytes};
use godtab_puzzles::builtin;
use godtab_runtime::{Encoding, Error, FileError, QueryError, Table, TableData};

fn tables() -> Vec<(&'static builtin::Builtin, Vec<u8>, TableData)> {
    builtin::ALL.iter().map(|b| (*b, build_table(b).unwrap(), generate(b.definition().puzzle()).unwrap())).collect()
}

#[test]
fn every_answer_matches_the_search() -> Result<(), Error> {
    for (b, bytes, generated) in tables() {
        let table = Table::new(bytes.as_slice())?;
        table.verify()?;
        assert!(table.definition().same_as(&b.definition()));
        assert_eq!(table.id(), b.id);
        assert_eq!(table.move_names().collect::<Vec<_>>(), b.move_names);
        assert_eq!(table.slots(), table.puzzle().slots());
        assert_eq!(table.reachable(), generated.reachable);
        assert_eq!(table.max_depth(), generated.max_depth);
        assert_eq!(table.histogram().collect::<Vec<_>>(), generated.histogram);
        let mut moves = [0u8; 64];
        for rank in 0..table.slots() {
            let state = table.state_of_rank(rank).unwrap();
            let d = table.distance(&state)?.unwrap();
            assert_eq!(d, generated.distance[rank as usize], "{}: rank {rank}", b.id);
            let len = table.solve_into(&state, &mut moves)?;
            assert_eq!(len, usize::from(d));
            // Applying the moves forward reaches the goal in exactly d moves,
            // and the first is the search's parent.
            let mut s = state;
            for &m in &moves[..len] {
                s = table.puzzle().apply(&s, usize::from(m)).unwrap();
            }
            assert_eq!(s, table.puzzle().goal(), "{}: rank {rank}", b.id);
            if len > 0 {
                assert_eq!(moves[0], generated.parent[rank as usize]);
            }
        }
        // Many at once, the same answers.
        let states: Vec<_> = (0..table.slots()).step_by(5).filter_map(|r| table.state_of_rank(r)).collect();
        let mut answers = vec![None; states.len()];
        table.distances(&states, &mut answers)?;
        for (state, answer) in states.iter().zip(&answers) {
            assert_eq!(Ok(*answer), table.distance(state));
        }
        assert_eq!(table.state_of_rank(table.slots()), None);
        assert_eq!(table.distance_of_rank(table.slots()), Ok(None));
    }
    Ok(())
}

#[test]
fn official_samples() -> Result<(), Error> {
    let names = |table: &Table<Vec<u8>>, text: &str| -> Result<Option<String>, Error> {
        let state = table.parse(text)?;
        Ok(table.solution(&state)?.map(|s| s.filter_map(|m| table.move_name(m)).collect()))
    };
    let nine = Table::new(build_table(&builtin::NINE_PUZZLE).unwrap())?;
    assert_eq!(names(&nine, "7 3 9 2 5 1 4 8 6")?.as_deref(), Some("V1V3H1"));
    assert_eq!(names(&nine, "1 2 3 4 5 6 7 9 8")?, None);
    let eight = Table::new(build_table(&builtin::EIGHT_PUZZLE).unwrap())?;
    assert_eq!(names(&eight, "2 3 4 1 5 x 7 6 8")?.as_deref(), Some("ullddrurdllurdruldr"));
    assert_eq!(names(&eight, "1 2 3 4 5 6 7 8 x")?.as_deref(), Some(""));
    let digits = Table::new(build_table(&builtin::NINE_DIGITS).unwrap())?;
    assert_eq!(digits.distance(&digits.parse("4 1 3 5 2 6 7 8 9")?)?, Some(3));
    let unsolvable = eight.parse("2 1 3 4 5 6 7 8 x")?;
    assert_eq!(eight.distance(&unsolvable)?, None);
    assert_eq!(eight.solve_into(&unsolvable, &mut [0; 40]), Err(QueryError::Unsolvable));
    let far = eight.parse("8 6 7 2 5 4 3 x 1")?;
    assert_eq!(eight.distance(&far)?, Some(31));
    assert_eq!(eight.solve_into(&far, &mut [0; 30]), Err(QueryError::BufferTooSmall { needed: 31 }));
    // A state of one puzzle is refused by the table of another...
    let six = Table::new(include_bytes!("../../runtime/tests/fixtures/v2/slide-2x3.gtab").as_slice())?;
    let six_cells = six.parse("1 2 3 4 5 x")?;
    assert_eq!(digits.distance(&six_cells), Err(QueryError::WrongPuzzle));
    assert!(matches!(digits.solution(&six_cells), Err(QueryError::WrongPuzzle)));
    // ...and nine tiles 1 to 9 are the same state for every 3x3 board of
    // them: the nine-puzzle's tiles are Nine Digits' tiles.
    let same_tiles = nine.parse("4 1 3 5 2 6 7 8 9")?;
    assert_eq!(digits.distance(&same_tiles)?, Some(3));
    assert_eq!(eight.distance(&same_tiles), Err(QueryError::WrongPuzzle));
    Ok(())
}

#[test]
fn encoding_is_deterministic_and_sized_as_documented() {
    for (b, bytes, _) in tables() {
        assert_eq!(build_table(b).unwrap(), bytes, "{}", b.id);
        let table = Table::new(bytes.as_slice()).unwrap();
        // The figures docs/FORMAT.md and the README give.
        let (expected_bits, expected_len) = match b.id {
            "nine-digits" => (4 + 2, 272_464),
            "nine-puzzle" => (4 + 3, 159_064),
            "eight-puzzle" => (5 + 2, 159_152),
            _ => unreachable!(),
        };
        assert_eq!(table.bits_per_state(), expected_bits, "{}", b.id);
        assert_eq!(table.len(), expected_len, "{}", b.id);
    }
}

#[test]
fn files_open_mapped_and_compressed() {
    let dir = tempfile::tempdir().unwrap();
    for (b, bytes, _) in tables() {
        let path = dir.path().join(format!("{}.gtab", b.id));
        write_atomic(&path, &bytes).unwrap();
        let zst = dir.path().join(format!("{}.gtab.zst", b.id));
        write_atomic(&zst, &compress(&bytes).unwrap()).unwrap();
        // Table::open chooses by the contents, not the name.
        let mapped = Table::open(&path).unwrap();
        assert!(mapped.bytes().is_mapped());
        let unpacked = Table::open(&zst).unwrap();
        assert!(!unpacked.bytes().is_mapped() && !unpacked.bytes().is_static());
        let renamed = dir.path().join("no-extension");
        std::fs::copy(&zst, &renamed).unwrap();
        assert!(!Table::open(&renamed).unwrap().bytes().is_mapped());
        for table in [mapped.as_bytes(), unpacked.as_bytes(), Table::open_mmap(&path).unwrap().as_bytes()] {
            assert_eq!(table, bytes.as_slice());
        }
        let tiny = Table::open_with_limit(&zst, 1000).unwrap_err();
        assert!(matches!(tiny, FileError::TooLarge { limit: 1000, .. }), "{tiny}");

        // Damaged or foreign .zst files, and data after the table.
        let compressed = std::fs::read(&zst).unwrap();
        let bad = dir.path().join("bad.gtab.zst");
        for (contents, what) in [
            (compressed[..compressed.len() / 2].to_vec(), "truncated"),
            (bytes.clone(), "not compressed"),
            ([compressed.as_slice(), compressed.as_slice()].concat(), "two frames"),
            (compress(&[bytes.as_slice(), &[0; 100]].concat()).unwrap(), "appended zeros"),
        ] {
            std::fs::write(&bad, contents).unwrap();
            let err = Table::open_zst(&bad, Table::MAX_DECOMPRESSED).unwrap_err();
            match what {
                "truncated" | "not compressed" => assert!(matches!(err, FileError::Decompress { .. }), "{what}: {err}"),
                _ => assert!(
                    matches!(err, FileError::ZstTrailing { declared, .. } if declared == bytes.len() as u64),
                    "{what}: {err}"
                ),
            }
            assert!(err.is_damage(), "{what}");
        }
    }
    let missing = Table::open(dir.path().join("missing.gtab")).unwrap_err();
    assert!(missing.to_string().contains("missing.gtab"), "{missing}");
    assert!(matches!(Table::open(dir.path()).unwrap_err(), FileError::Folder { .. }));
}

#[test]
fn compact_tables_answer_like_full_ones() {
    let compact_table = |b: &builtin::Builtin| {
        table_bytes(&b.definition(), &Options { encoding: Encoding::Compact, ..Default::default() })
    };
    // Turning a block or shifting a row cannot be undone by one move, so
    // neighbours can be two moves apart: the compact encoding is refused,
    // by the generator before its search and by the writer too.
    for b in [&builtin::NINE_DIGITS, &builtin::NINE_PUZZLE] {
        let err = compact_table(b).unwrap_err().to_string();
        assert!(err.contains("needs every move to be undone by a move"), "{err}");
        let definition = b.definition();
        let generated = generate(definition.puzzle()).unwrap();
        let err = godtab_runtime::encode(&definition, &generated, Encoding::Compact, "test").unwrap_err().to_string();
        assert!(err.contains("encoding: the compact encoding needs every move to be undone by a move"), "{err}");
    }
    let b = &builtin::EIGHT_PUZZLE;
    let compact_bytes = compact_table(b).unwrap();
    let compact = Table::new(compact_bytes.as_slice()).unwrap();
    compact.verify().unwrap();
    let full_bytes = build_table(b).unwrap();
    let full = Table::new(full_bytes.as_slice()).unwrap();
    assert!(compact.len() * 3 < full.len(), "compact {} bytes, full {}", compact.len(), full.len());
    for rank in 0..full.slots() {
        let state = full.state_of_rank(rank).unwrap();
        assert_eq!(compact.distance(&state), full.distance(&state), "rank {rank}");
        assert_eq!(compact.distance_of_rank(rank), full.distance_of_rank(rank), "rank {rank}");
        let ours: Vec<usize> = compact.solution(&state).unwrap().into_iter().flatten().collect();
        let theirs: Vec<usize> = full.solution(&state).unwrap().into_iter().flatten().collect();
        assert_eq!(ours, theirs, "rank {rank}");
    }
}
