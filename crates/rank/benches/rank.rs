//! ns per rank and unrank call, for the 3x3 boards (n = 9) and the 3x4 and
//! 2x6 boards (n = 12).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use godtab_rank::{FACTORIAL, rank_lex, rank_parity, unrank_lex};
use std::hint::black_box;

/// A fixed spread of ranks, so every run measures the same work.
fn sample_ranks(n: usize) -> Vec<u64> {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    (0..1024)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % FACTORIAL[n]
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    for n in [9usize, 12] {
        let ranks = sample_ranks(n);
        let perms: Vec<Vec<u8>> = ranks
            .iter()
            .map(|&r| {
                let mut p = vec![0u8; n];
                unrank_lex(r, &mut p);
                p
            })
            .collect();
        let mut group = c.benchmark_group("rank");
        group.throughput(criterion::Throughput::Elements(perms.len() as u64));
        group.bench_with_input(BenchmarkId::new("rank_lex", n), &perms, |b, perms| {
            b.iter(|| perms.iter().fold(0u64, |acc, p| acc ^ rank_lex(black_box(p))))
        });
        group.bench_with_input(BenchmarkId::new("rank_parity", n), &perms, |b, perms| {
            b.iter(|| perms.iter().fold(0u64, |acc, p| acc ^ rank_parity(black_box(p))))
        });
        group.bench_with_input(BenchmarkId::new("unrank_lex", n), &ranks, |b, ranks| {
            let mut out = vec![0u8; n];
            b.iter(|| {
                for &r in ranks {
                    unrank_lex(black_box(r), &mut out);
                    black_box(&out);
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
