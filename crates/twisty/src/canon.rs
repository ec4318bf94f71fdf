//! Canonical move sequences, worked out from the moves themselves: a
//! search never follows a move by one of the same family unless that
//! makes a power the family cannot make in fewer moves (`U U` in the
//! quarter-turn metric, never `U U2`), never makes a move of a family it
//! could have made earlier in a run of commuting families (`U D U`), and
//! takes commuting families in one order (`U D`, never `D U`).
//!
//! The rules are an automaton over the families: its state is the set of
//! families in the current run of commuting ones, the last family, and
//! the power that family's moves have made so far. A sequence read in
//! reverse (the search grows answers from both ends) has its own
//! automaton, with commuting families in the opposite order, so that its
//! reverse is canonical.

use std::collections::HashMap;

use crate::model::Twisty;

/// The state of an empty sequence.
pub const START: u16 = 0;

/// The automaton of canonical sequences (or of their reverses).
#[derive(Clone, Debug)]
pub struct Canon {
    moves: usize,
    /// `next[state * moves + m]`, or [`Canon::DEAD`].
    next: Vec<u16>,
    /// The moves allowed after each state, a bit per move.
    allowed: Vec<u64>,
}

impl Canon {
    /// No state: the move is not allowed.
    pub const DEAD: u16 = u16::MAX;

    /// The automaton of `puzzle`'s canonical sequences, or of their
    /// reverses.
    #[must_use]
    pub fn new(puzzle: &Twisty, reverse: bool) -> Self {
        let commute = commuting(puzzle);
        let moves = puzzle.moves();
        let families = puzzle.families();
        // (run of commuting families, last family + 1, its power so far)
        type Key = (u64, u8, u8);
        let mut index: HashMap<Key, u16> = HashMap::new();
        let mut keys: Vec<Key> = vec![(0, 0, 0)];
        index.insert((0, 0, 0), START);
        let mut next = Vec::new();
        let mut allowed = Vec::new();
        let mut at = 0;
        while at < keys.len() {
            let (block, last, power) = keys[at];
            let mut mask = 0u64;
            for (m, mv) in moves.iter().enumerate() {
                let g = mv.family;
                let successor = if last == g as u8 + 1 {
                    let family = &families[g];
                    let k = (usize::from(power) + usize::from(mv.power)) % usize::from(family.order);
                    (family.length[k] == family.length[usize::from(power)] + 1).then_some((block, last, k as u8))
                } else {
                    let in_order = |h: usize| if reverse { h > g } else { h < g };
                    let fits = block & (1 << g) == 0
                        && (0..families.len()).all(|h| block & (1 << h) == 0 || !commute[h][g] || in_order(h));
                    let kept = (0..families.len()).filter(|&h| block & (1 << h) != 0 && commute[h][g]);
                    let block = kept.fold(1u64 << g, |b, h| b | 1 << h);
                    fits.then_some((block, g as u8 + 1, mv.power))
                };
                let id = match successor {
                    Some(key) => {
                        mask |= 1 << m;
                        *index.entry(key).or_insert_with(|| {
                            keys.push(key);
                            (keys.len() - 1) as u16
                        })
                    }
                    None => Self::DEAD,
                };
                next.push(id);
            }
            allowed.push(mask);
            at += 1;
        }
        Self { moves: moves.len(), next, allowed }
    }

    /// The moves allowed after `state`, a bit per move.
    #[inline]
    #[must_use]
    pub fn allowed(&self, state: u16) -> u64 {
        self.allowed[usize::from(state)]
    }

    /// The state after move `m` (which must be allowed).
    #[inline]
    #[must_use]
    pub fn next(&self, state: u16, m: usize) -> u16 {
        self.next[usize::from(state) * self.moves + m]
    }

    /// Whether `sequence` is canonical (read forward by the forward
    /// automaton).
    #[must_use]
    pub fn accepts(&self, sequence: &[usize]) -> bool {
        let mut state = START;
        for &m in sequence {
            if self.allowed(state) & (1 << m) == 0 {
                return false;
            }
            state = self.next(state, m);
        }
        true
    }

    /// How many states the automaton has.
    #[must_use]
    pub fn states(&self) -> usize {
        self.allowed.len()
    }
}

/// Whether families `f` and `g` commute, for every pair: their generators
/// (first moves) commute.
#[must_use]
pub fn commuting(puzzle: &Twisty) -> Vec<Vec<bool>> {
    let families = puzzle.families().len();
    let generator: Vec<usize> =
        (0..families).map(|f| puzzle.moves().iter().position(|m| m.family == f).unwrap_or(0)).collect();
    let id = puzzle.identity();
    (0..families)
        .map(|f| {
            (0..families)
                .map(|g| {
                    let fg = puzzle.apply(&puzzle.apply(&id, generator[f]), generator[g]);
                    let gf = puzzle.apply(&puzzle.apply(&id, generator[g]), generator[f]);
                    f != g && fg == gf
                })
                .collect()
        })
        .collect()
}
