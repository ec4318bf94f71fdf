//! The Nine Digits judge's quick path: a line of nine distinct digits 1 to
//! 9 (spaces and tabs between them, or none) goes straight from its bytes
//! to its lexicographic rank, one digit at a time with a bit mask of the
//! digits seen, and the answer is the table's stored distance of that
//! rank: no tile parsing, no state. Any other line takes the general path,
//! which answers it or says what is wrong with it.

use godtab_runtime::{Encoding, Kind, Ranking, Table};

/// `FACTORIAL[k]` = k!.
const FACTORIAL: [u64; 9] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];

/// Whether the quick path gives `table`'s answers: nine distinct tiles 1
/// to 9, ranked lexicographically by label (tile minus one), distances
/// stored for every rank.
pub(crate) fn fits<T: AsRef<[u8]>>(table: &Table<T>) -> bool {
    let puzzle = table.puzzle();
    puzzle.kind() == Kind::Permutation
        && puzzle.ranking() == Ranking::Lex
        && puzzle.cells() == 9
        && !puzzle.has_repeated_tiles()
        && (1..=9u8).all(|v| puzzle.label_of(v) == Some(v - 1))
        && table.encoding() == Encoding::Full
}

/// The rank of a line of nine distinct digits 1 to 9, or `None` if the
/// line is anything else.
#[inline]
pub(crate) fn rank_nine_digits(line: &[u8]) -> Option<u64> {
    let (mut rank, mut seen, mut count) = (0u64, 0u32, 0usize);
    for &byte in line {
        let digit = byte.wrapping_sub(b'1');
        if digit < 9 {
            let bit = 1u32 << digit;
            if seen & bit != 0 || count == 9 {
                return None;
            }
            // Digits after this one that are smaller: those not seen yet.
            let smaller_later = u64::from(digit) - u64::from((seen & (bit - 1)).count_ones());
            rank += smaller_later * FACTORIAL[8 - count];
            seen |= bit;
            count += 1;
        } else if byte != b' ' && byte != b'\t' {
            return None;
        }
    }
    (count == 9).then_some(rank)
}

#[cfg(test)]
mod tests {
    use super::*;
    use godtab_puzzles::builtin;

    #[test]
    fn ranks_agree_with_the_puzzle_for_every_permutation() {
        let puzzle = builtin::NINE_DIGITS.definition().puzzle().clone();
        for rank in 0..puzzle.slots() {
            let state = puzzle.unrank(rank);
            let line: Vec<u8> = state.labels().iter().flat_map(|&l| [b'1' + l, b' ']).collect();
            assert_eq!(rank_nine_digits(&line), Some(rank));
            if rank % 1000 == 0 {
                let tight: Vec<u8> = state.labels().iter().map(|&l| b'1' + l).collect();
                assert_eq!(rank_nine_digits(&tight), Some(rank));
            }
        }
        let table = Table::new(crate::embedded::table("nine-digits").unwrap()).unwrap();
        assert!(fits(&table));
        assert!(!fits(&Table::new(crate::embedded::table("nine-puzzle").unwrap()).unwrap()));
    }

    #[test]
    fn anything_else_takes_the_general_path() {
        for line in [
            "",
            "1 2 3 4 5 6 7 8",
            "1 2 3 4 5 6 7 8 9 1",
            "1 1 3 4 5 6 7 8 9",
            "0 2 3 4 5 6 7 8 9",
            "1,2,3,4,5,6,7,8,9",
            "1 2 3 4 5 6 7 8 9\r",
        ] {
            assert_eq!(rank_nine_digits(line.as_bytes()), None, "{line:?}");
        }
    }
}
