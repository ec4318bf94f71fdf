//! One way to ask any godtab table about a state.
//!
//! An [`Oracle`] owns an open [`TableFile`] of any kind and answers from
//! it: a complete table (any encoding) looks the answer up, a tile pattern
//! set searches for it (IDA*, `godtab-search`), an orbit pattern set (a
//! twisty puzzle's, the Rubik's cube's) searches with `godtab-twisty`. Every
//! front end — the `godtab` command, the Python module, the C API with std,
//! the HTTP server — parses a state's text with [`Oracle::parse`], asks
//! [`Oracle::solve`] (or [`Oracle::distance`]) and presents the one
//! [`Answer`] or [`AskError`]; none matches on the kind of table itself.
//!
//! ```
//! use godtab_oracle::{Limits, Oracle, Written};
//! use godtab_runtime::TableFile;
//!
//! let bytes = godtab_gen::build_table(&godtab_puzzles::builtin::NINE_DIGITS).unwrap();
//! let mut oracle = Oracle::new(TableFile::new(bytes).unwrap());
//! oracle.set_limits(Limits { max_nodes: Some(1_000_000), ..Limits::default() });
//! let state = oracle.parse("4 1 3 5 2 6 7 8 9", Written::State).unwrap();
//! let answer = oracle.solve(&state).unwrap();
//! assert_eq!(oracle.move_names(answer.moves.as_deref().unwrap()), ["A", "A", "A"]);
//! assert_eq!(oracle.line(&answer), "3 A A A");
//! ```
//!
//! Where a new kind of table goes: a variant of [`TableFile`] in the
//! runtime, and one arm in each `match` of this crate (opening, the
//! puzzle's moves, parsing, showing, solvability, solving, the summary in
//! this file; the description in `describe.rs`, random states in
//! `draw.rs`, batches in `batch.rs`). No other crate matches on the kind.

mod answer;
mod batch;
mod describe;
mod draw;
mod json;
mod optimal;
mod orbits;
mod position;
mod summary;
mod two_phase;
mod unsolvable;

use std::sync::OnceLock;
use std::time::Instant;

use godtab_runtime::{Definition, TableFile};
use godtab_search::{Outcome, Searcher};

pub use answer::{Answer, AskError, Count, DEFAULT_MAX_LENGTH, Limits, Work};
pub use batch::RowError;
pub use describe::{
    Board, CompleteSection, Description, OrbitNumbering, OrbitPattern, OrbitPatternsSection, OrbitSeen, OrbitShape,
    Outline, TilePattern, TilePatternsSection,
};
pub use draw::{Draw, DrawError, Layout};
pub use json::JsonAnswer;
pub use optimal::AllOptimal;
pub use position::{Position, Written};
pub use summary::Summary;

use orbits::Orbits;

/// Where an oracle's answers come from. (One oracle holds one; the size of
/// a table file's header does not matter beside its tables.)
#[allow(clippy::large_enum_variant)]
enum Source<B> {
    /// A table file of any kind.
    File(TableFile<B>),
    /// The two-phase solver's tables (the 3x3x3 cube's).
    TwoPhase(B),
}

/// A table of any kind, asked about states.
pub struct Oracle<B> {
    /// A table file, or the two-phase solver's tables.
    source: Source<B>,
    /// An orbit pattern set's search (its tables copied into memory, its
    /// puzzle rebuilt), made once, when a state is first asked about (so
    /// that describing or verifying a large set does not pay for it).
    orbits: OnceLock<Result<Orbits, AskError>>,
    /// The limits [`Oracle::solve`] searches within.
    limits: Limits,
}

impl<B: AsRef<[u8]>> Oracle<B> {
    /// The oracle of an open table file, searching within the default
    /// [`Limits`].
    pub fn new(file: TableFile<B>) -> Self {
        Self { source: Source::File(file), orbits: OnceLock::new(), limits: Limits::default() }
    }

    /// The oracle of the 3x3x3 cube's two-phase tables (`bytes`, as
    /// `godtab_twophase::build_tables` or `build_large_tables` wrote them):
    /// short solutions, within
    /// [`Limits::max_length`] moves, in milliseconds.
    ///
    /// # Errors
    ///
    /// [`AskError::Damaged`] if the bytes are not those tables.
    pub fn two_phase(bytes: B) -> Result<Self, AskError> {
        two_phase::check(bytes.as_ref())?;
        Ok(Self { source: Source::TwoPhase(bytes), orbits: OnceLock::new(), limits: Limits::default() })
    }

    /// Searches within `limits` from now on (what [`Oracle::solve`] and
    /// [`Oracle::distance`] use; [`Oracle::solve_within`] takes its own).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The limits [`Oracle::solve`] searches within.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// An orbit pattern set's search, opened on first use; `None` for a
    /// table of tiles.
    fn orbits(&self) -> Result<Option<&Orbits>, AskError> {
        let Source::File(TableFile::OrbitPatterns(set)) = &self.source else { return Ok(None) };
        self.orbits.get_or_init(|| Orbits::open(set)).as_ref().map(Some).map_err(Clone::clone)
    }

    /// Checks that the table can be asked: an orbit pattern set's puzzle
    /// and tables rebuild (done once; a complete table or tile pattern set
    /// is ready when its file opens).
    ///
    /// # Errors
    ///
    /// [`AskError::Damaged`], saying what does not rebuild.
    pub fn ready(&self) -> Result<(), AskError> {
        self.orbits().map(|_| ())
    }

    /// The table file asked (`None` for the two-phase tables).
    pub fn file(&self) -> Option<&TableFile<B>> {
        match &self.source {
            Source::File(file) => Some(file),
            Source::TwoPhase(_) => None,
        }
    }

    /// The table's kind: "complete", "patterns", "orbit patterns" or
    /// "two-phase".
    pub fn kind(&self) -> &'static str {
        match &self.source {
            Source::File(TableFile::Complete(_)) => "complete",
            Source::File(TableFile::Patterns(_)) => "patterns",
            Source::File(TableFile::OrbitPatterns(_)) => "orbit patterns",
            Source::File(_) => "unknown",
            Source::TwoPhase(_) => "two-phase",
        }
    }

    /// The puzzle's name (its id, as `godtab info` shows it).
    pub fn name(&self) -> &str {
        match &self.source {
            Source::File(file) => file.id(),
            Source::TwoPhase(_) => two_phase::NAME,
        }
    }

    /// A tile puzzle's definition (its id, board and move names); `None`
    /// for an orbit pattern set and the two-phase tables.
    pub fn definition(&self) -> Option<&Definition> {
        self.file().and_then(TableFile::definition)
    }

    /// Whether states of this table may be given as facelet strings (the
    /// 3x3x3 cube's orbit pattern sets).
    pub fn takes_facelets(&self) -> bool {
        matches!(self.source, Source::TwoPhase(_))
            || matches!(self.orbits(), Ok(Some(orbits)) if orbits.takes_facelets())
    }

    /// Every move's name, in the table's order (a move's index in an
    /// [`Answer`] is its place here).
    pub fn all_move_names(&self) -> Vec<&str> {
        match &self.source {
            Source::File(TableFile::OrbitPatterns(set)) => set.puzzle().move_names.split(' ').collect(),
            Source::File(file) => file.definition().map(|d| d.move_names().collect()).unwrap_or_default(),
            Source::TwoPhase(_) => two_phase::move_names().collect(),
        }
    }

    /// The names of `moves` (indices into the table's moves; one out of
    /// range is left out).
    pub fn move_names(&self, moves: &[usize]) -> Vec<&str> {
        match (&self.source, self.definition()) {
            (Source::File(TableFile::OrbitPatterns(set)), _) => {
                let all: Vec<&str> = set.puzzle().move_names.split(' ').collect();
                moves.iter().filter_map(|&m| all.get(m).copied()).collect()
            }
            (Source::TwoPhase(_), _) => {
                let all: Vec<&str> = two_phase::move_names().collect();
                moves.iter().filter_map(|&m| all.get(m).copied()).collect()
            }
            (_, Some(definition)) => moves.iter().filter_map(|&m| definition.move_name(m)).collect(),
            (_, None) => Vec::new(),
        }
    }

    /// Whether every answer is a shortest solution: true for every table
    /// but the two-phase tables, whose answers are within
    /// [`Limits::max_length`] moves.
    pub fn is_optimal(&self) -> bool {
        !matches!(self.source, Source::TwoPhase(_))
    }

    /// Whether one search already uses every core (an orbit pattern set's,
    /// unless its limits ask for one thread): a front end answering many
    /// states then asks one at a time rather than several at once.
    pub fn searches_on_every_core(&self) -> bool {
        matches!(self.source, Source::File(TableFile::OrbitPatterns(_))) && self.limits.threads != Some(1)
    }

    /// The state `text` writes, as `written` says.
    ///
    /// # Errors
    ///
    /// [`AskError::NotAState`] with the reason: the text does not parse, a
    /// move is not the puzzle's, facelets given for a puzzle that is not the
    /// cube.
    pub fn parse(&self, text: &str, written: Written) -> Result<Position, AskError> {
        if let Source::TwoPhase(_) = &self.source {
            return two_phase::parse(text, written).map(Position::Cube);
        }
        if let Some(orbits) = self.orbits()? {
            return orbits.parse(text, written).map(Position::Cells);
        }
        let Some(definition) = self.definition() else {
            return Err(AskError::NotAState("this table has no puzzle to read states of".into()));
        };
        let bad = |e: &dyn std::fmt::Display| AskError::NotAState(e.to_string());
        match written {
            Written::State => definition.puzzle().parse(text.trim_end()).map(Position::Tiles).map_err(|e| bad(&e)),
            Written::Scramble => definition.scramble(text.as_bytes()).map(Position::Tiles).map_err(|e| bad(&e)),
            Written::Facelets => Err(AskError::NotAState(format!(
                "facelet strings are the 3x3x3 cube's states, and {} is a tile puzzle",
                definition.id()
            ))),
        }
    }

    /// `position` as text, as the table's puzzle writes a state (facelets
    /// for the cube).
    pub fn show(&self, position: &Position) -> String {
        match (position, self.orbits(), self.definition()) {
            (Position::Cube(cube), _, _) => two_phase::show(cube),
            (Position::Cells(cells), Ok(Some(orbits)), _) => orbits.show(cells),
            (Position::Tiles(state), _, Some(definition)) => definition.puzzle().display(state).to_string(),
            (Position::Tiles(state), _, None) => format!("{:?}", state.labels()),
            (Position::Cells(cells), _, _) => format!("{cells:?}"),
        }
    }

    /// Whether `position` can reach the goal, where that is known without
    /// a search: always from a complete table and an orbit pattern set, and
    /// from a tile pattern set of a board of two rows and columns or of a
    /// permutation puzzle.
    pub fn solvable(&self, position: &Position) -> Option<bool> {
        match (self.file(), position, self.orbits()) {
            (Some(TableFile::Complete(table)), Position::Tiles(state), _) => {
                table.distance(state).ok().map(|d| d.is_some())
            }
            (Some(TableFile::Patterns(set)), Position::Tiles(state), _) => Searcher::new(set).solvable(state),
            (Some(TableFile::OrbitPatterns(_)), Position::Cells(cells), Ok(Some(orbits))) => {
                Some(orbits.group().contains(orbits.puzzle(), cells))
            }
            // Every cube that parses is a state the moves make.
            (None, Position::Cube(_), _) => Some(true),
            _ => None,
        }
    }

    /// A shortest solution of `position` (from a complete table, the one
    /// its parent moves give; from a search, the lexicographically least
    /// in the table's move order), searched within the oracle's limits.
    ///
    /// # Errors
    ///
    /// An [`AskError`]: the node limit reached, every solution too long for
    /// the search, the table damaged, or a position of another kind of
    /// puzzle.
    pub fn solve(&self, position: &Position) -> Result<Answer, AskError> {
        self.solve_within(position, &self.limits)
    }

    /// [`Oracle::solve`], searched within `limits` (a request's own).
    ///
    /// # Errors
    ///
    /// As [`Oracle::solve`].
    pub fn solve_within(&self, position: &Position, limits: &Limits) -> Result<Answer, AskError> {
        let damaged = |e: godtab_runtime::QueryError| AskError::Damaged(e.to_string());
        if let (Source::TwoPhase(bytes), Position::Cube(cube)) = (&self.source, position) {
            return two_phase::solve(bytes.as_ref(), cube, limits);
        }
        match (self.file(), position, self.orbits()?) {
            (Some(TableFile::Complete(table)), Position::Tiles(state), _) => {
                let Some(mut solution) = table.solution(state).map_err(damaged)? else {
                    return Ok(Answer { moves: None, work: None });
                };
                let moves: Vec<usize> = solution.by_ref().collect();
                match solution.error() {
                    Some(e) => Err(damaged(e)),
                    None => Ok(Answer { moves: Some(moves), work: None }),
                }
            }
            (Some(TableFile::Patterns(set)), Position::Tiles(state), _) => {
                let limit = limits.max_nodes.unwrap_or(godtab_search::DEFAULT_MAX_NODES);
                let started = Instant::now();
                let report = Searcher::new(set).solve(state, limit).map_err(damaged)?;
                let work = Work {
                    nodes: report.expanded,
                    generated: report.generated,
                    seconds: started.elapsed().as_secs_f64(),
                };
                let moves = || report.moves().iter().map(|&m| usize::from(m)).collect();
                match report.outcome {
                    Outcome::Solved => Ok(Answer { moves: Some(moves()), work: Some(work) }),
                    Outcome::Unsolvable => Ok(Answer { moves: None, work: Some(work) }),
                    Outcome::NodeLimit => Err(AskError::NodeLimit { limit, work }),
                    Outcome::TooDeep => Err(AskError::TooDeep { max: usize::from(u8::MAX), work }),
                }
            }
            (Some(TableFile::OrbitPatterns(_)), Position::Cells(cells), Some(orbits)) => orbits.solve(cells, limits),
            _ => Err(AskError::NotAState("a state of another kind of puzzle than the table's".into())),
        }
    }

    /// The fewest moves that solve `position` (`None` if none do): a
    /// lookup from a complete table, else a search within the oracle's
    /// limits.
    ///
    /// # Errors
    ///
    /// As [`Oracle::solve`].
    pub fn distance(&self, position: &Position) -> Result<Option<usize>, AskError> {
        self.distance_within(position, &self.limits)
    }

    /// [`Oracle::distance`], searched within `limits` (a request's own).
    ///
    /// # Errors
    ///
    /// As [`Oracle::solve`].
    pub fn distance_within(&self, position: &Position, limits: &Limits) -> Result<Option<usize>, AskError> {
        match (self.file(), position) {
            (Some(TableFile::Complete(table)), Position::Tiles(state)) => {
                table.distance(state).map(|d| d.map(usize::from)).map_err(|e| AskError::Damaged(e.to_string()))
            }
            _ => Ok(self.solve_within(position, limits)?.distance()),
        }
    }

    /// The state `text` writes, solved: [`Oracle::parse`] then
    /// [`Oracle::solve`].
    ///
    /// # Errors
    ///
    /// As those two.
    pub fn solve_text(&self, text: &str, written: Written) -> Result<Answer, AskError> {
        self.solve(&self.parse(text, written)?)
    }

    /// An answer as one line of the generic judge format: the distance and
    /// the moves ("3 A A A"), or "unsolvable".
    pub fn line(&self, answer: &Answer) -> String {
        match &answer.moves {
            Some(moves) => {
                let mut line = moves.len().to_string();
                for name in self.move_names(moves) {
                    line.push(' ');
                    line.push_str(name);
                }
                line
            }
            None => "unsolvable".into(),
        }
    }

    /// What the table is, as the front ends list it.
    pub fn summary(&self) -> Summary {
        Summary::of(self)
    }
}
