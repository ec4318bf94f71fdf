//! Generation cost per state: nine-digits loaded from its spec file against
//! the built-in definition. Both run the same generator; the spec path must
//! stay within 2x (it is the same code, so it should be 1x).

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use godtab_puzzles::builtin;

fn bench(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles/nine-digits.toml");
    let spec = godtab_spec::load(&path).expect("the spec loads");
    let builtin = builtin::NINE_DIGITS.definition();
    let builtin = builtin.puzzle();
    let mut group = c.benchmark_group("generate nine-digits");
    group.sample_size(20);
    group.throughput(criterion::Throughput::Elements(builtin.slots()));
    group.bench_function("built-in", |b| b.iter(|| godtab_gen::generate(builtin).expect("generates")));
    group.bench_function("from spec", |b| b.iter(|| godtab_gen::generate(spec.puzzle()).expect("generates")));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
