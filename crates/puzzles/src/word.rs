//! A short piece of text held inline, for errors that must name what they
//! are about (a set, a move) without allocating.

use core::fmt;

/// Up to 32 bytes of text, shown quoted and escaped (`"CORNERS"`,
/// `"a\u{1b}"`); longer text is cut and shown with `...` after it. Bytes
/// that are not UTF-8 are shown as `\x..`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Word {
    bytes: [u8; Self::CAPACITY],
    len: u8,
    cut: bool,
}

impl Word {
    /// The most bytes kept.
    pub const CAPACITY: usize = 32;

    /// The first [`Word::CAPACITY`] bytes of `bytes`.
    #[must_use]
    pub fn new(bytes: &[u8]) -> Self {
        let len = bytes.len().min(Self::CAPACITY);
        let mut word = Self { bytes: [0; Self::CAPACITY], len: len as u8, cut: len < bytes.len() };
        word.bytes[..len].copy_from_slice(&bytes[..len]);
        word
    }

    /// The bytes kept.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        for chunk in self.as_bytes().utf8_chunks() {
            for c in chunk.valid().chars() {
                match c {
                    '"' | '\'' | '\\' => write!(f, "{c}")?,
                    _ => write!(f, "{}", c.escape_debug())?,
                }
            }
            for &byte in chunk.invalid() {
                write!(f, "\\x{byte:02x}")?;
            }
        }
        f.write_str(if self.cut { "...\"" } else { "\"" })
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::Word;

    extern crate std;
    use std::format;
    use std::string::ToString;

    #[test]
    fn shows_words_quoted_escaped_and_cut() {
        assert_eq!(Word::new(b"CORNER").to_string(), "\"CORNER\"");
        assert_eq!(Word::new(b"a\x1bb").to_string(), "\"a\\u{1b}b\"");
        assert_eq!(Word::new(b"\xffR'").to_string(), "\"\\xffR'\"");
        assert_eq!(Word::new(&[b'x'; 40]).to_string(), format!("\"{}...\"", "x".repeat(32)));
        assert_eq!(Word::new(b"").as_bytes(), b"");
    }
}
