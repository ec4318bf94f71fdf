//! How states are numbered: the bijection between a puzzle's rank space and
//! `0..slots`, and the one rule that decides which numbering a puzzle gets.

use godtab_rank as rank;

use crate::{Kind, MAX_CELLS, ModelError, Puzzle, State};

/// How states are numbered: the bijection between a puzzle's rank space and
/// `0..slots`.
///
/// A ranking is *tight* when every slot is a state that can reach the goal.
/// That holds for [`Ranking::Parity`] and [`Ranking::BlankParity`] on the
/// puzzles they are chosen for when the moves generate the whole parity
/// class (as on every built-in and every sliding board of at least 2x2),
/// and for [`Ranking::Lex`] and [`Ranking::Multiset`] when the moves reach
/// every arrangement. Moves that reach less (a subgroup) leave slots that
/// tables mark unreachable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ranking {
    /// The lexicographic rank of the labels: `n!` slots. Needs distinct tiles.
    Lex,
    /// The rank within the goal's parity class: `n!/2` slots. Needs distinct
    /// tiles and moves that are all even permutations, so the parity of a
    /// state never changes and the other half is unsolvable.
    Parity,
    /// For sliding boards with distinct tiles: blank position times the
    /// parity-class rank of the other tiles in reading order, `n * (n-1)!/2`
    /// slots. The parity the tiles must have depends on where the blank is.
    BlankParity,
    /// The arrangement rank of a multiset (tiles that repeat, the blank
    /// being one more kind of tile): `n! / (k1! k2! ...)` slots.
    Multiset,
    /// For orbit puzzles: every orbit's permutation coordinate times its
    /// orientation coordinate, in mixed radix over the orbits (see
    /// [`Puzzle::orbits`] for how each orbit is numbered). It leaves out the
    /// parities and orientation sums the moves never change, so it is tight
    /// when the moves reach every state with the solved state's parities
    /// and sums.
    Orbits,
}

impl Ranking {
    /// Every ranking, the fewest slots first: the order in which
    /// [`Ranking::best_for`] tries them.
    pub const TIGHTEST_FIRST: [Self; 4] = [Self::BlankParity, Self::Parity, Self::Lex, Self::Multiset];

    /// The ranking with the fewest slots that can number `puzzle`'s states:
    /// [`Ranking::BlankParity`] for sliding boards with distinct tiles,
    /// [`Ranking::Parity`] for permutation puzzles with distinct tiles whose
    /// moves are all even, [`Ranking::Lex`] for other permutation puzzles
    /// with distinct tiles, [`Ranking::Multiset`] for other boards, and
    /// [`Ranking::Orbits`] for orbit puzzles.
    #[must_use]
    pub fn best_for(puzzle: &Puzzle) -> Self {
        if puzzle.kind == Kind::Orbits {
            return Self::Orbits;
        }
        Self::TIGHTEST_FIRST.into_iter().find(|r| r.fits(puzzle).is_ok()).unwrap_or(Self::Multiset)
    }

    /// Whether this ranking numbers `puzzle`'s states one to one; if not,
    /// what it needs that the puzzle lacks. The one rule for every ranking.
    fn fits(self, puzzle: &Puzzle) -> Result<(), &'static str> {
        let distinct = !puzzle.has_repeated_tiles();
        match self {
            Self::Orbits if puzzle.kind != Kind::Orbits => Err("it is not an orbit puzzle"),
            Self::Orbits => Ok(()),
            _ if puzzle.kind == Kind::Orbits => Err("it is an orbit puzzle"),
            Self::Lex | Self::Parity | Self::BlankParity if !distinct => Err("the goal repeats a value"),
            Self::Lex if puzzle.kind != Kind::Permutation => Err("it is a sliding puzzle"),
            Self::Parity if puzzle.kind != Kind::Permutation => Err("it is a sliding puzzle"),
            Self::Parity if !puzzle.all_moves_even() => Err("a move is an odd permutation"),
            Self::BlankParity if puzzle.kind != Kind::Sliding => Err("it is not a sliding puzzle"),
            Self::BlankParity if puzzle.cells < 3 => Err("the board has fewer than 3 cells"),
            _ => Ok(()),
        }
    }
}

impl Puzzle {
    pub(crate) fn set_ranking(&mut self, ranking: Ranking) -> Result<(), ModelError> {
        ranking.fits(self).map_err(|reason| ModelError::Ranking { ranking, reason })?;
        if ranking == Ranking::Orbits {
            // Numbered as the orbits were laid out.
            return Ok(());
        }
        let n = self.cells();
        let goal_labels = &self.goal.cells[..n];
        let (slots, goal_odd, blank_stride) = match ranking {
            Ranking::Lex => (rank::FACTORIAL[n], false, 0),
            Ranking::Parity => (rank::FACTORIAL[n] / 2, rank::is_odd(goal_labels), 0),
            Ranking::BlankParity => {
                let stride = rank::FACTORIAL[n - 1] / 2;
                let (_, odd, _) = rank::rank_lex_parity_skipping(goal_labels, self.blank_label);
                (stride * n as u64, odd, stride)
            }
            Ranking::Multiset => {
                let counts = &self.class_counts[..usize::from(self.classes)];
                // At most 16 cells, so the count always fits in a u64.
                (rank::arrangements(counts).unwrap_or(u64::MAX), false, 0)
            }
            Ranking::Orbits => (self.slots, false, 0),
        };
        self.ranking = ranking;
        self.slots = slots;
        self.goal_odd = goal_odd;
        self.blank_stride = blank_stride;
        self.odd_tiles_by_blank = (0..n)
            .filter(|&cell| ranking == Ranking::BlankParity && self.tiles_odd_with_blank_at(cell))
            .fold(0, |mask, cell| mask | 1 << cell);
        Ok(())
    }

    fn all_moves_even(&self) -> bool {
        let n = self.cells();
        self.forward[..self.move_count()].iter().all(|map| !rank::is_odd(&map[..n]))
    }

    /// Whether `state` lies in the rank space. States outside it (the wrong
    /// parity, for parity rankings) can never reach the goal.
    #[inline]
    #[must_use]
    pub fn in_rank_space(&self, state: &State) -> bool {
        self.rank_checked(state).is_some()
    }

    /// The rank of `state`, or `None` if it lies outside the rank space: the
    /// check and the rank in one pass over the cells.
    #[inline]
    #[must_use]
    pub fn rank_checked(&self, state: &State) -> Option<u64> {
        let n = self.cells();
        let labels = &state.cells[..n];
        match self.ranking {
            Ranking::Lex => Some(rank::rank_lex(labels)),
            Ranking::Parity => {
                let (lex, odd) = rank::rank_lex_parity(labels);
                (odd == self.goal_odd).then_some(lex >> 1)
            }
            Ranking::BlankParity => {
                let (lex, odd, blank) = rank::rank_lex_parity_skipping(labels, self.blank_label);
                (odd == self.odd_tiles_expected(blank)).then_some(blank as u64 * self.blank_stride + (lex >> 1))
            }
            Ranking::Multiset => Some(self.rank(state)),
            Ranking::Orbits => self.orbit_rank(state, true),
        }
    }

    /// The rank of `state`, below [`Puzzle::slots`] for every state in the
    /// rank space. A state outside it gets an unspecified number (which may
    /// be past the end); this never panics.
    #[inline]
    #[must_use]
    pub fn rank(&self, state: &State) -> u64 {
        let n = self.cells();
        let labels = &state.cells[..n];
        match self.ranking {
            Ranking::Lex => rank::rank_lex(labels),
            Ranking::Parity => rank::rank_parity(labels),
            Ranking::BlankParity => {
                let (lex, _, blank) = rank::rank_lex_parity_skipping(labels, self.blank_label);
                blank as u64 * self.blank_stride + (lex >> 1)
            }
            Ranking::Multiset => rank::rank_multiset(labels, &self.class_counts[..usize::from(self.classes)]),
            Ranking::Orbits => self.orbit_rank(state, false).unwrap_or(0),
        }
    }

    /// The state with rank `rank`. A rank past [`Puzzle::slots`] gives an
    /// unspecified state (never a panic).
    #[inline]
    #[must_use]
    pub fn unrank(&self, rank: u64) -> State {
        let n = self.cells();
        let mut cells = [0u8; MAX_CELLS];
        match self.ranking {
            Ranking::Lex => rank::unrank_lex(rank, &mut cells[..n]),
            Ranking::Parity => rank::unrank_parity(rank, self.goal_odd, &mut cells[..n]),
            Ranking::BlankParity => {
                let stride = self.blank_stride.max(1);
                let blank = ((rank / stride) as usize).min(n - 1);
                let mut tiles = [0u8; MAX_CELLS];
                rank::unrank_parity(rank - blank as u64 * stride, self.odd_tiles_expected(blank), &mut tiles[..n - 1]);
                cells[..blank].copy_from_slice(&tiles[..blank]);
                cells[blank] = self.blank_label;
                cells[blank + 1..n].copy_from_slice(&tiles[blank..n - 1]);
            }
            Ranking::Multiset => {
                rank::unrank_multiset(rank, &self.class_counts[..usize::from(self.classes)], &mut cells[..n]);
            }
            Ranking::Orbits => return self.orbit_unrank(rank),
        }
        self.state_of_labels(cells)
    }

    /// A state of this puzzle holding these labels (unchecked).
    #[inline]
    pub(crate) fn state_of_labels(&self, cells: [u8; MAX_CELLS]) -> State {
        State { cells, len: self.cells, puzzle: self.signature }
    }

    /// Whether the tiles must be odd with the blank at `blank`.
    #[inline]
    pub(crate) fn odd_tiles_expected(&self, blank: usize) -> bool {
        self.odd_tiles_by_blank >> (blank & (MAX_CELLS - 1)) & 1 == 1
    }

    /// The parity the tiles must have when the blank is at `blank`: a
    /// vertical move carries one tile past `cols - 1` others, so on boards
    /// of even width the parity flips with the blank's row.
    #[inline]
    fn tiles_odd_with_blank_at(&self, blank: usize) -> bool {
        let cols = self.cols();
        let row_moved = (blank / cols) ^ (usize::from(self.goal_blank) / cols);
        self.goal_odd ^ (cols % 2 == 0 && row_moved % 2 == 1)
    }
}

/// The rank of `labels`, a permutation of `0..N`: [`Ranking::Parity`] if
/// `parity`, else [`Ranking::Lex`].
#[inline(always)]
pub(crate) fn rank_distinct<const N: usize>(labels: &[u8; N], parity: bool) -> u64 {
    if parity { rank::rank_parity_array(labels) } else { rank::rank_lex_array(labels) }
}
