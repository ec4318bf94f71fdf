//! States of orbit puzzles as text, in the block syntax of ksolve and
//! twsearch definition files: every set's name, then its pieces (numbered
//! from 1, as the solved state numbers them), then optionally its
//! orientations:
//!
//! ```text
//! CORNER
//! 1 2 3 4 5 6 7 8
//! 0 0 0 0 0 0 0 0
//! EDGE
//! 2 1 3 4
//! End
//! ```
//!
//! Words and numbers are separated by any whitespace, line breaks included,
//! so a state may be written on one line. A set left out is as in the
//! solved state; orientations left out are 0; a final `End` is optional.

use core::fmt;

use crate::{MAX_CELLS, Puzzle, State, StateError, Word};

/// Reads the state of an orbit puzzle from text given a line (or any piece
/// of whole words) at a time; see the module docs for the syntax. Get one
/// with [`Puzzle::orbit_reader`].
///
/// ```
/// use godtab_puzzles::{Orbit, Orbits, Puzzle};
///
/// let orbits = [Orbit { name: "EDGE", pieces: 3, orientations: 2 }];
/// let puzzle = Puzzle::new_orbits(&Orbits {
///     orbits: &orbits,
///     solved: &[0, 1, 2],
///     solved_orientations: &[0, 0, 0],
///     maps: &[2, 0, 1],
///     twists: &[1, 0, 0],
/// })
/// .unwrap();
/// let mut reader = puzzle.orbit_reader();
/// assert_eq!(reader.read(b"EDGE"), Ok(false));
/// assert_eq!(reader.read(b"3 1 2"), Ok(false));
/// assert_eq!(reader.read(b"1 0 0"), Ok(false));
/// assert_eq!(reader.read(b"End"), Ok(true));
/// assert_eq!(reader.finish(), puzzle.apply(&puzzle.goal(), 0).ok_or(godtab_puzzles::StateError::AfterEnd));
/// ```
#[derive(Clone)]
pub struct OrbitReader<'a> {
    puzzle: &'a Puzzle,
    cells: [u8; MAX_CELLS],
    /// The set being read, and the numbers read for it.
    set: Option<usize>,
    numbers: usize,
    /// Bit `j`: set `j` was given.
    given: u16,
    /// How many of each piece of the current set were given.
    used: [u8; MAX_CELLS],
    ended: bool,
    /// Whether anything was read since the start.
    started: bool,
}

impl Puzzle {
    /// A reader of this orbit puzzle's states in blocks (for a board, one
    /// that accepts no set names).
    #[must_use]
    pub fn orbit_reader(&self) -> OrbitReader<'_> {
        OrbitReader {
            puzzle: self,
            cells: self.goal.cells,
            set: None,
            numbers: 0,
            given: 0,
            used: [0; MAX_CELLS],
            ended: false,
            started: false,
        }
    }

    /// Reads a whole orbit puzzle's state written in blocks.
    pub(crate) fn parse_orbits(&self, text: &[u8]) -> Result<State, StateError> {
        let mut reader = self.orbit_reader();
        reader.read(text)?;
        reader.finish()
    }

    /// An orbit puzzle's state from the numbers of its blocks, every set's
    /// pieces (from 1) then its orientations, set after set.
    pub(crate) fn orbit_state_from_numbers(&self, numbers: &[u8]) -> Result<State, StateError> {
        let mut reader = self.orbit_reader();
        let mut rest = numbers;
        for j in 0..usize::from(self.orbits.count) {
            reader.start_set(j)?;
            let take = (2 * self.orbits.range(j).len()).min(rest.len());
            for &number in &rest[..take] {
                reader.number(number)?;
            }
            rest = &rest[take..];
        }
        if !rest.is_empty() {
            let (pieces, found) = match reader.set {
                Some(j) => (self.orbits.range(j).len(), reader.numbers + rest.len()),
                None => (0, rest.len()),
            };
            let set = Word::new(self.orbits.name(reader.set.unwrap_or(0)).as_bytes());
            return Err(StateError::SetLength { set, pieces, found });
        }
        reader.finish()
    }

    /// Writes an orbit puzzle's state in blocks (see
    /// [`Puzzle::display`]).
    pub(crate) fn write_orbits(&self, f: &mut fmt::Formatter<'_>, state: &State) -> fmt::Result {
        let layout = &self.orbits;
        let separator = if f.alternate() { "\n" } else { " " };
        for j in 0..usize::from(layout.count) {
            if j > 0 {
                f.write_str(separator)?;
            }
            f.write_str(layout.name(j))?;
            let cells = state.cells.get(layout.range(j)).unwrap_or_default();
            f.write_str(separator)?;
            write_numbers(f, cells.iter().map(|&c| (c & 0xF) + 1))?;
            if layout.orientations[j] > 1 {
                f.write_str(separator)?;
                write_numbers(f, cells.iter().map(|&c| c >> 4))?;
            }
        }
        Ok(())
    }
}

fn write_numbers(f: &mut fmt::Formatter<'_>, numbers: impl Iterator<Item = u8>) -> fmt::Result {
    for (i, n) in numbers.enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{n}")?;
    }
    Ok(())
}

impl OrbitReader<'_> {
    /// Reads the words of `text` (a line, or several); returns whether the
    /// state's `End` was read.
    ///
    /// # Errors
    ///
    /// A [`StateError`] for the first word at fault: an unknown or repeated
    /// set, a number before any set, a piece or orientation out of range,
    /// a piece given too often, too many numbers for a set, text after
    /// `End`.
    pub fn read(&mut self, text: &[u8]) -> Result<bool, StateError> {
        for (start, word) in words(text) {
            if self.ended {
                return Err(StateError::AfterEnd);
            }
            self.started = true;
            match word {
                b"End" => {
                    self.finish_set()?;
                    self.ended = true;
                }
                [b'0'..=b'9', ..] => {
                    let mut value = 0u32;
                    for &digit in word {
                        if !digit.is_ascii_digit() {
                            return Err(StateError::UnknownSet { word: Word::new(word) });
                        }
                        value = value * 10 + u32::from(digit - b'0');
                        if value > 255 {
                            return Err(StateError::NumberTooLarge { column: start + 1 });
                        }
                    }
                    // At most 255, checked digit by digit.
                    self.number(value as u8)?;
                }
                _ => {
                    self.finish_set()?;
                    let set = self.puzzle.orbits.find(word).ok_or(StateError::UnknownSet { word: Word::new(word) })?;
                    self.start_set(set)?;
                }
            }
        }
        Ok(self.ended)
    }

    /// Whether nothing but whitespace was read yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        !self.started
    }

    /// Whether the state's `End` was read.
    #[must_use]
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// The state read: every set given whole, the others as solved.
    ///
    /// # Errors
    ///
    /// [`StateError::SetLength`] if the last set's numbers are cut short.
    pub fn finish(mut self) -> Result<State, StateError> {
        self.finish_set()?;
        Ok(self.puzzle.state_of_labels(self.cells))
    }

    fn set_name(&self, set: usize) -> Word {
        Word::new(self.puzzle.orbits.name(set).as_bytes())
    }

    fn start_set(&mut self, set: usize) -> Result<(), StateError> {
        if self.given >> set & 1 == 1 {
            return Err(StateError::RepeatedSet { set: self.set_name(set) });
        }
        self.given |= 1 << set;
        self.set = Some(set);
        self.numbers = 0;
        self.used = [0; MAX_CELLS];
        // Orientations left out are 0.
        for cell in &mut self.cells[self.puzzle.orbits.range(set)] {
            *cell &= 0xF;
        }
        Ok(())
    }

    /// Checks that the set being read got its pieces (and orientations, if
    /// any were given).
    fn finish_set(&mut self) -> Result<(), StateError> {
        let Some(set) = self.set.take() else { return Ok(()) };
        let pieces = self.puzzle.orbits.range(set).len();
        if self.numbers != pieces && self.numbers != 2 * pieces {
            return Err(StateError::SetLength { set: self.set_name(set), pieces, found: self.numbers });
        }
        Ok(())
    }

    fn number(&mut self, value: u8) -> Result<(), StateError> {
        let Some(set) = self.set else { return Err(StateError::NumberBeforeSet) };
        let layout = &self.puzzle.orbits;
        let range = layout.range(set);
        let pieces = range.len();
        let index = self.numbers;
        self.numbers += 1;
        if index >= 2 * pieces {
            return Err(StateError::SetLength { set: self.set_name(set), pieces, found: self.numbers });
        }
        let position = index % pieces;
        let cell = &mut self.cells[range.start + position];
        if index < pieces {
            let classes = layout.classes[set];
            let piece = value.wrapping_sub(1);
            if value == 0 || piece >= classes {
                let set = self.set_name(set);
                return Err(StateError::UnknownPiece { set, position: position + 1, piece: value, pieces: classes });
            }
            let used = &mut self.used[usize::from(piece)];
            if *used >= layout.class_counts[set][usize::from(piece)] {
                return Err(StateError::RepeatedPiece {
                    set: self.set_name(set),
                    position: position + 1,
                    piece: value,
                });
            }
            *used += 1;
            *cell = piece;
        } else {
            let most = layout.orientations[set] - 1;
            if value > most {
                let set = self.set_name(set);
                return Err(StateError::BadOrientation { set, position: position + 1, orientation: value, most });
            }
            *cell = *cell & 0xF | value << 4;
        }
        Ok(())
    }
}

/// The words of `text` (runs of bytes that are not ASCII whitespace) with
/// where each starts.
fn words(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut at = 0;
    core::iter::from_fn(move || {
        while text.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        let start = at;
        while text.get(at).is_some_and(|b| !b.is_ascii_whitespace()) {
            at += 1;
        }
        (start < at).then(|| (start, &text[start..at]))
    })
}
