//! The 9 Puzzle judge's quick path: a case of three rows "d d d" goes
//! straight from its bytes to its rank, and the answer is written by
//! walking the table's stored moves rank by rank, each move two or three
//! reads of the puzzle's move tables ([`NineCellMoves`]): no tile parsing,
//! no state, no allocation per case. Anything else (other spacing, bad
//! tiles, a damaged table) takes the general path, which answers it or says
//! what is wrong with it.

use godtab_puzzles::{Kind, NineCellMoves, NineCellRank, Ranking};
use godtab_runtime::{Encoding, RankReader, Table};

use super::quick::{labels_are_distinct, lex_rank_and_parity_of_board};

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
        board_of_digits(digits).is_some_and(|board| self.answer_run(ranks, &[board], out) == 1)
    }

    /// Writes the answers to the first cases of `cases` (at most [`BATCH`];
    /// boards of nine labels, as [`board_of_three_rows`] reads them) to
    /// `out`, each with its newline, and returns how many: all of them, or
    /// up to the first that the general path must answer.
    ///
    /// The cases' walks go in turns, one move of each: each walk's next
    /// table read waits for its last, but the walks do not wait for each
    /// other, so the processor overlaps their reads.
    #[inline]
    pub(crate) fn answer_run(&self, ranks: &RankReader<'_>, cases: &[u64], out: &mut Vec<u8>) -> usize {
        let mut answers = [[0u8; ANSWER_BYTES]; BATCH];
        let mut lens = [0usize; BATCH];
        // The walks under way: case, state, its rank, moves left, the
        // answer's length so far.
        let mut walks = [(0usize, NineCellRank::from_lex(0), 0u64, 0u8, 0usize); BATCH];
        let mut walking = 0;
        let mut count = 0;
        for (case, &board) in cases.iter().take(BATCH).enumerate() {
            let (answer, len) = (&mut answers[case], &mut lens[case]);
            match start(ranks, board) {
                Start::General => break,
                Start::Unsolvable => {
                    answer[..UNSOLVABLE.len()].copy_from_slice(UNSOLVABLE);
                    *len = UNSOLVABLE.len();
                }
                Start::Walk(at, rank, distance) => {
                    *len = write_count(answer, distance);
                    if distance > 0 {
                        answer[*len] = b' ';
                        *len += 1;
                        walks[walking] = (case, at, rank, distance, *len);
                        walking += 1;
                    }
                }
            }
            count += 1;
        }
        // The first case the general path must answer.
        let mut general = count;
        while walking > 0 {
            let mut w = 0;
            while w < walking {
                let (case, at, rank, left, len) = &mut walks[w];
                let stepped = answers.get_mut(*case).and_then(|answer| self.step(ranks, *at, *rank, answer, *len));
                if let Some((next, added)) = stepped {
                    (*at, *rank, *left, *len) = (next, next.lex() >> 1, *left - 1, *len + added);
                    if *left > 0 {
                        w += 1;
                        continue;
                    }
                }
                // Done: it must end on the goal (rank 0); a damaged table's
                // walk does not (or stops short), and the general path
                // reports it.
                if *left > 0 || *rank != 0 {
                    general = general.min(*case);
                }
                lens[*case] = *len;
                walking -= 1;
                walks[w] = walks[walking];
            }
        }
        for (case, (answer, &len)) in answers.iter_mut().zip(&lens).enumerate().take(general) {
            let Some(end) = answer.get_mut(len) else {
                general = case;
                break;
            };
            *end = b'\n';
        }
        for (answer, &len) in answers.iter().zip(&lens).take(general) {
            // The whole buffer in one fixed-size copy, then only the answer
            // and its newline kept.
            let kept = out.len() + len + 1;
            out.extend_from_slice(answer);
            out.truncate(kept);
        }
        general
    }

    /// One move of a walk from `at` (of rank `rank`): the move's name
    /// written at `len` in `answer`, the state it leads to and the length
    /// of the name; `None` if the table says something impossible.
    #[inline(always)]
    fn step(
        &self,
        ranks: &RankReader<'_>,
        at: NineCellRank,
        rank: u64,
        answer: &mut [u8; ANSWER_BYTES],
        len: usize,
    ) -> Option<(NineCellRank, usize)> {
        let m = ranks.stored_move(rank).ok()??;
        let (next, &(name, name_len)) = (self.moves.after(m, at)?, self.names.get(m)?);
        // The whole padded name, then the length of the real one.
        answer.get_mut(len..len + 8)?.copy_from_slice(&name);
        Some((next, name_len))
    }
}

/// Cases the quick path walks at once ([`QuickNine::answer_run`]).
pub(crate) const BATCH: usize = 8;

/// The bytes of a 9 Puzzle case in its usual shape: three rows "d d d",
/// each with its newline.
pub(crate) const NINE_PUZZLE_CASE: usize = 18;

/// The answer to an unsolvable case (before its newline).
const UNSOLVABLE: &[u8] = b"Not solvable";

/// How a case's answer begins.
enum Start {
    /// The general path must answer it.
    General,
    /// It has no solution.
    Unsolvable,
    /// A walk from this state and rank, this many moves long.
    Walk(NineCellRank, u64, u8),
}

/// How the answer to the case of `board` (nine labels 0 to 8, cell `i` in
/// bits `4i..4i + 4`) begins.
#[inline(always)]
fn start(ranks: &RankReader<'_>, board: u64) -> Start {
    if !labels_are_distinct(board) {
        return Start::General;
    }
    let (lex, odd) = lex_rank_and_parity_of_board(board);
    if odd {
        return Start::Unsolvable;
    }
    match ranks.distance(lex >> 1) {
        Ok(Some(distance)) => Start::Walk(NineCellRank::from_lex(lex), lex >> 1, distance),
        Ok(None) => Start::Unsolvable,
        Err(_) => Start::General,
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

/// The board of nine tile digits 1 to 9 (ASCII): their labels (tile minus
/// one) four bits a cell, cell `i` in bits `4i..4i + 4`; `None` if any is
/// not a digit 1 to 9.
#[inline]
fn board_of_digits(digits: [u8; 9]) -> Option<u64> {
    digits
        .iter()
        .rev()
        .try_fold(0u64, |board, &digit| (b'1'..=b'9').contains(&digit).then(|| board << 4 | u64::from(digit - b'1')))
}

/// Lanes of 16 bits, each holding one byte of a case's even places.
const EVEN_BYTES: u64 = 0x00FF_00FF_00FF_00FF;

/// The high bit of each 16-bit lane's low 9 bits.
const LANE_CARRY: u64 = 0x0100_0100_0100_0100;

/// Repeats a byte in each 16-bit lane.
const fn lanes(byte: u8) -> u64 {
    byte as u64 * 0x0001_0001_0001_0001
}

/// The labels of four digits 1 to 9 at the even places of `word` (eight
/// bytes of a case), four bits each, the first in the low bits; `None` if
/// one is not a digit 1 to 9. Each digit is checked and moved in a 16-bit
/// lane of its own, so that no sum carries into the next.
#[inline(always)]
fn four_labels(word: u64) -> Option<u64> {
    let digits = word & EVEN_BYTES;
    // Bit 8 of a lane: set by adding 0x100 - '1' if the byte is '1' or
    // more, by adding 0x100 - ':' if it is past '9'.
    let at_least_one = digits + (LANE_CARRY - lanes(b'1'));
    let past_nine = digits + (LANE_CARRY - lanes(b':'));
    if at_least_one & !past_nine & LANE_CARRY != LANE_CARRY {
        return None;
    }
    // Lanes at bits 0, 16, 32, 48 to nibbles 0, 1, 2, 3.
    let labels = digits - lanes(b'1');
    let pairs = (labels | labels >> 12) & 0x0000_00FF_0000_00FF;
    Some((pairs | pairs >> 24) & 0xFFFF)
}

/// The board ([`board_of_digits`]) of a case written as three rows "d d d",
/// each ended by `\n`, in exactly `case`'s 18 bytes; `None` for anything
/// else. The 18 bytes are read as three words and checked a word at a time.
#[inline]
pub(crate) fn board_of_three_rows(case: &[u8]) -> Option<u64> {
    let case = <&[u8; NINE_PUZZLE_CASE]>::try_from(case).ok()?;
    let word = |at: usize| u64::from_le_bytes(core::array::from_fn(|i| case[at + i]));
    let (first, second) = (word(0), word(8));
    // The odd places: " _ \n _" and " \n _ _" in words of eight bytes, then
    // the last newline.
    let gaps = |word: u64| word & !EVEN_BYTES;
    if gaps(first) != u64::from_le_bytes(*b"\0 \0 \0\n\0 ")
        || gaps(second) != u64::from_le_bytes(*b"\0 \0\n\0 \0 ")
        || case[17] != b'\n'
    {
        return None;
    }
    let last = case[16];
    let last = (b'1'..=b'9').contains(&last).then(|| u64::from(last - b'1'))?;
    Some(four_labels(first)? | four_labels(second)? << 16 | last << 32)
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
    fn a_run_of_cases_answers_as_its_cases_one_by_one_up_to_one_the_general_path_takes() {
        let table = Table::new(crate::embedded::table("nine-puzzle").unwrap()).unwrap();
        let quick = QuickNine::new(&table).unwrap();
        let ranks = table.rank_reader().unwrap();
        let nine = builtin::NINE_DIGITS.definition().puzzle().clone();
        let digits_of = |lex: u64| -> [u8; 9] { core::array::from_fn(|i| b'1' + nine.unrank(lex).labels()[i]) };
        let boards = |cases: &[[u8; 9]]| -> Vec<u64> { cases.iter().map(|&d| board_of_digits(d).unwrap()).collect() };
        let one_by_one = |cases: &[[u8; 9]]| {
            let mut out = Vec::new();
            let answered = cases.iter().take_while(|&&case| quick.answer(&ranks, case, &mut out)).count();
            (answered, out)
        };
        // Runs of every length, of walks of all lengths, the goal and
        // unsolvable cases among them.
        let mut lex = 0;
        for len in 0..=BATCH {
            let cases: Vec<[u8; 9]> = (1..len)
                .map(|_| {
                    lex = (lex + 7919) % 362_880;
                    digits_of(lex)
                })
                .chain(std::iter::once(*b"123456789"))
                .take(len)
                .collect();
            let mut out = Vec::new();
            assert_eq!(quick.answer_run(&ranks, &boards(&cases), &mut out), len);
            assert_eq!((len, out), one_by_one(&cases));
        }
        // A case with a repeated tile ends the run there.
        let mut cases: Vec<[u8; 9]> = (1..=BATCH as u64).map(|k| digits_of(k * 40_000)).collect();
        cases[3] = *b"112345678";
        let mut out = Vec::new();
        assert_eq!(quick.answer_run(&ranks, &boards(&cases), &mut out), 3);
        assert_eq!((3, out), one_by_one(&cases));
    }

    #[test]
    fn only_cases_of_three_rows_ended_by_newlines_are_quick_in_one_go() {
        let board = |digits: &[u8; 9]| board_of_digits(*digits).unwrap();
        assert_eq!(board_of_three_rows(b"1 2 3\n4 5 6\n7 8 9\n"), Some(0x0008_7654_3210));
        assert_eq!(board_of_three_rows(b"9 8 7\n6 5 4\n3 2 1\n"), Some(board(b"987654321")));
        // Every digit at every place, and every other byte there.
        for place in 0..9 {
            for byte in 0..=255u8 {
                let mut case = *b"5 5 5\n5 5 5\n5 5 5\n";
                case[2 * place] = byte;
                let mut digits = *b"555555555";
                digits[place] = byte;
                assert_eq!(board_of_three_rows(&case), board_of_digits(digits), "{case:?}");
            }
        }
        for case in [
            "1 2 3\n4 5 6\n7 8 9",
            "1 2 3\n4 5 6\n7 8 9\n\n",
            "1 2 3\r\n4 5 6\n7 8 9\n",
            "1 2 3\n4 5 6\n7 8 0\n",
            "1 2 3 4 5 6\n7 8 9\n\n",
            "1 2 3\n4 5 6\n7 8 9 ",
            "1 2 3\n0\n4 5 6\n7 8 9",
        ] {
            assert_eq!(board_of_three_rows(case.as_bytes()), None, "{case:?}");
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
