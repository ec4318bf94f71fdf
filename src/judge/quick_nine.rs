//! The 9 Puzzle judge's quick path: a case of three rows "d d d" goes
//! straight from its bytes to its rank, and the answer is written by
//! walking the table's stored moves rank by rank, each move two or three
//! reads of the puzzle's move tables ([`NineCellMoves`]): no tile parsing,
//! no state, no allocation per case. Anything else (other spacing, bad
//! tiles, a damaged table) takes the general path, which answers it or says
//! what is wrong with it.

use godtab_puzzles::{Kind, NineCellMoves, NineCellRank, Ranking};
use godtab_runtime::{Encoding, RankReader, Table};

use super::quick::lex_rank_and_parity_of_board;

/// Bytes of the longest answer the quick path writes itself (with room
/// for a whole padded name past its end).
const ANSWER_BYTES: usize = 64;

/// What the quick path needs of a table that fits it.
#[derive(Clone)]
pub(crate) struct QuickNine {
    /// The puzzle's moves by table (shared by the threads that judge).
    moves: std::sync::Arc<NineCellMoves>,
    /// Each move's name, padded, and its length.
    names: Vec<([u8; 8], usize)>,
}

impl QuickNine {
    /// The quick path for `table`, if it gives its answers: nine distinct
    /// tiles 1 to 9 on a 3×3 board, labels tile minus one with the goal in
    /// order, even permutations ranked by half their lexicographic rank,
    /// distances and moves stored for every rank, short move names, and a
    /// table for every move.
    pub(crate) fn new<T: AsRef<[u8]>>(table: &Table<T>) -> Option<Self> {
        let puzzle = table.puzzle();
        let fits = puzzle.kind() == Kind::Permutation
            && puzzle.ranking() == Ranking::Parity
            && (puzzle.rows(), puzzle.cols()) == (3, 3)
            && !puzzle.has_repeated_tiles()
            && (1..=9u8).all(|v| puzzle.label_of(v) == Some(v - 1))
            && puzzle.goal().labels() == [0, 1, 2, 3, 4, 5, 6, 7, 8]
            && table.encoding() == Encoding::Full;
        if !fits {
            return None;
        }
        let moves = NineCellMoves::new(puzzle, false).filter(NineCellMoves::covers_every_move)?;
        let names = table
            .move_names()
            .map(|name| {
                let mut padded = [0u8; 8];
                padded.get_mut(..name.len())?.copy_from_slice(name.as_bytes());
                Some((padded, name.len()))
            })
            .collect::<Option<Vec<_>>>()?;
        let longest = names.iter().map(|&(_, len)| len).max().unwrap_or(0);
        // A count, a space, the names with a padded one past the last, a
        // newline.
        (usize::from(table.max_depth()) * longest + 16 <= ANSWER_BYTES)
            .then(|| Self { moves: std::sync::Arc::new(moves), names })
    }

    /// Writes the answer to the case of nine tiles `digits` (their ASCII
    /// characters, row by row) and its newline to `out`; false, writing
    /// nothing, if the general path must answer it.
    #[inline]
    pub(crate) fn answer(&self, ranks: &RankReader<'_>, digits: [u8; 9], out: &mut Vec<u8>) -> bool {
        let labels = digits.map(|byte| byte.wrapping_sub(b'1'));
        // Nine labels 0 to 8 once each: a label past 8 sets a bit past the
        // ninth, a repeated one leaves one of the nine unset.
        if labels.iter().fold(0u32, |seen, &label| seen | 1 << label.min(15)) != 0x1FF {
            return false;
        }
        let board = labels.iter().rev().fold(0u64, |board, &label| board << 4 | u64::from(label));
        let (lex, odd) = lex_rank_and_parity_of_board(board);
        if odd {
            out.extend_from_slice(b"Not solvable\n");
            return true;
        }
        let (mut at, mut rank) = (NineCellRank::from_lex(lex), lex >> 1);
        let distance = match ranks.distance(rank) {
            Ok(Some(d)) => d,
            Ok(None) => {
                out.extend_from_slice(b"Not solvable\n");
                return true;
            }
            Err(_) => return false,
        };
        let mut answer = [0u8; ANSWER_BYTES];
        let mut len = write_count(&mut answer, distance);
        if distance > 0 {
            answer[len] = b' ';
            len += 1;
        }
        for _ in 0..distance {
            let Ok(Some(m)) = ranks.stored_move(rank) else { return false };
            let (Some(next), Some(&(name, name_len))) = (self.moves.after(m, at), self.names.get(m)) else {
                return false;
            };
            // The whole padded name, then the length of the real one.
            let Some(slot) = answer.get_mut(len..len + 8) else { return false };
            slot.copy_from_slice(&name);
            len += name_len;
            (at, rank) = (next, next.lex() >> 1);
        }
        // The walk must end on the goal (rank 0); a damaged table's does
        // not, and the general path reports it.
        if rank != 0 {
            return false;
        }
        let Some(end) = answer.get_mut(len) else { return false };
        *end = b'\n';
        // The whole buffer in one fixed-size copy, then only the answer
        // kept.
        let kept = out.len() + len + 1;
        out.extend_from_slice(&answer);
        out.truncate(kept);
        true
    }
}

/// Writes a move count (at most 255) at the start of `to`; returns its
/// length.
fn write_count(to: &mut [u8; ANSWER_BYTES], n: u8) -> usize {
    let mut len = 0;
    if n >= 100 {
        to[len] = b'0' + n / 100;
        len += 1;
    }
    if n >= 10 {
        to[len] = b'0' + n / 10 % 10;
        len += 1;
    }
    to[len] = b'0' + n % 10;
    len + 1
}

/// The three tiles of a row "d d d" (digits 1 to 9, single spaces), or
/// `None` for any other line.
#[inline]
pub(crate) fn row_of_three(line: &[u8]) -> Option<[u8; 3]> {
    let &[a, b' ', b, b' ', c] = <&[u8; 5]>::try_from(line).ok()? else { return None };
    [a, b, c].iter().all(|d| (b'1'..=b'9').contains(d)).then_some([a, b, c])
}

/// The nine tiles of a case written as three rows "d d d", each ended by
/// `\n`, in exactly `case`'s 18 bytes; `None` for anything else.
#[inline]
pub(crate) fn case_of_three_rows(case: &[u8]) -> Option<[u8; 9]> {
    let case = <&[u8; 18]>::try_from(case).ok()?;
    let gaps = (0..3).all(|row| case[6 * row + 1] == b' ' && case[6 * row + 3] == b' ' && case[6 * row + 5] == b'\n');
    let digits: [u8; 9] = core::array::from_fn(|i| case[2 * i]);
    (gaps && digits.iter().all(|d| (b'1'..=b'9').contains(d))).then_some(digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use godtab_puzzles::builtin;

    #[test]
    fn answers_as_the_table_does_for_every_arrangement() {
        let table = Table::new(crate::embedded::table("nine-puzzle").unwrap()).unwrap();
        let quick = QuickNine::new(&table).unwrap();
        let ranks = table.rank_reader().unwrap();
        let puzzle = builtin::NINE_PUZZLE.definition().puzzle().clone();
        let names: Vec<&str> = table.move_names().collect();
        // Every 7th permutation of nine (even and odd alike).
        let nine = builtin::NINE_DIGITS.definition().puzzle().clone();
        for lex in (0..362_880).step_by(7) {
            let all = nine.unrank(lex);
            let digits: [u8; 9] = core::array::from_fn(|i| b'1' + all.labels()[i]);
            let mut out = Vec::new();
            assert!(quick.answer(&ranks, digits, &mut out));
            let state = puzzle.state_from_values(&digits.map(|d| d - b'0')).unwrap();
            let expected = match table.solution(&state).unwrap() {
                None => "Not solvable\n".to_string(),
                Some(s) if s.is_empty() => "0\n".to_string(),
                Some(s) => {
                    let d = s.len();
                    format!("{d} {}\n", s.map(|m| names[m]).collect::<String>())
                }
            };
            assert_eq!(String::from_utf8(out).unwrap(), expected, "{digits:?}");
        }
        assert!(!quick.answer(&ranks, *b"112345678", &mut Vec::new()));
        assert!(QuickNine::new(&Table::new(crate::embedded::table("nine-digits").unwrap()).unwrap()).is_none());
    }

    #[test]
    fn only_cases_of_three_rows_ended_by_newlines_are_quick_in_one_go() {
        assert_eq!(case_of_three_rows(b"1 2 3\n4 5 6\n7 8 9\n"), Some(*b"123456789"));
        for case in [
            "1 2 3\n4 5 6\n7 8 9",
            "1 2 3\n4 5 6\n7 8 9\n\n",
            "1 2 3\r\n4 5 6\n7 8 9\n",
            "1 2 3\n4 5 6\n7 8 0\n",
            "1 2 3 4 5 6\n7 8 9\n\n",
            "1 2 3\n4 5 6\n7 8 9 ",
            "1 2 3\n0\n4 5 6\n7 8 9",
        ] {
            assert_eq!(case_of_three_rows(case.as_bytes()), None, "{case:?}");
        }
    }

    #[test]
    fn only_rows_of_three_single_spaced_digits_are_quick() {
        assert_eq!(row_of_three(b"1 2 3"), Some(*b"123"));
        for line in ["1 2 0", "1  2 3", "1 2 3 ", "123", "1\t2 3", "a b c", "0"] {
            assert_eq!(row_of_three(line.as_bytes()), None, "{line:?}");
        }
    }
}
