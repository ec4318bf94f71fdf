//! What the processes of a 2-bit search run by several tell one another
//! ([`Exchange`], carried by the caller's engine: ranks found for another
//! process's range, each round's and level's counts and flags) and which
//! ranks each owns ([`Ranges`]).

use std::time::{Duration, Instant};

use crate::GenError;

/// What one process tells every other at the end of a level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelEnd {
    /// States of the level just expanded in this process's range (at the
    /// start, the depth of its kept progress).
    pub count: u64,
    /// [`STOP`] and [`KEEP`].
    pub flags: u64,
}

/// A flag of [`LevelEnd`]: this process was asked to stop.
pub const STOP: u64 = 1;
/// A flag of [`LevelEnd`]: this process's progress is due to be kept.
pub const KEEP: u64 = 2;

/// How a process's share of the search reaches the others'.
///
/// A level is one or more rounds: [`Exchange::end_round`] ends a round
/// within it (every process's sends of the round delivered, and one number
/// from each shared), [`Exchange::end_level`] its last. Every process makes
/// the same calls in the same order.
pub trait Exchange {
    /// Sends `ranks` (ascending, distinct) to process `to`, and may hand
    /// ranks sent to this process in this round so far to `take`, with
    /// their sender (so that they need not wait for the round's end).
    ///
    /// # Errors
    ///
    /// [`GenError::Cluster`] if the ranks cannot be sent.
    fn send(&mut self, to: usize, ranks: &[u64], take: &mut dyn FnMut(usize, u64)) -> Result<(), GenError>;

    /// Ends a round within a level: returns every process's `mine` (in
    /// process order) and hands each rank sent to this process in the
    /// round to `take` with its sender, in any order.
    ///
    /// # Errors
    ///
    /// [`GenError::Cluster`] if a process is gone or the round cannot end.
    fn end_round(&mut self, mine: u64, take: &mut dyn FnMut(usize, u64)) -> Result<Vec<u64>, GenError>;

    /// Ends the level: returns every process's `mine` (in process order)
    /// and hands each rank sent to this process in the level's last round
    /// to `take` with its sender, in any order.
    ///
    /// # Errors
    ///
    /// [`GenError::Cluster`] if a process is gone or the level cannot end.
    fn end_level(&mut self, mine: LevelEnd, take: &mut dyn FnMut(usize, u64)) -> Result<Vec<LevelEnd>, GenError>;
}

/// Which ranks a process owns, of `processes` that split `slots` ranks into
/// contiguous ranges of whole 64-rank blocks (so that each range's 2-bit and
/// 1-bit entries fill whole words).
#[derive(Clone, Copy, Debug)]
pub struct Ranges {
    slots: u64,
    processes: usize,
}

impl Ranges {
    /// The ranges of `slots` ranks over `processes` processes.
    #[must_use]
    pub fn new(slots: u64, processes: usize) -> Self {
        Self { slots, processes: processes.max(1) }
    }

    /// The first rank of process `p`'s range (the end of the last's for
    /// `p = processes`).
    #[must_use]
    pub fn start(&self, p: usize) -> u64 {
        let blocks = self.slots.div_ceil(64);
        let at = (u128::from(blocks) * p as u128 / self.processes as u128) as u64 * 64;
        at.min(self.slots)
    }

    /// Process `p`'s ranks.
    #[must_use]
    pub fn range(&self, p: usize) -> core::ops::Range<u64> {
        self.start(p)..self.start(p + 1)
    }

    /// The process that owns `rank` (below the slots).
    #[must_use]
    pub fn owner(&self, rank: u64) -> usize {
        let blocks = self.slots.div_ceil(64).max(1);
        let block = u128::from(rank / 64);
        // The estimate is at most one off; settle it against the starts.
        let mut p = ((block * self.processes as u128) / u128::from(blocks)) as usize;
        p = p.min(self.processes - 1);
        while p + 1 < self.processes && self.start(p + 1) <= rank {
            p += 1;
        }
        while p > 0 && self.start(p) > rank {
            p -= 1;
        }
        p
    }

    /// How many processes.
    #[must_use]
    pub fn processes(&self) -> usize {
        self.processes
    }
}

/// An exchange that adds up the time spent in it: sending, and waiting at
/// each round's end for the other processes (their work included, where
/// they are slower).
pub(super) struct Timed<'e> {
    pub(super) inner: &'e mut dyn Exchange,
    pub(super) time: Duration,
}

impl Timed<'_> {
    fn timed<T>(&mut self, call: impl FnOnce(&mut dyn Exchange) -> T) -> T {
        let started = Instant::now();
        let result = call(&mut *self.inner);
        self.time += started.elapsed();
        result
    }
}

impl Exchange for Timed<'_> {
    fn send(&mut self, to: usize, ranks: &[u64], take: &mut dyn FnMut(usize, u64)) -> Result<(), GenError> {
        self.timed(|e| e.send(to, ranks, take))
    }

    fn end_round(&mut self, mine: u64, take: &mut dyn FnMut(usize, u64)) -> Result<Vec<u64>, GenError> {
        self.timed(|e| e.end_round(mine, take))
    }

    fn end_level(&mut self, mine: LevelEnd, take: &mut dyn FnMut(usize, u64)) -> Result<Vec<LevelEnd>, GenError> {
        self.timed(|e| e.end_level(mine, take))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_the_slots_in_whole_blocks() {
        for slots in [1u64, 63, 64, 65, 1000, 362_880, 239_500_800] {
            for processes in 1..=7 {
                let ranges = Ranges::new(slots, processes);
                assert_eq!(ranges.start(0), 0);
                assert_eq!(ranges.start(processes), slots);
                for p in 0..processes {
                    let r = ranges.range(p);
                    assert!(r.start <= r.end);
                    assert!(r.start % 64 == 0, "{slots} {processes} {p}");
                    for rank in [r.start, r.end.saturating_sub(1)] {
                        if r.contains(&rank) {
                            assert_eq!(ranges.owner(rank), p, "{slots} {processes} {rank}");
                        }
                    }
                }
            }
        }
    }
}
