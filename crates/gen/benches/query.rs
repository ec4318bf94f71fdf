//! Query speed: distance() on uniformly random states, from a table in
//! memory (as an embedded `&'static [u8]` is) and from a memory map; opening
//! a table; verify() throughput.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use godtab_puzzles::builtin;
use godtab_runtime::{State, Table};
use std::hint::black_box;

/// A fixed sequence of uniformly spread ranks.
fn random_states<B: AsRef<[u8]>>(table: &Table<B>, count: usize) -> Vec<State> {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            table.state_of_rank(x % table.slots()).expect("rank in range")
        })
        .collect()
}

/// States per measured batch.
const BATCH: usize = 1024;

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temporary folder");
    for b in builtin::ALL {
        let bytes: &'static [u8] = Box::leak(godtab_gen::build_table(b).expect("built-in table").into_boxed_slice());
        let path = dir.path().join(format!("{}.gtab", b.id));
        std::fs::write(&path, bytes).expect("write table");
        let embedded = Table::new(bytes).expect("valid table");
        let mapped = Table::open_mmap(&path).expect("valid table");
        let states = random_states(&embedded, 1 << 16);

        // Batches of 1024 random states: the time per query is the batch's
        // time / 1024 (criterion prints it as throughput), without the
        // harness's per-iteration overhead.
        let mut group = c.benchmark_group(format!("distance/{}", b.id));
        group.throughput(Throughput::Elements(BATCH as u64));
        let mut batches = states.chunks_exact(BATCH).cycle();
        group.bench_function("static bytes", |bench| {
            bench.iter(|| {
                batches
                    .next()
                    .map(|batch| batch.iter().filter_map(|s| embedded.distance(black_box(s)).ok().flatten()).count())
            })
        });
        group.bench_function("mmap", |bench| {
            bench.iter(|| {
                batches
                    .next()
                    .map(|batch| batch.iter().filter_map(|s| mapped.distance(black_box(s)).ok().flatten()).count())
            })
        });
        group.bench_function("solution (whole walk)", |bench| {
            let mut moves = [0u8; 64];
            bench.iter(|| {
                batches.next().map(|batch| {
                    batch.iter().filter_map(|s| embedded.solve_into(black_box(s), &mut moves).ok()).sum::<usize>()
                })
            })
        });
        group.finish();

        let mut group = c.benchmark_group(format!("table/{}", b.id));
        group.bench_function("open", |bench| bench.iter(|| Table::new(black_box(bytes)).expect("valid")));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function("verify", |bench| {
            bench.iter_batched(|| Table::new(bytes).expect("valid"), |t| t.verify(), BatchSize::SmallInput)
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
