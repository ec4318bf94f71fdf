//! The sets of ranks the breadth-first search keeps, a bit per rank: the
//! frontier, the ranks reached, and each thread's finds of a level.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use crate::GenError;
use crate::bfs::Allocator;

/// A fixed-size set of ranks, one bit each, that threads can add to.
pub(crate) struct Bitset {
    pub(crate) words: Vec<AtomicU64>,
    len: usize,
}

/// Sets of fewer words (64 ranks each) are merged on one thread.
pub(crate) const SMALL_SET_WORDS: usize = 1 << 14;

/// Words handed to a thread at a time (64 ranks each): large enough to
/// amortise rayon's bookkeeping, small enough to balance the cores.
pub(crate) const CHUNK_WORDS: usize = 256;

impl Bitset {
    pub(crate) fn new(len: usize, alloc: Allocator) -> Result<Self, GenError> {
        Ok(Self { words: alloc.filled(len.div_ceil(64), || AtomicU64::new(0))?, len })
    }

    /// Adds `index` by a plain read and write of its word: no other thread
    /// may be writing the set (threads that find ranks together add them to
    /// [`LevelSets`]).
    pub(crate) fn insert(&self, index: usize) {
        let word = &self.words[index / 64];
        word.store(word.load(Relaxed) | 1 << (index % 64), Relaxed);
    }

    /// Makes the set exactly `ranks` (no other thread may be writing).
    pub(crate) fn set_to(&self, ranks: &[usize]) {
        self.words.iter().for_each(|word| word.store(0, Relaxed));
        ranks.iter().for_each(|&rank| self.insert(rank));
    }

    /// The ranks not in the set, ascending.
    pub(crate) fn absent(&self) -> Vec<usize> {
        let mut ranks = Vec::new();
        for (w, word) in self.words.iter().enumerate() {
            let mut bits = !word.load(Relaxed);
            while bits != 0 {
                let rank = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if rank < self.len {
                    ranks.push(rank);
                }
            }
        }
        ranks
    }

    pub(crate) fn contains(&self, index: usize) -> bool {
        self.words[index / 64].load(Relaxed) & (1 << (index % 64)) != 0
    }

    /// Calls `visit(state, rank)` for each rank in the set (or, with
    /// `absent`, not in it), in increasing order within each block of ranks
    /// with a `state` made by `start` per block (on the thread that visits
    /// the block), and sums what it returns: on every thread if `parallel`,
    /// else on this one.
    pub(crate) fn par_for_each<S>(
        &self,
        parallel: bool,
        absent: bool,
        start: impl Fn() -> S + Sync,
        visit: impl Fn(&mut S, usize) -> u64 + Sync,
    ) -> u64 {
        let block = |(chunk, words): (usize, &[AtomicU64])| {
            let mut state = start();
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
                        total += visit(&mut state, rank);
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

/// Sets of ranks found by a level, one per thread at most.
const MAX_LEVEL_SETS: usize = 8;

/// The ranks a level finds, gathered per thread: each thread adds to a
/// set of its own with plain reads and writes (an atomic read-modify-write
/// costs about as much as the rest of a state's visit), and
/// [`Search::advance`] merges the sets. There is a set for each of rayon's
/// threads and one for a thread outside the pool that runs a small level
/// itself, [`MAX_LEVEL_SETS`] at most: beyond that, the last set is shared
/// and written atomically, so that memory stays at a bit per rank per set.
pub(crate) struct LevelSets {
    /// The sets' words interleaved: word `w` of set `s` at `w * sets + s`,
    /// so that merging reads one run of words.
    words: Vec<AtomicU64>,
    sets: usize,
    /// Whether several threads may write the last set at once.
    last_shared: bool,
}

impl LevelSets {
    pub(crate) fn new(len: usize, alloc: Allocator) -> Result<Self, GenError> {
        let wanted = rayon::current_num_threads() + 1;
        let sets = wanted.min(MAX_LEVEL_SETS);
        let words = alloc.filled(len.div_ceil(64) * sets, || AtomicU64::new(0))?;
        Ok(Self { words, sets, last_shared: wanted > sets })
    }

    /// The set of the thread that calls this. Rayon's threads are numbered
    /// from 0 within their pool, and a level runs on the pool's threads or,
    /// if small, on the one thread that started it alone; so a set is
    /// written by one thread at a time unless it is the shared last one.
    pub(crate) fn mine(&self) -> Adder<'_> {
        let last = self.sets - 1;
        let set = rayon::current_thread_index().map_or(last, |i| i.min(last));
        Adder { sets: self, set, shared: self.last_shared && set == last }
    }

    /// Word `w` of the union of the sets, and of the ranks in more than
    /// one set, emptying it in each (no thread may be adding).
    pub(crate) fn take_word(&self, w: usize) -> (u64, u64) {
        let Some(words) = self.words.get(w * self.sets..(w + 1) * self.sets) else {
            return (0, 0);
        };
        words.iter().fold((0, 0), |(union, several), word| {
            let bits = word.load(Relaxed);
            word.store(0, Relaxed);
            (union | bits, several | (union & bits))
        })
    }
}

/// One thread's way to add to [`LevelSets`].
pub(crate) struct Adder<'a> {
    sets: &'a LevelSets,
    set: usize,
    shared: bool,
}

impl Adder<'_> {
    #[inline]
    pub(crate) fn insert(&self, index: usize) {
        let word = &self.sets.words[index / 64 * self.sets.sets + self.set];
        let bit = 1 << (index % 64);
        if self.shared {
            word.fetch_or(bit, Relaxed);
        } else {
            // Only this thread writes the word meanwhile.
            word.store(word.load(Relaxed) | bit, Relaxed);
        }
    }
}
