//! The level-synchronous reverse BFS over a puzzle's rank space.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Acquire, Ordering::Relaxed, Ordering::Release};
use std::time::Instant;

use godtab_puzzles::{Cursor, Puzzle, WithCursor};
use godtab_runtime::{TableData, UNREACHED};
use rayon::prelude::*;

use crate::sets::{Adder, Bitset, CHUNK_WORDS, LevelSets, SMALL_SET_WORDS};
use crate::{GenError, Options, Part, Progress};

/// The largest distance a distance byte holds, below [`UNREACHED`].
const MAX_DEPTH: u8 = UNREACHED - 1;

/// The most bytes generating and encoding this puzzle's table holds at
/// once: 4 per rank. The search itself needs 2 bytes per rank (the
/// distance and parent arrays of [`TableData`], filled in place) and at most
/// ten bitsets of a bit per rank (this level, everything reached, and the
/// next level's states as each thread finds them, eight sets at most);
/// encoding holds the arrays and the packed table (at most 2 bytes per rank
/// more). Nothing else grows with the puzzle.
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
            distance: alloc.filled(len, || AtomicU8::new(UNREACHED))?,
            parent: alloc.filled(len, || AtomicU8::new(0))?,
            frontier: Bitset::new(len, alloc)?,
            found: LevelSets::new(len, alloc)?,
            reached: Bitset::new(len, alloc)?,
            parallel: true,
        };
        let goal = puzzle.rank(&puzzle.goal()) as usize;
        search.distance[goal].store(0, Relaxed);
        search.reached.insert(goal);
        // Levels of few states keep them in lists (see `Search::push_listed`):
        // the frontier's while it is small, the unreached states' once they
        // are few (dropped when a level pushes, which would leave it stale).
        let mut frontier_list = Some(vec![goal]);
        let mut unreached_list = None;

        let mut histogram = vec![1u64];
        let mut reachable = 1u64;
        let mut depth = 0u8;
        loop {
            let frontier = histogram[usize::from(depth)];
            if depth == MAX_DEPTH {
                if search.frontier_has_unreached_neighbour(frontier_list.as_deref()) {
                    return Err(GenError::TooDeep { max: MAX_DEPTH });
                }
                break;
            }
            // Push costs a rank per move per frontier state; pull costs an
            // unrank per unreached state plus a rank per move tried, and the
            // states the level does not reach try every move. Pull wins once
            // the unreached states are fewer than the frontier.
            let unreached = slots - reachable;
            let pull = unreached < frontier;
            let found = match (pull, frontier_list.take()) {
                (true, _) if unreached < SMALL_LEVEL => {
                    let list = unreached_list.get_or_insert_with(|| search.reached.absent());
                    let found = search.pull_listed(list, depth);
                    let count = found.len() as u64;
                    frontier_list = Some(found);
                    count
                }
                (false, Some(list)) => {
                    unreached_list = None;
                    let mut found = search.push_listed(&list, depth);
                    let count = found.len() as u64;
                    if count < SMALL_LEVEL {
                        found.sort_unstable();
                        frontier_list = Some(found);
                    } else {
                        search.frontier.set_to(&found);
                    }
                    count
                }
                _ => {
                    unreached_list = None;
                    // A level of few states to visit is over before threads
                    // would have started on it: one thread does it.
                    search.parallel = unreached >= SMALL_LEVEL && frontier >= SMALL_LEVEL;
                    if pull {
                        search.pull(depth);
                    } else {
                        search.push(depth);
                    }
                    search.advance(depth)
                }
            };
            if found == 0 {
                break;
            }
            depth += 1;
            reachable += found;
            histogram.push(found);
            options.report(&Progress {
                part: Part::States,
                depth,
                found,
                reached: reachable,
                total: slots,
                before: 0,
                pull,
                elapsed: started.elapsed(),
            });
        }

        // In place: the atomics and the bytes share their layout.
        let distance = search.distance.into_iter().map(AtomicU8::into_inner).collect();
        let parent = search.parent.into_iter().map(AtomicU8::into_inner).collect();
        Ok(TableData { distance, parent, reachable, max_depth: depth, histogram })
    }
}

/// The shared state of one search. Distances and parents are atomics so
/// that threads can fill one level together, read and written plainly
/// (see [`Search::offer`]); rayon's join between levels orders one level
/// before the next.
struct Search<C> {
    /// A cursor at rank 0, cloned for each block of ranks a thread visits.
    cursor: C,
    move_count: usize,
    /// The distance of every rank ([`UNREACHED`] until found)...
    distance: Vec<AtomicU8>,
    /// ...and its parent move (0 for the goal and unreached ranks): the
    /// table's arrays themselves.
    parent: Vec<AtomicU8>,
    /// The ranks at the current depth, the ranks found for the next one, and
    /// every rank reached before the next one: one bit each, so finding them
    /// costs a 64th of scanning the entries.
    frontier: Bitset,
    found: LevelSets,
    reached: Bitset,
    /// Whether the current level is shared among threads.
    parallel: bool,
}

/// Levels with fewer states to visit (or, pulling, fewer unreached) run
/// on one thread.
const SMALL_LEVEL: u64 = 4096;

impl<C: Cursor> Search<C> {
    /// Ends level `depth`: makes the states it found the frontier, adds
    /// them to the ranks reached, empties the sets that found them, settles
    /// the parent of each state that several threads wrote (see
    /// [`Search::offer`]), and returns how many states it found. One pass
    /// over the words rather than one per step: a level has few states to
    /// visit near either end of the search, where each pass costs mostly
    /// the threads' synchronisation.
    fn advance(&self, depth: u8) -> u64 {
        let block = |(chunk, words): (usize, &[AtomicU64])| {
            let mut cursor = None;
            let mut found = 0;
            for (offset, frontier) in words.iter().enumerate() {
                let w = chunk * CHUNK_WORDS + offset;
                let (union, mut contested) = self.found.take_word(w);
                frontier.store(union, Relaxed);
                let reached = &self.reached.words[w];
                reached.store(reached.load(Relaxed) | union, Relaxed);
                found += u64::from(union.count_ones());
                while contested != 0 {
                    let rank = w * 64 + contested.trailing_zeros() as usize;
                    contested &= contested - 1;
                    self.settle_parent(cursor.get_or_insert_with(|| self.cursor.clone()), rank, depth);
                }
            }
            found
        };
        // A small set's pass is over before threads would have started.
        if self.frontier.words.len() < SMALL_SET_WORDS {
            self.frontier.words.chunks(CHUNK_WORDS).enumerate().map(block).sum()
        } else {
            self.frontier.words.par_chunks(CHUNK_WORDS).enumerate().map(block).sum()
        }
    }

    /// Gives `rank`, found at `depth + 1`, its first move (in declared
    /// order) to a state at `depth`: the smallest of the moves that reached
    /// it.
    fn settle_parent(&self, cursor: &mut C, rank: usize, depth: u8) {
        if let Some(m) = self.first_move_to(cursor, rank, depth) {
            self.parent[rank].store(m, Relaxed);
        }
    }

    /// The first move (in declared order) from `rank` to a state at
    /// `depth`, if there is one.
    #[inline]
    fn first_move_to(&self, cursor: &mut C, rank: usize, depth: u8) -> Option<u8> {
        cursor.seek(rank as u64);
        (0..self.move_count).find(|&m| cursor.rank_after(m).is_some_and(|t| self.is_at(t, depth))).map(|m| m as u8)
    }

    /// Top-down: every state at `depth` undoes each move. A state first seen
    /// now gets `depth + 1`; its parent is the smallest move index among all
    /// the ways it is seen in this level, whatever the order of the visits
    /// (settled by [`Search::advance`] where threads wrote it at once).
    fn push(&self, depth: u8) {
        self.frontier.par_for_each(self.parallel, false, self.visitor(), |(cursor, mine), rank| {
            self.push_from(cursor, rank, depth + 1, |p, _| mine.insert(p));
            0
        });
    }

    /// [`Search::push`] from the states of `frontier` (ascending), on this
    /// thread, without the bitsets: a level this small is mostly the passes
    /// over their words. Returns the states found, and adds them to the
    /// ranks reached.
    fn push_listed(&self, frontier: &[usize], depth: u8) -> Vec<usize> {
        let mut cursor = self.cursor.clone();
        let mut found = Vec::new();
        for &rank in frontier {
            self.push_from(&mut cursor, rank, depth + 1, |p, unseen| {
                if unseen {
                    found.push(p);
                }
            });
        }
        found.iter().for_each(|&p| self.reached.insert(p));
        found
    }

    /// Offers each state that a move leads from to `rank` distance `next`
    /// ([`Search::offer`]), and calls `taken(p, unseen)` for each that takes
    /// it (`unseen`: the first time it is reached).
    #[inline]
    fn push_from(&self, cursor: &mut C, rank: usize, next: u8, mut taken: impl FnMut(usize, bool)) {
        cursor.seek(rank as u64);
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
                if let Some(unseen) = self.offer(p, next, m as u8) {
                    taken(p, unseen);
                }
            }
        }
    }

    /// Records that rank `p` is reached at distance `next` by move `m`,
    /// unless it is already nearer or reached in this level through a
    /// smaller move: unseen, or seen now through a larger move, it takes the
    /// offer (and returns whether it was unseen), and the caller adds it to
    /// its thread's set. Plain reads and writes, not an
    /// atomic minimum (which costs about as much as the rest of a visit): a
    /// thread alone on a rank ends with the smallest move offered, since it
    /// writes only moves smaller than what it reads and every other offer
    /// read a move at most as large (the parent is written before the
    /// distance is released, so a reader that sees the distance sees that
    /// parent or a later one); a rank two threads wrote may hold either's
    /// move, and is in both threads' sets, so [`Search::advance`] settles
    /// it.
    #[inline]
    fn offer(&self, p: usize, next: u8, m: u8) -> Option<bool> {
        let (distance, parent) = (self.distance.get(p)?, self.parent.get(p)?);
        let seen = distance.load(Acquire);
        if seen < next || (seen == next && parent.load(Relaxed) <= m) {
            return None;
        }
        parent.store(m, Relaxed);
        distance.store(next, Release);
        Some(seen > next)
    }

    /// Whether rank `t` is at distance `depth`.
    #[inline]
    fn is_at(&self, t: u64, depth: u8) -> bool {
        usize::try_from(t).ok().and_then(|t| self.distance.get(t)).is_some_and(|d| d.load(Relaxed) == depth)
    }

    /// Bottom-up: every unreached state tries its moves in declared order and
    /// takes the first that lands at `depth`.
    fn pull(&self, depth: u8) {
        self.reached.par_for_each(self.parallel, true, self.visitor(), |(cursor, mine), rank| {
            if self.pull_to(cursor, rank, depth) {
                mine.insert(rank);
            }
            0
        });
    }

    /// [`Search::pull`] for the states of `unreached` (ascending), on this
    /// thread, without the bitsets (see [`Search::push_listed`]): takes the
    /// states found out of the list, adds them to the ranks reached and
    /// returns them.
    fn pull_listed(&self, unreached: &mut Vec<usize>, depth: u8) -> Vec<usize> {
        let mut cursor = self.cursor.clone();
        let mut found = Vec::new();
        unreached.retain(|&rank| {
            let reached = self.pull_to(&mut cursor, rank, depth);
            if reached {
                found.push(rank);
            }
            !reached
        });
        found.iter().for_each(|&p| self.reached.insert(p));
        found
    }

    /// Whether the unreached `rank` has a move to a state at `depth`; if
    /// so, it takes the first such move and `depth + 1`.
    #[inline]
    fn pull_to(&self, cursor: &mut C, rank: usize, depth: u8) -> bool {
        let Some(m) = self.first_move_to(cursor, rank, depth) else { return false };
        self.parent[rank].store(m, Relaxed);
        self.distance[rank].store(depth + 1, Relaxed);
        true
    }

    /// What a block of visits starts from: a clone of the cursor, and the
    /// set of this thread for the ranks it finds.
    fn visitor<'s>(&'s self) -> impl Fn() -> (C, Adder<'s>) + Sync + 's {
        || (self.cursor.clone(), self.found.mine())
    }

    /// Whether some state of the frontier (`listed`, or else the frontier
    /// set) has a neighbour not reached yet.
    fn frontier_has_unreached_neighbour(&self, listed: Option<&[usize]>) -> bool {
        let hit = |cursor: &mut C, rank: usize| {
            cursor.seek(rank as u64);
            let hit = (0..self.move_count).any(|m| {
                cursor.rank_before(m).is_some_and(|p| {
                    let p = p as usize;
                    p < self.distance.len() && !self.reached.contains(p)
                })
            });
            u64::from(hit)
        };
        match listed {
            Some(list) => {
                let mut cursor = self.cursor.clone();
                list.iter().any(|&rank| hit(&mut cursor, rank) > 0)
            }
            None => self.frontier.par_for_each(true, false, || self.cursor.clone(), hit) > 0,
        }
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
    /// Room for `additional` more values in `vec`, backed by huge pages
    /// where the system has them (see [`crate::pages`]).
    pub(crate) fn reserve<T>(self, vec: &mut Vec<T>, additional: usize) -> Result<(), GenError> {
        vec.try_reserve_exact(additional).map_err(|_| GenError::OutOfMemory {
            slots: self.slots,
            bytes: (additional as u64).saturating_mul(core::mem::size_of::<T>() as u64),
            needed: self.needed,
        })?;
        godtab_files::pages::prefer_huge_pages(vec.spare_capacity_mut());
        Ok(())
    }

    /// `len` values made by `make`.
    pub(crate) fn filled<T>(self, len: usize, make: impl FnMut() -> T) -> Result<Vec<T>, GenError> {
        let mut vec = Vec::new();
        self.reserve(&mut vec, len)?;
        vec.extend(std::iter::repeat_with(make).take(len));
        Ok(vec)
    }
}
