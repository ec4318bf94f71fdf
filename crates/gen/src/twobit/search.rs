//! The breadth-first search over 2-bit entries: each state holds its
//! distance modulo 3 (compact) or `floor(d / 2) mod 2` with its parity from
//! its rank (parity), or unreached, and nothing else. That is enough:
//!
//! - **top-down** (push), level `d` to `d + 1`: every state whose entry says
//!   `d` (modulo the scheme's modulus, so older levels too) undoes each
//!   move, and the unreached states it finds get `d + 1`. An older state's
//!   predecessors are all reached already, so only true level-`d` states
//!   find anything;
//! - **bottom-up** (pull): every unreached state (of the next level's
//!   parity, on a sliding board) tries its moves and takes `d + 1` when one
//!   lands on an entry that says `d`: a reached neighbour of an unreached
//!   state is at least `d` away and at most `d`, so it is at `d`.
//!
//! Levels whose states are few keep them in lists (the frontier while it
//! is small, the unreached states once they are few), bounded so that
//! memory stays at the array and a fraction of a bit per state. Entries are
//! set once each and to a value that depends only on the level, so the
//! array is the same whatever the number of threads or the order of their
//! work.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use godtab_puzzles::{Cursor, MAX_MOVES, Puzzle};
use rayon::prelude::*;

use super::array::{PER_WORD, TwoBits, UNREACHED};
use crate::GenError;

/// What a state's entry holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scheme {
    /// Its distance modulo 3.
    Mod3,
    /// `floor(d / 2) mod 2`; its parity comes from its rank.
    Parity,
}

impl Scheme {
    /// The entry of a state `d` moves from the goal.
    pub(crate) fn value(self, d: u8) -> u64 {
        match self {
            Self::Mod3 => u64::from(d % 3),
            Self::Parity => u64::from((d / 2) % 2),
        }
    }

    /// The levels whose states share an entry (and a parity): every
    /// `modulus`-th.
    pub(crate) fn modulus(self) -> usize {
        match self {
            Self::Mod3 => 3,
            Self::Parity => 4,
        }
    }
}

/// Words handed to a thread at a time (32 states each).
const CHUNK_WORDS: usize = 1 << 11;

/// How a level was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    /// Top-down from a list of the frontier's states.
    PushList,
    /// Top-down from every entry that says the frontier's level.
    PushScan,
    /// Bottom-up from a list of the unreached states.
    PullList,
    /// Bottom-up from every unreached entry.
    PullScan,
}

impl Direction {
    pub(crate) fn is_pull(self) -> bool {
        matches!(self, Self::PullList | Self::PullScan)
    }
}

/// How a level ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The level is done: it found this many states.
    Found(u64, Direction),
    /// The stop flag was raised: the level is part done (some of its states
    /// are set, none of the next level's).
    Stopped,
}

/// The search's state between levels.
pub(crate) struct Search<'a, C> {
    puzzle: &'a Puzzle,
    cursor: C,
    moves: usize,
    scheme: Scheme,
    pub(crate) array: TwoBits,
    /// States at each distance so far.
    pub(crate) histogram: Vec<u64>,
    pub(crate) reached: u64,
    /// The frontier's ranks (exactly the last level's states), while few.
    frontier: Option<Vec<u64>>,
    /// The unreached ranks, once few.
    unreached: Option<Vec<u64>>,
    /// The most ranks a list may hold.
    cap: u64,
    stop: Option<&'a AtomicBool>,
    /// States of the next level set already (by a run stopped in the middle
    /// of it), counted with the next level's finds.
    preset: u64,
}

impl<'a, C: Cursor> Search<'a, C> {
    /// A search of `array`, whose entries hold the levels of `histogram`
    /// (the goal alone, to start; or what a stopped run had done). A list
    /// holds at most `cap` ranks.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        puzzle: &'a Puzzle,
        cursor: C,
        scheme: Scheme,
        array: TwoBits,
        histogram: Vec<u64>,
        frontier: Option<Vec<u64>>,
        cap: u64,
        stop: Option<&'a AtomicBool>,
        preset: u64,
    ) -> Self {
        let reached = histogram.iter().sum();
        let moves = puzzle.move_count().min(MAX_MOVES);
        let unreached = None;
        Self { puzzle, cursor, moves, scheme, array, histogram, reached, frontier, unreached, cap, stop, preset }
    }

    /// The deepest level done.
    pub(crate) fn depth(&self) -> u8 {
        (self.histogram.len() - 1) as u8
    }

    /// Whether the stop flag is up.
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Relaxed))
    }

    /// The parity a state's rank gives (0 for the compact scheme, where it
    /// does not matter).
    #[inline]
    fn parity(&self, rank: u64) -> u64 {
        match self.scheme {
            Scheme::Mod3 => 0,
            Scheme::Parity => u64::from(self.puzzle.parity_of_rank(rank).unwrap_or(0)),
        }
    }

    /// Computes the next level (the first time, together with the states
    /// of it set already).
    ///
    /// # Errors
    ///
    /// [`GenError::TooDeep`] past 254 moves.
    pub(crate) fn step(&mut self) -> Result<Step, GenError> {
        let d = self.depth();
        if d == u8::MAX - 1 {
            return Err(GenError::TooDeep { max: d });
        }
        let slots = self.array.len;
        let unreached = slots - self.reached;
        // The states whose entries say `d`: level d and every modulus-th
        // before it, all visited by a scan that pushes.
        let alike: u64 = self.histogram.iter().rev().step_by(self.scheme.modulus()).sum();
        let candidates = match self.scheme {
            Scheme::Mod3 => unreached,
            Scheme::Parity => unreached / 2,
        };
        if self.unreached.is_none() && self.frontier.is_none() && unreached <= self.cap && candidates < alike {
            self.unreached = Some(self.list_unreached());
        }
        let direction = match (&self.unreached, &self.frontier) {
            (Some(_), _) => Direction::PullList,
            (None, Some(_)) => Direction::PushList,
            (None, None) if candidates < alike => Direction::PullScan,
            (None, None) => Direction::PushScan,
        };
        let frontier = self.frontier.take();
        let (found, next) = match direction {
            Direction::PullList => (self.pull_listed(d), None),
            Direction::PullScan => (self.pull_scan(d), None),
            Direction::PushList => self.push(d, frontier.as_deref()),
            Direction::PushScan => self.push(d, None),
        };
        if self.stopped() {
            return Ok(Step::Stopped);
        }
        // States a stopped run set belong to this level too; the list of its
        // own finds then leaves them out, so the next level scans.
        let preset = std::mem::take(&mut self.preset);
        let found = found + preset;
        if found > 0 {
            self.histogram.push(found);
            self.reached += found;
            self.frontier = next.filter(|_| preset == 0);
        }
        Ok(Step::Found(found, direction))
    }

    /// Every unreached rank, ascending.
    fn list_unreached(&self) -> Vec<u64> {
        let lists: Vec<Vec<u64>> = self
            .array
            .words
            .par_chunks(CHUNK_WORDS)
            .enumerate()
            .map(|(c, words)| {
                let mut found = Vec::new();
                for i in 0..words.len() {
                    let w = c * CHUNK_WORDS + i;
                    let mut bits = self.array.matching(w, UNREACHED);
                    while bits != 0 {
                        found.push(w as u64 * PER_WORD + u64::from(bits.trailing_zeros() / 2));
                        bits &= bits - 1;
                    }
                }
                found
            })
            .collect();
        lists.concat()
    }

    /// Whether `rank`, unreached, is a state of level `d + 1`: one of its
    /// moves lands on an entry that says `d` (on a sliding board, any
    /// reached neighbour: they are all at `d`). If so, it takes that level.
    #[inline]
    fn pull_one(&self, cursor: &mut C, rank: u64, d: u8) -> bool {
        if self.scheme == Scheme::Parity && self.parity(rank) != u64::from(d.wrapping_add(1) % 2) {
            return false;
        }
        let wanted = self.scheme.value(d);
        cursor.seek(rank);
        let mut neighbours = [u64::MAX; MAX_MOVES];
        for (m, n) in neighbours.iter_mut().enumerate().take(self.moves) {
            if let Some(r) = cursor.rank_after(m) {
                *n = r;
            }
        }
        let hit = neighbours[..self.moves].iter().any(|&n| {
            n < self.array.len && {
                let e = self.array.get(n);
                match self.scheme {
                    Scheme::Mod3 => e == wanted,
                    Scheme::Parity => e != UNREACHED,
                }
            }
        });
        if hit {
            self.array.reach_own(rank, self.scheme.value(d + 1));
        }
        hit
    }

    /// Bottom-up over every unreached entry.
    fn pull_scan(&self, d: u8) -> u64 {
        self.array
            .words
            .par_chunks(CHUNK_WORDS)
            .enumerate()
            .map(|(c, words)| {
                if self.stopped() {
                    return 0;
                }
                let mut cursor = self.cursor.clone();
                let mut found = 0;
                for i in 0..words.len() {
                    let w = c * CHUNK_WORDS + i;
                    let mut bits = self.array.matching(w, UNREACHED);
                    while bits != 0 {
                        let rank = w as u64 * PER_WORD + u64::from(bits.trailing_zeros() / 2);
                        bits &= bits - 1;
                        found += u64::from(self.pull_one(&mut cursor, rank, d));
                    }
                }
                found
            })
            .sum()
    }

    /// Bottom-up over the list of unreached ranks, which keeps those still
    /// unreached. Threads take runs of the list; a rank's word may be
    /// another run's too, so the entry is set atomically.
    fn pull_listed(&mut self, d: u8) -> u64 {
        let list = self.unreached.take().unwrap_or_default();
        let this = &*self;
        let runs: Vec<Vec<u64>> = list
            .par_chunks(1 << 12)
            .map(|ranks| {
                let mut cursor = this.cursor.clone();
                let mut left = Vec::new();
                for &rank in ranks {
                    if this.stopped() || !this.pull_listed_one(&mut cursor, rank, d) {
                        left.push(rank);
                    }
                }
                left
            })
            .collect();
        let left = runs.concat();
        let found = (list.len() - left.len()) as u64;
        self.unreached = Some(left);
        found
    }

    /// [`Search::pull_one`] for a listed rank, setting its entry atomically.
    fn pull_listed_one(&self, cursor: &mut C, rank: u64, d: u8) -> bool {
        if self.scheme == Scheme::Parity && self.parity(rank) != u64::from(d.wrapping_add(1) % 2) {
            return false;
        }
        let wanted = self.scheme.value(d);
        cursor.seek(rank);
        let hit = (0..self.moves).any(|m| {
            cursor.rank_after(m).is_some_and(|n| {
                n < self.array.len && {
                    let e = self.array.get(n);
                    match self.scheme {
                        Scheme::Mod3 => e == wanted,
                        Scheme::Parity => e != UNREACHED,
                    }
                }
            })
        });
        hit && self.array.reach(rank, self.scheme.value(d + 1))
    }

    /// Top-down from `listed` (exactly level `d`'s states) or else from
    /// every entry that says `d`. Returns how many states it found and,
    /// while they are few enough, their ranks in order.
    fn push(&self, d: u8, listed: Option<&[u64]>) -> (u64, Option<Vec<u64>>) {
        let next = self.scheme.value(d + 1);
        let kept = AtomicU64::new(0);
        let overflow = AtomicBool::new(false);
        let expand = |cursor: &mut C, rank: u64, found: &mut u64, mine: &mut Vec<u64>| {
            cursor.seek(rank);
            let mut predecessors = [u64::MAX; MAX_MOVES];
            for (m, p) in predecessors.iter_mut().enumerate().take(self.moves) {
                if let Some(r) = cursor.rank_before(m) {
                    *p = r;
                }
            }
            for &p in &predecessors[..self.moves] {
                if p < self.array.len && self.array.reach(p, next) {
                    *found += 1;
                    if !overflow.load(Relaxed) {
                        if kept.fetch_add(1, Relaxed) < self.cap {
                            mine.push(p);
                        } else {
                            overflow.store(true, Relaxed);
                        }
                    }
                }
            }
        };
        let results: Vec<(u64, Vec<u64>)> = match listed {
            Some(list) => list
                .par_chunks(1 << 12)
                .map(|ranks| {
                    let (mut cursor, mut found, mut mine) = (self.cursor.clone(), 0, Vec::new());
                    for &rank in ranks {
                        expand(&mut cursor, rank, &mut found, &mut mine);
                    }
                    (found, mine)
                })
                .collect(),
            None => {
                let here = self.scheme.value(d);
                let parity = u64::from(d % 2);
                self.array
                    .words
                    .par_chunks(CHUNK_WORDS)
                    .enumerate()
                    .map(|(c, words)| {
                        let (mut cursor, mut found, mut mine) = (self.cursor.clone(), 0, Vec::new());
                        if self.stopped() {
                            return (found, mine);
                        }
                        for i in 0..words.len() {
                            let w = c * CHUNK_WORDS + i;
                            let mut bits = self.array.matching(w, here);
                            while bits != 0 {
                                let rank = w as u64 * PER_WORD + u64::from(bits.trailing_zeros() / 2);
                                bits &= bits - 1;
                                if self.scheme == Scheme::Parity && self.parity(rank) != parity {
                                    continue;
                                }
                                expand(&mut cursor, rank, &mut found, &mut mine);
                            }
                        }
                        (found, mine)
                    })
                    .collect()
            }
        };
        let found = results.iter().map(|(f, _)| f).sum();
        if overflow.load(Relaxed) {
            return (found, None);
        }
        let mut next_list: Vec<u64> = results.into_iter().flat_map(|(_, mine)| mine).collect();
        next_list.sort_unstable();
        (found, Some(next_list))
    }
}
