//! `godtab.Table`: a table file of any kind, asked about states.

use std::path::PathBuf;

use godtab_oracle::{AskError, Limits, Oracle, Position};
use godtab_runtime::{Bytes, Definition, Kind, PatternSet, Puzzle, State, TableFile};
use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

use crate::errors::{NodeLimitError, file_error, query_error, table_error};
use crate::source::Source;
use crate::states::{state_of, to_python};

/// A godtab table file: a complete table (every state's distance, in the
/// full, compact or parity encoding) or a pattern set (answers by IDA*).
///
/// Open one with Table.open(path), Table.from_bytes(buffer) or
/// godtab.builtin(name). States are strings in the puzzle's text form,
/// sequences of tile values (flat or in rows, numpy arrays too; 0 for a
/// sliding puzzle's blank) or, for orbit puzzles, dicts of orbit name to
/// (pieces, orientations).
#[pyclass(frozen, module = "godtab")]
pub(crate) struct Table {
    /// The file, asked through the oracle every front end asks through.
    oracle: Oracle<Source>,
    /// The puzzle (a complete table's or a pattern set's: the kinds this
    /// module answers from).
    definition: Definition,
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
        let Some(definition) = file.definition().cloned() else {
            return Err(PyTypeError::new_err(format!(
                "an {} (a twisty puzzle's tables): this module answers from complete tables and pattern sets; \
                 use the godtab command for it",
                file.kind()
            )));
        };
        Ok(Self { oracle: Oracle::new(file), definition })
    }

    fn file(&self) -> &TableFile<Source> {
        // Every godtab.Table is made from a table file (`of_source`); only
        // the cube's two-phase tables have none.
        self.oracle.file().expect("a godtab.Table is made from a table file")
    }

    fn definition(&self) -> &Definition {
        &self.definition
    }

    fn puzzle(&self) -> &Puzzle {
        self.definition().puzzle()
    }

    fn move_names(&self, moves: impl IntoIterator<Item = usize>) -> Vec<String> {
        moves.into_iter().map(|m| self.definition().move_name(m).unwrap_or("?").to_string()).collect()
    }

    fn patterns(&self) -> Option<&PatternSet<Source>> {
        match self.file() {
            TableFile::Patterns(set) => Some(set),
            _ => None,
        }
    }

    /// The optimal solution of `state` as move indices, `None` if it
    /// cannot reach the goal; with the GIL released.
    fn solution(&self, py: Python<'_>, state: &State, max_nodes: Option<u64>) -> PyResult<Option<Vec<usize>>> {
        let limits = Limits { max_nodes, ..Limits::default() };
        let answer = py.detach(|| self.oracle.solve_within(&Position::Tiles(*state), &limits));
        answer.map(|answer| answer.moves).map_err(|e| Unanswered::Ask(e).into_py())
    }
}

/// Why a query has no answer.
enum Unanswered {
    Query(godtab_runtime::QueryError),
    /// As the oracle says.
    Ask(AskError),
    /// The table, as its error says.
    Table(String),
    /// Row `.0` of a batch.
    Row(usize, Box<Unanswered>),
    State(usize, godtab_runtime::StateError),
}

impl From<godtab_runtime::QueryError> for Unanswered {
    fn from(error: godtab_runtime::QueryError) -> Self {
        Self::Query(error)
    }
}

impl Unanswered {
    fn into_py(self) -> PyErr {
        match self {
            Self::Query(e) => query_error(e),
            Self::Ask(e @ AskError::NodeLimit { .. }) => NodeLimitError::new_err(format!("{e} (raise max_nodes)")),
            Self::Ask(e @ AskError::Damaged(_)) => crate::errors::TableError::new_err(e.to_string()),
            Self::Ask(e) => PyValueError::new_err(e.to_string()),
            Self::Table(message) => crate::errors::TableError::new_err(message),
            Self::State(row, e) => PyValueError::new_err(format!("row {row}: {e}")),
            Self::Row(row, inner) => {
                let inner = inner.into_py();
                Python::attach(|py| {
                    let message = format!("row {row}: {}", inner.value(py));
                    let kind = inner.get_type(py);
                    kind.call1((message,)).map_or(inner, |e| PyErr::from_value(e))
                })
            }
        }
    }
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
        let bytes = match file {
            TableFile::Complete(table) => table.into_bytes(),
            TableFile::Patterns(set) => set.into_bytes(),
            _ => return Err(PyTypeError::new_err("a kind of table file this module does not answer from")),
        };
        Self::of_checked_source(py, Source::Owned(bytes), verify)
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
        self.definition().id()
    }

    /// "complete" (answers by lookup) or "patterns" (a pattern set:
    /// answers by search).
    #[getter]
    fn kind(&self) -> &'static str {
        self.oracle.kind()
    }

    /// How a complete table stores its answers: "full", "compact" or
    /// "parity"; None for a pattern set.
    #[getter]
    fn encoding(&self) -> Option<&'static str> {
        match self.file() {
            TableFile::Complete(table) => Some(table.encoding().name()),
            _ => None,
        }
    }

    /// The puzzle's kind: "sliding", "permutation" or "orbits".
    #[getter]
    fn puzzle_kind(&self) -> &'static str {
        match self.puzzle().kind() {
            Kind::Sliding => "sliding",
            Kind::Permutation => "permutation",
            Kind::Orbits => "orbits",
        }
    }

    /// The moves' names, in the puzzle's order.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.definition().move_names().map(str::to_string).collect()
    }

    /// The numbers in a state's row of a batch: a board's cells; for an
    /// orbit puzzle, every orbit's pieces and orientations.
    #[getter]
    fn width(&self) -> usize {
        let puzzle = self.puzzle();
        match puzzle.kind() {
            Kind::Orbits => puzzle.orbits().map(|o| 2 * o.pieces).sum(),
            _ => puzzle.cells(),
        }
    }

    /// The board's shape (rows, cols); None for an orbit puzzle.
    #[getter]
    fn shape(&self) -> Option<(usize, usize)> {
        let puzzle = self.puzzle();
        (puzzle.kind() != Kind::Orbits).then(|| (puzzle.rows(), puzzle.cols()))
    }

    /// What the file holds, as `godtab info` says it: id, kind, encoding,
    /// states (rank slots), reachable, gods_number, histogram (states at
    /// each distance), moves, bits_per_state, bytes, checksum, generator;
    /// for a pattern set, its patterns and how they combine.
    #[getter]
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = PyDict::new(py);
        info.set_item("id", self.id())?;
        info.set_item("kind", self.kind())?;
        info.set_item("puzzle_kind", self.puzzle_kind())?;
        info.set_item("moves", self.moves())?;
        info.set_item("states", self.puzzle().slots())?;
        info.set_item("bytes", self.file().as_bytes().len())?;
        info.set_item("checksum", self.file().checksum())?;
        info.set_item("generator", self.file().generator())?;
        match self.file() {
            TableFile::Complete(table) => {
                info.set_item("encoding", table.encoding().name())?;
                info.set_item("reachable", table.reachable())?;
                info.set_item("gods_number", table.max_depth())?;
                info.set_item("histogram", table.histogram().collect::<Vec<u64>>())?;
                info.set_item("bits_per_state", table.bits_per_state())?;
            }
            _ => {
                let set = self.patterns().expect("the other kind is a pattern set");
                info.set_item("encoding", py.None())?;
                info.set_item("reachable", py.None())?;
                info.set_item("gods_number", py.None())?;
                info.set_item("histogram", py.None())?;
                // Lists of ints (a Vec<u8> would become bytes).
                let patterns: Vec<Vec<u16>> =
                    set.patterns().map(|p| p.tiles().iter().map(|&t| u16::from(t)).collect()).collect();
                info.set_item("patterns", patterns)?;
                let combine = match set.combine() {
                    godtab_runtime::Combine::Sum => "sum",
                    godtab_runtime::Combine::Max => "max",
                };
                info.set_item("combine", combine)?;
            }
        }
        info.set_item("memory_mapped", self.file_is_mapped())?;
        Ok(info)
    }

    /// The fewest moves that solve `state`, or None if it cannot reach the
    /// goal. A pattern set searches (IDA*) within max_nodes nodes (200
    /// million by default) and raises NodeLimitError past them.
    #[pyo3(signature = (state, max_nodes = None))]
    fn distance(&self, py: Python<'_>, state: &Bound<'_, PyAny>, max_nodes: Option<u64>) -> PyResult<Option<usize>> {
        let state = state_of(self.puzzle(), state)?;
        match self.file() {
            // A lookup: no need to give the GIL up for it.
            TableFile::Complete(table) => Ok(table.distance(&state).map_err(query_error)?.map(usize::from)),
            _ => Ok(self.solution(py, &state, max_nodes)?.map(|moves| moves.len())),
        }
    }

    /// An optimal solution of `state` as a list of move names (the
    /// lexicographically least, in the puzzle's move order), or None if it
    /// cannot reach the goal. A pattern set searches within max_nodes
    /// nodes (see distance).
    #[pyo3(signature = (state, max_nodes = None))]
    fn solve(&self, py: Python<'_>, state: &Bound<'_, PyAny>, max_nodes: Option<u64>) -> PyResult<Option<Vec<String>>> {
        let state = state_of(self.puzzle(), state)?;
        Ok(self.solution(py, &state, max_nodes)?.map(|moves| self.move_names(moves)))
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
        let width = self.width();
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
        py.detach(|| self.answer_rows(values, width, &mut out, max_nodes)).map_err(Unanswered::into_py)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// The state's rank: its index in the table (the lexicographic rank of
    /// its tiles, or of its parity class), or None for a state outside
    /// the rank space (one that cannot reach the goal).
    fn rank(&self, state: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
        let state = state_of(self.puzzle(), state)?;
        Ok(self.puzzle().rank_checked(&state))
    }

    /// The state with this rank (see rank).
    ///
    /// Raises ValueError for a rank past the table's states.
    fn unrank<'py>(&self, py: Python<'py>, rank: u64) -> PyResult<Bound<'py, PyAny>> {
        let puzzle = self.puzzle();
        if rank >= puzzle.slots() {
            return Err(PyValueError::new_err(format!("rank {rank} is past the {} states", puzzle.slots())));
        }
        to_python(py, puzzle, &puzzle.unrank(rank))
    }

    /// The solved state.
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, self.puzzle(), &self.puzzle().goal())
    }

    /// The state a scramble leads to from the goal: move names separated
    /// by spaces ("R U2 F'", "u l l d"); a power such as R2 makes R twice,
    /// R' undoes R.
    fn scramble<'py>(&self, py: Python<'py>, moves: &str) -> PyResult<Bound<'py, PyAny>> {
        let state = self.definition().scramble(moves.as_bytes()).map_err(|e| PyValueError::new_err(e.to_string()))?;
        to_python(py, self.puzzle(), &state)
    }

    /// A state (in any form a query takes) as this puzzle's values: a list
    /// of tile values, or for an orbit puzzle a dict.
    fn parse<'py>(&self, py: Python<'py>, state: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, self.puzzle(), &state_of(self.puzzle(), state)?)
    }

    /// A state in the puzzle's text form ("2 3 4 1 5 x 7 6 8").
    fn format(&self, state: &Bound<'_, PyAny>) -> PyResult<String> {
        let state = state_of(self.puzzle(), state)?;
        Ok(self.puzzle().display(&state).to_string())
    }

    /// Checks the checksum over every byte (memory speed).
    ///
    /// Raises TableError if the bytes are damaged.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        py.detach(|| self.file().verify()).map_err(table_error)
    }

    fn __repr__(&self) -> String {
        match self.file() {
            TableFile::Complete(table) => format!(
                "<godtab.Table {} ({} encoding): {} states, God's number {}>",
                self.id(),
                table.encoding().name(),
                table.reachable(),
                table.max_depth()
            ),
            _ => format!(
                "<godtab.Table {} (pattern set of {} patterns)>",
                self.id(),
                self.patterns().map_or(0, PatternSet::pattern_count)
            ),
        }
    }
}

impl Table {
    fn file_is_mapped(&self) -> bool {
        match self.file() {
            TableFile::Complete(table) => table.bytes().is_mapped(),
            TableFile::Patterns(set) => set.bytes().is_mapped(),
            _ => false,
        }
    }

    /// Answers every row of `values` (`width` numbers each) into `out`, on
    /// rayon's threads.
    fn answer_rows(
        &self,
        values: &[u8],
        width: usize,
        out: &mut [i16],
        max_nodes: Option<u64>,
    ) -> Result<(), Unanswered> {
        let tasks: Vec<(usize, &[u8], &mut [i16])> = values
            .chunks(BATCH_ROWS * width.max(1))
            .zip(out.chunks_mut(BATCH_ROWS))
            .enumerate()
            .map(|(task, (values, out))| (task * BATCH_ROWS, values, out))
            .collect();
        let puzzle = self.puzzle();
        let encode = |distance: Option<usize>| distance.map_or(-1, |d| d as i16);
        match self.file() {
            // A full table: a group of rows ranked, then their entries read,
            // so that the reads' memory latencies overlap.
            TableFile::Complete(table) if table.rank_reader().is_some() => {
                let reader = table.rank_reader().expect("a full table reads by rank");
                tasks.into_par_iter().try_for_each(|(first, values, out)| {
                    const GROUP: usize = 32;
                    let groups = values.chunks(GROUP * width).zip(out.chunks_mut(GROUP));
                    for (g, (values, out)) in groups.enumerate() {
                        let at = first + g * GROUP;
                        let mut ranks = [None; GROUP];
                        for (i, (row, rank)) in values.chunks_exact(width).zip(&mut ranks).enumerate() {
                            *rank = puzzle.rank_values(row).map_err(|e| Unanswered::State(at + i, e))?;
                        }
                        for (i, (rank, answer)) in ranks.iter().zip(out.iter_mut()).enumerate() {
                            let distance = match rank {
                                Some(rank) => {
                                    reader.distance(*rank).map_err(|e| Unanswered::Row(at + i, Box::new(e.into())))?
                                }
                                None => None,
                            };
                            *answer = encode(distance.map(usize::from));
                        }
                    }
                    Ok(())
                })
            }
            TableFile::Complete(table) => tasks.into_par_iter().try_for_each(|(first, values, out)| {
                for (i, (row, answer)) in values.chunks_exact(width).zip(out.iter_mut()).enumerate() {
                    let distance = table.distance_of_values(row).map_err(|e| match e {
                        godtab_runtime::Error::State(e) => Unanswered::State(first + i, e),
                        godtab_runtime::Error::Query(e) => Unanswered::Row(first + i, Box::new(e.into())),
                        other => Unanswered::Row(first + i, Box::new(Unanswered::Table(other.to_string()))),
                    })?;
                    *answer = encode(distance.map(usize::from));
                }
                Ok(())
            }),
            // Every other table through the oracle, a row at a time.
            _ => {
                let limits = Limits { max_nodes, ..Limits::default() };
                tasks.into_par_iter().try_for_each(|(first, values, out)| {
                    for (i, (row, answer)) in values.chunks_exact(width).zip(out.iter_mut()).enumerate() {
                        let state = puzzle.state_from_values(row).map_err(|e| Unanswered::State(first + i, e))?;
                        let solved = self.oracle.solve_within(&Position::Tiles(state), &limits);
                        let moves = solved.map_err(|e| Unanswered::Row(first + i, Box::new(Unanswered::Ask(e))))?;
                        *answer = encode(moves.distance());
                    }
                    Ok(())
                })
            }
        }
    }
}
