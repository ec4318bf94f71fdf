//! The expansion of one level in a process's share: the states of this
//! range at distance `d` undo each move, predecessors in the range are set
//! at once, the others returned for their owners (or, pulled, asked of and
//! settled), on every thread.

use godtab_puzzles::{Cursor, MAX_MOVES, Puzzle};
use rayon::prelude::*;

use super::array::{PER_WORD, TwoBits, UNREACHED};
use super::exchange::{Exchange, Ranges};
use crate::GenError;

/// Sends `ranks` (any order) to their owners, sorted and without
/// duplicates, one batch per owner.
pub(super) fn send_by_owner(
    ranges: &Ranges,
    mut ranks: Vec<u64>,
    exchange: &mut dyn Exchange,
    take: &mut dyn FnMut(usize, u64),
) -> Result<(), GenError> {
    ranks.par_sort_unstable();
    ranks.dedup();
    let mut rest = &ranks[..];
    while let Some(&first) = rest.first() {
        let owner = ranges.owner(first);
        let cut = rest.partition_point(|&r| r < ranges.start(owner + 1));
        exchange.send(owner, &rest[..cut], take)?;
        rest = &rest[cut..];
    }
    Ok(())
}

/// The states of the next level found in this range: how many, and their
/// ranks while they fit the cap.
pub(super) struct Listed {
    pub(super) count: u64,
    pub(super) list: Option<Vec<u64>>,
    pub(super) cap: usize,
    /// Predecessors found, in this range or another.
    pub(super) tried: u64,
}

impl Listed {
    pub(super) fn new(cap: usize) -> Self {
        Self { count: 0, list: Some(Vec::new()), cap, tried: 0 }
    }

    pub(super) fn push(&mut self, rank: u64) {
        self.count += 1;
        if let Some(list) = &mut self.list {
            if list.len() < self.cap {
                list.push(rank);
            } else {
                self.list = None;
            }
        }
    }

    /// Adds a thread's findings.
    pub(super) fn merge(&mut self, other: Listed) {
        self.count += other.count;
        self.tried += other.tried;
        match (&mut self.list, other.list) {
            (Some(list), Some(more)) if list.len() + more.len() <= self.cap => list.extend_from_slice(&more),
            _ => self.list = None,
        }
    }
}

/// Where a window's level-`d` states are: a run of local words, whose
/// entries say which, or a list of their ranks.
pub(super) enum Source<'a> {
    Words(core::ops::Range<usize>),
    Ranks(&'a [u64]),
}

/// What a level's expansion reads.
pub(super) struct Expand<'a, C> {
    pub(super) puzzle: &'a Puzzle,
    pub(super) range: core::ops::Range<u64>,
    pub(super) array: &'a TwoBits,
    pub(super) cursor: C,
    pub(super) cap: usize,
}

impl<C: Cursor> Expand<'_, C> {
    /// Expands the level-`d` states of `source`, on every thread: the
    /// states found in this range are set (and added to `next`), and the
    /// predecessors in other ranges returned, unsorted.
    pub(super) fn window(&self, source: Source<'_>, d: u8, here: u64, next: u64, found: &mut Listed) -> Vec<u64> {
        let threads = rayon::current_num_threads().max(1);
        let moves = self.puzzle.move_count().min(MAX_MOVES);
        let parities = self.puzzle.parity_runs();
        let start = self.range.start;
        let visit = |rank: u64, cursor: &mut C, listed: &mut Listed, remote: &mut Vec<u64>| {
            cursor.seek(rank);
            for m in 0..moves {
                let Some(p) = cursor.rank_before(m) else { continue };
                listed.tried += 1;
                if self.range.contains(&p) {
                    if self.array.reach(p - start, next) {
                        listed.push(p);
                    }
                } else {
                    remote.push(p);
                }
            }
        };
        let results: Vec<(Listed, Vec<u64>)> = match source {
            Source::Ranks(ranks) => ranks
                .par_chunks(ranks.len().div_ceil(threads).max(1))
                .map(|ranks| {
                    let (mut cursor, mut listed, mut remote) = (self.cursor.clone(), Listed::new(self.cap), Vec::new());
                    for &rank in ranks {
                        visit(rank, &mut cursor, &mut listed, &mut remote);
                    }
                    (listed, remote)
                })
                .collect(),
            Source::Words(words) => {
                let per = words.len().div_ceil(threads).max(1);
                let pieces: Vec<_> = words.clone().step_by(per).map(|a| a..(a + per).min(words.end)).collect();
                pieces
                    .into_par_iter()
                    .map(|piece| {
                        let (mut cursor, mut listed, mut remote) =
                            (self.cursor.clone(), Listed::new(self.cap), Vec::new());
                        for w in piece {
                            let mut bits = self.array.matching(w, here);
                            if let Some((stride, of_cell)) = parities {
                                bits &= parity_mask(start, w, stride, &of_cell, u64::from(d % 2));
                            }
                            while bits != 0 {
                                let rank = start + w as u64 * PER_WORD + u64::from(bits.trailing_zeros() / 2);
                                bits &= bits - 1;
                                visit(rank, &mut cursor, &mut listed, &mut remote);
                            }
                        }
                        (listed, remote)
                    })
                    .collect()
            }
        };
        let mut remote = Vec::with_capacity(results.iter().map(|r| r.1.len()).sum());
        for (listed, part) in results {
            found.merge(listed);
            remote.extend_from_slice(&part);
        }
        remote
    }
}

impl<C: Cursor> Expand<'_, C> {
    /// Runs `visit` on every unreached candidate for level `d + 1` of the
    /// local words `words` (on a sliding board, those of `d + 1`'s parity),
    /// on every thread, each thread over its own words (so it may set
    /// their entries plainly); adds up the threads' findings and returns
    /// what they collected.
    pub(super) fn each_candidate<T, V>(
        &self,
        words: core::ops::Range<usize>,
        d: u8,
        found: &mut Listed,
        visit: V,
    ) -> Vec<T>
    where
        T: Send,
        V: Fn(u64, &mut C, &mut Listed, &mut Vec<T>) + Sync,
    {
        let threads = rayon::current_num_threads().max(1);
        let parities = self.puzzle.parity_runs();
        let start = self.range.start;
        let per = words.len().div_ceil(threads * 8).max(1);
        let pieces: Vec<_> = words.clone().step_by(per).map(|a| a..(a + per).min(words.end)).collect();
        let results: Vec<(Listed, Vec<T>)> = pieces
            .into_par_iter()
            .map(|piece| {
                let (mut cursor, mut listed, mut collected) = (self.cursor.clone(), Listed::new(self.cap), Vec::new());
                for w in piece {
                    let mut bits = self.array.matching(w, UNREACHED);
                    if let Some((stride, of_cell)) = parities {
                        bits &= parity_mask(start, w, stride, &of_cell, u64::from(d.wrapping_add(1) % 2));
                    }
                    while bits != 0 {
                        let rank = start + w as u64 * PER_WORD + u64::from(bits.trailing_zeros() / 2);
                        bits &= bits - 1;
                        visit(rank, &mut cursor, &mut listed, &mut collected);
                    }
                }
                (listed, collected)
            })
            .collect();
        let mut collected = Vec::with_capacity(results.iter().map(|r| r.1.len()).sum());
        for (listed, part) in results {
            found.merge(listed);
            collected.extend(part);
        }
        collected
    }

    /// A pull's first step over `words`: a candidate with a neighbour in
    /// this range at `d` (entry `here`) takes `d + 1` (entry `next`); the
    /// others' neighbours in other ranges are returned, each with the
    /// candidate that has it, unsorted, to be asked about.
    pub(super) fn ask(
        &self,
        words: core::ops::Range<usize>,
        d: u8,
        here: u64,
        next: u64,
        found: &mut Listed,
    ) -> Vec<(u64, u64)> {
        let moves = self.puzzle.move_count().min(MAX_MOVES);
        let start = self.range.start;
        self.each_candidate(words, d, found, |rank, cursor, listed, questions| {
            cursor.seek(rank);
            let asked = questions.len();
            for m in 0..moves {
                let Some(n) = cursor.rank_after(m) else { continue };
                listed.tried += 1;
                if !self.range.contains(&n) {
                    questions.push((n, rank));
                } else if self.array.get(n - start) == here {
                    questions.truncate(asked);
                    self.array.reach_own(rank - start, next);
                    listed.push(rank);
                    return;
                }
            }
        })
    }

    /// A pull's last step: a candidate asked about (`asked_by`: each remote
    /// neighbour with its candidate) whose neighbour is in `at_d` (those
    /// their owners said are at `d`, ascending) takes `d + 1` (entry
    /// `next`), once. No state is ranked again.
    pub(super) fn settle(&self, asked_by: &[(u64, u64)], next: u64, at_d: &[u64], found: &mut Listed) {
        if at_d.is_empty() {
            return;
        }
        let start = self.range.start;
        let per = asked_by.len().div_ceil(rayon::current_num_threads().max(1) * 8).max(1);
        let results: Vec<Listed> = asked_by
            .par_chunks(per)
            .map(|chunk| {
                let mut listed = Listed::new(self.cap);
                for &(n, rank) in chunk {
                    if at_d.binary_search(&n).is_ok() && self.array.reach(rank - start, next) {
                        listed.push(rank);
                    }
                }
                listed
            })
            .collect();
        for listed in results {
            found.merge(listed);
        }
    }
}

/// The low bits of the entries of local word `w` (a range starting at
/// `start`) whose rank's distance has parity `parity`.
fn parity_mask(start: u64, w: usize, stride: u64, of_cell: &[u8], parity: u64) -> u64 {
    let first = start + w as u64 * PER_WORD;
    let of = |rank: u64| u64::from(of_cell[((rank / stride) as usize).min(of_cell.len() - 1)]);
    if first / stride == (first + PER_WORD - 1) / stride {
        return if of(first) == parity { u64::MAX } else { 0 };
    }
    (0..PER_WORD).filter(|&k| of(first + k) == parity).fold(0, |m, k| m | 1 << (2 * k))
}
