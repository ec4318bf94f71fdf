"""Solve permutation puzzles instantly from precomputed God's-algorithm tables."""

from os import PathLike
from typing import Any, Callable, Dict, List, Literal, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

#: A state: a string in the puzzle's text form ("2 3 4 1 5 x 7 6 8"), a
#: sequence of tile values (flat or in rows; 0 or "x" for a sliding
#: puzzle's blank; numpy arrays too), or for an orbit puzzle a dict of
#: orbit name to (pieces, orientations), pieces numbered from 1.
State = Union[
    str,
    Sequence[Union[int, str]],
    Sequence[Sequence[Union[int, str]]],
    npt.NDArray[Any],
    Mapping[str, Union[Sequence[int], Tuple[Sequence[int], Sequence[int]]]],
]

#: A state as the module gives it back: a list of tile values (0 for the
#: blank) for a board, a dict of orbit name to (pieces, orientations) for
#: an orbit puzzle.
StateValue = Union[List[int], Dict[str, Tuple[List[int], List[int]]]]

class TableError(Exception):
    """A table file that is damaged, truncated, not a table, or of a format version this module does not read."""

class NodeLimitError(RuntimeError):
    """A pattern set's search reached its node limit (max_nodes) before it found an optimal solution."""

class Table:
    """A godtab table file: a complete table (full, compact or parity encoding), a pattern set of tiles (answers by IDA*) or an orbit pattern set (a twisty puzzle's; its states are strings, and it answers distance and solve)."""

    @staticmethod
    def open(path: Union[str, PathLike[str]], verify: bool = True) -> Table:
        """Opens a table file: .gtab memory-mapped, .gtab.zst decompressed; its checksum is checked first unless verify=False. Raises OSError or TableError."""
    @staticmethod
    def from_bytes(buffer: Any, verify: bool = True) -> Table:
        """A table over any buffer-protocol object's bytes, not copied; its checksum is checked first unless verify=False. Raises TableError."""
    @property
    def id(self) -> str:
        """The puzzle's id."""
    @property
    def kind(self) -> Literal["complete", "patterns", "orbit patterns"]:
        """"complete" (answers by lookup), "patterns" or "orbit patterns" (answer by search)."""
    @property
    def encoding(self) -> Optional[Literal["full", "compact", "parity"]]:
        """A complete table's encoding; None for a pattern set."""
    @property
    def puzzle_kind(self) -> Literal["sliding", "permutation", "orbits"]:
        """The puzzle's kind."""
    @property
    def moves(self) -> List[str]:
        """The moves' names, in the puzzle's order."""
    @property
    def width(self) -> int:
        """The numbers in a state's row of a batch (a board's cells; an orbit puzzle's pieces and orientations). Raises TypeError for an orbit pattern set."""
    @property
    def shape(self) -> Optional[Tuple[int, int]]:
        """The board's (rows, cols); None for an orbit puzzle."""
    @property
    def info(self) -> Dict[str, Any]:
        """id, kind, puzzle_kind, encoding, states, reachable, gods_number, histogram, moves, bits_per_state, bytes, checksum, generator, memory_mapped (patterns and combine for a pattern set)."""
    def distance(self, state: State, max_nodes: Optional[int] = None) -> Optional[int]:
        """The fewest moves that solve state, None if it cannot reach the goal. Raises ValueError, NodeLimitError."""
    def solve(self, state: State, max_nodes: Optional[int] = None) -> Optional[List[str]]:
        """An optimal solution as move names (the least in move order), None if unsolvable."""
    def distances(self, states: npt.NDArray[np.uint8], max_nodes: Optional[int] = None) -> npt.NDArray[np.int16]:
        """Distances of an (N, width) uint8 array of states, -1 where unsolvable; every core, GIL released."""
    def rank(self, state: State) -> Optional[int]:
        """The state's index in the table, None outside the rank space."""
    def unrank(self, rank: int) -> StateValue:
        """The state with this rank."""
    def goal(self) -> StateValue:
        """The solved state."""
    def scramble(self, moves: str) -> StateValue:
        """The state a scramble ("R U2 F'") leads to from the goal."""
    def parse(self, state: State) -> StateValue:
        """A state in any accepted form, as this puzzle's values."""
    def format(self, state: State) -> str:
        """A state in the puzzle's text form."""
    def verify(self) -> None:
        """Checks the checksum over every byte. Raises TableError."""

def builtin(name: str) -> Table:
    """The table of a built-in puzzle (nine-digits, nine-puzzle, eight-puzzle, eight-two-0 to eight-two-8)."""

def builtins() -> List[str]:
    """The names of the built-in puzzles."""

def generate(
    spec: Union[str, PathLike[str]],
    out: Optional[Union[str, PathLike[str]]] = None,
    compact: bool = False,
    encoding: Optional[Literal["full", "compact", "parity"]] = None,
    resume: bool = False,
    max_memory: Optional[int] = None,
    metric: Optional[Literal["half", "quarter", "multi"]] = None,
    threads: Optional[int] = None,
    progress: Union[None, bool, Callable[[Dict[str, Any]], Any]] = None,
) -> Table:
    """Generates a table from a spec file (or a built-in puzzle's name), writes it to out (None: memory only) and returns it opened."""
