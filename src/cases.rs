//! What a command that reads or writes cases takes (`judge`, `random`,
//! `check`): the puzzle, its table and the format of its cases, and the
//! formats themselves.

use anyhow::Result;
use godtab_puzzles::{Kind, builtin};
use godtab_runtime::{Bytes, TableFile, TableKind};

use godtab_oracle::Oracle;

use crate::source::{Loaded, TableArgs};

/// The puzzle, its table and the format of its cases: what `judge` reads
/// and `random` writes.
#[derive(clap::Args, Clone)]
pub(crate) struct CasesArgs {
    /// The puzzle: nine-digits, nine-puzzle, eight-puzzle or eight-two (not
    /// needed with --table).
    pub(crate) puzzle: Option<String>,
    /// The format of the cases (and answers); by default the puzzle's own
    /// statement format, blocks for orbit puzzles, the generic one for
    /// other puzzles.
    #[arg(long, value_enum)]
    pub(crate) format: Option<Format>,
    #[command(flatten)]
    pub(crate) tables: TableArgs,
}

impl CasesArgs {
    /// Opens and verifies the table file, of any kind, and settles the
    /// format: the one asked for, or the file's own.
    pub(crate) fn open(&self) -> Result<(Loaded, Format)> {
        let loaded = self.tables.open_verified(self.puzzle.as_deref())?;
        let format = self.format.unwrap_or_else(|| Format::of(&loaded.file));
        format.check(&loaded.file).map_err(|problem| anyhow::anyhow!("--format: {problem}"))?;
        Ok((loaded, format))
    }
}

impl CasesArgs {
    /// The oracle of the puzzle's table (the built-in cube-3x3x3's
    /// two-phase tables, or a table file as [`CasesArgs::open`] opens it)
    /// and the format of its cases.
    pub(crate) fn open_oracle(&self, search: crate::pdb::SearchArgs) -> Result<(Oracle<Bytes>, Format)> {
        let (oracle, _) = self.tables.open_oracle(self.puzzle.as_deref(), search)?;
        let format = match oracle.file() {
            Some(file) => {
                let format = self.format.unwrap_or_else(|| Format::of(file));
                format.check(file).map_err(|problem| anyhow::anyhow!("--format: {problem}"))?;
                format
            }
            // The two-phase tables read the cube's facelets or scrambles.
            None => match self.format.unwrap_or(Format::Facelets) {
                format @ (Format::Facelets | Format::Scramble) => format,
                _ => anyhow::bail!("--format: the built-in cube-3x3x3 reads facelet strings or scrambles"),
            },
        };
        Ok((oracle, format))
    }
}

/// An input and output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Input: nine tiles per line. Answers: the minimum number of steps.
    NineDigits,
    /// Input: three lines of three tiles per case, ended by a line "0".
    /// Answers: "S MOVES" or "Not solvable".
    NinePuzzle,
    /// Input: one case per line, tiles 1-8 and x. Answers: the move string
    /// or "unsolvable".
    EightPuzzle,
    /// Input: one case per line, tiles separated by whitespace (an orbit
    /// puzzle's state in blocks, on one line). Answers: "D m1 m2 ..." or
    /// "unsolvable".
    Generic,
    /// Orbit puzzles: states in blocks, each set's name, pieces and
    /// orientations, every state ending with a line "End". Answers as
    /// generic.
    Blocks,
    /// Input: one scramble per line, moves separated by spaces, applied to
    /// the goal ("R U F' R2"). Answers as generic.
    Scramble,
    /// The 3x3x3 cube (an orbit pattern set of data/puzzles/cube-3x3x3.tws):
    /// one 54-letter facelet string per line, as Kociemba's `kociemba`
    /// package writes a cube. Answers as generic.
    Facelets,
    /// "Eight II" (HDU 3567), the puzzle eight-two: a line with the number
    /// of cases T, then per case a start and a target line, nine
    /// characters with X for the blank. Answers: "Case k: D" and the least
    /// optimal move string in the order d, l, r, u.
    EightTwo,
}

impl Format {
    /// The statement format of a built-in puzzle, for a table that is that
    /// puzzle: the same id *and* the same board, goal, moves and move names.
    /// Any other table (a user's puzzle, even one named like a built-in)
    /// gets the generic format.
    pub(crate) fn of(file: &TableFile<Bytes>) -> Self {
        match (file.kind(), file.definition()) {
            (TableKind::Complete, Some(definition)) => Self::of_table(definition),
            _ => Self::Generic,
        }
    }

    /// The format of a complete table of `definition`'s puzzle (see
    /// [`Format::of`]).
    pub(crate) fn of_table(definition: &godtab_puzzles::Definition) -> Self {
        if definition.puzzle().kind() == Kind::Orbits {
            return Self::Blocks;
        }
        let builtin = builtin::ALL.into_iter().find(|b| b.id == definition.id());
        match builtin.filter(|b| b.definition().same_as(definition)) {
            Some(b) if b.id == builtin::NINE_DIGITS.id => Self::NineDigits,
            Some(b) if b.id == builtin::NINE_PUZZLE.id => Self::NinePuzzle,
            Some(b) if b.id == builtin::EIGHT_PUZZLE.id => Self::EightPuzzle,
            _ => Self::Generic,
        }
    }

    /// Whether cases in this format can be states of `definition`'s
    /// puzzle: the statements' formats hold boards' tiles, blocks orbit
    /// puzzles' states; if not, why.
    pub(crate) fn check(self, file: &TableFile<Bytes>) -> Result<(), &'static str> {
        let orbits = file.definition().is_none_or(|d| d.puzzle().kind() == Kind::Orbits);
        let searched = file.kind() != TableKind::Complete;
        let orbit_set = file.kind() == TableKind::OrbitPatterns;
        match self {
            Self::Generic | Self::Scramble => Ok(()),
            Self::Facelets if !orbit_set => {
                Err("facelet strings are the 3x3x3 cube's states: an orbit pattern set of \
                 data/puzzles/cube-3x3x3.tws reads them")
            }
            Self::Facelets | Self::Blocks if orbit_set => Ok(()),
            _ if searched => Err("a pattern set reads its cases in the generic format (one state per line) or as \
                 scrambles, and answers in the generic format"),
            Self::NineDigits | Self::NinePuzzle | Self::EightPuzzle if orbits => {
                Err("this format reads a board's tiles, and the table's puzzle is an orbit puzzle; use blocks, \
                     generic or scramble")
            }
            Self::EightTwo => Err("the eight-two format is judged by the puzzle eight-two, with its nine tables"),
            Self::Blocks if !orbits => {
                Err("the blocks format reads orbit puzzles' states; this table's puzzle is a board")
            }
            _ => Ok(()),
        }
    }
}
