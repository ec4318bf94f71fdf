//! The lookups, compiled once whatever the byte source: a borrowed view of
//! a table's sections and what open learned about them, reading each
//! encoding its own way.

use godtab_puzzles::State;

use crate::QueryError;
use crate::bits;
use crate::format::Encoding;
use crate::open::{Meta, Packed};

/// The table's bytes and what open learned about them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct View<'a> {
    pub meta: &'a Meta,
    /// The two sections, sliced once per query rather than once per read.
    distances: &'a [u8],
    parents: &'a [u8],
}

/// Why a rank's stored value, or a walk, shows the table is damaged.
const MARKED_BUT_ALL_REACHABLE: &str = "a state is marked unreachable, but the header says every state is reachable";
const ABOVE_GODS_NUMBER: &str = "a stored distance is above God's number";
const SECTION_SHORT: &str = "a section is shorter than the header says";
const NO_CLOSER_MOVE: &str = "no move leads one step closer to the goal";
const WALK_DISAGREES: &str = "the walk to the goal disagrees with the stored distance";

impl<'a> View<'a> {
    pub fn new(bytes: &'a [u8], meta: &'a Meta) -> Self {
        Self { parents: section(bytes, &meta.parent), ..Self::distances_only(bytes, meta) }
    }

    /// A view for distance queries alone (no parent reads).
    pub fn distances_only(bytes: &'a [u8], meta: &'a Meta) -> Self {
        Self { meta, distances: section(bytes, &meta.distance), parents: &[] }
    }

    /// The rank of a state in the rank space, `None` if it lies outside
    /// (it cannot reach the goal), or an error if it is not a state of this
    /// puzzle at all.
    #[inline]
    pub fn rank(&self, state: &State) -> Result<Option<u64>, QueryError> {
        let puzzle = self.meta.puzzle();
        if !puzzle.fits(state) {
            return Err(QueryError::WrongPuzzle);
        }
        Ok(puzzle.rank_checked(state))
    }

    /// The distance of `state`, whose rank is `rank`.
    #[inline]
    pub fn distance(&self, state: &State, rank: u64) -> Result<Option<u8>, QueryError> {
        match self.meta.encoding {
            Encoding::Full => self.stored_distance(rank),
            _ => self.walked_distance(state, rank),
        }
    }

    /// The distance field of a rank: the distance itself in a full table,
    /// the distance modulo 3 in a compact one, `floor(d / 2) mod 2` in a
    /// parity one; `None` if unreachable (or past the end).
    #[inline]
    pub fn stored_distance(&self, rank: u64) -> Result<Option<u8>, QueryError> {
        if rank >= self.meta.slots {
            return Ok(None);
        }
        let raw =
            bits::read(self.distances, rank, self.meta.distance.width).ok_or(QueryError::Corrupt(SECTION_SHORT))?;
        let meta = self.meta;
        if raw == meta.marker && meta.has_unreachable() {
            return Ok(None);
        }
        // Every other value is a distance (modulo 3 in a compact table);
        // anything above is damage, the marker in a table without
        // unreachable states included: never "unsolvable" for a state that
        // is not.
        let most = match meta.encoding {
            Encoding::Compact => meta.max_depth.min(2),
            Encoding::Parity => (meta.max_depth / 2).min(1),
            _ => meta.max_depth,
        };
        if raw > most {
            let problem = if raw == meta.marker { MARKED_BUT_ALL_REACHABLE } else { ABOVE_GODS_NUMBER };
            return Err(QueryError::Corrupt(problem));
        }
        Ok(Some(raw))
    }

    /// Takes the first move (declared order) from `state` (with `rank`,
    /// `distance` moves from the goal) that leads one step closer: returns
    /// the move and the new rank.
    #[inline]
    pub fn step(&self, state: &mut State, rank: u64, distance: u8) -> Result<(usize, u64), QueryError> {
        match self.meta.encoding {
            Encoding::Full => {
                let m = self.parent_of_rank(rank)?;
                // Moves never leave the rank space (the ranking was checked
                // against the moves at open), so the plain rank will do.
                let next = self.meta.puzzle().apply_and_rank(state, m).ok_or(QueryError::Corrupt(NO_CLOSER_MOVE))?;
                Ok((m, next))
            }
            encoding => {
                let (m, next, rank) = self.closer_move(state, distance % encoding.modulus())?;
                *state = next;
                Ok((m, rank))
            }
        }
    }

    /// Whether the state with rank `rank`, a neighbour of one `distance`
    /// moves from the goal, is `distance - 1` moves from the goal: one
    /// read, whatever the encoding (neighbours lie at `distance - 1`,
    /// `distance` and `distance + 1`, which a residue tells apart, as in
    /// [`View::closer_move`]).
    pub fn is_closer(&self, rank: u64, distance: u8) -> Result<bool, QueryError> {
        let Some(target) = distance.checked_sub(1) else { return Ok(false) };
        Ok(match self.meta.encoding {
            Encoding::Full => self.stored_distance(rank)? == Some(target),
            encoding => self.residue(rank)? == Some(target % encoding.modulus()),
        })
    }

    #[inline]
    pub fn parent_of_rank(&self, rank: u64) -> Result<usize, QueryError> {
        let m = bits::read(self.parents, rank, self.meta.parent.width).ok_or(QueryError::Corrupt(SECTION_SHORT))?;
        let m = usize::from(m);
        if m < self.meta.puzzle().move_count() { Ok(m) } else { Err(QueryError::Corrupt(NO_CLOSER_MOVE)) }
    }

    /// Compact and parity tables: a state's distance modulo the
    /// encoding's modulus (3 or 4), from its stored value (and, for parity,
    /// its rank's parity); `None` if unreachable.
    fn residue(&self, rank: u64) -> Result<Option<u8>, QueryError> {
        let Some(stored) = self.stored_distance(rank)? else { return Ok(None) };
        Ok(Some(match self.meta.encoding {
            Encoding::Parity => 2 * stored + self.meta.puzzle().parity_of_rank(rank).unwrap_or(0),
            _ => stored,
        }))
    }

    /// Compact and parity tables: the first move whose result is one less
    /// (modulo the encoding's modulus) than `here`, the state's own
    /// residue. Neighbours lie at distances d-1, d and d+1, which differ
    /// modulo 3 (and at d-1 and d+1, which differ modulo 4), so that move is
    /// the one that gets closer. Returns the move, the state reached and its
    /// rank.
    fn closer_move(&self, state: &State, here: u8) -> Result<(usize, State, u64), QueryError> {
        let puzzle = self.meta.puzzle();
        let modulus = self.meta.encoding.modulus();
        let closer = (here + modulus - 1) % modulus;
        for m in 0..puzzle.move_count() {
            let Some(next) = puzzle.apply(state, m) else { continue };
            let rank = puzzle.rank(&next);
            if self.residue(rank)? == Some(closer) {
                return Ok((m, next, rank));
            }
        }
        Err(QueryError::Corrupt(NO_CLOSER_MOVE))
    }

    /// Compact and parity tables: the distance, by walking to the goal. A
    /// walk that finds no closer move, outlasts God's number or disagrees
    /// with the stored value shows a damaged table.
    fn walked_distance(&self, state: &State, rank: u64) -> Result<Option<u8>, QueryError> {
        let Some(start) = self.residue(rank)? else { return Ok(None) };
        let modulus = self.meta.encoding.modulus();
        let (mut state, mut rank, mut here, mut steps) = (*state, rank, start, 0u8);
        while rank != self.meta.goal_rank {
            if steps >= self.meta.max_depth {
                return Err(QueryError::Corrupt(WALK_DISAGREES));
            }
            (_, state, rank) = self.closer_move(&state, here)?;
            here = (here + modulus - 1) % modulus;
            steps += 1;
        }
        if steps % modulus == start { Ok(Some(steps)) } else { Err(QueryError::Corrupt(WALK_DISAGREES)) }
    }
}

/// A checked section's bytes (empty if the byte source changed under us).
fn section<'a>(bytes: &'a [u8], packed: &Packed) -> &'a [u8] {
    bytes.get(packed.bytes.clone()).unwrap_or_default()
}
