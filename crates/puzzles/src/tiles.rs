//! The tile grammar: reading the tiles of a state from text, without
//! allocating. [`Puzzle::parse`](crate::Puzzle::parse) and the judge's case
//! formats both read through here, so a state is written the same way
//! everywhere.
//!
//! - Tiles are numbers (0 to 255) or `x`/`X` (the blank), in reading order.
//! - Separators are ASCII whitespace: space, tab, CR, LF, vertical tab, form
//!   feed.
//! - When every tile of the puzzle is one character (values up to 9, and
//!   the blank), separators are optional (`123456789`); otherwise tiles are
//!   separated.
//! - Columns in messages count bytes from 1.

use crate::{BLANK, MAX_CELLS, StateError};

/// Tiles read from text: values in reading order, how many there were
/// (counting past [`MAX_CELLS`]), and which were written `x`.
#[derive(Clone)]
pub struct Tiles {
    /// Tiles in order; slots past the last cell take tiles beyond it.
    values: [u8; SLOTS],
    count: usize,
    /// Bit `i` is set when tile `i` was written `x` (its value is [`BLANK`]).
    blanks: u32,
}

/// Room for every cell and then some: a power of two, so an index wraps
/// with a mask.
const SLOTS: usize = 2 * MAX_CELLS;

impl Default for Tiles {
    fn default() -> Self {
        Self::new()
    }
}

impl Tiles {
    /// No tiles yet.
    #[must_use]
    pub const fn new() -> Self {
        Self { values: [0; SLOTS], count: 0, blanks: 0 }
    }

    /// The tiles read (at most [`MAX_CELLS`]).
    #[must_use]
    pub fn values(&self) -> &[u8] {
        &self.values[..self.count.min(MAX_CELLS)]
    }

    /// How many tiles were read, including any past [`MAX_CELLS`].
    #[must_use]
    pub fn count(&self) -> usize {
        self.count
    }

    /// Forgets the tiles read.
    pub fn clear(&mut self) {
        self.count = 0;
        self.blanks = 0;
    }

    /// Checks that `x` was written exactly where the value is the blank of a
    /// sliding puzzle: `x` is no tile of a permutation puzzle, and a typed
    /// `0` is no tile of a sliding one.
    ///
    /// # Errors
    ///
    /// [`StateError::UnknownTile`] for the first tile at fault.
    pub fn check_blanks(&self, sliding: bool) -> Result<(), StateError> {
        if !sliding && self.blanks == 0 {
            return Ok(());
        }
        let zeros = self.values().iter().enumerate().filter(|&(_, &v)| v == BLANK).fold(0u32, |m, (i, _)| m | 1 << i);
        let wrong = if sliding { zeros & !self.blanks } else { self.blanks };
        if wrong == 0 {
            return Ok(());
        }
        let index = wrong.trailing_zeros() as usize;
        Err(StateError::UnknownTile { cell: index + 1, value: BLANK, blank: !sliding })
    }

    fn push(&mut self, value: u8, blank: bool) {
        if blank && self.count < SLOTS {
            self.blanks |= 1 << self.count;
        }
        self.values[self.count % SLOTS] = value;
        self.count += 1;
    }

    /// Appends the tiles of `line`. With `single_chars`, every digit or `x`
    /// is one tile and separators are optional; otherwise tiles are numbers
    /// or `x` separated by whitespace. `x` stands for the blank.
    ///
    /// # Errors
    ///
    /// [`StateError::BadCharacter`] (or [`StateError::BadByte`] for bytes
    /// that are not UTF-8) for the first character that is not part of a
    /// tile, [`StateError::NumberTooLarge`] for a number above 255.
    pub fn read(&mut self, line: &[u8], single_chars: bool) -> Result<(), StateError> {
        if single_chars {
            return self.read_characters(line);
        }
        let mut i = 0;
        while i < line.len() {
            let byte = line[i];
            let column = i + 1;
            if is_separator(byte) {
                i += 1;
                continue;
            }
            let value = match byte {
                b'x' | b'X' => {
                    i += 1;
                    None
                }
                b'0'..=b'9' => {
                    let mut value = 0u32;
                    while let Some(&digit @ b'0'..=b'9') = line.get(i) {
                        value = value * 10 + u32::from(digit - b'0');
                        if value > 255 {
                            return Err(StateError::NumberTooLarge { column });
                        }
                        i += 1;
                    }
                    // value <= 255, checked digit by digit.
                    Some(value as u8)
                }
                _ => return Err(stray(line, i)),
            };
            if let Some(&next) = line.get(i)
                && !is_separator(next)
            {
                return Err(stray(line, i));
            }
            self.push(value.unwrap_or(BLANK), value.is_none());
        }
        Ok(())
    }

    /// One tile per digit or `x`; whitespace between them is optional. The
    /// busiest judge formats' lines go through here: one table lookup per
    /// byte.
    fn read_characters(&mut self, line: &[u8]) -> Result<(), StateError> {
        let start = self.count;
        let saw_x = match self.read_spaced(line) {
            Some(saw_x) => saw_x,
            None => self.read_unspaced(line)?,
        };
        if saw_x {
            // Turn the x marks into blanks, noting where they were.
            for i in start..self.count.min(SLOTS) {
                if self.values[i] == X {
                    self.values[i] = BLANK;
                    self.blanks |= 1 << i;
                }
            }
        }
        Ok(())
    }

    /// Any shape of one-character tiles. Branch-free: every byte is stored,
    /// only tiles advance the count, and a stray byte is located afterwards.
    /// Returns whether an `x` was read.
    fn read_unspaced(&mut self, line: &[u8]) -> Result<bool, StateError> {
        let (mut bad, mut saw_x) = (false, false);
        // Locals, so the count stays in a register across the stores.
        let (values, mut count) = (&mut self.values, self.count);
        for &byte in line {
            let class = CHARACTER[usize::from(byte)];
            // Past the last cell only the count matters, so the slot wraps.
            values[count % SLOTS] = class;
            count += usize::from(class < SPACE);
            bad |= class == STRAY;
            saw_x |= class == X;
        }
        self.count = count;
        if bad {
            let at = line.iter().position(|&b| CHARACTER[usize::from(b)] == STRAY).unwrap_or(0);
            return Err(stray(line, at));
        }
        Ok(saw_x)
    }

    /// The usual shape, "1 2 3 4 5 6 7 8 9": one-character tiles separated
    /// by single spaces, read a pair of bytes at a time. `None` (and nothing
    /// read) for any other shape, else whether an `x` was read.
    fn read_spaced(&mut self, line: &[u8]) -> Option<bool> {
        let (&last, pairs) = line.split_last()?;
        let (start, tiles) = (self.count, pairs.len() / 2 + 1);
        if pairs.len() % 2 != 0 || start + tiles > SLOTS {
            return None;
        }
        let last = CHARACTER[usize::from(last)];
        let (mut ok, mut saw_x) = (last < SPACE, last == X);
        for (pair, slot) in pairs.chunks_exact(2).zip(&mut self.values[start..]) {
            let tile = CHARACTER[usize::from(pair[0])];
            ok &= tile < SPACE && pair[1] == b' ';
            saw_x |= tile == X;
            *slot = tile;
        }
        if !ok {
            return None;
        }
        self.values[start + tiles - 1] = last;
        self.count = start + tiles;
        Some(saw_x)
    }
}

/// Whether a byte separates tiles: ASCII whitespace, vertical tab included.
#[must_use]
pub fn is_separator(byte: u8) -> bool {
    CHARACTER[usize::from(byte)] == SPACE
}

/// The error for the character that starts at byte `at` of `line`: the
/// character itself if the bytes there are a visible UTF-8 character, else
/// the byte.
fn stray(line: &[u8], at: usize) -> StateError {
    let column = at + 1;
    let rest = line.get(at..).unwrap_or_default();
    let decoded = (1..=rest.len().min(4)).find_map(|len| core::str::from_utf8(&rest[..len]).ok());
    match decoded.and_then(|s| s.chars().next()).filter(|c| !c.is_control()) {
        Some(ch) => StateError::BadCharacter { column, ch },
        None => StateError::BadByte { column, byte: rest.first().copied().unwrap_or(0) },
    }
}

/// What each byte is in a line of one-character tiles: a tile value (the
/// digit), [`X`] for the blank, [`SPACE`] or [`STRAY`].
const CHARACTER: [u8; 256] = {
    let mut table = [STRAY; 256];
    let mut digit = 0;
    while digit < 10 {
        table[(b'0' + digit) as usize] = digit;
        digit += 1;
    }
    table[b'x' as usize] = X;
    table[b'X' as usize] = X;
    let spaces = [b' ', b'\t', b'\r', b'\n', 0x0b, 0x0c];
    let mut i = 0;
    while i < spaces.len() {
        table[spaces[i] as usize] = SPACE;
        i += 1;
    }
    table
};
const X: u8 = 253;
const SPACE: u8 = 254;
const STRAY: u8 = 255;

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &[u8], single_chars: bool) -> Result<([u8; 4], u32), StateError> {
        let mut tiles = Tiles::new();
        tiles.read(line, single_chars)?;
        let mut values = [0u8; 4];
        values.copy_from_slice(tiles.values());
        Ok((values, tiles.blanks))
    }

    #[test]
    fn every_shape_reads_the_same() {
        for line in [&b"1 2 3 x"[..], b"123x", b" 1  2\t3\x0bx ", b"1 2 3 X"] {
            assert_eq!(read(line, true), Ok(([1, 2, 3, BLANK], 0b1000)), "{line:?}");
        }
        assert_eq!(read(b"11 x\x0b12 0", false), Ok(([11, BLANK, 12, 0], 0b0010)));
        assert_eq!(read(b"1 2 q", true), Err(StateError::BadCharacter { column: 5, ch: 'q' }));
        assert_eq!(read(b"1 2x 3", false), Err(StateError::BadCharacter { column: 4, ch: 'x' }));
        assert_eq!(read(b"1 256", false), Err(StateError::NumberTooLarge { column: 3 }));
        assert_eq!(read("1 2 é".as_bytes(), true), Err(StateError::BadCharacter { column: 5, ch: 'é' }));
        assert_eq!(read(b"1 2 \xff", true), Err(StateError::BadByte { column: 5, byte: 0xff }));
        assert_eq!(read(b"1 2 \x00", true), Err(StateError::BadByte { column: 5, byte: 0 }));
    }

    #[test]
    fn blanks_only_where_a_sliding_puzzle_has_one() {
        let mut tiles = Tiles::new();
        tiles.read(b"1 2 0 x", true).unwrap();
        assert_eq!(tiles.check_blanks(true), Err(StateError::UnknownTile { cell: 3, value: 0, blank: false }));
        assert_eq!(tiles.check_blanks(false), Err(StateError::UnknownTile { cell: 4, value: 0, blank: true }));
        tiles.clear();
        tiles.read(b"1 2 0 3", true).unwrap();
        assert!(tiles.check_blanks(false).is_ok());
    }
}
