//! Reading the tiles of one case from a line, without allocating.

use std::fmt;

use godtab_puzzles::{BLANK, MAX_CELLS};

/// Tiles read from input: values in reading order (the blank is
/// [`BLANK`]), and how many there were (counting past [`MAX_CELLS`]).
#[derive(Clone)]
pub struct Tiles {
    /// Tiles in order; slots past the last cell take tiles beyond it.
    values: [u8; SLOTS],
    count: usize,
}

/// Room for every cell and then some: a power of two, so an index wraps
/// with a mask.
const SLOTS: usize = 2 * MAX_CELLS;

/// Why a line's tiles could not be read.
pub enum TileError {
    /// A character that is not part of a tile.
    Stray { column: usize, byte: u8 },
    /// A number above 255.
    TooLarge { column: usize },
}

impl fmt::Display for TileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Stray { column, byte } if byte.is_ascii_graphic() => {
                write!(f, "column {column}: '{}' is not a tile", byte as char)
            }
            Self::Stray { column, byte } => write!(f, "column {column}: byte 0x{byte:02x} is not a tile"),
            Self::TooLarge { column } => write!(f, "column {column}: number too large to be a tile"),
        }
    }
}

impl Default for Tiles {
    fn default() -> Self {
        Self::new()
    }
}

impl Tiles {
    pub const fn new() -> Self {
        Self { values: [0; SLOTS], count: 0 }
    }

    /// The tiles read (at most [`MAX_CELLS`]).
    pub fn values(&self) -> &[u8] {
        &self.values[..self.count.min(MAX_CELLS)]
    }

    /// How many tiles were read, including any past [`MAX_CELLS`].
    pub fn count(&self) -> usize {
        self.count
    }

    pub fn clear(&mut self) {
        self.count = 0;
    }

    fn push(&mut self, value: u8) {
        self.values[self.count % SLOTS] = value;
        self.count += 1;
    }

    /// Appends the tiles of `line`. With `single_chars`, every digit or `x`
    /// is one tile and separators are optional; otherwise tiles are numbers
    /// or `x` separated by whitespace. `x` is the blank.
    pub fn read(&mut self, line: &[u8], single_chars: bool) -> Result<(), TileError> {
        if single_chars {
            return self.read_characters(line);
        }
        let mut i = 0;
        while i < line.len() {
            let byte = line[i];
            match byte {
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => i += 1,
                b'x' | b'X' => {
                    self.push(BLANK);
                    i += 1;
                    if line.get(i).is_some_and(|b| !b.is_ascii_whitespace()) {
                        return Err(TileError::Stray { column: i + 1, byte: line[i] });
                    }
                }
                b'0'..=b'9' => {
                    let column = i + 1;
                    let mut value = 0u32;
                    while let Some(&digit @ b'0'..=b'9') = line.get(i) {
                        value = value * 10 + u32::from(digit - b'0');
                        if value > 255 {
                            return Err(TileError::TooLarge { column });
                        }
                        i += 1;
                    }
                    if let Some(&next) = line.get(i)
                        && !next.is_ascii_whitespace()
                    {
                        return Err(TileError::Stray { column: i + 1, byte: next });
                    }
                    // value <= 255, checked digit by digit.
                    self.push(value as u8);
                }
                _ => return Err(TileError::Stray { column: i + 1, byte }),
            }
        }
        Ok(())
    }

    /// One tile per digit or `x`; whitespace between them is optional. The
    /// busiest formats' lines go through here: one table lookup per byte.
    fn read_characters(&mut self, line: &[u8]) -> Result<(), TileError> {
        if self.read_spaced(line) {
            return Ok(());
        }
        // Branch-free: every byte is stored, only tiles advance the count,
        // and a stray byte is located afterwards.
        let mut stray = false;
        // Locals, so the count stays in a register across the stores.
        let (values, mut count) = (&mut self.values, self.count);
        for &byte in line {
            let class = CHARACTER[usize::from(byte)];
            // Past the last cell only the count matters, so the slot wraps.
            values[count % SLOTS] = class;
            count += usize::from(class < SPACE);
            stray |= class == STRAY;
        }
        self.count = count;
        if stray {
            let at = line.iter().position(|&b| CHARACTER[usize::from(b)] == STRAY).unwrap_or(0);
            return Err(TileError::Stray { column: at + 1, byte: line[at] });
        }
        Ok(())
    }
}

impl Tiles {
    /// The usual shape, "1 2 3 4 5 6 7 8 9": one-character tiles separated
    /// by single spaces, read a pair of bytes at a time. False (and nothing
    /// read) for any other shape.
    fn read_spaced(&mut self, line: &[u8]) -> bool {
        let Some((&last, pairs)) = line.split_last() else { return false };
        let (start, tiles) = (self.count, pairs.len() / 2 + 1);
        if pairs.len() % 2 != 0 || start + tiles > SLOTS {
            return false;
        }
        let mut ok = CHARACTER[usize::from(last)] < SPACE;
        for (pair, slot) in pairs.chunks_exact(2).zip(&mut self.values[start..]) {
            let tile = CHARACTER[usize::from(pair[0])];
            ok &= tile < SPACE && pair[1] == b' ';
            *slot = tile;
        }
        if ok {
            self.values[start + tiles - 1] = CHARACTER[usize::from(last)];
            self.count = start + tiles;
        }
        ok
    }
}

/// What each byte is in a line of one-character tiles: a tile value (the
/// digit, or [`BLANK`] for `x`), [`SPACE`] or [`STRAY`].
const CHARACTER: [u8; 256] = {
    let mut table = [STRAY; 256];
    let mut digit = 0;
    while digit < 10 {
        table[(b'0' + digit) as usize] = digit;
        digit += 1;
    }
    table[b'x' as usize] = BLANK;
    table[b'X' as usize] = BLANK;
    let spaces = [b' ', b'\t', b'\r', b'\n', 0x0b, 0x0c];
    let mut i = 0;
    while i < spaces.len() {
        table[spaces[i] as usize] = SPACE;
        i += 1;
    }
    table
};
const SPACE: u8 = 254;
const STRAY: u8 = 255;
