//! Full generation of every built-in table.

use criterion::{Criterion, criterion_group, criterion_main};
use godtab_puzzles::builtin;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(20);
    for b in builtin::ALL {
        let puzzle = b.definition().puzzle().clone();
        group.throughput(criterion::Throughput::Elements(puzzle.slots()));
        group.bench_function(b.id, |bench| bench.iter(|| godtab_gen::generate(&puzzle).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
