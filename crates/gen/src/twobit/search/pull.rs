//! The bottom-up levels of the 2-bit search (pull): every unreached state,
//! scanned in the array or taken from the list of the few left, tries its
//! moves and takes `d + 1` when one lands on an entry that says `d`.

use godtab_puzzles::Cursor;
use rayon::prelude::*;

use super::{BATCH, CHUNK_WORDS, Search};
use crate::twobit::array::{PER_WORD, UNREACHED};

impl<C: Cursor> Search<'_, C> {
    /// Every unreached rank, ascending.
    pub(super) fn list_unreached(&self) -> Vec<u64> {
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
        cursor.seek(rank);
        let hit = self.has_neighbour_at(cursor, d);
        if hit {
            self.array.reach_own(rank, self.scheme.value(d + 1));
        }
        hit
    }

    /// Whether a move from the cursor's state lands on an entry that says
    /// `d` (on a sliding board, any reached entry). The neighbours are
    /// ranked a batch at a time before their entries are read, so that the
    /// reads' cache misses overlap.
    #[inline]
    fn has_neighbour_at(&self, cursor: &C, d: u8) -> bool {
        let wanted = self.scheme.value(d);
        let bipartite = self.parities.is_some();
        let mut first = 0;
        while first < self.moves {
            let mut batch = [u64::MAX; BATCH];
            for (&m, n) in self.pull_order[first..self.moves].iter().zip(&mut batch) {
                if let Some(r) = cursor.rank_after(usize::from(m)) {
                    *n = r;
                }
            }
            for &n in &batch {
                if n < self.array.len {
                    let e = self.array.get(n);
                    // On a sliding board a reached neighbour of a state of
                    // level d + 1's parity is at d.
                    let hit = if bipartite { e != UNREACHED } else { e == wanted };
                    if hit {
                        return true;
                    }
                }
            }
            first += BATCH;
        }
        false
    }

    /// Bottom-up over every unreached entry.
    pub(super) fn pull_scan(&self, d: u8) -> u64 {
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
                let parity = u64::from(d.wrapping_add(1) % 2);
                for i in 0..words.len() {
                    let w = c * CHUNK_WORDS + i;
                    let of_parity = self.parities.map_or(u64::MAX, |p| p.mask(w, parity));
                    let mut bits = self.array.matching(w, UNREACHED) & of_parity;
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
    pub(super) fn pull_listed(&mut self, d: u8) -> u64 {
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
        if self.parities.is_some() && self.parity(rank) != u64::from(d.wrapping_add(1) % 2) {
            return false;
        }
        cursor.seek(rank);
        self.has_neighbour_at(cursor, d) && self.array.reach(rank, self.scheme.value(d + 1))
    }
}
