# A reference solution, written by godtab package: a breadth-first search
# from the goal over every state, then each case's moves read back from it.
import sys
from collections import deque

# The puzzle, filled in by godtab package.
KIND = "{kind}"
ROWS, COLS = {rows}, {cols}
GOAL = {goal}
NAMES = {names}
MAPS = {maps}
DIRECTIONS = {directions}
STEPS = {steps}
BLANK = "{blank}"
FORMAT = "{format}"

CELLS = len(GOAL)
INVERSES = [[m.index(i) for i in range(CELLS)] for m in MAPS]


def slide(state, direction, steps):
    """The blank moved up, down, left or right (0 to 3) by steps cells, the
    tiles between sliding one cell back each; None past an edge."""
    cells = list(state)
    b = cells.index(BLANK)
    for _ in range(steps):
        row, col = divmod(b, COLS)
        if direction == 0 and row > 0:
            t = b - COLS
        elif direction == 1 and row + 1 < ROWS:
            t = b + COLS
        elif direction == 2 and col > 0:
            t = b - 1
        elif direction == 3 and col + 1 < COLS:
            t = b + 1
        else:
            return None
        cells[b], cells[t] = cells[t], cells[b]
        b = t
    return tuple(cells)


def forward(state, m):
    if KIND == "sliding":
        return slide(state, DIRECTIONS[m], STEPS[m])
    return tuple(state[i] for i in MAPS[m])


def back(state, m):
    """The state that move m takes to this one."""
    if KIND == "sliding":
        return slide(state, DIRECTIONS[m] ^ 1, STEPS[m])
    return tuple(state[i] for i in INVERSES[m])


def table():
    goal = tuple(GOAL)
    parent = {goal: None}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        for m in range(len(NAMES)):
            before = back(state, m)
            if before is not None and before not in parent:
                parent[before] = m
                queue.append(before)
    return parent


def moves(parent, state):
    if state not in parent:
        return None
    found = []
    while parent[state] is not None:
        m = parent[state]
        found.append(NAMES[m])
        state = forward(state, m)
    return found


def answer(found):
    if FORMAT == "nine-digits":
        return str(len(found)) if found is not None else "-1"
    if FORMAT == "nine-puzzle":
        if found is None:
            return "Not solvable"
        return " ".join([str(len(found))] + (["".join(found)] if found else []))
    if FORMAT == "eight-puzzle":
        return "".join(found) if found is not None else "unsolvable"
    if found is None:
        return "unsolvable"
    return " ".join([str(len(found))] + found)


def cases(lines):
    if FORMAT == "nine-puzzle":
        tiles = []
        for line in lines:
            if line.strip() == "0":
                return
            tiles += line.split()
            if len(tiles) == CELLS:
                yield tuple(tiles)
                tiles = []
        return
    for line in lines:
        if line.strip():
            yield tuple(line.split())


def main():
    parent = table()
    out = [answer(moves(parent, state)) for state in cases(sys.stdin.read().splitlines())]
    sys.stdout.write("".join(line + "\n" for line in out))


main()
