//! The breadth-first search over 2-bit entries: each state holds its
//! distance modulo 3 (compact) or `floor(d / 2) mod 2` with its parity from
//! its rank (parity), or unreached, and nothing else. That is enough:
//!
//! - **top-down** (push), level `d` to `d + 1`: every state whose entry says
//!   `d` (modulo the scheme's modulus, so older levels too) undoes each
//!   move, and the unreached states it finds get `d + 1`. An older state's
//!   predecessors are all reached already, so only true level-`d` states
//!   find anything;
//! - **bottom-up** (pull): every unreached state tries its moves and takes
//!   `d + 1` when one lands on an entry that says `d`: a reached neighbour
//!   of an unreached state is at least `d` away and at most `d`, so it is
//!   at `d`.
//!
//! On a sliding board every move changes the parity of the distance, which
//! the rank tells (the blank's colour): then a push visits only the states
//! of level `d`'s parity (levels `d`, `d - 6`, ... compact; `d`, `d - 4`, ...
//! parity), a pull only the unreached states of level `d + 1`'s, and any
//! reached neighbour of those is at `d`. Whole words of the array are
//! skipped at once, as ranks of one parity come in long runs.
//!
//! Levels whose states are few keep them in lists (the frontier while it
//! is small, the unreached states once they are few), bounded so that
//! memory stays at the array and a fraction of a bit per state. Entries are
//! set once each and to a value that depends only on the level, so the
//! array is the same whatever the number of threads or the order of their
//! work.
//!
//! The pull levels are in `pull`; this module holds the search's state,
//! its choice of direction for each level, and the push.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use godtab_puzzles::{Cursor, MAX_MOVES, Puzzle};
use rayon::prelude::*;

mod pull;

use super::array::{PER_WORD, TwoBits};
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

/// Neighbours ranked at a time, before their entries are read.
const BATCH: usize = 8;

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
    /// On a sliding board, the parity of every rank's distance.
    parities: Option<Parities>,
    /// The moves in the order a pull tries them: the cheapest to rank
    /// first (a sliding board's sideways moves, which leave the tiles'
    /// order alone).
    pull_order: [u8; MAX_MOVES],
}

/// The parity of every rank's distance on a sliding board: constant over
/// runs of `stride` ranks (one blank cell each).
#[derive(Clone, Copy)]
struct Parities {
    stride: u64,
    of_cell: [u8; godtab_puzzles::MAX_CELLS],
}

impl Parities {
    #[inline]
    fn of(&self, rank: u64) -> u64 {
        u64::from(self.of_cell[((rank / self.stride) as usize) & (godtab_puzzles::MAX_CELLS - 1)])
    }

    /// The parity of every rank of word `w`, if they share one.
    #[inline]
    fn of_word(&self, w: usize) -> Option<u64> {
        let first = w as u64 * PER_WORD;
        let (a, b) = (self.of(first), self.of(first + PER_WORD - 1));
        (first / self.stride == (first + PER_WORD - 1) / self.stride || a == b).then_some(a)
    }

    /// The bits of word `w`'s entries (their low bits) whose rank has
    /// parity `parity`.
    #[inline]
    fn mask(&self, w: usize, parity: u64) -> u64 {
        match self.of_word(w) {
            Some(p) if p == parity => u64::MAX,
            Some(_) => 0,
            None => {
                let first = w as u64 * PER_WORD;
                (0..PER_WORD).filter(|&k| self.of(first + k) == parity).fold(0, |m, k| m | 1 << (2 * k))
            }
        }
    }
}

/// The states a top-down scan of level `d` (the last of `histogram`)
/// visits: those whose entries say `d` (or, on a sliding board, that and
/// `d`'s parity), level `d` and the levels before it that look alike.
pub(crate) fn alike(scheme: Scheme, puzzle: &Puzzle, histogram: &[u64]) -> u64 {
    let period = match (scheme, puzzle.parity_runs()) {
        (Scheme::Mod3, Some(_)) => 6,
        (scheme, _) => scheme.modulus(),
    };
    histogram.iter().rev().step_by(period).sum()
}

/// The unreached states a bottom-up scan of level `d + 1` visits (`d` the
/// last level of `histogram`): all of them, or on a sliding board those
/// of `d + 1`'s parity.
pub(crate) fn candidates(puzzle: &Puzzle, histogram: &[u64]) -> u64 {
    let unreached = puzzle.slots() - histogram.iter().sum::<u64>().min(puzzle.slots());
    let Some((stride, of_cell)) = puzzle.parity_runs() else { return unreached };
    let parity = histogram.len() % 2;
    let of_parity = (0..puzzle.cells()).filter(|&c| usize::from(of_cell[c]) == parity).count() as u64 * stride;
    let reached: u64 = histogram.iter().skip(parity ^ 1).step_by(2).sum();
    of_parity.saturating_sub(reached).min(unreached)
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
        let parities = puzzle.parity_runs().map(|(stride, of_cell)| Parities { stride, of_cell });
        let mut pull_order: [u8; MAX_MOVES] = core::array::from_fn(|m| m as u8);
        // Sideways slides (directions l and r) first, then single vertical
        // ones, then (multi-tile metric) longer vertical ones: cheapest first.
        pull_order[..moves].sort_by_key(|&m| {
            let m = usize::from(m);
            let vertical = puzzle.slide_direction(m).is_none_or(|d| d < 2);
            (vertical, if vertical { puzzle.slide_steps(m) } else { None })
        });
        let (unreached, parities, pull_order) = (unreached, parities, pull_order);
        Self {
            puzzle,
            cursor,
            moves,
            scheme,
            array,
            histogram,
            reached,
            frontier,
            unreached,
            cap,
            stop,
            preset,
            parities,
            pull_order,
        }
    }

    /// The deepest level done.
    pub(crate) fn depth(&self) -> u8 {
        (self.histogram.len() - 1) as u8
    }

    /// Whether the stop flag is up.
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Relaxed))
    }

    /// The parity of the distance of the state of rank `rank`, where the
    /// rank tells it (0 elsewhere, where nothing asks).
    #[inline]
    fn parity(&self, rank: u64) -> u64 {
        self.parities.map_or(0, |p| p.of(rank))
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
        let unreached = self.array.len - self.reached;
        // A scan that pushes visits the states alike to level d's; one that
        // pulls, the candidates for level d + 1.
        let (alike, candidates) =
            (alike(self.scheme, self.puzzle, &self.histogram), candidates(self.puzzle, &self.histogram));
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

    /// Top-down from `listed` (exactly level `d`'s states) or else from
    /// every entry that says `d`. Returns how many states it found and,
    /// while they are few enough, their ranks in order.
    fn push(&self, d: u8, listed: Option<&[u64]>) -> (u64, Option<Vec<u64>>) {
        let next = self.scheme.value(d + 1);
        // Ranks kept by the runs done, and whether they passed the cap: each
        // run keeps its own and adds them up when it ends.
        let kept = AtomicU64::new(0);
        let overflow = AtomicBool::new(false);
        let keeping = || !overflow.load(Relaxed);
        let expand = |cursor: &mut C, rank: u64, found: &mut u64, mine: &mut Vec<u64>, keep: bool| {
            cursor.seek(rank);
            let mut first = 0;
            while first < self.moves {
                // A batch of predecessors ranked before their entries are
                // touched, so that the cache misses overlap.
                let mut batch = [u64::MAX; BATCH];
                for (m, p) in (first..self.moves).zip(&mut batch) {
                    if let Some(r) = cursor.rank_before(m) {
                        *p = r;
                    }
                }
                for &p in &batch {
                    if p < self.array.len && self.array.reach(p, next) {
                        *found += 1;
                        if keep {
                            mine.push(p);
                        }
                    }
                }
                first += BATCH;
            }
        };
        // A run's kept ranks, or none once the lists are too long.
        let settle = |mine: Vec<u64>| {
            if !keeping() || kept.fetch_add(mine.len() as u64, Relaxed) + mine.len() as u64 > self.cap {
                overflow.store(true, Relaxed);
                return Vec::new();
            }
            mine
        };
        let results: Vec<(u64, Vec<u64>)> = match listed {
            Some(list) => list
                .par_chunks(1 << 12)
                .map(|ranks| {
                    let (mut cursor, mut found, mut mine) = (self.cursor.clone(), 0, Vec::new());
                    let keep = keeping();
                    for &rank in ranks {
                        expand(&mut cursor, rank, &mut found, &mut mine, keep);
                    }
                    (found, settle(mine))
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
                        let keep = keeping();
                        for i in 0..words.len() {
                            let w = c * CHUNK_WORDS + i;
                            let of_parity = self.parities.map_or(u64::MAX, |p| p.mask(w, parity));
                            let mut bits = self.array.matching(w, here) & of_parity;
                            while bits != 0 {
                                let rank = w as u64 * PER_WORD + u64::from(bits.trailing_zeros() / 2);
                                bits &= bits - 1;
                                expand(&mut cursor, rank, &mut found, &mut mine, keep);
                            }
                        }
                        (found, settle(mine))
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
