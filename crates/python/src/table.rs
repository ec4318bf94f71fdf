//! `godtab.Table`: a table file of any kind, asked about states.

use std::path::PathBuf;

use godtab_oracle::{AskError, Description, Limits, Oracle, Position, RowError, Written};
use godtab_runtime::{Bytes, Definition, Kind, Puzzle, TableFile};
use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

use crate::errors::{NodeLimitError, TableError, file_error, table_error};
use crate::source::Source;
use crate::states::{state_of, to_python};

/// A godtab table file: a complete table (every state's distance, in the
/// full, compact or parity encoding), a pattern set of tiles (answers by
/// IDA*) or an orbit pattern set (a twisty puzzle's: answers by its search).
///
/// Open one with Table.open(path), Table.from_bytes(buffer) or
/// godtab.builtin(name). States are strings in the puzzle's text form,
/// sequences of tile values (flat or in rows, numpy arrays too; 0 for a
/// sliding puzzle's blank) or, for orbit puzzles, dicts of orbit name to
/// (pieces, orientations). An orbit pattern set's states are strings
/// alone (its blocks on one line, as `godtab random` writes them).
#[pyclass(frozen, module = "godtab")]
pub(crate) struct Table {
    /// The file, asked through the oracle every front end asks through.
    oracle: Oracle<Source>,
    /// The tile puzzle of a complete table or a pattern set of tiles
    /// (`None` for an orbit pattern set, whose states are text alone).
    definition: Option<Definition>,
}

/// How many rows of a batch one task answers: enough to amortise the
/// task, few enough to share the work between cores.
const BATCH_ROWS: usize = 4096;

impl Table {
    /// The table over bytes that are not Python's, which the caller
    /// trusts (a built-in table, or one just generated).
    pub(crate) fn of_bytes(bytes: Bytes) -> PyResult<Self> {
        Self::of_source(Source::Owned(bytes))
    }

    /// The table over bytes from outside, their checksum checked first
    /// unless `verify` is false.
    fn of_checked_source(py: Python<'_>, source: Source, verify: bool) -> PyResult<Self> {
        let table = Self::of_source(source)?;
        if verify {
            table.verify(py)?;
        }
        Ok(table)
    }

    fn of_source(source: Source) -> PyResult<Self> {
        let file = TableFile::new(source).map_err(table_error)?;
        let definition = file.definition().cloned();
        let oracle = Oracle::new(file);
        oracle.ready().map_err(|e| ask_error(&e, ""))?;
        Ok(Self { oracle, definition })
    }

    /// The tile puzzle, or a `TypeError` saying that an orbit pattern
    /// set's states are text.
    fn definition(&self) -> PyResult<&Definition> {
        self.definition.as_ref().ok_or_else(|| {
            PyTypeError::new_err(format!(
                "{} is an orbit pattern set: its states are strings (blocks on one line), and it answers \
                 distance and solve",
                self.oracle.name()
            ))
        })
    }

    fn puzzle(&self) -> PyResult<&Puzzle> {
        Ok(self.definition()?.puzzle())
    }

    /// The state a Python value stands for: any form of a tile puzzle's
    /// state, or the text of an orbit pattern set's.
    fn position(&self, state: &Bound<'_, PyAny>) -> PyResult<Position> {
        match &self.definition {
            Some(definition) => Ok(Position::Tiles(state_of(definition.puzzle(), state)?)),
            None => {
                let text: String = state.extract()?;
                self.oracle.parse(&text, Written::State).map_err(|e| ask_error(&e, ""))
            }
        }
    }

    /// What the oracle says the table holds.
    fn description(&self) -> PyResult<Description> {
        self.oracle.describe().map_err(|e| ask_error(&e, ""))
    }

    /// The optimal solution of `state` as move indices, `None` if it
    /// cannot reach the goal; with the GIL released.
    fn solution(&self, py: Python<'_>, state: &Position, max_nodes: Option<u64>) -> PyResult<Option<Vec<usize>>> {
        let limits = Limits { max_nodes, ..Limits::default() };
        let answer = py.detach(|| self.oracle.solve_within(state, &limits));
        answer.map(|answer| answer.moves).map_err(|e| ask_error(&e, ""))
    }
}

/// Why the oracle gave no answer, as the Python exception a program
/// expects, its message after `prefix` ("row 3: ", for a batch's row).
fn ask_error(error: &AskError, prefix: &str) -> PyErr {
    match error {
        AskError::NodeLimit { .. } => NodeLimitError::new_err(format!("{prefix}{error} (raise max_nodes)")),
        AskError::Damaged(_) => TableError::new_err(format!("{prefix}{error}")),
        _ => PyValueError::new_err(format!("{prefix}{error}")),
    }
}

/// Why a row of a batch got no answer, as [`ask_error`] says it.
fn row_error(RowError { row, error }: RowError) -> PyErr {
    ask_error(&error, &format!("row {row}: "))
}

#[pymethods]
impl Table {
    /// Opens a table file: a .gtab file is memory-mapped, a .gtab.zst file
    /// decompressed into memory. Its checksum over every byte is checked
    /// before it answers (at memory speed: about a second for a 2.4 GiB
    /// table); verify=False skips that pass, for a file already checked,
    /// and then a damaged entry answers wrongly instead of raising.
    ///
    /// Raises OSError (FileNotFoundError, ...) if it cannot be read,
    /// TableError if it is not a sound table.
    #[staticmethod]
    #[pyo3(signature = (path, verify = true))]
    pub(crate) fn open(py: Python<'_>, path: PathBuf, verify: bool) -> PyResult<Self> {
        let file = py.detach(|| TableFile::open(&path)).map_err(file_error)?;
        Self::of_checked_source(py, Source::Owned(file.into_bytes()), verify)
    }

    /// A table over the bytes of any buffer-protocol object (bytes,
    /// bytearray, memoryview, mmap.mmap, a numpy array), not copied: the
    /// object is kept alive, and locked against resizing, while the table
    /// lives. The checksum over every byte is checked first, unless
    /// verify=False (see open).
    ///
    /// Raises TableError if the bytes are not a sound table.
    #[staticmethod]
    #[pyo3(signature = (buffer, verify = true))]
    fn from_bytes(py: Python<'_>, buffer: &Bound<'_, PyAny>, verify: bool) -> PyResult<Self> {
        Self::of_checked_source(py, Source::of_buffer(buffer)?, verify)
    }

    /// The puzzle's id ("eight-puzzle", or a spec's name).
    #[getter]
    fn id(&self) -> &str {
        self.oracle.name()
    }

    /// "complete" (answers by lookup), "patterns" (a pattern set of
    /// tiles: answers by search) or "orbit patterns" (an orbit pattern
    /// set: answers by search).
    #[getter]
    fn kind(&self) -> &'static str {
        self.oracle.kind()
    }

    /// How a complete table stores its answers: "full", "compact" or
    /// "parity"; None for a pattern set.
    #[getter]
    fn encoding(&self) -> Option<&'static str> {
        self.oracle.summary().encoding
    }

    /// The puzzle's kind: "sliding", "permutation" or "orbits".
    #[getter]
    fn puzzle_kind(&self) -> &'static str {
        match self.definition.as_ref().map_or(Kind::Orbits, |d| d.puzzle().kind()) {
            Kind::Sliding => "sliding",
            Kind::Permutation => "permutation",
            Kind::Orbits => "orbits",
        }
    }

    /// The moves' names, in the puzzle's order.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.oracle.all_move_names().into_iter().map(str::to_string).collect()
    }

    /// The numbers in a state's row of a batch: a board's cells; for an
    /// orbit puzzle, every orbit's pieces and orientations.
    #[getter]
    fn width(&self) -> PyResult<usize> {
        self.puzzle()?;
        Ok(self.oracle.row_width().unwrap_or(0))
    }

    /// The board's shape (rows, cols); None for an orbit puzzle.
    #[getter]
    fn shape(&self) -> Option<(usize, usize)> {
        let puzzle = self.definition.as_ref()?.puzzle();
        (puzzle.kind() != Kind::Orbits).then(|| (puzzle.rows(), puzzle.cols()))
    }

    /// What the file holds, as `godtab info` says it: id, kind, encoding,
    /// states (rank slots), reachable, gods_number, histogram (states at
    /// each distance), moves, bits_per_state, bytes, checksum, generator;
    /// for a pattern set, its patterns and how they combine; for an orbit
    /// pattern set, states is the number its moves make.
    #[getter]
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = self.description()?;
        let info = PyDict::new(py);
        info.set_item("id", self.id())?;
        info.set_item("kind", self.kind())?;
        info.set_item("puzzle_kind", self.puzzle_kind())?;
        info.set_item("moves", &d.moves)?;
        match (&d.board, &d.orbit_patterns) {
            (Some(board), _) => info.set_item("states", board.slots)?,
            (None, Some(set)) => info.set_item("states", set.states)?,
            (None, None) => info.set_item("states", py.None())?,
        }
        info.set_item("bytes", d.bytes)?;
        info.set_item("checksum", d.checksum)?;
        info.set_item("generator", &d.generator)?;
        if let Some(complete) = &d.complete {
            info.set_item("encoding", complete.encoding.name())?;
            info.set_item("reachable", complete.reachable)?;
            info.set_item("gods_number", complete.gods_number)?;
            info.set_item("histogram", &complete.histogram)?;
            info.set_item("bits_per_state", complete.bits_per_state)?;
        }
        if d.complete.is_none() {
            for key in ["encoding", "reachable", "gods_number", "histogram"] {
                info.set_item(key, py.None())?;
            }
        }
        if let Some(set) = &d.tile_patterns {
            // Lists of ints (a Vec<u8> would become bytes).
            let patterns: Vec<Vec<u16>> =
                set.patterns.iter().map(|p| p.tiles.iter().map(|&t| u16::from(t)).collect()).collect();
            info.set_item("patterns", patterns)?;
            let combine = match set.combine {
                godtab_runtime::Combine::Sum => "sum",
                godtab_runtime::Combine::Max => "max",
            };
            info.set_item("combine", combine)?;
        }
        info.set_item("memory_mapped", self.file_is_mapped())?;
        Ok(info)
    }

    /// The fewest moves that solve `state`, or None if it cannot reach the
    /// goal. A pattern set searches (IDA*) within max_nodes nodes (200
    /// million by default) and raises NodeLimitError past them.
    #[pyo3(signature = (state, max_nodes = None))]
    fn distance(&self, py: Python<'_>, state: &Bound<'_, PyAny>, max_nodes: Option<u64>) -> PyResult<Option<usize>> {
        let state = self.position(state)?;
        let limits = Limits { max_nodes, ..Limits::default() };
        py.detach(|| self.oracle.distance_within(&state, &limits)).map_err(|e| ask_error(&e, ""))
    }

    /// An optimal solution of `state` as a list of move names (the
    /// lexicographically least, in the puzzle's move order), or None if it
    /// cannot reach the goal. A pattern set searches within max_nodes
    /// nodes (see distance).
    #[pyo3(signature = (state, max_nodes = None))]
    fn solve(&self, py: Python<'_>, state: &Bound<'_, PyAny>, max_nodes: Option<u64>) -> PyResult<Option<Vec<String>>> {
        let state = self.position(state)?;
        let moves = self.solution(py, &state, max_nodes)?;
        Ok(moves.map(|moves| self.oracle.move_names(&moves).into_iter().map(str::to_string).collect()))
    }

    /// The distances of many states at once: `states` is a numpy uint8
    /// array of shape (N, width), one state's tile values per row (0 for a
    /// sliding puzzle's blank); the answer is an int16 array of N
    /// distances, -1 where the goal cannot be reached. Runs on every core
    /// with the GIL released; a pattern set searches each row within
    /// max_nodes nodes.
    ///
    /// Raises ValueError naming the first row that is not a state.
    #[pyo3(signature = (states, max_nodes = None))]
    fn distances<'py>(
        &self,
        py: Python<'py>,
        states: PyReadonlyArray2<'py, u8>,
        max_nodes: Option<u64>,
    ) -> PyResult<Bound<'py, PyArray1<i16>>> {
        let width = self.width()?;
        let [rows, cols] = [states.shape()[0], states.shape()[1]];
        if cols != width {
            return Err(PyValueError::new_err(format!(
                "states has {cols} columns; a state of {} has {width}",
                self.id()
            )));
        }
        let contiguous;
        // Rows in memory one after another; any other layout (a Fortran
        // array, a strided view) is copied into that order first.
        let values: &[u8] = match states.as_slice() {
            Ok(values) if states.is_c_contiguous() => values,
            _ => {
                contiguous = states.as_array().iter().copied().collect::<Vec<u8>>();
                &contiguous
            }
        };
        let mut out = vec![0i16; rows];
        py.detach(|| self.answer_rows(values, width, &mut out, max_nodes)).map_err(row_error)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// The state's rank: its index in the table (the lexicographic rank of
    /// its tiles, or of its parity class), or None for a state outside
    /// the rank space (one that cannot reach the goal).
    fn rank(&self, state: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
        let state = state_of(self.puzzle()?, state)?;
        Ok(self.puzzle()?.rank_checked(&state))
    }

    /// The state with this rank (see rank).
    ///
    /// Raises ValueError for a rank past the table's states.
    fn unrank<'py>(&self, py: Python<'py>, rank: u64) -> PyResult<Bound<'py, PyAny>> {
        let puzzle = self.puzzle()?;
        if rank >= puzzle.slots() {
            return Err(PyValueError::new_err(format!("rank {rank} is past the {} states", puzzle.slots())));
        }
        to_python(py, puzzle, &puzzle.unrank(rank))
    }

    /// The solved state.
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let puzzle = self.puzzle()?;
        to_python(py, puzzle, &puzzle.goal())
    }

    /// The state a scramble leads to from the goal: move names separated
    /// by spaces ("R U2 F'", "u l l d"); a power such as R2 makes R twice,
    /// R' undoes R.
    fn scramble<'py>(&self, py: Python<'py>, moves: &str) -> PyResult<Bound<'py, PyAny>> {
        let state = self.definition()?.scramble(moves.as_bytes()).map_err(|e| PyValueError::new_err(e.to_string()))?;
        to_python(py, self.puzzle()?, &state)
    }

    /// A state (in any form a query takes) as this puzzle's values: a list
    /// of tile values, or for an orbit puzzle a dict.
    fn parse<'py>(&self, py: Python<'py>, state: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let puzzle = self.puzzle()?;
        to_python(py, puzzle, &state_of(puzzle, state)?)
    }

    /// A state in the puzzle's text form ("2 3 4 1 5 x 7 6 8").
    fn format(&self, state: &Bound<'_, PyAny>) -> PyResult<String> {
        let puzzle = self.puzzle()?;
        Ok(puzzle.display(&state_of(puzzle, state)?).to_string())
    }

    /// Checks the checksum over every byte (memory speed).
    ///
    /// Raises TableError if the bytes are damaged.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        py.detach(|| self.oracle.file().map_or(Ok(()), |file| file.verify())).map_err(table_error)
    }

    fn __repr__(&self) -> PyResult<String> {
        let d = self.description()?;
        Ok(match (&d.complete, &d.tile_patterns) {
            (Some(complete), _) => format!(
                "<godtab.Table {} ({} encoding): {} states, God's number {}>",
                self.id(),
                complete.encoding.name(),
                complete.reachable,
                complete.gods_number
            ),
            (_, set) => format!(
                "<godtab.Table {} (pattern set of {} patterns)>",
                self.id(),
                set.as_ref().map_or(0, |set| set.patterns.len())
            ),
        })
    }
}

impl Table {
    fn file_is_mapped(&self) -> bool {
        self.oracle.file().is_some_and(|file| file.bytes().is_mapped())
    }

    /// Answers every row of `values` (`width` numbers each) into `out`, on
    /// rayon's threads: each task asks the oracle about its rows.
    fn answer_rows(
        &self,
        values: &[u8],
        width: usize,
        out: &mut [i16],
        max_nodes: Option<u64>,
    ) -> Result<(), RowError> {
        let limits = Limits { max_nodes, ..Limits::default() };
        let tasks: Vec<(usize, &[u8], &mut [i16])> = values
            .chunks(BATCH_ROWS * width.max(1))
            .zip(out.chunks_mut(BATCH_ROWS))
            .enumerate()
            .map(|(task, (values, out))| (task * BATCH_ROWS, values, out))
            .collect();
        tasks.into_par_iter().try_for_each(|(first, values, out)| {
            let answer = |row: usize, distance: Option<usize>| {
                if let Some(slot) = out.get_mut(row) {
                    *slot = distance.map_or(-1, |d| d as i16);
                }
            };
            self.oracle
                .distances_of_rows(values, &limits, answer)
                .map_err(|RowError { row, error }| RowError { row: first + row, error })
        })
    }
}
