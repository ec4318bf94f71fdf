"""Every state of the three seed puzzles: the module answers as the godtab
command does (distances, solutions, unsolvable states), one at a time and
in batches."""

import itertools

import numpy as np
import pytest

import godtab

PUZZLES = ["nine-digits", "nine-puzzle", "eight-puzzle"]


def every_state(table):
    """Every arrangement of the goal's tile values, as a uint8 array."""
    goal = table.goal()
    return np.array(list(itertools.permutations(sorted(goal))), dtype=np.uint8)


@pytest.fixture(scope="module", params=PUZZLES)
def puzzle(request, cli_solutions):
    table = godtab.builtin(request.param)
    states = every_state(table)
    texts = [table.format(row) for row in states]
    answers = cli_solutions([request.param], texts)
    return table, states, texts, answers


def test_every_distance_in_one_batch(puzzle):
    table, states, texts, answers = puzzle
    expected = np.array([-1 if a.get("distance") is None else a["distance"] for a in answers], dtype=np.int16)
    got = table.distances(states)
    assert got.dtype == np.int16 and got.shape == (len(states),)
    assert np.array_equal(got, expected)
    assert got.max() == table.info["gods_number"]
    assert np.count_nonzero(got >= 0) == table.info["reachable"]


def test_every_solution_one_at_a_time(puzzle):
    table, states, texts, answers = puzzle
    for row, text, answer in zip(states, texts, answers):
        moves = table.solve(row)
        if answer.get("distance") is None:
            assert moves is None, text
        else:
            assert moves == answer["moves"], text


def test_every_rank_round_trips(puzzle):
    table, states, _, _ = puzzle
    for row in states[::7]:
        rank = table.rank(row)
        if rank is not None:
            assert table.unrank(rank) == list(row)
    ranks = {table.rank(row) for row in states}
    ranks.discard(None)
    assert ranks == set(range(table.info["states"]))
