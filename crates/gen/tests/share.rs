//! The 2-bit search split into shares, each run on its own thread with
//! an exchange of channels between them: put together, the shares' entries
//! are the very table one search writes, for any number of shares; a run
//! stopped on one share stops every share at the same level, and continues
//! from the parts to the same table.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, Sender, channel};

use godtab_gen::{
    Exchange, GenError, LevelEnd, Options, ShareOf, SharePart, TableAssembly, share_search, twobit_histogram,
    twobit_table_bytes,
};
use godtab_puzzles::{BLANK, Definition, MoveSet, Puzzle, builtin};
use godtab_runtime::Encoding;

fn board(rows: usize, cols: usize) -> Definition {
    let goal: Vec<u8> = (1..(rows * cols) as u8).chain([BLANK]).collect();
    let puzzle = Puzzle::new(rows, cols, &goal, MoveSet::Sliding).unwrap();
    Definition::new(&format!("slide-{rows}x{cols}"), ["u", "d", "l", "r"], puzzle).unwrap()
}

#[derive(Clone)]
enum Message {
    Ranks(u64, usize, Vec<u64>),
    Round(u64, usize, u64),
    End(u64, usize, LevelEnd),
}

/// Channels to every share, and one from them; what arrives for a later
/// level than this share's waits for it.
struct Channels {
    me: usize,
    to: Vec<Sender<Message>>,
    from: Receiver<Message>,
    level: u64,
    later: BTreeMap<u64, Vec<Message>>,
}

impl Exchange for Channels {
    fn send(&mut self, to: usize, ranks: &[u64], _take: &mut dyn FnMut(usize, u64)) -> Result<(), GenError> {
        self.to[to]
            .send(Message::Ranks(self.level, self.me, ranks.to_vec()))
            .map_err(|_| GenError::Cluster(format!("share {to} is gone")))
    }

    fn end_round(&mut self, mine: u64, take: &mut dyn FnMut(usize, u64)) -> Result<Vec<u64>, GenError> {
        let ends = self.end(Message::Round(self.level, self.me, mine), take)?;
        Ok(ends.into_iter().map(|e| e.count).collect())
    }

    fn end_level(&mut self, mine: LevelEnd, take: &mut dyn FnMut(usize, u64)) -> Result<Vec<LevelEnd>, GenError> {
        self.end(Message::End(self.level, self.me, mine), take)
    }
}

impl Channels {
    /// Ends a round or a level: `end` to every share, then every share's
    /// end and the ranks sent here in the round (a round's number is its
    /// end's count).
    fn end(&mut self, end: Message, take: &mut dyn FnMut(usize, u64)) -> Result<Vec<LevelEnd>, GenError> {
        for to in &self.to {
            to.send(end.clone()).map_err(|_| GenError::Cluster("a share is gone".into()))?;
        }
        let mut ends = vec![None; self.to.len()];
        let mut pending: Vec<Message> = self.later.remove(&self.level).unwrap_or_default();
        while ends.iter().any(Option::is_none) {
            let message = match pending.pop() {
                Some(m) => m,
                None => self
                    .from
                    .recv_timeout(std::time::Duration::from_secs(20))
                    .map_err(|_| GenError::Cluster("a share is gone".into()))?,
            };
            match message {
                Message::Ranks(level, from, ranks) if level == self.level => {
                    ranks.into_iter().for_each(|r| take(from, r));
                }
                Message::Round(level, from, value) if level == self.level => {
                    ends[from] = Some(LevelEnd { count: value, flags: 0 });
                }
                Message::End(level, from, end) if level == self.level => ends[from] = Some(end),
                m @ (Message::Ranks(level, ..) | Message::Round(level, ..) | Message::End(level, ..)) => {
                    self.later.entry(level).or_default().push(m);
                }
            }
        }
        self.level += 1;
        Ok(ends.into_iter().map(Option::unwrap_or_default).collect())
    }
}

fn channels(n: usize) -> Vec<Channels> {
    let (senders, receivers): (Vec<_>, Vec<_>) = (0..n).map(|_| channel()).unzip();
    receivers
        .into_iter()
        .enumerate()
        .map(|(me, from)| Channels { me, to: senders.clone(), from, level: 0, later: BTreeMap::new() })
        .collect()
}

fn part_path(dir: &Path, p: usize) -> PathBuf {
    dir.join(format!("part-{p}"))
}

/// Runs every share, the first `stop_at` on share 0 (its stop flag raised
/// after that many levels' reports).
fn run_shares(
    definition: &Definition,
    encoding: Encoding,
    n: usize,
    dir: &Path,
    resume: bool,
    stop_at: Option<u8>,
) -> Vec<Result<SharePart, GenError>> {
    run_shares_of(definition, encoding, false, n, dir, resume, stop_at)
}

/// As [`run_shares`], counting only when `count_only`.
#[allow(clippy::too_many_arguments)]
fn run_shares_of(
    definition: &Definition,
    encoding: Encoding,
    count_only: bool,
    n: usize,
    dir: &Path,
    resume: bool,
    stop_at: Option<u8>,
) -> Vec<Result<SharePart, GenError>> {
    let exchanges = channels(n);
    std::thread::scope(|scope| {
        let handles: Vec<_> = exchanges
            .into_iter()
            .enumerate()
            .map(|(p, mut exchange)| {
                scope.spawn(move || {
                    let stop = AtomicBool::new(false);
                    let report = |progress: &godtab_gen::Progress| {
                        if p == 0 && stop_at.is_some_and(|at| progress.depth + 1 >= at) {
                            stop.store(true, std::sync::atomic::Ordering::Relaxed);
                        }
                    };
                    let options =
                        Options { encoding, stop: Some(&stop), on_progress: Some(&report), ..Options::default() };
                    let part = part_path(dir, p);
                    let share =
                        ShareOf { process: p, processes: n, part: &part, resume, checkpoint_every: None, count_only };
                    share_search(definition, &options, &share, &mut exchange)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

fn assemble(definition: &Definition, encoding: Encoding, parts: Vec<SharePart>, dir: &Path) -> Vec<u8> {
    let target = dir.join("table.gtab");
    let mut table = TableAssembly::create(&target, definition, encoding, &parts[0].histogram).unwrap();
    // Pieces in reverse order: any order does.
    for mut part in parts.into_iter().rev() {
        let mut at = part.payload_offset();
        let pieces: Vec<Vec<u8>> = part.payload(1 << 10).collect();
        for piece in pieces {
            table.write_at(at, &piece).unwrap();
            at += piece.len() as u64;
        }
    }
    table.finish().unwrap();
    std::fs::read(&target).unwrap()
}

#[test]
fn shares_that_only_count_give_the_histogram_of_one_search_even_for_one_way_moves() {
    let mut definitions: Vec<Definition> = builtin::every().map(|b| b.definition()).collect();
    definitions.push(board(2, 4));
    let mut one_way = 0;
    for definition in &definitions {
        let puzzle = definition.puzzle();
        one_way += usize::from(Encoding::Compact.check(puzzle).is_err());
        let expected = twobit_histogram(puzzle, &Options::default()).unwrap();
        for n in [1, 2, 3] {
            let dir = tempfile::tempdir().unwrap();
            for part in run_shares_of(definition, Encoding::Compact, true, n, dir.path(), false, None) {
                assert_eq!(part.unwrap().histogram, expected, "{} in {n} shares", definition.id());
            }
        }
        // A table still needs moves that can be undone.
        if Encoding::Compact.check(puzzle).is_err() {
            let dir = tempfile::tempdir().unwrap();
            let refused = run_shares(definition, Encoding::Compact, 2, dir.path(), false, None);
            assert!(refused.iter().all(|r| matches!(r, Err(GenError::Encoding(_)))), "{}", definition.id());
        }
    }
    assert!(one_way >= 2, "nine-digits and the 9 puzzle have moves that cannot be undone");
}

#[test]
fn shares_put_together_are_the_table_of_one_search() {
    let mut definitions: Vec<Definition> = builtin::every().map(|b| b.definition()).collect();
    definitions.extend([board(2, 3), board(2, 5), board(3, 3)]);
    for definition in &definitions {
        for encoding in [Encoding::Compact, Encoding::Parity] {
            if encoding.check(definition.puzzle()).is_err() {
                continue;
            }
            let options = Options { encoding, ..Options::default() };
            let expected = twobit_table_bytes(definition, &options).unwrap();
            for n in [1, 2, 3, 5] {
                let dir = tempfile::tempdir().unwrap();
                let parts: Vec<SharePart> = run_shares(definition, encoding, n, dir.path(), false, None)
                    .into_iter()
                    .map(Result::unwrap)
                    .collect();
                for part in &parts {
                    assert_eq!(part.histogram, parts[0].histogram);
                }
                let bytes = assemble(definition, encoding, parts, dir.path());
                assert!(bytes == expected, "{} {encoding:?} in {n} shares", definition.id());
            }
        }
    }
}

#[test]
fn a_stop_on_one_share_stops_all_and_they_continue_to_the_same_table() {
    let definition = board(2, 5);
    let encoding = Encoding::Compact;
    let expected = twobit_table_bytes(&definition, &Options { encoding, ..Options::default() }).unwrap();
    for stop_at in [1u8, 7, 20, 29] {
        let dir = tempfile::tempdir().unwrap();
        let stopped = run_shares(&definition, encoding, 3, dir.path(), false, Some(stop_at));
        let depths: Vec<u8> = stopped
            .iter()
            .map(|r| match r {
                Err(GenError::Stopped { depth, .. }) => *depth,
                Err(e) => panic!("{e}"),
                Ok(_) => panic!("not stopped at {stop_at}"),
            })
            .collect();
        assert!(depths.iter().all(|&d| d == depths[0]), "{depths:?}");
        assert!((0..3).all(|p| part_path(dir.path(), p).exists()));
        // Without --resume the parts are refused, not overwritten.
        let refused = run_shares(&definition, encoding, 3, dir.path(), false, None);
        assert!(refused.iter().all(|r| matches!(r, Err(GenError::Partial { .. }))));
        let parts: Vec<SharePart> =
            run_shares(&definition, encoding, 3, dir.path(), true, None).into_iter().map(Result::unwrap).collect();
        assert_eq!(parts[0].resumed_from, Some(depths[0]));
        assert!(assemble(&definition, encoding, parts, dir.path()) == expected, "stopped at {stop_at}");
        assert!((0..3).all(|p| !part_path(dir.path(), p).exists()));
    }
}

#[test]
fn parts_of_another_split_or_level_are_refused() {
    let definition = board(2, 4);
    let encoding = Encoding::Compact;
    let dir = tempfile::tempdir().unwrap();
    let _ = run_shares(&definition, encoding, 2, dir.path(), false, Some(5));
    // Three processes over two parts (and one missing): refused by name.
    let results = run_shares(&definition, encoding, 3, dir.path(), true, None);
    let messages: Vec<String> = results.into_iter().filter_map(|r| r.err()).map(|e| e.to_string()).collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(messages.iter().all(|m| m.contains("parts of one run")), "{messages:?}");
    // Two processes of three parts: each part names its split.
    let dir = tempfile::tempdir().unwrap();
    let _ = run_shares(&definition, encoding, 3, dir.path(), false, Some(5));
    let results = run_shares(&definition, encoding, 2, dir.path(), true, None);
    let messages: Vec<String> = results.into_iter().filter_map(|r| r.err()).map(|e| e.to_string()).collect();
    assert!(messages.iter().any(|m| m.contains("another puzzle, encoding or split")), "{messages:?}");
}
