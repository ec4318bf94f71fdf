//! The Nine Digits judge's quick path: a line of nine distinct digits 1 to
//! 9 (spaces and tabs between them, or none) goes straight from its bytes
//! to its lexicographic rank, one digit at a time with a bit mask of the
//! digits seen, and the answer is the table's stored distance of that
//! rank: no tile parsing, no state. Any other line takes the general path,
//! which answers it or says what is wrong with it.

use godtab_rank::FACTORIAL;
use godtab_runtime::{Encoding, Kind, Ranking, Table};

/// The bytes of a Nine Digits case in its usual shape, "d d d d d d d d d"
/// and its newline: nine digits, eight spaces.
pub(crate) const NINE_DIGITS_LINE: usize = 18;

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

/// How many bits each 9-bit mask has set (no `popcnt` instruction is
/// assumed).
const ONES: [u8; 512] = {
    let mut ones = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        ones[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    ones
};

/// The rank of a line of nine distinct digits 1 to 9, or `None` if the
/// line is anything else.
#[inline]
pub(crate) fn rank_nine_digits(line: &[u8]) -> Option<u64> {
    // The usual shape, "d d d d d d d d d": the digits at even places.
    if let Ok(bytes) = <&[u8; NINE_DIGITS_LINE - 1]>::try_from(line)
        && (0..8).all(|i| bytes[2 * i + 1] == b' ')
    {
        return rank_of(core::array::from_fn(|i| bytes[2 * i]));
    }
    let mut digits = [0u8; 9];
    let mut count = 0;
    for &byte in line {
        if byte == b' ' || byte == b'\t' {
            continue;
        }
        *digits.get_mut(count)? = byte;
        count += 1;
    }
    if count == 9 { rank_of(digits) } else { None }
}

/// The labels of a three-cell group of a packed board, from its twelve
/// bits (the first cell in the low nibble).
const fn group_labels(group: usize) -> [usize; 3] {
    [group & 15, group >> 4 & 15, group >> 8 & 15]
}

/// The share of cells `first..first + 3` of a board in its lexicographic
/// rank, counting for each cell only the smaller labels before it in its
/// group: each cell's Lehmer digit is its label less the smaller labels
/// before it, and its weight is (8 - cell)!.
const fn group_share(labels: [usize; 3], first: usize) -> u64 {
    let mut share = 0u64;
    let mut i = 0;
    while i < 3 {
        let mut digit = labels[i] as u64;
        let mut j = 0;
        while j < i {
            if labels[j] < labels[i] {
                digit = digit.wrapping_sub(1);
            }
            j += 1;
        }
        share = share.wrapping_add(digit.wrapping_mul(FACTORIAL[8 - first - i]));
        i += 1;
    }
    share
}

/// Whether the digits [`group_share`] counts for a group add up to an odd
/// number: its labels' sum less the pairs in order within it.
const fn group_odd(labels: [usize; 3]) -> bool {
    let in_order =
        (labels[0] < labels[1]) as usize + (labels[0] < labels[2]) as usize + (labels[1] < labels[2]) as usize;
    (labels[0] + labels[1] + labels[2] + in_order) % 2 == 1
}

/// Bit 63 of [`FIRST_CELLS`]: [`group_odd`].
const FIRST_ODD: u64 = 1 << 63;

/// Bit 15 of [`MIDDLE_CELLS`]: [`group_odd`].
const MIDDLE_ODD: u16 = 1 << 15;

/// Bit 7 of [`LAST_CELLS`]: whether its two digits add up to an odd number.
const LAST_ODD: u8 = 1 << 7;

/// Cells 0 to 2 of a packed board, by their twelve bits: their share of
/// the rank (their digits depend on them alone) in bits 0 to 19, and from
/// bit 20 nine nibbles, nibble `v` counting their labels below `v`; and
/// [`FIRST_ODD`]. Entries for labels past 8 or repeated are unspecified.
static FIRST_CELLS: [u64; 4096] = {
    let mut table = [0u64; 4096];
    let mut group = 0;
    while group < 4096 {
        let labels = group_labels(group);
        let mut below = 0u64;
        let mut v = 0;
        while v < 9 {
            let count = (labels[0] < v) as u64 + (labels[1] < v) as u64 + (labels[2] < v) as u64;
            below |= count << (4 * v);
            v += 1;
        }
        table[group] =
            (group_share(labels, 0) & 0xF_FFFF) | below << 20 | if group_odd(labels) { FIRST_ODD } else { 0 };
        group += 1;
    }
    table
};

/// Cells 3 to 5 of a packed board, by their twelve bits: their share of
/// the rank before taking off, for each, the smaller labels in cells 0
/// to 2 (at most 1,200); and [`MIDDLE_ODD`]. Entries for labels past 8 or
/// repeated are unspecified.
static MIDDLE_CELLS: [u16; 4096] = {
    let mut table = [0u16; 4096];
    let mut group = 0;
    while group < 4096 {
        let labels = group_labels(group);
        table[group] = (group_share(labels, 3) as u16 & !MIDDLE_ODD) | if group_odd(labels) { MIDDLE_ODD } else { 0 };
        group += 1;
    }
    table
};

/// Cells 6 to 8 of a packed board, by their twelve bits: their share of
/// the rank, twice the smaller labels after cell 6 plus one if cell 8's
/// label is below cell 7's (each digit counted, equally, as the smaller
/// labels after it); and [`LAST_ODD`]. Entries for labels past 8 or
/// repeated are unspecified.
static LAST_CELLS: [u8; 4096] = {
    let mut table = [0u8; 4096];
    let mut group = 0;
    while group < 4096 {
        let [a, b, c] = group_labels(group);
        let (first, second) = ((b < a) as u8 + (c < a) as u8, (c < b) as u8);
        table[group] = (2 * first + second) | if (first + second) % 2 == 1 { LAST_ODD } else { 0 };
        group += 1;
    }
    table
};

/// Cells 0 to 2, 3 to 5 or 6 to 8 of a packed board, by their twelve bits:
/// their labels as a bit mask.
static GROUP_MASKS: [u16; 4096] = {
    let mut table = [0u16; 4096];
    let mut group = 0;
    while group < 4096 {
        let [a, b, c] = group_labels(group);
        table[group] = 1 << a | 1 << b | 1 << c;
        group += 1;
    }
    table
};

/// Whether a packed board of nine labels 0 to 8 holds each of them once
/// (a repeated label leaves one of the nine unset): three table reads.
#[inline(always)]
pub(crate) fn labels_are_distinct(board: u64) -> bool {
    let mask = |group: u64| GROUP_MASKS[(board >> (12 * group) & 0xFFF) as usize];
    mask(0) | mask(1) | mask(2) == 0x1FF
}

/// The lexicographic rank of a board of nine labels 0 to 8, each there
/// once, packed four bits a cell (cell `i` in bits `4i..4i + 4`), three
/// cells at a time by table, and whether its permutation is odd (its
/// Lehmer digits add up to an odd number); any other board gives an
/// unspecified answer, never a panic.
#[inline(always)]
pub(crate) fn lex_rank_and_parity_of_board(board: u64) -> (u64, bool) {
    let first = FIRST_CELLS[(board & 0xFFF) as usize];
    let middle = MIDDLE_CELLS[(board >> 12 & 0xFFF) as usize];
    let last = LAST_CELLS[(board >> 24 & 0xFFF) as usize];
    // Cells 3 to 5 less, for each, the smaller labels in cells 0 to 2.
    let below = first >> 20 & 0xF_FFFF_FFFF;
    let fewer = |cell: u32| below >> (4 * ((board >> (4 * cell)) & 15)) & 15;
    let (fewer3, fewer4, fewer5) = (fewer(3), fewer(4), fewer(5));
    let rank = (first & 0xF_FFFF)
        .wrapping_add(u64::from(middle & !MIDDLE_ODD))
        .wrapping_add(u64::from(last & !LAST_ODD))
        .wrapping_sub(fewer3.wrapping_mul(FACTORIAL[5]))
        .wrapping_sub(fewer4.wrapping_mul(FACTORIAL[4]))
        .wrapping_sub(fewer5.wrapping_mul(FACTORIAL[3]));
    let odd = (first & FIRST_ODD != 0)
        ^ (middle & MIDDLE_ODD != 0)
        ^ (last & LAST_ODD != 0)
        ^ (fewer3.wrapping_add(fewer4).wrapping_add(fewer5) % 2 == 1);
    (rank, odd)
}

/// The rank of nine digit characters, if they are 1 to 9 once each.
#[inline(always)]
fn rank_of(digits: [u8; 9]) -> Option<u64> {
    lex_rank(digits.map(|byte| byte.wrapping_sub(b'1'))).map(|(rank, _)| rank)
}

/// The lexicographic rank of nine labels and their number of inversions,
/// if they are 0 to 8 once each. No branch per label: a label past 8 sets
/// a bit past the ninth, and a repeated label leaves one of the nine unset,
/// so one test of the mask at the end rejects both.
#[inline(always)]
pub(crate) fn lex_rank(labels: [u8; 9]) -> Option<(u64, u32)> {
    let (mut rank, mut seen, mut inversions) = (0u64, 0u32, 0u32);
    for (i, &label) in labels.iter().enumerate() {
        let raw = u32::from(label);
        let label = if raw < 9 { raw } else { 15 };
        let bit = 1u32 << label;
        // Labels after this one that are smaller: those not seen yet.
        let smaller_later = label.wrapping_sub(u32::from(ONES[(seen & (bit - 1) & 0x1FF) as usize]));
        rank = rank.wrapping_add(u64::from(smaller_later).wrapping_mul(FACTORIAL[8 - i]));
        inversions = inversions.wrapping_add(smaller_later);
        seen |= bit;
    }
    (seen == 0x1FF).then_some((rank, inversions))
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
            let board = state.labels().iter().rev().fold(0u64, |board, &l| board << 4 | u64::from(l));
            let labels: [u8; 9] = core::array::from_fn(|i| state.labels()[i]);
            let inversions = lex_rank(labels).unwrap().1;
            assert_eq!(lex_rank_and_parity_of_board(board), (rank, inversions % 2 == 1));
            assert!(labels_are_distinct(board));
            // Any cell given another cell's label repeats it.
            let cell = rank % 9;
            let other = (board >> (4 * ((cell + 1) % 9))) & 15;
            assert!(!labels_are_distinct(board & !(15 << (4 * cell)) | other << (4 * cell)));
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
            "1 2 3 4 5 6 7 8 0",
            "1 2 3 4 5 6 7 8 :",
            "1 2 3 4 5 6 7 8 8",
            "1 2 3 4 : 6 7 8 9",
            "1 2 3 4 0 6 7 8 9",
            "\u{b1} 2 3 4 5 6 7 8 9",
        ] {
            assert_eq!(rank_nine_digits(line.as_bytes()), None, "{line:?}");
        }
    }
}
