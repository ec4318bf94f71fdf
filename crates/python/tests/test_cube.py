"""godtab.cube: the 3x3x3 cube by two-phase, checked by a sticker-level
cube of its own (each face turn a rotation of the stickers in 3D), not the
solver's model."""

import random

import pytest

import godtab
import godtab.cube

SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
SUPERFLIP = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB"

# Each sticker of a facelet string: its position (x: L to R, y: D to U,
# z: B to F, each -1..1) and its face's normal, in the kociemba order.
NORMALS = {"U": (0, 1, 0), "R": (1, 0, 0), "F": (0, 0, 1), "D": (0, -1, 0), "L": (-1, 0, 0), "B": (0, 0, -1)}


def sticker(face, r, c):
    return {
        "U": (c - 1, 1, r - 1),
        "R": (1, 1 - r, 1 - c),
        "F": (c - 1, 1 - r, 1),
        "D": (c - 1, -1, 1 - r),
        "L": (-1, 1 - r, c - 1),
        "B": (1 - c, 1 - r, -1),
    }[face]


STICKERS = [(sticker(f, i // 3, i % 3), NORMALS[f]) for f in "URFDLB" for i in range(9)]
INDEX = {s: i for i, s in enumerate(STICKERS)}


def quarter(v, n):
    """v turned a quarter clockwise about axis n (seen from n's side)."""
    cross = (n[1] * v[2] - n[2] * v[1], n[2] * v[0] - n[0] * v[2], n[0] * v[1] - n[1] * v[0])
    dot = sum(a * b for a, b in zip(n, v))
    return tuple(-c + a * dot for c, a in zip(cross, n))


def turn(facelets, face):
    n = NORMALS[face]
    out = list(facelets)
    for i, (pos, normal) in enumerate(STICKERS):
        if sum(a * b for a, b in zip(pos, n)) == 1:
            out[INDEX[(quarter(pos, n), quarter(normal, n))]] = facelets[i]
    return "".join(out)


def apply(facelets, moves):
    for move in moves.split():
        times = {"": 1, "2": 2, "'": 3}[move[1:]]
        for _ in range(times):
            facelets = turn(facelets, move[0])
    return facelets


def is_solved(facelets):
    return all(facelets[9 * f : 9 * f + 9] == facelets[9 * f + 4] * 9 for f in range(6))


NAMES = [f + s for f in "URFDLB" for s in ("", "2", "'")]


def test_the_simulator_and_the_module_agree_on_every_face_turn():
    for name in NAMES:
        assert godtab.cube.scramble(name) == apply(SOLVED, name), name
    # Four quarter turns are none; the superflip is the known string.
    assert apply(SOLVED, "R R R R") == SOLVED
    flip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"
    assert apply(SOLVED, flip) == SUPERFLIP


def test_random_cubes_are_solved_within_the_length_asked():
    rng = random.Random(2026)
    for case in range(300):
        scramble = " ".join(rng.choice(NAMES) for _ in range(30))
        facelets = apply(SOLVED, scramble)
        assert godtab.cube.scramble(scramble) == facelets
        max_length = 20 if case % 10 == 0 else 21
        solution = godtab.cube.solve(facelets, max_length=max_length)
        assert len(solution.split()) <= max_length, (facelets, solution)
        assert solution == " ".join(solution.split())
        assert is_solved(apply(facelets, solution)), (facelets, solution)


def test_hard_and_easy_cases():
    assert godtab.cube.solve(SOLVED) == ""
    assert godtab.cube.SOLVED == SOLVED
    solution = godtab.cube.solve(SUPERFLIP, max_length=20)
    assert len(solution.split()) == 20 and is_solved(apply(SUPERFLIP, solution))
    for name in NAMES:
        one = apply(SOLVED, name)
        solution = godtab.cube.solve(one)
        assert len(solution.split()) == 1 and is_solved(apply(one, solution)), name


def test_bad_cubes_raise_value_error_with_the_reason():
    twisted = SOLVED[:8] + "F" + "U" + SOLVED[10:20] + "R" + SOLVED[21:]
    for bad, why in [
        ("UUU", "54"),
        ("X" + SOLVED[1:], "'X'"),
        (twisted, "twisted"),
        (SOLVED[:5] + "R" + SOLVED[6:10] + "U" + SOLVED[11:], "flipped"),
        (SOLVED[:4] + "R" + SOLVED[5:13] + "U" + SOLVED[14:], "centre"),
    ]:
        with pytest.raises(ValueError, match=why):
            godtab.cube.solve(bad)
    with pytest.raises(ValueError, match="within 5 moves"):
        godtab.cube.solve(SUPERFLIP, max_length=5)
    with pytest.raises(ValueError, match="Q"):
        godtab.cube.scramble("R Q")
