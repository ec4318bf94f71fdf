"""The batch query against a plain Python loop, on nine-digits: run by
`cargo xtask python --bench`. Both are timed in alternation, five runs
each; the best and the median rates are printed, and their ratio."""

import itertools
import os
import statistics
import time

import numpy as np

import godtab

RUNS = 5
table = godtab.builtin("nine-digits")
every = np.array(list(itertools.permutations(range(1, 10))), dtype=np.uint8)
rng = np.random.default_rng(11)
batch = every[rng.integers(0, len(every), size=20_000_000)]
loop_states = [list(row) for row in batch[:200_000]]

expected = table.distances(batch[:200_000])
assert [table.distance(s) for s in loop_states[:1000]] == expected[:1000].tolist()

batch_rates, loop_rates = [], []
for _ in range(RUNS):
    started = time.perf_counter()
    table.distances(batch)
    batch_rates.append(len(batch) / (time.perf_counter() - started))
    started = time.perf_counter()
    for state in loop_states:
        table.distance(state)
    loop_rates.append(len(loop_states) / (time.perf_counter() - started))

cores = len(os.sched_getaffinity(0))
print(f"nine-digits distances, {RUNS} alternated runs each, {cores} cores:")
for name, rates, n in [("distances(array)", batch_rates, len(batch)), ("loop of distance()", loop_rates, len(loop_states))]:
    print(f"  {name:<20} {n:>10,} states: best {max(rates) / 1e6:7.2f} M states/s, median {statistics.median(rates) / 1e6:7.2f} M states/s")
print(f"  ratio: best {max(batch_rates) / max(loop_rates):.0f}x, median {statistics.median(batch_rates) / statistics.median(loop_rates):.0f}x")
