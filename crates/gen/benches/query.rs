//! Query speed: distance() on uniformly random states, from a table in
//! memory (as an embedded `&'static [u8]` is) and from a memory map; opening
//! a table; verify() throughput; and the lean `Lookup` beside `Table`, both
//! from tile values.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use godtab_puzzles::builtin;
use godtab_runtime::{Lookup, State, Table};
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

        // From tile values, as firmware and the C API ask: Table against
        // the lean Lookup, on the same states.
        let lookup = Lookup::new(bytes).expect("a lookup opens the built-in tables");
        let values: Vec<Vec<u8>> =
            states.iter().map(|s| s.labels().iter().map(|&l| embedded.puzzle().value_of(l)).collect()).collect();
        let mut group = c.benchmark_group(format!("values/{}", b.id));
        group.throughput(Throughput::Elements(BATCH as u64));
        let mut batches = values.chunks_exact(BATCH).cycle();
        group.bench_function("table distance", |bench| {
            bench.iter(|| {
                batches.next().map(|batch| {
                    batch.iter().filter_map(|v| embedded.distance_of_values(black_box(v)).ok().flatten()).count()
                })
            })
        });
        group.bench_function("lookup distance", |bench| {
            bench.iter(|| {
                batches
                    .next()
                    .map(|batch| batch.iter().filter_map(|v| lookup.distance(black_box(v)).ok().flatten()).count())
            })
        });
        let mut moves = [0u8; 64];
        group.bench_function("table solution", |bench| {
            bench.iter(|| {
                batches.next().map(|batch| {
                    let mut solve = |v: &Vec<u8>| embedded.solve_into(&embedded.state(v).ok()?, &mut moves).ok();
                    batch.iter().filter_map(|v| solve(black_box(v))).sum::<usize>()
                })
            })
        });
        group.bench_function("lookup solution", |bench| {
            bench.iter(|| {
                batches.next().map(|batch| {
                    batch.iter().filter_map(|v| lookup.solve_into(black_box(v), &mut moves).ok()).sum::<usize>()
                })
            })
        });
        group.finish();

        let mut group = c.benchmark_group(format!("table/{}", b.id));
        group.bench_function("open", |bench| bench.iter(|| Table::new(black_box(bytes)).expect("valid")));
        group.bench_function("lookup open", |bench| bench.iter(|| Lookup::new(black_box(bytes)).expect("valid")));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function("verify", |bench| {
            bench.iter_batched(|| Table::new(bytes).expect("valid"), |t| t.verify(), BatchSize::SmallInput)
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
