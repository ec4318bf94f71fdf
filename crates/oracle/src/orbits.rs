//! An orbit pattern set opened for search: its puzzle rebuilt, its tables
//! in memory, and the group its moves make (which decides solvability).

use std::time::Instant;

use godtab_runtime::OrbitPatternSet;
use godtab_twisty::group::MoveGroup;
use godtab_twisty::model::Cells;
use godtab_twisty::{Twisty, facelets, text};
use godtab_twisty_search::search::{MAX_DEPTH, Outcome};
use godtab_twisty_search::set::OrbitSearch;

use crate::{Answer, AskError, Limits, Work, Written};

/// The views of each pattern a search looks up per side: the cube's three
/// axes.
const VIEWS: usize = 4;

/// An orbit pattern set, ready to search.
pub(crate) struct Orbits {
    search: OrbitSearch,
    group: MoveGroup,
    facelets: bool,
}

impl Orbits {
    /// Rebuilds the set's puzzle, symmetries and patterns and copies its
    /// tables into memory.
    pub(crate) fn open<B: AsRef<[u8]>>(set: &OrbitPatternSet<B>) -> Result<Self, AskError> {
        let search = OrbitSearch::open(set).map_err(|e| AskError::Damaged(e.to_string()))?;
        let group = MoveGroup::new(search.puzzle());
        let facelets = facelets::is_standard_cube(search.puzzle());
        Ok(Self { search, group, facelets })
    }

    pub(crate) fn puzzle(&self) -> &Twisty {
        self.search.puzzle()
    }

    pub(crate) fn group(&self) -> &MoveGroup {
        &self.group
    }

    /// Whether the puzzle is the 3x3x3 cube whose states facelet strings
    /// write.
    pub(crate) fn takes_facelets(&self) -> bool {
        self.facelets
    }

    /// The state `text` writes, as `written` says.
    pub(crate) fn parse(&self, text: &str, written: Written) -> Result<Cells, AskError> {
        let puzzle = self.puzzle();
        let bad = |e: &dyn std::fmt::Display| AskError::NotAState(e.to_string());
        let state = match written {
            Written::State => text::parse_state(puzzle, text).map_err(|e| bad(&e))?,
            Written::Scramble => text::parse_scramble(puzzle, text).map_err(|e| bad(&e))?,
            Written::Facelets if self.facelets => facelets::parse(text).map_err(|e| bad(&e))?,
            Written::Facelets => {
                return Err(AskError::NotAState(format!(
                    "{} is not the 3x3x3 cube of data/puzzles/cube-3x3x3.tws: facelet strings are that cube's",
                    puzzle.id()
                )));
            }
        };
        if !puzzle.is_well_formed(&state) {
            return Err(AskError::NotAState("not a state of the puzzle".into()));
        }
        Ok(state)
    }

    /// `state` as text: facelets for the cube, else blocks.
    pub(crate) fn show(&self, state: &Cells) -> String {
        if self.facelets { facelets::display(state) } else { text::display_state(self.puzzle(), state) }
    }

    /// The optimal moves of `state`, searched within `limits`.
    pub(crate) fn solve(&self, state: &Cells, limits: &Limits) -> Result<Answer, AskError> {
        let started = Instant::now();
        if !self.group.contains(self.puzzle(), state) {
            let work = Work { nodes: 0, generated: 0, seconds: started.elapsed().as_secs_f64() };
            return Ok(Answer { moves: None, work: Some(work) });
        }
        let mut solver = self.search.solver(VIEWS);
        if let Some(threads) = limits.threads {
            solver.threads = threads.max(1);
        }
        let limit = limits.max_nodes.unwrap_or(u64::MAX);
        let report = solver.solve(state, limit);
        let work = Work { nodes: report.expanded, generated: report.lookups, seconds: started.elapsed().as_secs_f64() };
        match report.outcome {
            Outcome::Solved => Ok(Answer { moves: Some(report.moves), work: Some(work) }),
            Outcome::NodeLimit => Err(AskError::NodeLimit { limit, work }),
            Outcome::TooDeep => Err(AskError::TooDeep { max: usize::from(MAX_DEPTH), work }),
        }
    }
}
