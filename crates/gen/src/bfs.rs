//! The level-synchronous reverse BFS over a puzzle's rank space.

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use godtab_puzzles::{Cursor, Puzzle, WithCursor};
use godtab_runtime::{Encoding, TableData, UNREACHED};
use rayon::prelude::*;

use crate::GenError;

/// The largest distance a distance byte holds, below [`UNREACHED`].
const MAX_DEPTH: u8 = UNREACHED - 1;

/// What a finished BFS level reports to [`Options::on_level`].
#[derive(Clone, Copy, Debug)]
pub struct Level {
    /// The distance just filled in.
    pub depth: u8,
    /// States found at that distance.
    pub states: u64,
    /// States reached so far, all levels together.
    pub reachable: u64,
    /// Size of the rank space.
    pub slots: u64,
    /// Whether the level was computed bottom-up (pull) rather than top-down.
    pub pull: bool,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// Settings for [`generate_with`].
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// Refuse, before allocating, a search that needs more bytes than this.
    pub max_memory: Option<u64>,
    /// Called after every level, for progress reports.
    pub on_level: Option<&'a (dyn Fn(&Level) + Sync)>,
    /// How the table stores its answers (full by default).
    pub encoding: Encoding,
}

/// The most bytes generating and encoding this puzzle's table holds at
/// once: 4 per rank. The search itself needs 2 bytes per rank (distance and
/// parent in one entry) and three bitsets of a bit per rank (this level, the
/// next, everything reached); turning the entries into the distance and
/// parent arrays of [`TableData`] briefly holds both (4 bytes per rank), and
/// encoding holds those arrays and the packed table (at most 2 bytes per
/// rank more). Nothing else grows with the puzzle.
#[must_use]
pub fn planned_memory(puzzle: &Puzzle) -> u64 {
    puzzle.slots().saturating_mul(4)
}

/// Runs the search with default [`Options`] (no memory limit, no progress).
///
/// # Errors
///
/// See [`generate_with`].
pub fn generate(puzzle: &Puzzle) -> Result<TableData, GenError> {
    generate_with(puzzle, &Options::default())
}

/// Runs the reverse BFS from the goal over every rank of `puzzle`, on
/// rayon's current thread pool: a distance and a parent move for every
/// rank (the parent is 0 for the goal and unreached ranks).
///
/// # Errors
///
/// Before the search: [`GenError::TooLarge`] if the table needs more than
/// `max_memory` bytes (checked before anything is allocated),
/// [`GenError::Encoding`] if the puzzle cannot be stored in the encoding
/// asked for, [`GenError::OutOfMemory`] if the system refuses the
/// search's arrays. During it: [`GenError::TooDeep`] if a state lies further
/// than 254 moves from the goal.
pub fn generate_with(puzzle: &Puzzle, options: &Options<'_>) -> Result<TableData, GenError> {
    let started = Instant::now();
    let slots = puzzle.slots();
    let needed = planned_memory(puzzle);
    let too_large = |limit| GenError::TooLarge { slots, needed, limit };
    if let Some(limit) = options.max_memory
        && needed > limit
    {
        return Err(too_large(limit));
    }
    let len = usize::try_from(slots).map_err(|_| too_large(usize::MAX as u64))?;
    options.encoding.check(puzzle).map_err(GenError::Encoding)?;

    let alloc = Allocator { slots, needed };
    puzzle.with_cursor(Run { puzzle, options, started, len, alloc })
}

/// The search, run with the puzzle's fastest [`Cursor`].
struct Run<'a> {
    puzzle: &'a Puzzle,
    options: &'a Options<'a>,
    started: Instant,
    len: usize,
    alloc: Allocator,
}

impl WithCursor for Run<'_> {
    type Output = Result<TableData, GenError>;

    fn run<C: Cursor>(self, cursor: C) -> Self::Output {
        let Run { puzzle, options, started, len, alloc } = self;
        let slots = alloc.slots;
        let mut search = Search {
            cursor,
            move_count: puzzle.move_count(),
            entries: alloc.filled(len, || AtomicU16::new(UNSEEN))?,
            frontier: Bitset::new(len, alloc)?,
            next: Bitset::new(len, alloc)?,
            reached: Bitset::new(len, alloc)?,
            parallel: true,
        };
        // The result's arrays too, before the search rather than after it:
        // reserved now, their memory is only touched once the bitsets are
        // gone.
        let (mut distance, mut parent) = (Vec::new(), Vec::new());
        alloc.reserve(&mut distance, len)?;
        alloc.reserve(&mut parent, len)?;
        let goal = puzzle.rank(&puzzle.goal()) as usize;
        search.entries[goal].store(entry(0, 0), Relaxed);
        search.frontier.insert(goal);
        search.reached.insert(goal);

        let mut histogram = vec![1u64];
        let mut reachable = 1u64;
        let mut depth = 0u8;
        loop {
            let frontier = histogram[usize::from(depth)];
            if depth == MAX_DEPTH {
                if search.frontier_has_unreached_neighbour() {
                    return Err(GenError::TooDeep { max: MAX_DEPTH });
                }
                break;
            }
            // Push costs a rank per move per frontier state; pull costs an
            // unrank per unreached state plus a rank per move tried, and the
            // states the level does not reach try every move. Pull wins once
            // the unreached states are fewer than the frontier.
            let pull = slots - reachable < frontier;
            // A level of few states to visit is over before threads would
            // have started on it: one thread does it.
            search.parallel = slots - reachable >= SMALL_LEVEL && frontier >= SMALL_LEVEL;
            let found = if pull { search.pull(depth) } else { search.push(depth) };
            if found == 0 {
                break;
            }
            search.advance();
            depth += 1;
            reachable += found;
            histogram.push(found);
            if let Some(report) = options.on_level {
                report(&Level { depth, states: found, reachable, slots, pull, elapsed: started.elapsed() });
            }
        }

        // The bitsets go first: the conversion below is the peak of memory
        // use.
        let Search { entries, frontier, next, reached: reached_set, .. } = search;
        drop((frontier, next, reached_set));
        let mut arrays = (distance, parent);
        arrays.extend(entries.into_iter().map(|e| match e.into_inner() {
            UNSEEN => (UNREACHED, 0),
            e => ((e >> 8) as u8, e as u8),
        }));
        let (distance, parent) = arrays;
        Ok(TableData { distance, parent, reachable, max_depth: depth, histogram })
    }
}

/// The shared state of one search. Entries are atomics so that threads can
/// fill one level together; every access is `Relaxed` because rayon's join
/// between levels already orders one level before the next.
struct Search<C> {
    /// A cursor at rank 0, cloned for each block of ranks a thread visits.
    cursor: C,
    move_count: usize,
    /// Distance and parent of every rank, as [`entry`]: one 16-bit word, so
    /// that a visit touches one cache line, and so that a single `fetch_min`
    /// both claims an unseen rank and keeps the smallest parent move.
    entries: Vec<AtomicU16>,
    /// The ranks at the current depth, the ranks found for the next one, and
    /// every rank reached before the next one: one bit each, so finding them
    /// costs a 64th of scanning the entries.
    frontier: Bitset,
    next: Bitset,
    reached: Bitset,
    /// Whether the current level is shared among threads.
    parallel: bool,
}

/// Levels with fewer states to visit (or, pulling, fewer unreached) run
/// on one thread.
const SMALL_LEVEL: u64 = 4096;

/// A rank not reached yet: larger than every [`entry`].
const UNSEEN: u16 = u16::MAX;

/// Distance in the high byte, parent move in the low byte. Among entries
/// for one distance the smallest is the one with the smallest parent, and
/// every distance sorts below [`UNSEEN`].
fn entry(distance: u8, parent: u8) -> u16 {
    (u16::from(distance) << 8) | u16::from(parent)
}

/// The distance of an entry.
fn distance_of(entry: u16) -> u8 {
    (entry >> 8) as u8
}

impl<C: Cursor> Search<C> {
    /// Makes the level just found the frontier.
    fn advance(&mut self) {
        std::mem::swap(&mut self.frontier, &mut self.next);
        // One pass over the words rather than one per step: a level has
        // few states to visit near either end of the search, where each
        // pass costs mostly the threads' synchronisation.
        self.reached.union_clearing(&self.frontier, &self.next);
    }

    /// Top-down: every state at `depth` undoes each move. A state first seen
    /// now gets `depth + 1`; its parent is the smallest move index among all
    /// the ways it is seen in this level, whatever the order of the visits.
    fn push(&self, depth: u8) -> u64 {
        let next = depth + 1;
        self.frontier.par_for_each(self.parallel, false, &self.cursor, |cursor, rank| {
            cursor.seek(rank as u64);
            let mut found = 0;
            for first in (0..self.move_count).step_by(BATCH) {
                // Rank a batch of predecessors before touching memory, so the
                // cache misses on their entries overlap instead of queueing
                // behind each branch.
                let mut predecessors = [usize::MAX; BATCH];
                for (m, p) in (first..self.move_count).zip(&mut predecessors) {
                    if let Some(prev) = cursor.rank_before(m) {
                        *p = prev as usize;
                    }
                }
                for (m, &p) in (first..self.move_count).zip(&predecessors) {
                    found += self.offer(p, entry(next, m as u8));
                }
            }
            found
        })
    }

    /// Records that rank `p` is reached with `offer` (distance and move),
    /// unless it already has a smaller entry, and returns 1 if `p` was unseen
    /// until now. Unseen, or seen in this level through a larger move: take
    /// it. Threads racing here all end with the smallest move, and exactly
    /// one of them finds the rank unseen, so the level's count is exact.
    #[inline]
    fn offer(&self, p: usize, offer: u16) -> u64 {
        let Some(slot) = self.entries.get(p) else {
            return 0;
        };
        if slot.load(Relaxed) <= offer || slot.fetch_min(offer, Relaxed) != UNSEEN {
            return 0;
        }
        self.next.insert(p);
        1
    }

    /// Bottom-up: every unreached state tries its moves in declared order and
    /// takes the first that lands at `depth`.
    fn pull(&self, depth: u8) -> u64 {
        let next = depth + 1;
        self.reached.par_for_each(self.parallel, true, &self.cursor, |cursor, rank| {
            cursor.seek(rank as u64);
            for m in 0..self.move_count {
                let Some(t) = cursor.rank_after(m) else {
                    continue;
                };
                if self.entries.get(t as usize).is_some_and(|e| distance_of(e.load(Relaxed)) == depth) {
                    self.entries[rank].store(entry(next, m as u8), Relaxed);
                    self.next.insert(rank);
                    return 1;
                }
            }
            0
        })
    }

    /// Whether some state of the frontier has a neighbour not reached yet.
    fn frontier_has_unreached_neighbour(&self) -> bool {
        self.frontier.par_for_each(true, false, &self.cursor, |cursor, rank| {
            cursor.seek(rank as u64);
            let hit = (0..self.move_count).any(|m| {
                cursor.rank_before(m).is_some_and(|p| {
                    let p = p as usize;
                    p < self.entries.len() && !self.reached.contains(p)
                })
            });
            u64::from(hit)
        }) > 0
    }
}

/// Predecessors ranked at a time by a push level.
const BATCH: usize = 8;

/// Allocates the search's arrays, turning the system's refusal into
/// [`GenError::OutOfMemory`] instead of an abort.
#[derive(Clone, Copy)]
pub(crate) struct Allocator {
    pub(crate) slots: u64,
    pub(crate) needed: u64,
}

impl Allocator {
    /// Room for `additional` more values in `vec`.
    pub(crate) fn reserve<T>(self, vec: &mut Vec<T>, additional: usize) -> Result<(), GenError> {
        vec.try_reserve_exact(additional).map_err(|_| GenError::OutOfMemory {
            slots: self.slots,
            bytes: (additional as u64).saturating_mul(core::mem::size_of::<T>() as u64),
            needed: self.needed,
        })
    }

    /// `len` values made by `make`.
    pub(crate) fn filled<T>(self, len: usize, make: impl FnMut() -> T) -> Result<Vec<T>, GenError> {
        let mut vec = Vec::new();
        self.reserve(&mut vec, len)?;
        vec.extend(std::iter::repeat_with(make).take(len));
        Ok(vec)
    }
}

/// A fixed-size set of ranks, one bit each, that threads can add to.
struct Bitset {
    words: Vec<AtomicU64>,
    len: usize,
}

/// Sets of fewer words (64 ranks each) are merged on one thread.
const SMALL_SET_WORDS: usize = 1 << 14;

/// Words handed to a thread at a time (64 ranks each): large enough to
/// amortise rayon's bookkeeping, small enough to balance the cores.
const CHUNK_WORDS: usize = 256;

impl Bitset {
    fn new(len: usize, alloc: Allocator) -> Result<Self, GenError> {
        Ok(Self { words: alloc.filled(len.div_ceil(64), || AtomicU64::new(0))?, len })
    }

    fn insert(&self, index: usize) {
        self.words[index / 64].fetch_or(1 << (index % 64), Relaxed);
    }

    fn contains(&self, index: usize) -> bool {
        self.words[index / 64].load(Relaxed) & (1 << (index % 64)) != 0
    }

    /// Adds every member of `add` and empties `empty`, in one pass (no
    /// other thread may be writing).
    fn union_clearing(&self, add: &Self, empty: &Self) {
        let step = |((w, a), e): ((&AtomicU64, &AtomicU64), &AtomicU64)| {
            w.store(w.load(Relaxed) | a.load(Relaxed), Relaxed);
            e.store(0, Relaxed);
        };
        // A small set's pass is over before threads would have started.
        if self.words.len() < SMALL_SET_WORDS {
            self.words.iter().zip(&add.words).zip(&empty.words).for_each(step);
        } else {
            self.words.par_iter().zip(&add.words).zip(&empty.words).for_each(step);
        }
    }

    /// Calls `visit(cursor, rank)` for each rank in the set (or, with
    /// `absent`, not in it), in increasing order within each block of ranks
    /// with a clone of `cursor` per block, and sums what it returns: on
    /// every thread if `parallel`, else on this one.
    fn par_for_each<C: Clone + Sync>(
        &self,
        parallel: bool,
        absent: bool,
        cursor: &C,
        visit: impl Fn(&mut C, usize) -> u64 + Sync,
    ) -> u64 {
        let block = |(chunk, words): (usize, &[AtomicU64])| {
            let mut cursor = cursor.clone();
            let mut total = 0;
            for (offset, word) in words.iter().enumerate() {
                let first = (chunk * CHUNK_WORDS + offset) * 64;
                let mut bits = word.load(Relaxed);
                if absent {
                    bits = !bits;
                }
                while bits != 0 {
                    let rank = first + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if rank < self.len {
                        total += visit(&mut cursor, rank);
                    }
                }
            }
            total
        };
        if parallel {
            self.words.par_chunks(CHUNK_WORDS).enumerate().map(block).sum()
        } else {
            self.words.chunks(CHUNK_WORDS).enumerate().map(block).sum()
        }
    }
}
