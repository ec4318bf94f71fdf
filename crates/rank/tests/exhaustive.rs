//! Every permutation of 0..9, in lexicographic order, against a plain O(n^2)
//! reference; plus property tests for lengths up to 16.

use godtab_rank::{
    FACTORIAL, LexCursor, arrangements, is_odd, is_permutation, rank_lex, rank_lex_parity, rank_lex_parity_mapped,
    rank_lex_parity_skipping, rank_multiset, rank_parity, rank_parity_array, unrank_lex, unrank_lex_array,
    unrank_multiset, unrank_parity,
};
use proptest::prelude::*;

/// Textbook Cantor expansion: count later, smaller entries.
fn reference_rank(perm: &[u8]) -> u64 {
    let n = perm.len();
    let mut rank = 0;
    for i in 0..n {
        let smaller_later = perm[i + 1..].iter().filter(|&&v| v < perm[i]).count() as u64;
        rank += smaller_later * (1..=(n - 1 - i) as u64).product::<u64>();
    }
    rank
}

fn reference_is_odd(perm: &[u8]) -> bool {
    let mut inversions = 0;
    for i in 0..perm.len() {
        for j in i + 1..perm.len() {
            inversions += usize::from(perm[i] > perm[j]);
        }
    }
    inversions % 2 == 1
}

/// The next permutation in lexicographic order (like C++ std::next_permutation),
/// or false after the last one. Works for multisets too.
fn next_permutation(p: &mut [u8]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).expect("a larger entry exists");
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

#[test]
fn every_permutation_of_nine_in_lexicographic_order() {
    let mut perm: [u8; 9] = core::array::from_fn(|i| i as u8);
    let mut expected_rank = 0u64;
    let mut even_seen = 0u64;
    let mut odd_seen = 0u64;
    let mut out = [0u8; 9];
    loop {
        assert_eq!(rank_lex(&perm), expected_rank, "rank of {perm:?}");
        assert_eq!(reference_rank(&perm), expected_rank, "reference rank of {perm:?}");
        unrank_lex(expected_rank, &mut out);
        assert_eq!(out, perm, "unrank({expected_rank})");
        assert_eq!(unrank_lex_array::<9>(expected_rank), perm);

        // Within each parity class, lexicographic order numbers them densely.
        let odd = is_odd(&perm);
        assert_eq!(odd, reference_is_odd(&perm), "parity of {perm:?}");
        let class_rank = if odd { &mut odd_seen } else { &mut even_seen };
        assert_eq!(rank_parity(&perm), *class_rank, "parity rank of {perm:?}");
        assert_eq!(rank_parity_array(&perm), *class_rank, "parity rank of {perm:?}");
        unrank_parity(*class_rank, odd, &mut out);
        assert_eq!(out, perm, "unrank_parity({class_rank}, {odd})");
        *class_rank += 1;

        expected_rank += 1;
        if !next_permutation(&mut perm) {
            break;
        }
    }
    assert_eq!(expected_rank, 362_880);
    assert_eq!(even_seen, 181_440);
    assert_eq!(odd_seen, 181_440);
}

#[test]
fn skipping_an_entry_ranks_the_rest() {
    let mut perm: [u8; 9] = core::array::from_fn(|i| i as u8);
    loop {
        for skip in 0..9u8 {
            let at = perm.iter().position(|&v| v == skip).unwrap();
            let rest: Vec<u8> = perm.iter().filter(|&&v| v != skip).map(|&v| v - u8::from(v > skip)).collect();
            let (rank, odd) = rank_lex_parity(&rest);
            assert_eq!(rank_lex_parity_skipping(&perm, skip), (rank, odd, at), "{perm:?} without {skip}");
        }
        if !next_permutation(&mut perm) {
            break;
        }
    }
}

#[test]
fn mapped_values_rank_like_their_labels() {
    // Tile values 1..=9 standing for labels 0..=8, as on a 3x3 board.
    let mut map = [u8::MAX; 256];
    for v in 1..=9u8 {
        map[usize::from(v)] = v - 1;
    }
    let mut perm: [u8; 9] = core::array::from_fn(|i| i as u8);
    loop {
        let values: Vec<u8> = perm.iter().map(|&l| l + 1).collect();
        assert_eq!(rank_lex_parity_mapped(&values, &map), Some(rank_lex_parity(&perm)));
        if !next_permutation(&mut perm) {
            break;
        }
    }
    assert_eq!(rank_lex_parity_mapped(&[1, 2, 3, 4, 5, 6, 7, 8, 8], &map), None);
    assert_eq!(rank_lex_parity_mapped(&[1, 2, 3, 4, 5, 6, 7, 8, 0], &map), None);
    assert_eq!(rank_lex_parity_mapped(&[2, 3, 4, 5, 6, 7, 8, 9], &map), None);
    assert_eq!(rank_lex_parity_mapped(&[0; 17], &map), None);
}

#[test]
fn every_rank_of_nine_round_trips() {
    let mut out = [0u8; 9];
    for rank in 0..FACTORIAL[9] {
        unrank_lex(rank, &mut out);
        assert!(is_permutation(&out));
        assert_eq!(rank_lex(&out), rank);
    }
}

#[test]
fn cursor_visits_every_rank_of_nine_in_order() {
    let mut cursor = LexCursor::<9>::new();
    let mut perm: [u8; 9] = core::array::from_fn(|i| i as u8);
    for rank in 0..FACTORIAL[9] {
        cursor.seek(rank);
        assert_eq!((cursor.rank(), cursor.perm()), (rank, &perm), "rank {rank}");
        assert_eq!(cursor.is_odd(), reference_is_odd(&perm), "parity of {perm:?}");
        next_permutation(&mut perm);
    }
}

#[test]
fn cursor_skips_ahead_by_every_stride_up_to_nine_factorial() {
    // Strides of each order of magnitude carry into every digit.
    for stride in [2, 3, 7, 24, 25, 719, 5041, 40_319, 100_003] {
        let mut cursor = LexCursor::<9>::new();
        for rank in (stride / 2..FACTORIAL[9]).step_by(stride as usize) {
            cursor.seek(rank);
            let want = unrank_lex_array::<9>(rank);
            assert_eq!(cursor.perm(), &want, "stride {stride}, rank {rank}");
            assert_eq!(cursor.is_odd(), reference_is_odd(&want), "stride {stride}, rank {rank}");
        }
    }
}

#[test]
fn every_arrangement_of_three_colours_in_lexicographic_order() {
    let counts = [3u8, 3, 3];
    let mut arrangement = [0u8, 0, 0, 1, 1, 1, 2, 2, 2];
    let total = arrangements(&counts).unwrap();
    let mut out = [0u8; 9];
    let mut expected_rank = 0;
    loop {
        assert_eq!(rank_multiset(&arrangement, &counts), expected_rank);
        unrank_multiset(expected_rank, &counts, &mut out);
        assert_eq!(out, arrangement);
        expected_rank += 1;
        if !next_permutation(&mut arrangement) {
            break;
        }
    }
    assert_eq!(expected_rank, total);
    assert_eq!(total, 1680);
}

#[test]
fn multiset_of_distinct_items_is_the_lexicographic_rank() {
    let counts = [1u8; 9];
    let mut perm: [u8; 9] = core::array::from_fn(|i| i as u8);
    for _ in 0..5000 {
        assert_eq!(rank_multiset(&perm, &counts), rank_lex(&perm));
        next_permutation(&mut perm);
    }
}

fn permutation(max_len: usize) -> impl Strategy<Value = Vec<u8>> {
    (0..=max_len).prop_flat_map(|n| Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle())
}

proptest! {
    #[test]
    fn lex_round_trip_up_to_16(perm in permutation(16)) {
        let rank = rank_lex(&perm);
        prop_assert_eq!(rank, reference_rank(&perm));
        let mut out = vec![0u8; perm.len()];
        unrank_lex(rank, &mut out);
        prop_assert_eq!(out, perm);
    }

    #[test]
    fn lex_unrank_then_rank_up_to_16(n in 1usize..=16, seed in any::<u64>()) {
        let rank = seed % FACTORIAL[n];
        let mut out = vec![0u8; n];
        unrank_lex(rank, &mut out);
        prop_assert!(is_permutation(&out));
        prop_assert_eq!(rank_lex(&out), rank);
    }

    #[test]
    fn cursor_follows_any_sequence_of_ranks_of_13(ranks in proptest::collection::vec(any::<u64>(), 1..40)) {
        let mut cursor = LexCursor::<13>::new();
        for rank in ranks {
            // Half the steps go a little forward, the others anywhere.
            let rank = if rank % 2 == 0 { cursor.rank() + (rank >> 1) % 1000 } else { rank };
            cursor.seek(rank);
            let want = unrank_lex_array::<13>(rank);
            prop_assert_eq!(cursor.perm(), &want);
            prop_assert_eq!(cursor.rank(), rank % FACTORIAL[13]);
            prop_assert_eq!(cursor.is_odd(), reference_is_odd(&want));
        }
    }

    #[test]
    fn skipping_up_to_17(perm in permutation(17), pick in any::<usize>()) {
        prop_assume!(!perm.is_empty());
        let skip = (pick % perm.len()) as u8;
        let at = perm.iter().position(|&v| v == skip).unwrap();
        let rest: Vec<u8> = perm.iter().filter(|&&v| v != skip).map(|&v| v - u8::from(v > skip)).collect();
        let (rank, odd) = rank_lex_parity(&rest);
        prop_assert_eq!(rank_lex_parity_skipping(&perm, skip), (rank, odd, at));
    }

    #[test]
    fn parity_round_trip_up_to_16(perm in permutation(16)) {
        prop_assume!(perm.len() >= 2);
        let odd = is_odd(&perm);
        prop_assert_eq!(odd, reference_is_odd(&perm));
        let rank = rank_parity(&perm);
        prop_assert!(rank < FACTORIAL[perm.len()] / 2);
        let mut out = vec![0u8; perm.len()];
        unrank_parity(rank, odd, &mut out);
        prop_assert_eq!(out, perm);
    }

    #[test]
    fn multiset_round_trip(counts in proptest::collection::vec(1u8..=4, 1..=6), seed in any::<u64>()) {
        prop_assume!(counts.iter().map(|&c| usize::from(c)).sum::<usize>() <= 16);
        let total = arrangements(&counts).unwrap();
        let rank = seed % total;
        let n: usize = counts.iter().map(|&c| usize::from(c)).sum();
        let mut out = vec![0u8; n];
        unrank_multiset(rank, &counts, &mut out);
        for (class, &count) in counts.iter().enumerate() {
            prop_assert_eq!(out.iter().filter(|&&c| usize::from(c) == class).count(), usize::from(count));
        }
        prop_assert_eq!(rank_multiset(&out, &counts), rank);
    }
}

/// Every placement of k items among n cells, for n up to 7 and every k
/// (and a few items on the largest boards, ranked by counters up to 16
/// cells and by popcounts past), generated in lexicographic order by
/// counting: ranks and unranks agree with the order.
#[test]
fn every_placement_in_lexicographic_order() {
    use godtab_rank::KPerm;
    let small = (0..=7usize).flat_map(|n| (0..=n).map(move |k| (n, k)));
    let large = [(16, 3), (16, 4), (17, 3), (20, 3)];
    for (n, k) in small.chain(large) {
        let places = KPerm::new(n, k).expect("k <= n");
        // All sequences of k cells below n, in lexicographic order,
        // keeping those with distinct cells.
        let mut seq = vec![0u8; k];
        let mut expected = 0u64;
        loop {
            let distinct = (0..k).all(|i| !seq[..i].contains(&seq[i]));
            if distinct {
                assert_eq!(places.rank(&seq), expected, "rank of {seq:?} among {n} cells");
                let mut out = vec![0u8; k];
                places.unrank(expected, &mut out);
                assert_eq!(out, seq, "unrank({expected}) among {n} cells");
                expected += 1;
            }
            // Next sequence in base n.
            let Some(i) = (0..k).rev().find(|&i| usize::from(seq[i]) + 1 < n) else { break };
            seq[i] += 1;
            seq[i + 1..].fill(0);
        }
        assert_eq!(expected, places.count(), "{k} of {n}");
    }
}

/// A shuffle of the cells of a board of 16 cells (ranked by packed
/// counters) or of 17 to 20 (by popcounts).
fn shuffled_board() -> impl Strategy<Value = Vec<u8>> {
    (16u8..=20).prop_flat_map(|n| Just((0..n).collect::<Vec<u8>>()).prop_shuffle())
}

proptest! {
    /// Placements on large boards round-trip through their rank.
    #[test]
    fn placements_round_trip(perm in shuffled_board(), k in 0usize..=20) {
        let (n, k) = (perm.len(), k.min(perm.len()));
        let places = godtab_rank::KPerm::new(n, k).expect("k <= n <= 20");
        let rank = places.rank(&perm[..k]);
        prop_assert!(rank < places.count());
        let mut out = vec![0u8; k];
        places.unrank(rank, &mut out);
        prop_assert_eq!(&out[..], &perm[..k]);
    }
}
