# A reference solution for Eight II (HDU 3567), written by godtab package.
# Tiles are relabelled so that the target reads 1 to 8 in order around its
# blank X; a breadth-first search from that target (one per cell of its
# blank, made when first needed) gives every state's distance, and the
# least optimal move string is read forwards from the start: at each step
# the first of d, l, r, u (the X moving down, left, right, up) that leads
# one move closer.
import sys
from collections import deque

MOVES = (("d", 3), ("l", -1), ("r", 1), ("u", -3))


def step(state, blank, delta):
    """The state with X moved by delta cells, or None past an edge."""
    target = blank + delta
    if target < 0 or target > 8 or (delta in (-1, 1) and target // 3 != blank // 3):
        return None
    cells = list(state)
    cells[blank], cells[target] = cells[target], "X"
    return "".join(cells)


def distances(goal):
    """Every state's distance from goal (moves undo each other)."""
    found = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        blank = state.index("X")
        d = found[state] + 1
        for _, delta in MOVES:
            after = step(state, blank, delta)
            if after is not None and after not in found:
                found[after] = d
                queue.append(after)
    return found


def main():
    words = sys.stdin.read().split()
    tables = {}
    out = []
    for case in range(int(words[0])):
        start, target = words[1 + 2 * case], words[2 + 2 * case]
        blank = target.index("X")
        goal = "12345678"[:blank] + "X" + "12345678"[blank:]
        if blank not in tables:
            tables[blank] = distances(goal)
        table = tables[blank]
        label = {t: g for t, g in zip(target, goal)}
        state = "".join(label[t] for t in start)
        moves = []
        left = table[state]
        while left:
            blank = state.index("X")
            for name, delta in MOVES:
                after = step(state, blank, delta)
                if after is not None and table.get(after) == left - 1:
                    moves.append(name)
                    state, left = after, left - 1
                    break
        out.append("Case %d: %d\n%s\n" % (case + 1, len(moves), "".join(moves)))
    sys.stdout.write("".join(out))


main()
