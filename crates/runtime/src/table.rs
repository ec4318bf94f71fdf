//! Opening a table (structural validation) and answering queries.

use core::ops::Range;

use godtab_puzzles::{MAX_MOVES, MoveSet, Puzzle, State, StateDisplay, StateError};

use crate::Error;
use crate::bits;
use crate::format::{
    self, ENDIAN_MARKER, Encoding, FORMAT_VERSION, Header, KindTag, MAGIC, MAX_HEADER_LEN, PREAMBLE_LEN, Section, at,
};

/// A godtab table over any byte source: `&'static [u8]` (from
/// `include_bytes!`), `Vec<u8>`, or a memory map.
///
/// See the [crate docs](crate) for loading and querying.
#[derive(Clone)]
pub struct Table<B> {
    bytes: B,
    meta: Meta,
}

/// Everything learned and checked at open: offsets into the bytes and the
/// puzzle the header describes.
#[derive(Clone, Debug)]
struct Meta {
    puzzle: Puzzle,
    encoding: Encoding,
    states: u64,
    reachable: u64,
    max_depth: u8,
    /// The raw distance value that marks an unreachable rank, if any.
    unreachable: Option<u8>,
    distance: Packed,
    parent: Packed,
    id: Range<usize>,
    generator: Range<usize>,
    histogram: Range<usize>,
    names: [(u32, u32); MAX_MOVES],
    /// The goal's rank, where every solution ends.
    goal_rank: u64,
}

/// A checked section: its byte range and entry width.
#[derive(Clone, Debug)]
struct Packed {
    bytes: Range<usize>,
    width: u8,
}

/// Why [`Table::solve_into`] wrote no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The state cannot reach the goal.
    #[error("the state cannot reach the goal")]
    Unsolvable,
    /// The buffer is shorter than the solution.
    #[error("the solution has {needed} moves, more than the buffer holds")]
    BufferTooSmall {
        /// Moves in the solution.
        needed: usize,
    },
    /// The table's parent moves do not lead to the goal: it is corrupt
    /// (run [`Table::verify`]).
    #[error("the table is corrupt: its parent moves do not lead to the goal")]
    Corrupt,
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
        let meta = Meta::parse(bytes.as_ref())?;
        Ok(Self { bytes, meta })
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
        let bytes = self.bytes.as_ref();
        let stored = read_u64(bytes, at::CHECKSUM);
        let computed = format::checksum(bytes);
        if stored == computed { Ok(()) } else { Err(Error::Checksum { stored, computed }) }
    }

    /// Gives back the byte source.
    #[must_use]
    pub fn into_bytes(self) -> B {
        self.bytes
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

    /// The puzzle the table answers for.
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        &self.meta.puzzle
    }

    /// The puzzle's id.
    #[must_use]
    pub fn id(&self) -> &str {
        self.text(&self.meta.id)
    }

    /// What generated the table (name and version).
    #[must_use]
    pub fn generator(&self) -> &str {
        self.text(&self.meta.generator)
    }

    /// The name of move `index` (empty past the last move).
    #[must_use]
    pub fn move_name(&self, index: usize) -> &str {
        match self.meta.names.get(index) {
            Some(&(start, end)) if index < self.meta.puzzle.move_count() => self.text(&(start as usize..end as usize)),
            _ => "",
        }
    }

    /// Every move name, in declared order.
    pub fn move_names(&self) -> impl Iterator<Item = &str> {
        (0..self.meta.puzzle.move_count()).map(|m| self.move_name(m))
    }

    /// Rank slots: the size of each section.
    #[must_use]
    pub fn states(&self) -> u64 {
        self.meta.states
    }

    /// States from which the goal can be reached.
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
        bytes.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap_or_default()))
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
        read_u64(self.as_bytes(), at::CHECKSUM)
    }

    /// Parses a state written as text (see [`Puzzle::parse`]).
    ///
    /// # Errors
    ///
    /// A [`StateError`] naming the column or cell that is wrong.
    pub fn parse(&self, text: &str) -> Result<State, StateError> {
        self.meta.puzzle.parse(text)
    }

    /// Turns tile values into a state (see [`Puzzle::state_from_values`]).
    ///
    /// # Errors
    ///
    /// A [`StateError`] for a wrong count or an unknown or repeated tile.
    #[inline]
    pub fn state(&self, values: &[u8]) -> Result<State, StateError> {
        self.meta.puzzle.state_from_values(values)
    }

    /// Shows a state as text (see [`Puzzle::display`]).
    #[must_use]
    pub fn display<'a>(&'a self, state: &'a State) -> StateDisplay<'a> {
        self.meta.puzzle.display(state)
    }

    /// The number of moves from `state` to the goal, or `None` if the goal
    /// cannot be reached from it.
    #[inline]
    #[must_use]
    pub fn distance(&self, state: &State) -> Option<u8> {
        let view = self.distance_view();
        view.distance(state, view.rank(state)?)
    }

    /// [`Table::distance`] of many states at once: `out[i]` for `states[i]`
    /// (as far as the shorter of the two goes). The states are ranked first
    /// and the table read afterwards, a few dozen at a time, so that the
    /// memory latencies of the reads overlap: on a table larger than the
    /// caches this is several times faster per state than one call each.
    /// Allocates nothing.
    pub fn distances(&self, states: &[State], out: &mut [Option<u8>]) {
        const GROUP: usize = 64;
        let view = self.distance_view();
        for (states, out) in states.chunks(GROUP).zip(out.chunks_mut(GROUP)) {
            let mut ranks = [u64::MAX; GROUP];
            for (rank, state) in ranks.iter_mut().zip(states) {
                *rank = view.rank(state).unwrap_or(u64::MAX);
            }
            for ((answer, &rank), state) in out.iter_mut().zip(&ranks).zip(states) {
                *answer = view.distance(state, rank);
            }
        }
    }

    /// The distance of the state with these tile values (see
    /// [`Table::state`]), or `None` if the goal cannot be reached from it:
    /// [`Table::distance`] without building the state first, which is
    /// quicker for the lexicographic and parity-class rankings.
    ///
    /// # Errors
    ///
    /// A [`StateError`] for a wrong count or an unknown or repeated tile.
    #[inline]
    pub fn distance_of_values(&self, values: &[u8]) -> Result<Option<u8>, StateError> {
        let rank = self.meta.puzzle.rank_values(values)?;
        Ok(rank.and_then(|rank| self.distance_of_rank(rank)))
    }

    /// The distance of the state with this rank, or `None` if it is
    /// unreachable or past the end.
    #[must_use]
    pub fn distance_of_rank(&self, rank: u64) -> Option<u8> {
        match self.meta.encoding {
            Encoding::Full => self.distance_view().stored_distance(rank),
            Encoding::DistanceMod3 => self.distance_view().distance(&self.state_of_rank(rank)?, rank),
        }
    }

    /// The state with this rank, if the rank is in the table.
    #[must_use]
    pub fn state_of_rank(&self, rank: u64) -> Option<State> {
        (rank < self.meta.states).then(|| self.meta.puzzle.unrank(rank))
    }

    /// The lexicographically least optimal solution, as move indices (see
    /// [`Table::move_name`]), or `None` if the goal cannot be reached. Each
    /// step costs O(1): a rank, a move and a table read (O(moves) for a
    /// [`Encoding::DistanceMod3`] table).
    #[must_use]
    pub fn solution(&self, state: &State) -> Option<Solution<'_>> {
        let view = self.view();
        let rank = view.rank(state)?;
        let remaining = view.distance(state, rank)?;
        Some(Solution { view, state: *state, rank, remaining, corrupt: false })
    }

    /// Writes the moves of [`Table::solution`] into `out` and returns how many
    /// there are. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsolvable`], [`SolveError::BufferTooSmall`] (nothing
    /// useful is written), or [`SolveError::Corrupt`] for a damaged table.
    pub fn solve_into(&self, state: &State, out: &mut [u8]) -> Result<usize, SolveError> {
        let mut solution = self.solution(state).ok_or(SolveError::Unsolvable)?;
        let needed = usize::from(solution.remaining);
        let slots = out.get_mut(..needed).ok_or(SolveError::BufferTooSmall { needed })?;
        for slot in slots {
            // Move indices are below MAX_MOVES = 64, so they fit in a byte.
            *slot = solution.next().ok_or(SolveError::Corrupt)? as u8;
        }
        Ok(needed)
    }

    fn view(&self) -> View<'_> {
        View::new(self.bytes.as_ref(), &self.meta)
    }

    fn distance_view(&self) -> View<'_> {
        View::distances_only(self.bytes.as_ref(), &self.meta)
    }

    fn text(&self, range: &Range<usize>) -> &str {
        self.as_bytes().get(range.clone()).and_then(|b| core::str::from_utf8(b).ok()).unwrap_or_default()
    }
}

impl<B: AsRef<[u8]>> core::fmt::Debug for Table<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("id", &self.id())
            .field("states", &self.meta.states)
            .field("reachable", &self.meta.reachable)
            .field("max_depth", &self.meta.max_depth)
            .field("bytes", &self.len())
            .finish()
    }
}

/// The moves of an optimal solution, produced one at a time. See
/// [`Table::solution`].
///
/// On a table that passes [`Table::verify`] the moves lead to the goal in
/// exactly [`Solution::len`] steps. On a damaged table the walk stays
/// bounded by the distance: it stops early at an impossible move, and its
/// last step must land on the goal (see [`Solution::is_corrupt`]); it never
/// loops or panics.
#[derive(Clone, Debug)]
pub struct Solution<'a> {
    view: View<'a>,
    state: State,
    rank: u64,
    remaining: u8,
    corrupt: bool,
}

impl Solution<'_> {
    /// Moves still to come.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.remaining)
    }

    /// Whether the goal has been reached.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.remaining == 0
    }

    /// The state reached by the moves produced so far.
    #[must_use]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Whether the iterator stopped because the table's parents did not lead
    /// one step closer to the goal.
    #[must_use]
    pub fn is_corrupt(&self) -> bool {
        self.corrupt
    }

    #[inline]
    fn step(&mut self) -> Option<usize> {
        let (m, rank) = self.view.step(&mut self.state, self.rank, self.remaining)?;
        // A damaged parent section could lead anywhere: the walk is bounded
        // by the distance, and its last step must land on the goal.
        if self.remaining == 1 && rank != self.view.meta.goal_rank {
            return None;
        }
        self.rank = rank;
        self.remaining -= 1;
        Some(m)
    }
}

impl Iterator for Solution<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.remaining == 0 {
            return None;
        }
        let step = self.step();
        if step.is_none() {
            self.corrupt = true;
            self.remaining = 0;
        }
        step
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.len()))
    }
}

impl core::iter::FusedIterator for Solution<'_> {}

/// The table's bytes and what open learned about them: the lookup code,
/// compiled once whatever the byte source.
#[derive(Clone, Copy, Debug)]
struct View<'a> {
    meta: &'a Meta,
    /// The two sections, sliced once per query rather than once per read.
    distances: &'a [u8],
    parents: &'a [u8],
}

impl<'a> View<'a> {
    fn new(bytes: &'a [u8], meta: &'a Meta) -> Self {
        Self { parents: section(bytes, &meta.parent), ..Self::distances_only(bytes, meta) }
    }

    /// A view for distance queries alone (no parent reads).
    fn distances_only(bytes: &'a [u8], meta: &'a Meta) -> Self {
        Self { meta, distances: section(bytes, &meta.distance), parents: &[] }
    }

    /// The rank of a state in the rank space, or `None` if it lies outside
    /// (it cannot reach the goal).
    #[inline]
    fn rank(&self, state: &State) -> Option<u64> {
        self.meta.puzzle.rank_checked(state)
    }

    /// The distance of `state`, whose rank is `rank`.
    #[inline]
    fn distance(&self, state: &State, rank: u64) -> Option<u8> {
        match self.meta.encoding {
            Encoding::Full => self.stored_distance(rank),
            Encoding::DistanceMod3 => self.walked_distance(state, rank),
        }
    }

    /// The distance field of a rank: the distance itself in a full table,
    /// the distance modulo 3 in a compact one; `None` if unreachable.
    #[inline]
    fn stored_distance(&self, rank: u64) -> Option<u8> {
        if rank >= self.meta.states {
            return None;
        }
        let raw = bits::read(self.distances, rank, self.meta.distance.width)?;
        (Some(raw) != self.meta.unreachable && raw <= self.meta.max_depth).then_some(raw)
    }

    /// Takes the first move (declared order) from `state` (with `rank`,
    /// `distance` moves from the goal) that leads one step closer: returns
    /// the move and the new rank.
    #[inline]
    fn step(&self, state: &mut State, rank: u64, distance: u8) -> Option<(usize, u64)> {
        match self.meta.encoding {
            Encoding::Full => {
                let m = self.parent_of_rank(rank)?;
                // Moves never leave the rank space (the ranking was checked
                // against the moves at open), so the plain rank will do.
                Some((m, self.meta.puzzle.apply_and_rank(state, m)?))
            }
            Encoding::DistanceMod3 => {
                let (m, next, rank) = self.closer_move(state, distance % 3)?;
                *state = next;
                Some((m, rank))
            }
        }
    }

    #[inline]
    fn parent_of_rank(&self, rank: u64) -> Option<usize> {
        if rank >= self.meta.states {
            return None;
        }
        let m = usize::from(bits::read(self.parents, rank, self.meta.parent.width)?);
        (m < self.meta.puzzle.move_count()).then_some(m)
    }

    /// Compact tables: the first move whose result is stored one less
    /// (modulo 3) than `here`, the state's own stored value. Neighbours lie
    /// at distances d-1, d and d+1, which differ modulo 3, so that move is
    /// the one that gets closer. Returns the move, the state reached and its
    /// rank.
    fn closer_move(&self, state: &State, here: u8) -> Option<(usize, State, u64)> {
        let puzzle = &self.meta.puzzle;
        let closer = (here + 2) % 3;
        (0..puzzle.move_count()).find_map(|m| {
            let next = puzzle.apply(state, m)?;
            let rank = puzzle.rank(&next);
            (self.stored_distance(rank)? == closer).then_some((m, next, rank))
        })
    }

    /// Compact tables: the distance, by walking to the goal. Stops (None)
    /// on a damaged table: no move gets closer, or the walk outlasts God's
    /// number or disagrees with the stored value.
    fn walked_distance(&self, state: &State, rank: u64) -> Option<u8> {
        let start = self.stored_distance(rank)?;
        let (mut state, mut rank, mut here, mut steps) = (*state, rank, start, 0u8);
        while rank != self.meta.goal_rank {
            if steps >= self.meta.max_depth {
                return None;
            }
            (_, state, rank) = self.closer_move(&state, here)?;
            here = (here + 2) % 3;
            steps += 1;
        }
        (steps % 3 == start).then_some(steps)
    }
}

/// A checked section's bytes (empty if the byte source changed under us).
fn section<'a>(bytes: &'a [u8], packed: &Packed) -> &'a [u8] {
    bytes.get(packed.bytes.clone()).unwrap_or_default()
}

fn read_u32(bytes: &[u8], offset: usize) -> u32 {
    let mut word = [0u8; 4];
    if let Some(b) = bytes.get(offset..offset + 4) {
        word.copy_from_slice(b);
    }
    u32::from_le_bytes(word)
}

fn read_u64(bytes: &[u8], offset: usize) -> u64 {
    let mut word = [0u8; 8];
    if let Some(b) = bytes.get(offset..offset + 8) {
        word.copy_from_slice(b);
    }
    u64::from_le_bytes(word)
}

/// Where `part` (a slice of `whole`) sits in `whole`.
fn range_in(whole: &[u8], part: &[u8]) -> Range<usize> {
    let start = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    start..start + part.len()
}

const fn corrupt(field: &'static str, problem: &'static str) -> Error {
    Error::Corrupt { field, problem }
}

impl Meta {
    fn parse(bytes: &[u8]) -> Result<Self, Error> {
        let header_bytes = check_preamble(bytes)?;
        let end = PREAMBLE_LEN + header_bytes.len();
        let (header, rest) =
            postcard::take_from_bytes::<Header<'_>>(header_bytes).map_err(|source| Error::Header { end, source })?;
        if !rest.is_empty() {
            return Err(corrupt("header", "bytes follow its last field"));
        }
        let puzzle = puzzle_of(&header)?;
        let names = move_names(bytes, &header, &puzzle)?;
        check_counts(&header)?;

        let encoding = Encoding::from(header.encoding);
        let unreachable = header.reachable < header.states;
        let marker = match encoding {
            Encoding::Full => {
                let distance_needs = format::bits_for(u64::from(header.max_depth) + u64::from(unreachable));
                if header.distance.width < distance_needs {
                    return Err(corrupt("distance width", "too narrow for God's number"));
                }
                if header.distance.width > 8 {
                    return Err(corrupt("distance width", "more than 8 bits"));
                }
                let moves = puzzle.move_count() as u64;
                if header.parent.width == 0 || header.parent.width > 8 || moves > 1u64 << header.parent.width {
                    return Err(corrupt("parent width", "does not fit the number of moves"));
                }
                ((1u16 << header.distance.width) - 1) as u8
            }
            Encoding::DistanceMod3 => {
                if header.distance.width != 2 || header.parent.width != 0 {
                    return Err(corrupt("section widths", "a distance-mod-3 table has 2-bit distances, no parents"));
                }
                if !puzzle.moves_undo_each_other() {
                    return Err(corrupt("encoding", "distance modulo 3 with moves that cannot undo each other"));
                }
                format::MOD3_UNREACHABLE
            }
        };
        let header_end = format::align(end as u64).ok_or(corrupt("header length (byte 32)", "overflows"))?;
        let distance = check_section("distance", header.distance, header.states, header_end, bytes.len())?;
        let parent = check_section("parent", header.parent, header.states, distance.bytes.end as u64, bytes.len())?;
        if parent.bytes.end != bytes.len() {
            return Err(Error::Section {
                section: "parent",
                offset: header.parent.offset,
                length: header.parent.length,
                problem: "does not end the file",
            });
        }

        let goal_rank = puzzle.rank(&puzzle.goal());
        Ok(Self {
            puzzle,
            encoding,
            states: header.states,
            reachable: header.reachable,
            max_depth: header.max_depth,
            unreachable: (unreachable || encoding == Encoding::DistanceMod3).then_some(marker),
            distance,
            parent,
            id: range_in(bytes, header.puzzle_id.as_bytes()),
            generator: range_in(bytes, header.generator.as_bytes()),
            histogram: range_in(bytes, header.histogram),
            names,
            goal_rank,
        })
    }
}

/// Checks the fixed preamble and returns the header's bytes.
fn check_preamble(bytes: &[u8]) -> Result<&[u8], Error> {
    if bytes.len() < PREAMBLE_LEN {
        // A file that does not even start like a table is not one; an empty
        // one, or a piece of the magic label, is a table cut short.
        let start = bytes.len().min(MAGIC.len());
        if bytes[..start] != MAGIC[..start] {
            return Err(Error::NotATable);
        }
        return Err(Error::TooShort { len: bytes.len(), needed: PREAMBLE_LEN });
    }
    if bytes[at::MAGIC..at::MAGIC + MAGIC.len()] != MAGIC {
        return Err(Error::NotATable);
    }
    match read_u32(bytes, at::ENDIAN) {
        ENDIAN_MARKER => {}
        m if m == ENDIAN_MARKER.swap_bytes() => return Err(Error::BigEndian),
        _ => {
            return Err(corrupt("endianness marker (byte 8)", "is neither byte order"));
        }
    }
    let version = read_u32(bytes, at::VERSION);
    if version != FORMAT_VERSION {
        return Err(Error::Version { found: version });
    }
    let declared = read_u64(bytes, at::FILE_LEN);
    if declared != bytes.len() as u64 {
        return Err(Error::Length { declared, actual: bytes.len() as u64 });
    }
    if read_u32(bytes, at::RESERVED) != 0 {
        return Err(corrupt("reserved field (byte 36)", "is not zero"));
    }
    let header_len = read_u32(bytes, at::HEADER_LEN);
    if header_len > MAX_HEADER_LEN {
        return Err(corrupt("header length (byte 32)", "is larger than any header"));
    }
    bytes
        .get(PREAMBLE_LEN..PREAMBLE_LEN + header_len as usize)
        .ok_or(corrupt("header length (byte 32)", "runs past the end of the file"))
}

/// Rebuilds the puzzle the header describes, checking it.
fn puzzle_of(header: &Header<'_>) -> Result<Puzzle, Error> {
    let moves = match header.kind {
        KindTag::Permutation => MoveSet::Permutation(header.move_maps),
        KindTag::Sliding if header.move_maps.is_empty() => MoveSet::Sliding,
        KindTag::Sliding => return Err(corrupt("move maps", "present for a sliding puzzle")),
    };
    let puzzle = Puzzle::new(usize::from(header.rows), usize::from(header.cols), header.goal, moves)
        .and_then(|p| p.with_ranking(header.ranking.into()))
        .map_err(Error::Puzzle)?;
    if puzzle.slots() != header.states {
        return Err(corrupt("state count", "differs from the size of the puzzle's rank space"));
    }
    Ok(puzzle)
}

/// Splits the move names and checks there is one per move.
fn move_names(bytes: &[u8], header: &Header<'_>, puzzle: &Puzzle) -> Result<[(u32, u32); MAX_MOVES], Error> {
    let mut names = [(0u32, 0u32); MAX_MOVES];
    let mut count = 0;
    for name in header.move_names.split(' ') {
        if !godtab_puzzles::is_move_name(name) {
            return Err(corrupt("move names", "one is empty, longer than 32 bytes, or holds a control character"));
        }
        let slot = names.get_mut(count).ok_or(corrupt("move names", "more names than moves"))?;
        let range = range_in(bytes, name.as_bytes());
        *slot = (range.start as u32, range.end as u32);
        count += 1;
    }
    if count != puzzle.move_count() {
        return Err(corrupt("move names", "not one name per move"));
    }
    Ok(names)
}

/// Checks the counts against each other: reachable states, God's number and
/// the histogram.
fn check_counts(header: &Header<'_>) -> Result<(), Error> {
    if header.reachable == 0 || header.reachable > header.states {
        return Err(corrupt("reachable count", "is zero or larger than the state count"));
    }
    if header.max_depth == u8::MAX {
        return Err(corrupt("God's number", "is 255, which is reserved"));
    }
    if header.histogram.len() != 8 * (usize::from(header.max_depth) + 1) {
        return Err(corrupt("histogram", "does not have one count per distance"));
    }
    let mut total: u64 = 0;
    for (depth, count) in header.histogram.chunks_exact(8).enumerate() {
        let count = read_u64(count, 0);
        if count == 0 || (depth == 0 && count != 1) {
            return Err(corrupt("histogram", "has an empty level, or more than one goal"));
        }
        total = total.checked_add(count).ok_or(corrupt("histogram", "overflows"))?;
    }
    if total != header.reachable {
        return Err(corrupt("histogram", "does not add up to the reachable count"));
    }
    Ok(())
}

/// Checks one section: starting exactly at `offset` (where what comes
/// before it ends), the exact length for its entries, inside the file.
fn check_section(
    name: &'static str,
    section: Section,
    states: u64,
    offset: u64,
    file_len: usize,
) -> Result<Packed, Error> {
    let fail = |problem| Error::Section { section: name, offset: section.offset, length: section.length, problem };
    if section.offset != offset {
        return Err(fail("does not start where what comes before it ends"));
    }
    if format::section_len(states, section.width) != Some(section.length) {
        return Err(fail("does not match the state count and entry width"));
    }
    let end = section.offset.checked_add(section.length).ok_or(fail("ends past any file"))?;
    if end > file_len as u64 {
        return Err(fail("runs past the end of the file"));
    }
    // end <= file_len, which is a usize.
    Ok(Packed { bytes: section.offset as usize..end as usize, width: section.width })
}
