//! The public entry: [`solve`] with either kind of tables, within
//! [`Limits`]; the six directions (three axes, the cube and its inverse)
//! and the pre-moves phase 1 starts from.

use crate::cube::{Cube, MOVE_CUBES};
use crate::error::SolveError;
use crate::large::LargeTables;
use crate::moves::{MAX_SOLUTION, Move, Solution};
use crate::search::{Flow, NO_MOVE, Phase1Bound, Search, allowed};
use crate::symmetry::{MOVE_BACK, URF3_POWERS};
use crate::tables::Tables;

/// How much work [`solve`] may do before it gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most search nodes (moves tried, in either phase) to visit. A
    /// node takes a few nanoseconds on a desktop processor.
    pub max_nodes: u64,
    /// A wall-clock time to stop by (checked every 1024 nodes).
    #[cfg(feature = "std")]
    pub deadline: Option<std::time::Instant>,
}

impl Limits {
    /// No limit: the search runs until it finds a solution or has tried
    /// everything.
    pub const UNLIMITED: Limits = Limits {
        max_nodes: u64::MAX,
        #[cfg(feature = "std")]
        deadline: None,
    };

    /// At most `max_nodes` nodes.
    #[must_use]
    pub const fn nodes(max_nodes: u64) -> Limits {
        let mut limits = Limits::UNLIMITED;
        limits.max_nodes = max_nodes;
        limits
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::UNLIMITED
    }
}

/// Tables [`solve`] can search with: [`Tables`] (the built-in ones) or
/// [`LargeTables`] (phase 1's exact distances besides). Sealed.
pub trait SolveTables: sealed::Sealed {
    /// [`solve`] with these tables.
    #[doc(hidden)]
    fn solve_into(&self, cube: &Cube, max_length: u8, limits: &Limits, out: &mut Solution) -> Result<(), SolveError>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::Tables<'_> {}
    impl Sealed for crate::LargeTables<'_> {}
}

impl SolveTables for Tables<'_> {
    fn solve_into(&self, cube: &Cube, max_length: u8, limits: &Limits, out: &mut Solution) -> Result<(), SolveError> {
        solve_with(self, self, cube, max_length, limits, out)
    }
}

impl SolveTables for LargeTables<'_> {
    fn solve_into(&self, cube: &Cube, max_length: u8, limits: &Limits, out: &mut Solution) -> Result<(), SolveError> {
        solve_with(self.tables(), self, cube, max_length, limits, out)
    }
}

/// Solves `cube` in at most `max_length` moves (21 always succeeds quickly;
/// 20 always succeeds, God's number, but takes longer), writing the moves
/// into `out` (empty for the solved cube), with the built-in [`Tables`]
/// or the [`LargeTables`].
///
/// Uses no allocator: all its state is on the stack, at most about 3.3
/// KiB and 0.4 KiB per move of `max_length` (12 KiB for 21 on x86-64; see
/// docs/TWOPHASE.md).
///
/// # Errors
///
/// [`SolveError::TooLong`] when `max_length` is past [`MAX_SOLUTION`],
/// [`SolveError::NotFound`] when there is no solution that short (the
/// search tried every one), [`SolveError::LimitReached`] when `limits` ran
/// out first. `out` is left empty on an error.
pub fn solve<T: SolveTables>(
    tables: &T,
    cube: &Cube,
    max_length: u8,
    limits: &Limits,
    out: &mut Solution,
) -> Result<(), SolveError> {
    tables.solve_into(cube, max_length, limits, out)
}

pub(crate) fn solve_with<P: Phase1Bound>(
    tables: &Tables<'_>,
    p1: &P,
    cube: &Cube,
    max_length: u8,
    limits: &Limits,
    out: &mut Solution,
) -> Result<(), SolveError> {
    out.clear();
    let max_len = usize::from(max_length);
    if max_len > MAX_SOLUTION {
        return Err(SolveError::TooLong);
    }
    // Six searches side by side, each phase 1 length in all six before the
    // next: the cube and its inverse, each seen along the three axes
    // (through URF3^k), since one of them often has a shorter phase 1.
    let inverse = cube.inverse();
    let directions: [Cube; DIRECTIONS] = core::array::from_fn(|d| {
        let (k, base) = (d / 2, if d % 2 == 0 { cube } else { &inverse });
        URF3_POWERS[k].then(base).then(&URF3_POWERS[(3 - k) % 3])
    });
    let roots = directions.map(|c| {
        let at = tables.phase1_coords(&c);
        (at, usize::from(p1.phase1_bound(&at)))
    });
    let mut search = Search {
        t: tables,
        p1,
        path: [0; MAX_SOLUTION],
        states: [*cube; MAX_SOLUTION + 1],
        valid: 0,
        max_len,
        nodes: 0,
        limits: *limits,
        depth1: 0,
        found_len: 0,
        pre: [0; MAX_SOLUTION],
        pre_len: 0,
    };
    let least = roots.iter().map(|r| r.1).min().unwrap_or(0);
    for length1 in least..=max_len {
        for (d, &(at, bound)) in roots.iter().enumerate() {
            if bound <= length1 {
                search.states[0] = directions[d];
                search.valid = 0;
                search.pre_len = 0;
                match search.phase1(at, 0, length1) {
                    Flow::Continue | Flow::Far => {}
                    Flow::Found => {
                        search.write_solution(d, out);
                        return Ok(());
                    }
                    Flow::Stop => return Err(SolveError::LimitReached),
                }
            }
            if P::PRE_MOVES && length1 > MIN_PHASE1_AFTER_PRE {
                match search.pre_moves(&directions[d], length1, 0) {
                    Flow::Found => {
                        search.write_solution(d, out);
                        return Ok(());
                    }
                    Flow::Stop => return Err(SolveError::LimitReached),
                    _ => {}
                }
            }
        }
    }
    Err(SolveError::NotFound)
}

/// Phase 1 after pre-moves is at least this long (shorter ones are found
/// without them).
const MIN_PHASE1_AFTER_PRE: usize = 7;

impl<P: Phase1Bound> Search<'_, '_, P> {
    /// Phase 1 of `pre · cube` for the pre-move sequences `pre` of 1 to
    /// `length1 - 7` moves (of which `pre_len` are chosen, in
    /// `self.pre[..pre_len]`, the latest applied first), with phase 1 and
    /// the pre-moves `length1` moves together. A solution `S` of
    /// `pre · cube` makes `S · pre` one of `cube`: more phase 1 solutions
    /// of about the same length, from other starting points.
    fn pre_moves(&mut self, cube: &Cube, length1: usize, pre_len: usize) -> Flow {
        if pre_len + 1 + MIN_PHASE1_AFTER_PRE > length1 || pre_len == P::MAX_PRE {
            return Flow::Continue;
        }
        let newest = if pre_len == 0 { NO_MOVE } else { usize::from(self.pre[pre_len - 1]) };
        for m in 0..18 {
            // `m` goes before the newest: canonical order in the sequence.
            if newest != NO_MOVE && !allowed(m / 3, newest) {
                continue;
            }
            if !self.count() {
                return Flow::Stop;
            }
            self.pre[pre_len] = m as u8;
            let c = MOVE_CUBES[m].then(cube);
            // Phase 1 only after a clockwise quarter turn of a side face
            // first: a subgroup move first leaves phase 1 as it was, and the
            // other quarter turn differs by a half turn, within the
            // subgroup.
            if matches!(m, 3 | 6 | 12 | 15) {
                let at = self.t.phase1_coords(&c);
                let depth1 = length1 - pre_len - 1;
                if usize::from(self.p1.phase1_bound_cut(&at, depth1 as u8 + 1)) <= depth1 {
                    self.states[0] = c;
                    self.valid = 0;
                    self.pre_len = pre_len + 1;
                    match self.phase1(at, 0, depth1) {
                        Flow::Continue | Flow::Far => {}
                        other => return other,
                    }
                }
            }
            match self.pre_moves(&c, length1, pre_len + 1) {
                Flow::Continue | Flow::Far => {}
                other => return other,
            }
        }
        Flow::Continue
    }
}

/// The cube and its inverse along three axes.
const DIRECTIONS: usize = 6;

impl<P> Search<'_, '_, P> {
    /// The path found in direction `d`, as moves of the cube itself.
    fn write_solution(&self, d: usize, out: &mut Solution) {
        // Phase 1, phase 2, then the pre-moves (the first applied last),
        // as moves of the direction's cube.
        let path = self.path[..self.found_len].iter().chain(self.pre[..self.pre_len].iter().rev());
        let mut moves = Solution::new();
        for &m in path {
            push_merged(&mut moves, Move::ALL[usize::from(m)]);
        }
        let back = |m: Move| Move::ALL[usize::from(MOVE_BACK[d / 2][m.index()])];
        if d % 2 == 0 {
            for m in moves.moves() {
                push_merged(out, back(m));
            }
        } else {
            for m in moves.moves().rev() {
                push_merged(out, back(m).inverse());
            }
        }
    }
}

/// Appends `m`, merged with the last move when it turns the same face
/// (where phase 2 starts with the half turn of phase 1's last face, or
/// phase 2 ends on the face the pre-moves start with): `R R2` is `R'`,
/// `R R'` nothing.
fn push_merged(out: &mut Solution, m: Move) {
    match out.as_slice().last().map(|&i| Move::ALL[usize::from(i)]) {
        Some(last) if last.face() == m.face() => {
            out.pop();
            let quarters = (last.index() % 3 + 1 + m.index() % 3 + 1) % 4;
            if quarters > 0 {
                out.push(Move::ALL[3 * m.face() + quarters - 1]);
            }
        }
        _ => {
            out.push(m);
        }
    }
}
