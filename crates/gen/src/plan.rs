//! What a generation makes and how it is written, decided once from the
//! options, for every front end (the `godtab gen` command, Python's
//! `godtab.generate`): a complete table in an encoding or a pattern set;
//! written in place with its progress kept (compact and parity tables into
//! a file), through a temporary file that replaces the target when whole,
//! or kept in memory; then made with the caller's progress sink.

use std::path::Path;

use godtab_puzzles::{Definition, PatternList};
use godtab_runtime::Encoding;

use crate::{GenError, Options};

/// The kind of table file to make.
#[derive(Clone, Debug)]
pub enum Plan {
    /// Every state's distance (and parent move, in the full encoding).
    Complete(Encoding),
    /// A database per pattern of tiles.
    Patterns(Box<PatternList>),
}

/// How the made table reaches its destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The 2-bit search writes the file itself, keeping its progress beside
    /// it (`FILE.partial`), so a stopped run resumes
    /// ([`crate::twobit_table_file`]).
    InPlace,
    /// Made in memory (compressed if asked), then written through a
    /// temporary file made before the search, which replaces the target
    /// only when whole.
    ThroughFile,
    /// Made in memory and given to the caller (standard output, Python's
    /// table object).
    InMemory,
}

/// Why a plan cannot be carried out as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// An encoding other than full asked of a pattern set.
    #[error("compact and parity store a complete table's distances; a pattern set has no such form")]
    PatternsHaveNoEncoding,
    /// A resumed run that keeps no progress.
    #[error(
        "resume continues a compact or parity generation written to a file (uncompressed): it keeps its progress \
         beside the file"
    )]
    NothingToResume,
}

impl Plan {
    /// The plan for `patterns` (a pattern set) or else a complete table in
    /// `encoding`.
    ///
    /// # Errors
    ///
    /// [`PlanError::PatternsHaveNoEncoding`] for patterns in an encoding
    /// other than full.
    pub fn new(patterns: Option<PatternList>, encoding: Encoding) -> Result<Self, PlanError> {
        match patterns {
            Some(_) if encoding != Encoding::Full => Err(PlanError::PatternsHaveNoEncoding),
            Some(patterns) => Ok(Self::Patterns(Box::new(patterns))),
            None => Ok(Self::Complete(encoding)),
        }
    }

    /// Whether the table is made by the 2-bit search (compact and parity
    /// tables).
    #[must_use]
    pub fn searches_in_two_bits(&self) -> bool {
        matches!(self, Self::Complete(encoding) if *encoding != Encoding::Full)
    }

    /// The encoding the generator is asked for.
    #[must_use]
    pub fn encoding(&self) -> Encoding {
        match self {
            Self::Complete(encoding) => *encoding,
            Self::Patterns(_) => Encoding::default(),
        }
    }

    /// How the table reaches `file` (`None`: the caller takes the bytes),
    /// compressed with zstd or not, resuming a stopped run or not.
    ///
    /// # Errors
    ///
    /// [`PlanError::NothingToResume`] when `resume` is asked of a run that
    /// keeps no progress (not a 2-bit search into an uncompressed file).
    pub fn route(&self, file: Option<&Path>, compressed: bool, resume: bool) -> Result<Route, PlanError> {
        let route = match file {
            Some(_) if self.searches_in_two_bits() && !compressed => Route::InPlace,
            Some(_) => Route::ThroughFile,
            None => Route::InMemory,
        };
        if resume && route != Route::InPlace {
            return Err(PlanError::NothingToResume);
        }
        Ok(route)
    }

    /// Makes the table's bytes in memory (for [`Route::ThroughFile`] and
    /// [`Route::InMemory`]; the caller compresses them if asked), with
    /// `options`' memory limit, progress sink and stop flag; the encoding
    /// is the plan's.
    ///
    /// # Errors
    ///
    /// A [`GenError`]: too large, out of memory, stopped, a bad encoding.
    pub fn bytes(&self, definition: &Definition, options: &Options<'_>) -> Result<Vec<u8>, GenError> {
        let options = Options { encoding: self.encoding(), ..*options };
        match self {
            Self::Complete(_) => crate::table_bytes(definition, &options),
            Self::Patterns(patterns) => crate::pattern_set_bytes(definition, patterns, &options),
        }
    }
}
