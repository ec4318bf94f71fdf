//! How a search holds and moves its states: the one interface of the
//! plain [`Scalar`] kernel, which works for every puzzle, and the
//! `lanes::Lanes` kernel, which keeps each orbit in a
//! 16-byte vector and makes a move with one byte shuffle per orbit. The
//! search is written once, over this trait; both kernels give the same
//! answers, node for node.

use godtab_twisty::model::{Cells, Twisty};
use godtab_twisty::pattern::Coder;

/// A way of holding and moving states.
pub trait Kernel: Sync {
    /// A state as the kernel holds it.
    type State: Copy + Send + Sync;

    /// The kernel's form of `cells`.
    fn state(&self, cells: &Cells) -> Self::State;

    /// The cells of `state`.
    fn cells(&self, state: &Self::State) -> Cells;

    /// `state` after move `m`.
    fn apply(&self, state: &Self::State, m: usize) -> Self::State;

    /// Move `m` made before `state`.
    fn premove(&self, m: usize, state: &Self::State) -> Self::State;

    /// Whether `state` is solved.
    fn is_solved(&self, state: &Self::State) -> bool;

    /// The table index of `state` for pattern `pattern`, whose coder is
    /// `coder`.
    fn index(&self, coder: &Coder, pattern: usize, state: &Self::State) -> u64;
}

/// The kernel of every puzzle: states as [`Cells`], moved through the
/// model's tables.
pub struct Scalar<'a> {
    puzzle: &'a Twisty,
}

impl<'a> Scalar<'a> {
    /// The scalar kernel of `puzzle`.
    #[must_use]
    pub fn new(puzzle: &'a Twisty) -> Self {
        Self { puzzle }
    }
}

impl Kernel for Scalar<'_> {
    type State = Cells;

    #[inline]
    fn state(&self, cells: &Cells) -> Cells {
        *cells
    }

    fn cells(&self, state: &Cells) -> Cells {
        *state
    }

    #[inline]
    fn apply(&self, state: &Cells, m: usize) -> Cells {
        self.puzzle.apply(state, m)
    }

    #[inline]
    fn premove(&self, m: usize, state: &Cells) -> Cells {
        self.puzzle.premove(m, state)
    }

    #[inline]
    fn is_solved(&self, state: &Cells) -> bool {
        self.puzzle.is_solved(state)
    }

    #[inline]
    fn index(&self, coder: &Coder, _pattern: usize, state: &Cells) -> u64 {
        coder.index(self.puzzle, state)
    }
}
