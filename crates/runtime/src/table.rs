//! The public face of a table: opening one over any byte source and asking
//! it questions.

use godtab_puzzles::{Definition, Puzzle, State, StateDisplay, StateError};

use crate::format::{self, Encoding, at};
use crate::open::{Meta, read_header};
use crate::ranks::RankReader;
use crate::solution::Solution;
use crate::view::View;
use crate::{Error, QueryError};

/// A godtab table over any byte source: `&'static [u8]` (from
/// `include_bytes!`), `Vec<u8>`, or a memory map.
///
/// See the [crate docs](crate) for loading and querying.
#[derive(Clone)]
pub struct Table<B> {
    bytes: B,
    meta: Meta,
}

impl<B: AsRef<[u8]>> Table<B> {
    /// Opens a table: checks the preamble, decodes the header, and checks
    /// every field, offset and length against the bytes, in time that does
    /// not depend on the table's size.
    ///
    /// # Errors
    ///
    /// An [`Error`] saying what is wrong and where, for any bytes that are
    /// not a well-formed table of this format version.
    ///
    /// # Panics
    ///
    /// Never, for any bytes. After a successful open no query panics either.
    pub fn new(bytes: B) -> Result<Self, Error> {
        let meta = Meta::parse(bytes.as_ref(), read_header(bytes.as_ref())?)?;
        Ok(Self { bytes, meta })
    }

    /// The table over `bytes`, which [`Meta::parse`] checked.
    pub(crate) fn from_meta(bytes: B, meta: Meta) -> Self {
        Self { bytes, meta }
    }

    /// Checks the checksum over every byte of the table: O(size), at memory
    /// speed (xxh3, several GB/s). A table that passes has not changed since
    /// it was written: the checksum catches accidental damage (it is not a
    /// signature against deliberate tampering).
    ///
    /// # Errors
    ///
    /// [`Error::Checksum`] if any byte changed since the table was written.
    pub fn verify(&self) -> Result<(), Error> {
        format::verify_checksum(self.bytes.as_ref())
    }

    /// Gives back the byte source.
    #[must_use]
    pub fn into_bytes(self) -> B {
        self.bytes
    }

    /// The byte source.
    #[must_use]
    pub fn bytes(&self) -> &B {
        &self.bytes
    }

    /// The underlying bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.as_ref()
    }

    /// The table's size in bytes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.as_bytes().len()
    }

    /// Always false: a table has at least a preamble and a header.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.as_bytes().is_empty()
    }

    /// The puzzle the table answers for, with its id and move names.
    #[must_use]
    pub fn definition(&self) -> &Definition {
        &self.meta.definition
    }

    /// The puzzle the table answers for.
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        self.meta.puzzle()
    }

    /// The puzzle's id.
    #[must_use]
    pub fn id(&self) -> &str {
        self.meta.definition.id()
    }

    /// What generated the table (name and version).
    #[must_use]
    pub fn generator(&self) -> &str {
        let bytes = self.as_bytes().get(self.meta.generator.clone()).unwrap_or_default();
        core::str::from_utf8(bytes).unwrap_or_default()
    }

    /// The name of move `index`, or `None` past the last move.
    #[must_use]
    pub fn move_name(&self, index: usize) -> Option<&str> {
        self.meta.definition.move_name(index)
    }

    /// Every move name, in declared order.
    pub fn move_names(&self) -> impl Iterator<Item = &str> {
        self.meta.definition.move_names()
    }

    /// Rank slots: the entries of each section, reachable or not.
    #[must_use]
    pub fn slots(&self) -> u64 {
        self.meta.slots
    }

    /// Rank slots whose state can reach the goal.
    #[must_use]
    pub fn reachable(&self) -> u64 {
        self.meta.reachable
    }

    /// God's number: the most moves any state needs.
    #[must_use]
    pub fn max_depth(&self) -> u8 {
        self.meta.max_depth
    }

    /// States at each distance, from 0 to [`Table::max_depth`].
    pub fn histogram(&self) -> impl Iterator<Item = u64> + '_ {
        let bytes = self.as_bytes().get(self.meta.histogram.clone()).unwrap_or_default();
        bytes.chunks_exact(8).map(|c| format::read_u64(c, 0))
    }

    /// Bits of each distance entry.
    #[must_use]
    pub fn distance_bits(&self) -> u8 {
        self.meta.distance.width
    }

    /// Bits of each parent entry.
    #[must_use]
    pub fn parent_bits(&self) -> u8 {
        self.meta.parent.width
    }

    /// Bits stored per state: distance width plus parent width.
    #[must_use]
    pub fn bits_per_state(&self) -> u32 {
        u32::from(self.meta.distance.width) + u32::from(self.meta.parent.width)
    }

    /// How the table stores its answers.
    #[must_use]
    pub fn encoding(&self) -> Encoding {
        self.meta.encoding
    }

    /// The checksum stored in the table (see [`Table::verify`]).
    #[must_use]
    pub fn checksum(&self) -> u64 {
        format::read_u64(self.as_bytes(), at::CHECKSUM)
    }

    /// Parses a state written as text (see [`Puzzle::parse`]).
    ///
    /// # Errors
    ///
    /// A [`StateError`] naming the column or cell that is wrong.
    pub fn parse(&self, text: &str) -> Result<State, StateError> {
        self.puzzle().parse(text)
    }

    /// Turns tile values into a state (see [`Puzzle::state_from_values`]).
    ///
    /// # Errors
    ///
    /// A [`StateError`] for a wrong count or an unknown or repeated tile.
    #[inline]
    pub fn state(&self, values: &[u8]) -> Result<State, StateError> {
        self.puzzle().state_from_values(values)
    }

    /// Shows a state as text (see [`Puzzle::display`]).
    #[must_use]
    pub fn display<'a>(&'a self, state: &'a State) -> StateDisplay<'a> {
        self.puzzle().display(state)
    }

    /// The number of moves from `state` to the goal, or `None` if the goal
    /// cannot be reached from it.
    ///
    /// # Errors
    ///
    /// [`QueryError::WrongPuzzle`] for a state of another puzzle,
    /// [`QueryError::Corrupt`] if the table contradicts itself.
    #[inline]
    pub fn distance(&self, state: &State) -> Result<Option<u8>, QueryError> {
        let view = self.distance_view();
        match view.rank(state)? {
            Some(rank) => view.distance(state, rank),
            None => Ok(None),
        }
    }

    /// [`Table::distance`] of many states at once: `out[i]` for `states[i]`
    /// (as far as the shorter of the two goes). The states are ranked first
    /// and the table read afterwards, a few dozen at a time, so that the
    /// memory latencies of the reads overlap: on a table larger than the
    /// caches this is several times faster per state than one call each.
    /// Allocates nothing.
    ///
    /// # Errors
    ///
    /// As [`Table::distance`], for the first state at fault (the answers
    /// before it are written).
    pub fn distances(&self, states: &[State], out: &mut [Option<u8>]) -> Result<(), QueryError> {
        const GROUP: usize = 64;
        let view = self.distance_view();
        for (states, out) in states.chunks(GROUP).zip(out.chunks_mut(GROUP)) {
            let mut ranks = [None; GROUP];
            for (rank, state) in ranks.iter_mut().zip(states) {
                *rank = view.rank(state)?;
            }
            for ((answer, rank), state) in out.iter_mut().zip(ranks).zip(states) {
                *answer = match rank {
                    Some(rank) => view.distance(state, rank)?,
                    None => None,
                };
            }
        }
        Ok(())
    }

    /// The distance of the state with these tile values (see
    /// [`Table::state`]), or `None` if the goal cannot be reached from it:
    /// [`Table::distance`] without building the state first, which is
    /// quicker for the lexicographic and parity-class rankings.
    ///
    /// # Errors
    ///
    /// [`Error::State`] for a wrong count or an unknown or repeated tile,
    /// [`Error::Query`] if the table contradicts itself.
    #[inline]
    pub fn distance_of_values(&self, values: &[u8]) -> Result<Option<u8>, Error> {
        match self.puzzle().rank_values(values)? {
            Some(rank) => Ok(self.distance_of_rank(rank)?),
            None => Ok(None),
        }
    }

    /// The distance of the state with this rank, or `None` if it is
    /// unreachable or past the end.
    ///
    /// # Errors
    ///
    /// [`QueryError::Corrupt`] if the table contradicts itself.
    pub fn distance_of_rank(&self, rank: u64) -> Result<Option<u8>, QueryError> {
        let view = self.distance_view();
        match self.meta.encoding {
            Encoding::Full => view.stored_distance(rank),
            // The walk to the goal needs the state itself.
            _ => match self.state_of_rank(rank) {
                Some(state) => view.distance(&state, rank),
                None => Ok(None),
            },
        }
    }

    /// Whether `neighbour`, one move from a state `distance` moves from the
    /// goal, is one move closer to the goal (`distance - 1` moves from
    /// it): the test that walks every optimal solution. One table read,
    /// whatever the encoding, where [`Table::distance`] of a compact table
    /// walks to the goal. The answer means nothing for a state that is not
    /// such a neighbour.
    ///
    /// # Errors
    ///
    /// As [`Table::distance`].
    pub fn is_closer(&self, neighbour: &State, distance: u8) -> Result<bool, QueryError> {
        let view = self.distance_view();
        match view.rank(neighbour)? {
            Some(rank) => view.is_closer(rank, distance),
            None => Ok(false),
        }
    }

    /// A reader of stored distances and moves by rank, for callers that
    /// rank states themselves and walk the table's moves; `None` for a
    /// [`Encoding::Compact`] table, which stores no moves.
    #[must_use]
    pub fn rank_reader(&self) -> Option<RankReader<'_>> {
        (self.meta.encoding == Encoding::Full).then(|| RankReader::new(self.view()))
    }

    /// The state with this rank, if the rank is in the table.
    #[must_use]
    pub fn state_of_rank(&self, rank: u64) -> Option<State> {
        (rank < self.meta.slots).then(|| self.puzzle().unrank(rank))
    }

    /// The lexicographically least optimal solution, as move indices (see
    /// [`Table::move_name`]), or `None` if the goal cannot be reached. Each
    /// step costs O(1): a rank, a move and a table read (O(moves) for a
    /// [`Encoding::Compact`] table).
    ///
    /// # Errors
    ///
    /// As [`Table::distance`].
    pub fn solution(&self, state: &State) -> Result<Option<Solution<'_>>, QueryError> {
        let view = self.view();
        let Some(rank) = view.rank(state)? else { return Ok(None) };
        Ok(view.distance(state, rank)?.map(|distance| Solution::new(view, *state, rank, distance)))
    }

    /// Writes the moves of [`Table::solution`] into `out` and returns how many
    /// there are. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`QueryError::Unsolvable`], [`QueryError::BufferTooSmall`] (nothing
    /// useful is written), or as [`Table::distance`].
    pub fn solve_into(&self, state: &State, out: &mut [u8]) -> Result<usize, QueryError> {
        let mut solution = self.solution(state)?.ok_or(QueryError::Unsolvable)?;
        let needed = solution.len();
        let slots = out.get_mut(..needed).ok_or(QueryError::BufferTooSmall { needed })?;
        for slot in slots {
            // Move indices are below MAX_MOVES = 64, so they fit in a byte.
            *slot = solution.next().ok_or_else(|| solution.error().unwrap_or(QueryError::Unsolvable))? as u8;
        }
        Ok(needed)
    }

    fn view(&self) -> View<'_> {
        View::new(self.bytes.as_ref(), &self.meta)
    }

    fn distance_view(&self) -> View<'_> {
        View::distances_only(self.bytes.as_ref(), &self.meta)
    }
}

impl<B: AsRef<[u8]>> core::fmt::Debug for Table<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("id", &self.id())
            .field("slots", &self.meta.slots)
            .field("reachable", &self.meta.reachable)
            .field("max_depth", &self.meta.max_depth)
            .field("bytes", &self.len())
            .finish()
    }
}
