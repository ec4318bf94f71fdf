//! Scrambles: a state given as the moves that lead to it from the goal,
//! `R U F' R2`, as cubers write them.

use crate::{Definition, State, Word};

/// Why a scramble could not be applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScrambleError {
    /// A word that names no move, nor a move with a power (`R2`, `R2'`).
    #[error("move {position}: {word} is not a move of this puzzle")]
    UnknownMove {
        /// Its place in the scramble, from 1.
        position: usize,
        /// The word.
        word: Word,
    },
    /// A move that cannot be made where the scramble has got to (a blank
    /// against the edge).
    #[error("move {position}: {word} cannot be made there")]
    Impossible {
        /// Its place in the scramble, from 1.
        position: usize,
        /// The word.
        word: Word,
    },
}

impl Definition {
    /// The state the moves of `scramble` lead to from the goal: words
    /// separated by whitespace, each a move's name, or a move's name with a
    /// power the puzzle does not list as a move of its own: `R2` makes `R`
    /// twice, `R2'` makes `R'` twice, and `R'` undoes `R` (see
    /// [`Puzzle::undo`](crate::Puzzle::undo)). So a table of quarter turns
    /// still reads `R2`.
    ///
    /// ```
    /// use godtab_puzzles::builtin;
    ///
    /// let digits = builtin::NINE_DIGITS.definition();
    /// let state = digits.scramble(b"A A2 D").unwrap();
    /// assert_eq!(digits.puzzle().display(&state).to_string(), "2 5 3 1 8 4 7 9 6");
    /// assert!(digits.scramble(b"A Q").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ScrambleError`] naming the first word at fault.
    pub fn scramble(&self, scramble: &[u8]) -> Result<State, ScrambleError> {
        let puzzle = self.puzzle();
        let mut state = puzzle.goal();
        let words = scramble.split(u8::is_ascii_whitespace).filter(|w| !w.is_empty());
        for (i, word) in words.enumerate() {
            let position = i + 1;
            let (m, times) =
                self.resolve(word).ok_or(ScrambleError::UnknownMove { position, word: Word::new(word) })?;
            for _ in 0..times {
                if !puzzle.apply_in_place(&mut state, m) {
                    return Err(ScrambleError::Impossible { position, word: Word::new(word) });
                }
            }
        }
        Ok(state)
    }

    /// The move a scramble's word stands for and how many times to make it.
    fn resolve(&self, word: &[u8]) -> Option<(usize, u32)> {
        let find = |name: &[u8]| self.move_names().position(|n| n.as_bytes() == name);
        if let Some(m) = find(word) {
            return Some((m, 1));
        }
        let (base, prime) = match word.strip_suffix(b"'") {
            Some(base) => (base, true),
            None => (word, false),
        };
        let digits = base.iter().rev().take_while(|b| b.is_ascii_digit()).count();
        let (name, power) = base.split_at(base.len() - digits);
        let power: u32 = match power {
            [] => 1,
            // Large powers are no one's notation: at most two digits.
            [_] | [_, _] => power.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0')),
            _ => return None,
        };
        if power == 0 || name.is_empty() {
            return None;
        }
        if !prime {
            return Some((find(name)?, power));
        }
        let mut primed = [0u8; crate::MAX_MOVE_NAME + 1];
        let primed = primed.get_mut(..name.len() + 1)?;
        primed[..name.len()].copy_from_slice(name);
        primed[name.len()] = b'\'';
        if let Some(m) = find(primed) {
            return Some((m, power));
        }
        let (m, times) = self.puzzle().undo(find(name)?)?;
        Some((m, u32::from(times) * power))
    }
}
