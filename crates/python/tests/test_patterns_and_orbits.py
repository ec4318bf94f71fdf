"""Pattern sets (the 15-puzzle's shipped 6-6-3 set, answered by IDA*) and
orbit puzzles (the 2x2x2 cube), against the godtab command."""

import json
import random

import numpy as np
import pytest

import godtab


@pytest.fixture(scope="module")
def fifteen_path(root, tmp_path_factory):
    shipped = root / "data/fifteen-puzzle.gtab"
    if shipped.exists():
        return shipped
    path = tmp_path_factory.mktemp("fifteen") / "fifteen-puzzle.gtab"
    godtab.generate(root / "data/puzzles/fifteen-puzzle.toml", path, progress=False)
    return path


@pytest.fixture(scope="module")
def fifteen(fifteen_path):
    return godtab.Table.open(fifteen_path)


def sample_states(table, count, moves, seed):
    """States `moves` random moves from the goal (no move undone at once)."""
    rng = random.Random(seed)
    states = []
    for _ in range(count):
        words = []
        while len(words) < moves:
            move = rng.choice(table.moves)
            trial = " ".join(words + [move])
            try:
                table.scramble(trial)
            except ValueError:
                continue
            if words and {words[-1], move} in ({"u", "d"}, {"l", "r"}):
                continue
            words.append(move)
        states.append(table.format(table.scramble(" ".join(words))))
    return states


def test_the_pattern_set_describes_itself(fifteen):
    info = fifteen.info
    assert info["kind"] == "patterns" and info["encoding"] is None and info["gods_number"] is None
    assert sorted(len(p) for p in info["patterns"]) == [3, 6, 6]
    assert sorted(t for p in info["patterns"] for t in p) == list(range(1, 16))
    assert info["combine"] == "sum"
    assert fifteen.shape == (4, 4) and fifteen.width == 16


def test_a_sample_of_fifteen_puzzle_states_solves_as_the_cli_does(fifteen, fifteen_path, cli_solutions):
    states = sample_states(fifteen, 12, 60, seed=26)
    answers = cli_solutions(["--table", str(fifteen_path)], states)
    for state, answer in zip(states, answers):
        assert fifteen.solve(state) == answer["moves"], state
        assert fifteen.distance(state) == answer["distance"], state
    batch = np.array([fifteen.parse(s) for s in states], dtype=np.uint8)
    assert fifteen.distances(batch).tolist() == [a["distance"] for a in answers]


def test_a_node_limit_raises_node_limit_error(fifteen):
    (far,) = sample_states(fifteen, 1, 200, seed=5)
    with pytest.raises(godtab.NodeLimitError, match="10 nodes"):
        fifteen.solve(far, max_nodes=10)
    batch = np.array([fifteen.goal(), fifteen.parse(far)], dtype=np.uint8)
    with pytest.raises(godtab.NodeLimitError, match="row 1"):
        fifteen.distances(batch, max_nodes=10)


def test_unsolvable_fifteen_puzzle_states_answer_none(fifteen):
    swapped = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 x"
    assert fifteen.solve(swapped) is None
    assert fifteen.distances(np.array([fifteen.parse(swapped)], dtype=np.uint8)).tolist() == [-1]


@pytest.fixture(scope="module")
def cube_path(root, tmp_path_factory):
    path = tmp_path_factory.mktemp("cube") / "cube-2x2x2.gtab"
    godtab.generate(root / "data/puzzles/cube-2x2x2.tws", path, progress=False)
    return path


def test_the_cube_takes_dicts_and_scrambles(cube_path, cli):
    cube = godtab.Table.open(cube_path)
    assert cube.puzzle_kind == "orbits" and cube.shape is None
    assert cube.info["gods_number"] == 11
    state = cube.scramble("R U2 F'")
    assert isinstance(state, dict)
    assert cube.distance(state) == 3
    assert cube.solve(cube.format(state)) == cube.solve(state)
    # A dict of orbit name to (pieces, orientations), and its text form.
    (name,) = state
    pieces, orientations = state[name]
    assert all(isinstance(n, int) for n in pieces + orientations)
    assert cube.distance({name: (pieces, orientations)}) == 3
    assert cube.parse(cube.format(state)) == state
    expected = cli("solve", "--table", str(cube_path), "--scramble", "R U2 F'", "--json")
    assert cube.solve(state) == json.loads(expected)["moves"]
    for rank in range(0, cube.info["states"], 100003):
        assert cube.rank(cube.unrank(rank)) == rank
    with pytest.raises(ValueError, match="not an orbit"):
        cube.distance({"EDGES": ([1], [0])})
    with pytest.raises(ValueError, match="missing"):
        cube.distance({})
    flat = pieces + orientations
    assert cube.distances(np.array([flat], dtype=np.uint8)).tolist() == [3]
