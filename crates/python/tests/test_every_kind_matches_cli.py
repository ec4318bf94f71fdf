"""Every kind of table, made by `godtab gen` here: a complete table in
each encoding (full, compact, parity), a pattern set of tiles and an
orbit pattern set. The module answers random states (some of them
unsolvable) as the godtab command does."""

import json

import numpy as np
import pytest

import godtab

# A 2x4 sliding board (20,160 states): small enough for every encoding,
# and for a pattern set of its tiles.
BOARD = 'name = "slide-2x4"\nkind = "sliding"\nrows = 2\ncols = 4\n'
BOARD_PATTERNS = BOARD + "patterns = [[1, 2, 3, 4], [5, 6, 7]]\n"
# The 2x2x2 cube's corners, oriented: one small table of an orbit pattern
# set.
CUBE_PATTERNS = 'definition = "{}"\n[[patterns]]\nCORNERS = "orientation"\n'

KINDS = ["full", "compact", "parity", "patterns", "orbit patterns"]


@pytest.fixture(scope="module")
def made(cli, root, tmp_path_factory):
    """Each kind's table file, made by the command."""
    folder = tmp_path_factory.mktemp("kinds")
    board = folder / "board.toml"
    board.write_text(BOARD)
    board_patterns = folder / "board-patterns.toml"
    board_patterns.write_text(BOARD_PATTERNS)
    cube = folder / "cube.toml"
    cube.write_text(CUBE_PATTERNS.format(root / "data/puzzles/cube-2x2x2.tws"))
    specs = {
        "full": (board, []),
        "compact": (board, ["--compact"]),
        "parity": (board, ["--encoding", "parity"]),
        "patterns": (board_patterns, []),
        "orbit patterns": (cube, []),
    }
    paths = {}
    for kind, (spec, options) in specs.items():
        path = folder / (kind.replace(" ", "-") + ".gtab")
        cli("gen", "--spec", str(spec), "-o", str(path), *options)
        paths[kind] = path
    return paths


@pytest.fixture(scope="module", params=KINDS)
def kind(request, made, cli, cli_solutions):
    """A kind's table, random states of its puzzle (a fifth of them made
    unsolvable where that can be done) and the command's answers."""
    path = made[request.param]
    table = godtab.Table.open(path)
    drawn = cli("random", "--table", str(path), "--count", "40", "--seed", "11", "--unsolvable", "0.2")
    states = drawn.splitlines()
    answers = cli_solutions(["--table", str(path)], states)
    return request.param, path, table, states, answers


def test_each_kind_is_the_kind_it_was_made(kind, cli):
    name, path, table, _, _ = kind
    expected = {"patterns": "patterns", "orbit patterns": "orbit patterns"}.get(name, "complete")
    assert table.kind == expected
    assert table.encoding == (name if expected == "complete" else None)
    info = json.loads(cli("info", "--table", str(path), "--json"))
    assert table.id == info["puzzle"]
    assert table.info["bytes"] == info["bytes"]
    # A pattern set's `info --json` names no moves.
    assert table.moves == info.get("moves", table.moves)


def test_every_kind_solves_as_the_cli_does(kind):
    name, _, table, states, answers = kind
    assert any(a.get("distance") is None for a in answers), f"{name}: no unsolvable state drawn"
    assert any(a.get("distance") for a in answers), f"{name}: no state away from the goal"
    for state, answer in zip(states, answers):
        distance = answer.get("distance")
        assert table.solve(state) == (None if distance is None else answer["moves"]), (name, state)
        assert table.distance(state) == distance, (name, state)


def test_every_tile_kind_answers_a_batch_as_the_cli_does(kind):
    name, _, table, states, answers = kind
    if name == "orbit patterns":
        # Its states are text alone.
        with pytest.raises(TypeError, match="orbit pattern set"):
            table.width
        return
    batch = np.array([table.parse(s) for s in states], dtype=np.uint8)
    expected = [-1 if a.get("distance") is None else a["distance"] for a in answers]
    assert table.distances(batch).tolist() == expected
