//! One process's share of a 2-bit search run by several: the ranks of one
//! contiguous range of the rank space, and an [`Exchange`] that carries the
//! ranks a process finds for another's range and shares every process's
//! counts. The engine that moves them between processes (and hosts) is the
//! caller's; this module is the search, the same on every process.
//!
//! A level, from `d` to `d + 1`: every state of this range whose entry says
//! `d` undoes each move; a predecessor in this range that is unreached gets
//! `d + 1` here, one in another range is sent to its owner, in batches
//! sorted by rank. The level ends with the exchange: every process learns
//! every other's count of level `d` and flags (a stop asked for, progress
//! due to be kept), then takes the ranks sent to it. A level whose count
//! is 0 in all ends the search, on every process at once; so do a stop
//! and a checkpoint, so that every part is always kept at the same level.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use godtab_puzzles::{Cursor, Definition, Puzzle, WithCursor};
use godtab_runtime::Encoding;
use rayon::prelude::*;

use super::array::{TwoBits, UNREACHED};
use super::exchange::{Exchange, KEEP, LevelEnd, Ranges, STOP, Timed};
use super::partial_read::{load_part, read_partial};
use super::resumable::{Keeper, run_digest};
use super::search::{Scheme, alike, candidates};
use super::share_expand::{Expand, Listed, Source, send_by_owner};
use super::{allocate_len, list_cap, scheme};
use crate::{GenError, Options, Part, Progress};

/// Words of the range expanded between two sends (32 states each): bounds
/// the ranks held for other processes to 64 MiB or so.
const WINDOW_WORDS: usize = 1 << 16;
/// Words of the range a pull settles between two rounds of questions: half
/// a push's window, as each question is held with its candidate (16 bytes).
const PULL_WINDOW_WORDS: usize = WINDOW_WORDS / 2;

/// Which share a process runs, and where it keeps its part.
pub struct ShareOf<'a> {
    /// This process, from 0.
    pub process: usize,
    /// How many run the search.
    pub processes: usize,
    /// Its part file: its range's entries and the levels done, kept after
    /// a level now and then and when the run is stopped.
    pub part: &'a Path,
    /// Continue from the part file.
    pub resume: bool,
    /// Keep the progress at most this often (by default as often as ten
    /// times its cost allows).
    pub checkpoint_every: Option<Duration>,
    /// Only count the states at each distance (no table follows), so the
    /// puzzle's moves need not be undone by moves (as
    /// [`twobit_histogram`](super::twobit_histogram)).
    pub count_only: bool,
}

/// A process's finished share.
pub struct SharePart {
    array: TwoBits,
    encoding: Encoding,
    start: u64,
    /// States at each distance, every range together.
    pub histogram: Vec<u64>,
    /// The depth the run was continued from, if it was.
    pub resumed_from: Option<u8>,
    /// The predecessors this process's states had (one per move undone),
    /// and how many of them lay in another process's range (before
    /// duplicates within a batch were dropped).
    pub predecessors: u64,
    /// See [`SharePart::predecessors`].
    pub remote: u64,
    /// How often, and for how long in all, the progress was kept.
    pub checkpoints: u32,
    /// The time spent keeping it.
    pub checkpoint_time: Duration,
    /// The time spent in the exchange: sending, and waiting at the end of
    /// each round for the other processes.
    pub exchange_time: Duration,
}

impl SharePart {
    /// Where this range's payload starts in the table's distance section,
    /// in bytes.
    #[must_use]
    pub fn payload_offset(&self) -> u64 {
        match self.encoding {
            Encoding::Parity => self.start / 8,
            _ => self.start / 4,
        }
    }

    /// This range's part of the table's distance section, in pieces of at
    /// most `piece` bytes (a multiple of 8), in order. For a parity table
    /// the entries are packed to their low bits first (in place).
    pub fn payload(&mut self, piece: usize) -> impl Iterator<Item = Vec<u8>> + '_ {
        self.array.clear_padding();
        let words = match self.encoding {
            Encoding::Parity => self.array.pack_low_bits(),
            _ => self.array.words.len(),
        };
        let per = (piece / 8).max(1);
        self.array.words[..words].chunks(per).map(|chunk| {
            let mut bytes = Vec::with_capacity(chunk.len() * 8);
            for word in chunk {
                bytes.extend_from_slice(&word.load(Relaxed).to_le_bytes());
            }
            bytes
        })
    }
}

/// What the processes of one run, and the parts they keep, agree on: the
/// table's [`run_digest`], or for a count ([`ShareOf::count_only`]) that
/// of the puzzle's full table, which every puzzle has.
///
/// # Errors
///
/// As [`run_digest`].
pub fn share_digest(definition: &Definition, encoding: Encoding, count_only: bool) -> Result<u64, GenError> {
    run_digest(definition, if count_only { Encoding::Full } else { encoding })
}

/// Runs process `share.process`'s share of the 2-bit search of
/// `definition` (compact or parity entries, as `options.encoding` says),
/// exchanging with the others through `exchange`.
///
/// # Errors
///
/// As [`twobit_table_file`](super::twobit_table_file) (the part file in
/// place of the partial file), and [`GenError::Cluster`] from the
/// exchange or when the processes' parts are at different levels.
pub fn share_search(
    definition: &Definition,
    options: &Options<'_>,
    share: &ShareOf<'_>,
    exchange: &mut dyn Exchange,
) -> Result<SharePart, GenError> {
    let puzzle = definition.puzzle();
    let scheme = scheme(options.encoding)?;
    if !share.count_only {
        options.encoding.check(puzzle).map_err(GenError::Encoding)?;
    }
    if share.process >= share.processes {
        return Err(GenError::Cluster(format!(
            "process {} of {}: processes are numbered from 0",
            share.process, share.processes
        )));
    }
    let ranges = Ranges::new(puzzle.slots(), share.processes);
    let range = ranges.range(share.process);
    let len = range.end - range.start;
    let goal = puzzle.rank(&puzzle.goal());
    let mark = (share.process, share.processes);
    let digest = share_digest(definition, options.encoding, share.count_only)?;
    // A part is kept with the one before it: a process may be killed after
    // some processes kept a level and before the others did, and then every
    // process still has the older of the two levels.
    let prev = previous_part(share.part);
    let kept: Vec<(PathBuf, u64)> = [share.part.to_path_buf(), prev.clone()]
        .into_iter()
        .filter_map(|path| read_partial(&path).ok().map(|run| (path, run.histogram.len() as u64)))
        .collect();
    if !share.resume && (share.part.exists() || prev.exists()) {
        return Err(GenError::Partial {
            path: share.part.to_path_buf(),
            problem: "holds a stopped run's part: continue it with --resume, or remove it to start over".into(),
        });
    }
    super::resumable::check_writable(share.part)?;
    check_room(share, len, puzzle.slots(), options.encoding)?;
    let newest = if share.resume { kept.iter().map(|k| k.1).max().unwrap_or(0) } else { 0 };
    let newest_all = exchange.end_level(LevelEnd { count: newest, flags: 0 }, &mut |_, _| {})?;
    let common = newest_all.iter().map(|e| e.count).min().unwrap_or(0);
    if let Some(p) = newest_all.iter().position(|e| e.count == 0)
        && newest_all.iter().any(|e| e.count > 0)
    {
        return Err(GenError::Cluster(format!(
            "process {p} has no part to continue from, and others have: resume every process from the parts of \
             one run"
        )));
    }
    let (array, histogram, here, resumed_from) = match kept.iter().find(|k| k.1 == common) {
        Some((path, _)) if common > 0 => {
            let kept = load_part(path, definition, options, digest, len, mark)?;
            let depth = (kept.histogram.len() - 1) as u8;
            (kept.array, kept.histogram, kept.here, Some(depth))
        }
        _ if common > 0 => {
            return Err(GenError::Cluster(format!(
                "the parts of the other processes are at {common} levels, and this one has no part of that level \
                 ({}): resume every process from the parts of one run",
                share.part.display()
            )));
        }
        _ => {
            let array = allocate_len(len, options, puzzle.slots())?;
            let here = range.contains(&goal).then(|| array.reach_own(goal - range.start, 0)).is_some();
            (array, Vec::new(), u64::from(here), None)
        }
    };
    // Every part starts from the same level.
    let depth = histogram.len() as u64;
    let starts = exchange.end_level(LevelEnd { count: depth, flags: 0 }, &mut |_, _| {})?;
    if let Some((p, other)) = starts.iter().enumerate().find(|(_, s)| s.count != depth) {
        return Err(GenError::Cluster(format!(
            "process {p} continues from {} levels and this one from {depth}: resume every process from the parts \
             of one run",
            other.count
        )));
    }
    let mut keeper = Keeper::new(share.part, definition, options.encoding, digest, share.checkpoint_every, Some(mark));
    let mut timed = Timed { inner: exchange, time: Duration::ZERO };
    let run =
        Share { puzzle, scheme, options, ranges, me: share.process, array, histogram, here, exchange: &mut timed };
    let done = puzzle.with_cursor(ShareCursor { run, keeper: &mut keeper })?;
    let exchange_time = timed.time;
    let (array, histogram, stopped, (predecessors, remote)) = done;
    if stopped {
        let depth = (histogram.len() - 1) as u8;
        return Err(GenError::Stopped { depth, kept: share.part.to_path_buf() });
    }
    let _ = std::fs::remove_file(share.part);
    let _ = std::fs::remove_file(previous_part(share.part));
    Ok(SharePart {
        array,
        encoding: options.encoding,
        start: range.start,
        histogram,
        resumed_from,
        predecessors,
        remote,
        checkpoints: keeper.count,
        checkpoint_time: keeper.time,
        exchange_time,
    })
}

/// Exchanges a share's search makes before its first level (the levels
/// its parts hold, then a check that all continue from the same one).
pub const SHARE_AGREEMENTS: usize = 2;

/// Where the part kept before the last one is.
#[must_use]
pub fn previous_part(part: &Path) -> PathBuf {
    let mut name = part.as_os_str().to_os_string();
    name.push(".prev");
    PathBuf::from(name)
}

/// Refuses, before the search, a share whose folder lacks room for its
/// parts: the one kept, the one before it and the next being written (and,
/// on process 0, the table), less the parts already there.
fn check_room(share: &ShareOf<'_>, len: u64, slots: u64, encoding: Encoding) -> Result<(), GenError> {
    let part_bytes = TwoBits::words_for(len) * 8 + (1 << 16);
    let table_bytes = match (share.process, encoding) {
        _ if share.count_only => 0,
        (0, Encoding::Parity) => slots.div_ceil(64) * 8,
        (0, _) => slots.div_ceil(32) * 8,
        _ => 0,
    };
    let there: u64 = [share.part.to_path_buf(), previous_part(share.part)]
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    let needed = (part_bytes * 3 + table_bytes).saturating_sub(there);
    let folder = godtab_files::folder_of(share.part);
    match godtab_files::available_space(folder) {
        Ok(available) if available < needed => {
            Err(GenError::NoSpace { needed, available, folder: folder.to_path_buf() })
        }
        _ => Ok(()),
    }
}

/// The search of one share.
struct Share<'a, 'e> {
    puzzle: &'a Puzzle,
    scheme: Scheme,
    options: &'a Options<'a>,
    ranges: Ranges,
    me: usize,
    array: TwoBits,
    /// The levels done (every range's), and this range's count of the one
    /// after them, which the array holds already.
    histogram: Vec<u64>,
    here: u64,
    exchange: &'e mut dyn Exchange,
}

/// The search with the keeper of its part.
struct ShareCursor<'a, 'e, 'k> {
    run: Share<'a, 'e>,
    keeper: &'k mut Keeper<'a>,
}

impl WithCursor for ShareCursor<'_, '_, '_> {
    /// The array, the histogram, whether the run was stopped, and the
    /// predecessors found (all, and those in other ranges).
    type Output = Result<(TwoBits, Vec<u64>, bool, (u64, u64)), GenError>;

    fn run<C: Cursor>(self, cursor: C) -> Self::Output {
        let ShareCursor { run, keeper } = self;
        let Share { puzzle, scheme, options, ranges, me, array, mut histogram, mut here, exchange } = run;
        let started = Instant::now();
        let range = ranges.range(me);
        let cap = list_cap(range.end - range.start) as usize;
        let expand = Expand { puzzle, range: range.clone(), array: &array, cursor, cap };
        // The level's states in this range, while they are few enough to
        // list (a new run's first levels, and its last); else every entry
        // is scanned. A continued run scans its first level.
        let goal = puzzle.rank(&puzzle.goal());
        // Predecessors found, and those in another range.
        let mut moves = (0u64, 0u64);
        let mut frontier: Option<Vec<u64>> =
            histogram.is_empty().then(|| range.contains(&goal).then_some(goal).into_iter().collect());
        // Windows of a pull: as many on every process (the largest range's).
        let largest = (0..ranges.processes()).map(|p| ranges.range(p)).map(|r| r.end - r.start).max().unwrap_or(0);
        let pull_windows = TwoBits::words_for(largest).div_ceil(PULL_WINDOW_WORDS as u64).max(1) as usize;
        // Whether the level the next end counts was found bottom-up.
        let mut pulled = false;
        loop {
            // Expand level d, which the array holds in full; `histogram`
            // holds the levels before it.
            let d = histogram.len() as u8;
            if d == u8::MAX - 1 {
                return Err(GenError::TooDeep { max: d });
            }
            let (here_value, next_value) = (scheme.value(d), scheme.value(d + 1));
            // Level d's size, every range's, chooses how to expand it, as
            // one search chooses: top-down while the states alike to level
            // d's are fewer than the unreached candidates, else bottom-up.
            let counts = exchange.end_round(here, &mut |_, _| {})?;
            let mut levels = histogram.clone();
            levels.push(counts.iter().sum());
            // A level every range lists is pushed from the lists, cheaper
            // than any scan.
            let listed = counts.iter().all(|&c| c <= list_cap(largest));
            let pull = !listed && candidates(puzzle, &levels) < alike(scheme, puzzle, &levels);
            let mut next = Listed::new(cap);
            let mut remote_here = 0u64;
            // A rank another process found for this range, set if it is new.
            let mark = |p: u64, next: &mut Listed| {
                if range.contains(&p)
                    && array.get(p - range.start) == UNREACHED
                    && array.reach(p - range.start, next_value)
                {
                    next.push(p);
                }
            };
            if pull {
                let words = array.words.len();
                for w in 0..pull_windows {
                    let window = (w * PULL_WINDOW_WORDS).min(words)..((w + 1) * PULL_WINDOW_WORDS).min(words);
                    // Ask the owners of the unresolved candidates' remote
                    // neighbours which are at d; they answer; then those
                    // candidates are settled.
                    let asked_by = expand.ask(window, d, here_value, next_value, &mut next);
                    remote_here += asked_by.len() as u64;
                    let questions: Vec<u64> = asked_by.iter().map(|&(n, _)| n).collect();
                    let mut asked: Vec<(usize, u64)> = Vec::new();
                    send_by_owner(&ranges, questions, exchange, &mut |from, r| asked.push((from, r)))?;
                    exchange.end_round(0, &mut |from, r| asked.push((from, r)))?;
                    asked.par_sort_unstable();
                    let mut yes: Vec<u64> = Vec::new();
                    let mut rest = &asked[..];
                    while let Some(&(from, _)) = rest.first() {
                        let cut = rest.partition_point(|&(f, _)| f == from);
                        let at_d: Vec<u64> = rest[..cut]
                            .iter()
                            .map(|&(_, r)| r)
                            .filter(|&r| range.contains(&r) && array.get(r - range.start) == here_value)
                            .collect();
                        if !at_d.is_empty() {
                            exchange.send(from, &at_d, &mut |_, r| yes.push(r))?;
                        }
                        rest = &rest[cut..];
                    }
                    exchange.end_round(0, &mut |_, r| yes.push(r))?;
                    yes.par_sort_unstable();
                    expand.settle(&asked_by, next_value, &yes, &mut next);
                }
            } else {
                let windows: Vec<Source<'_>> = match &frontier {
                    Some(list) => list.chunks(WINDOW_WORDS * 8).map(Source::Ranks).collect(),
                    None => (0..array.words.len())
                        .step_by(WINDOW_WORDS)
                        .map(|w| Source::Words(w..(w + WINDOW_WORDS).min(array.words.len())))
                        .collect(),
                };
                for window in windows {
                    let remote = expand.window(window, d, here_value, next_value, &mut next);
                    remote_here += remote.len() as u64;
                    send_by_owner(&ranges, remote, exchange, &mut |_, p| mark(p, &mut next))?;
                }
            }
            let stop = options.stop.is_some_and(|s| s.load(Relaxed));
            let flags = if stop { STOP } else { 0 } | if keeper.due(&array) { KEEP } else { 0 };
            let ends = exchange.end_level(LevelEnd { count: here, flags }, &mut |_, p| mark(p, &mut next))?;
            let total: u64 = ends.iter().map(|e| e.count).sum();
            let flags = ends.iter().fold(0, |f, e| f | e.flags);
            if total == 0 {
                break;
            }
            histogram.push(total);
            here = next.count;
            moves.0 += next.tried;
            moves.1 += remote_here;
            frontier = next.list.map(|mut list| {
                list.par_sort_unstable();
                list
            });
            options.report(&Progress {
                part: Part::States,
                depth: d,
                found: total,
                reached: histogram.iter().sum(),
                total: ranges.start(ranges.processes()),
                before: 0,
                pull: pulled,
                elapsed: started.elapsed(),
            });
            pulled = pull;
            if flags & (STOP | KEEP) != 0 {
                keeper.keep(&array, &histogram, here)?;
            }
            if flags & STOP != 0 {
                return Ok((array, histogram, true, moves));
            }
        }
        Ok((array, histogram, false, moves))
    }
}
