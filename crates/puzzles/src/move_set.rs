//! The moves a puzzle is built with (`MoveSet`: position maps, the four
//! sliding moves, or the multi-tile metric's slides) and the sliding moves'
//! names.

/// The moves of every sliding puzzle, in declared order: which neighbour of
/// the blank is swapped with it (the blank moves up, down, left, right).
pub const SLIDING_MOVE_NAMES: [&str; 4] = ["u", "d", "l", "r"];

/// The most moves a sliding puzzle has: in the multi-tile metric, a 1 x 16
/// board's blank goes 1 to 15 cells left or right.
pub const MAX_SLIDES: usize = 32;

/// The moves a puzzle is built with.
#[derive(Clone, Copy, Debug)]
pub enum MoveSet<'a> {
    /// Position maps, `cells` bytes each, one after another: after move `m`,
    /// `new[i] = old[map_m[i]]`.
    Permutation(&'a [u8]),
    /// The four sliding moves `u`, `d`, `l`, `r`.
    Sliding,
    /// The four sliding moves in another declared order: entry `m` is the
    /// direction of move `m`, as an index into [`SLIDING_MOVE_NAMES`]
    /// (`[1, 2, 3, 0]` declares `d l r u`). The order decides which optimal
    /// answer is canonical (the least in declared order).
    SlidingInOrder([u8; 4]),
    /// The multi-tile metric (speed-sliders' MTM): the blank goes 1 to
    /// `steps` cells in a direction in one move, carrying the tiles between
    /// one cell back each (a line of tiles slides at once). `order` lists
    /// the directions as [`MoveSet::SlidingInOrder`] does; the moves are,
    /// direction by direction, 1 to `steps[0]` cells up or down (`rows - 1`)
    /// or 1 to `steps[1]` cells left or right (`cols - 1`), named as
    /// [`slide_name`] says: `u`, `u2`, `u3`, `d`, `d2`...
    SlidingMulti {
        /// The directions in declared order (0 to 3 for u, d, l, r).
        order: [u8; 4],
        /// The farthest a move goes vertically and sideways: the board's
        /// rows and columns less one (at least one).
        steps: [u8; 2],
    },
}

impl MoveSet<'static> {
    /// The multi-tile moves of a `rows` x `cols` board, in the order u, d,
    /// l, r (a board of one row keeps `u` and `d`, which are never possible,
    /// as in the single-tile metric).
    ///
    /// ```
    /// use godtab_puzzles::{MoveSet, Puzzle};
    ///
    /// let puzzle = Puzzle::new(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0], MoveSet::multi_tile(3, 3)).unwrap();
    /// assert_eq!(puzzle.move_count(), 8);
    /// ```
    #[must_use]
    pub fn multi_tile(rows: usize, cols: usize) -> Self {
        let steps = |n: usize| n.saturating_sub(1).clamp(1, usize::from(u8::MAX)) as u8;
        Self::SlidingMulti { order: [0, 1, 2, 3], steps: [steps(rows), steps(cols)] }
    }
}

impl<'a> MoveSet<'a> {
    /// The same sliding directions in the same order, in the multi-tile
    /// metric of a `rows` x `cols` board; permutation moves as they are.
    #[must_use]
    pub fn to_multi_tile(self, rows: usize, cols: usize) -> Self {
        let order = match self {
            Self::Permutation(_) => return self,
            Self::Sliding => [0, 1, 2, 3],
            Self::SlidingInOrder(order) | Self::SlidingMulti { order, .. } => order,
        };
        match MoveSet::multi_tile(rows, cols) {
            Self::SlidingMulti { steps, .. } => Self::SlidingMulti { order, steps },
            other => other,
        }
    }

    /// The names of sliding moves in declared order ([`slide_name`]); none
    /// for permutation moves.
    pub fn slide_names(self) -> impl Iterator<Item = SlideName> {
        let (order, steps, directions) = match self {
            Self::Permutation(_) => ([0; 4], [0; 2], 0),
            Self::Sliding => ([0, 1, 2, 3], [1, 1], 4),
            Self::SlidingInOrder(order) => (order, [1, 1], 4),
            Self::SlidingMulti { order, steps } => (order, steps, 4),
        };
        order.into_iter().take(directions).flat_map(move |direction| {
            (1..=steps[usize::from(direction / 2)]).map(move |k| slide_name(direction.into(), k.into()))
        })
    }
}

/// The name of a sliding move that takes the blank `steps` cells in
/// `direction` (0 to 3 for u, d, l, r): the direction's letter, then the
/// count if it is more than one (`u`, `u2`, `r3`).
///
/// ```
/// assert_eq!(godtab_puzzles::slide_name(3, 2).as_str(), "r2");
/// assert_eq!(godtab_puzzles::slide_name(0, 1).as_str(), "u");
/// ```
#[must_use]
pub fn slide_name(direction: usize, steps: usize) -> SlideName {
    let mut name = SlideName { bytes: [0; 3], len: 1 };
    name.bytes[0] = SLIDING_MOVE_NAMES[direction & 3].as_bytes()[0];
    let steps = steps.min(99) as u8;
    if steps >= 10 {
        name.bytes[1] = b'0' + steps / 10;
        name.bytes[2] = b'0' + steps % 10;
        name.len = 3;
    } else if steps > 1 {
        name.bytes[1] = b'0' + steps;
        name.len = 2;
    }
    name
}

/// A sliding move's name, held inline: see [`slide_name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlideName {
    bytes: [u8; 3],
    len: u8,
}

impl SlideName {
    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

/// A sliding move's direction (0 to 3) and cell count, read from its name
/// (`u`, `d3`, `r12`).
fn read_slide_name(name: &str) -> Option<(u8, u8)> {
    let bytes = name.as_bytes();
    let first = *bytes.first()?;
    let direction = SLIDING_MOVE_NAMES.iter().position(|n| n.as_bytes()[0] == first)? as u8;
    let steps = match &bytes[1..] {
        [] => 1,
        [b'1'..=b'9'] | [b'1'..=b'9', b'0'..=b'9'] => name[1..].parse().ok()?,
        _ => return None,
    };
    (steps > 1 || bytes.len() == 1).then_some((direction, steps))
}

impl MoveSet<'static> {
    /// The sliding moves declared by their names: `Sliding` for `u d l r`,
    /// `SlidingInOrder` for any other order of those four names,
    /// `SlidingMulti` for the multi-tile moves, each direction's names
    /// together and counting up (`u u2 d d2 l l2 r r2`, as [`slide_name`]
    /// writes them), and `None` for anything else.
    ///
    /// ```
    /// use godtab_puzzles::MoveSet;
    ///
    /// let multi = MoveSet::sliding_named("d d2 u u2 l l2 l3 r r2 r3".split(' '));
    /// assert!(matches!(multi, Some(MoveSet::SlidingMulti { order: [1, 0, 2, 3], steps: [2, 3] })));
    /// assert!(MoveSet::sliding_named("u u2 d l l2 r r2".split(' ')).is_none());
    ///
    /// assert!(matches!(MoveSet::sliding_named(["d", "l", "r", "u"]), Some(MoveSet::SlidingInOrder([1, 2, 3, 0]))));
    /// assert!(matches!(MoveSet::sliding_named(["u", "d", "l", "r"]), Some(MoveSet::Sliding)));
    /// assert!(MoveSet::sliding_named(["u", "u", "l", "r"]).is_none());
    /// ```
    #[must_use]
    pub fn sliding_named<'n>(names: impl IntoIterator<Item = &'n str>) -> Option<Self> {
        let mut order = [0u8; 4];
        let mut seen = [false; 4];
        // The farthest each direction goes, by direction.
        let mut farthest = [0u8; 4];
        let mut directions = 0;
        let mut last: Option<u8> = None;
        for name in names {
            let (direction, steps) = read_slide_name(name)?;
            if last != Some(direction) {
                // A new direction starts at one cell, and is declared once.
                if steps != 1 || directions >= 4 || seen[usize::from(direction)] {
                    return None;
                }
                seen[usize::from(direction)] = true;
                order[directions] = direction;
                directions += 1;
                last = Some(direction);
            } else if steps != farthest[usize::from(direction)] + 1 {
                return None;
            }
            farthest[usize::from(direction)] = steps;
        }
        let steps = [farthest[0], farthest[2]];
        if directions != 4 || farthest[1] != steps[0] || farthest[3] != steps[1] {
            return None;
        }
        match (steps, order) {
            ([1, 1], [0, 1, 2, 3]) => Some(Self::Sliding),
            ([1, 1], _) => Some(Self::SlidingInOrder(order)),
            _ => Some(Self::SlidingMulti { order, steps }),
        }
    }
}
