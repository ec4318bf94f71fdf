//! Patterns over orbits, and how their values are numbered.
//!
//! A pattern sees each orbit through *groups*: the pieces of one group
//! cannot be told apart by it, and a group's orientations count or not.
//! "All corners" puts every corner in a group of its own, oriented; a
//! pattern of 7 edges puts them in groups of their own and the other 5 in
//! one unoriented group; the corners split into the U and D layers, every
//! edge oriented and the middle four told from the others, is the pattern
//! of Rokicki's nxopt tables. Its value for a state is the arrangement of
//! the groups over the positions and the orientations of the oriented
//! pieces: exactly what stays the same when the state is premultiplied by
//! a member of the subgroup `H` that permutes pieces within groups and
//! reorients unoriented ones (the value is the coset `H·s`). A move maps
//! cosets to cosets, so a breadth-first search over the values gives
//! each one's distance from the solved value, a lower bound on the
//! distance of every state with that value.
//!
//! # Numbering (the one rule; `docs/FORMAT.md` repeats it)
//!
//! Each orbit the pattern sees is a *component*, valued
//! `arrangement × orientations + orientation`:
//!
//! - `arrangement`: the lexicographic rank of the sequence of groups at
//!   the orbit's positions, among all sequences with the same group sizes
//!   (`n!/(k₁!k₂!…)`);
//! - `orientation`: the orientations at the positions holding pieces of
//!   oriented groups, in position order, in base `o`, the first least
//!   significant; when every group is oriented and the moves keep the
//!   orbit's orientations summing to 0, the last position is left out.
//!
//! Without symmetry a value is the components in orbit order in mixed
//! radix, the first most significant. With symmetry one component (the
//! *main* one, [`Coder::main`]) is replaced by the number of its class
//! under the pattern's symmetries (classes numbered by their least member),
//! and the other components are those of the symmetry that takes the main
//! component to that least member; a class that some symmetry maps to
//! itself holds the values of every such symmetry (all filled in alike).

mod coder;
mod component;

use std::collections::HashMap;

pub use coder::Coder;
pub use component::Component;

use crate::model::{Cells, MAX_ORBITS, MAX_POSITIONS, Twisty, cell, ori, piece};

/// The components' values of a pattern, in component order.
pub type Values = [u64; MAX_ORBITS];

/// The components' (arrangement, orientation) parts, in component order.
pub type Parts = [(u64, u64); MAX_ORBITS];

/// What ranks a component quickly from a 16-byte lane holding its orbit
/// (see the lanes kernel): two groups, every one oriented or none.
#[derive(Clone, Copy, Debug)]
pub struct QuickRank<'a> {
    /// The orbit.
    pub orbit: usize,
    /// The group (0 or 1) of each piece, by its number within the orbit.
    pub groups: [u8; 16],
    /// The arrangement of each set of positions holding group 1.
    pub mask_rank: &'a [u32],
    /// Orientation digits (the first positions' orientations, the first
    /// least significant).
    pub digits: usize,
    /// Orientations of the orbit's pieces.
    pub modulus: u8,
}
use crate::symmetry::{Group, Symmetry};

/// The tables of a pattern of two components whose first is reduced by
/// symmetry and whose second is separable, its orientations modulo 2 (see
/// [`Coder::pair_code`]). Its index is `class * rest + value`, the first
/// component's raw value `arrangement * first_orientations + orientation`
/// giving `reduce[raw] = class << 8 | k`, and the second's value under the
/// symmetry `k`: `arrangements[a * symmetries + k] * second_orientations`
/// plus `orientations[x * symmetries + k] ^ added[a * symmetries + k]`
/// (the identity is `k = 0`).
#[derive(Clone, Copy, Debug)]
pub struct PairCode<'a> {
    /// Per raw value of the first component: its class << 8 | the symmetry
    /// taking it to its class's least member.
    pub reduce: &'a [u32],
    /// Orientation values of the first component.
    pub first_orientations: u64,
    /// Orientation values of the second (a power of 2).
    pub second_orientations: u64,
    /// Symmetries that keep the pattern.
    pub symmetries: usize,
    /// The second component's arrangements under each symmetry.
    pub arrangements: &'a [u32],
    /// The orientation each arrangement adds under each symmetry.
    pub added: &'a [u32],
    /// The second component's orientations under each symmetry.
    pub orientations: &'a [u32],
    /// Values of the second component.
    pub rest: u64,
}

/// A pattern as a spec gives it: for every piece (its home position, over
/// all orbits), its group within its orbit, and whether its orientation
/// counts. An orbit whose pieces are all in group 0, unoriented, is not
/// seen at all.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PatternDef {
    /// The group of every piece, numbered from 0 within each orbit.
    pub groups: Vec<u8>,
    /// Whether each piece's orientation counts (the same for every piece
    /// of a group).
    pub oriented: Vec<bool>,
}

impl PatternDef {
    /// The pattern that sees everything: every piece its own group,
    /// oriented.
    #[must_use]
    pub fn everything(puzzle: &Twisty) -> Self {
        let mut groups = Vec::new();
        for orbit in puzzle.orbits() {
            groups.extend(0..orbit.pieces as u8);
        }
        Self { groups, oriented: vec![true; puzzle.positions()] }
    }

    /// Checks the pattern against the puzzle: one group and orientation
    /// flag per piece, groups numbered from 0 with none skipped, one flag
    /// per group, and pieces that cannot be told apart in the solved
    /// state in one group.
    ///
    /// # Errors
    ///
    /// What is wrong, in words.
    pub fn check(&self, puzzle: &Twisty) -> Result<(), String> {
        let n = puzzle.positions();
        if self.groups.len() != n || self.oriented.len() != n {
            return Err(format!("a pattern gives {} pieces, the puzzle has {n}", self.groups.len()));
        }
        for orbit in puzzle.orbits() {
            let range = orbit.positions();
            let groups = &self.groups[range.clone()];
            let count = usize::from(groups.iter().copied().max().unwrap_or(0)) + 1;
            for g in 0..count {
                let members: Vec<usize> = range.clone().filter(|&q| usize::from(self.groups[q]) == g).collect();
                let Some(&first) = members.first() else {
                    return Err(format!("{}: group {g} has no piece (groups are numbered from 0)", orbit.name));
                };
                if members.iter().any(|&q| self.oriented[q] != self.oriented[first]) {
                    return Err(format!("{}: some pieces of group {g} are oriented and some not", orbit.name));
                }
            }
            let labels = puzzle.labels();
            for q in range.clone() {
                for r in range.clone() {
                    if labels[q] == labels[r]
                        && (self.groups[q] != self.groups[r] || self.oriented[q] != self.oriented[r])
                    {
                        return Err(format!(
                            "{}: pieces {} and {} cannot be told apart in the solved state, so they belong in one \
                             group",
                            orbit.name,
                            q - orbit.start + 1,
                            r - orbit.start + 1
                        ));
                    }
                }
            }
        }
        if (0..n).all(|q| self.groups[q] == 0 && !self.oriented[q]) {
            return Err("the pattern sees nothing: give some pieces groups of their own or orientations".into());
        }
        Ok(())
    }

    /// Whether `symmetry` maps this pattern to itself: each group onto a
    /// group, oriented onto oriented, with one orientation offset per
    /// oriented group.
    #[must_use]
    pub fn is_kept_by(&self, puzzle: &Twisty, symmetry: &Symmetry) -> bool {
        let n = puzzle.positions();
        let together =
            |q: usize, r: usize| puzzle.orbit_of(q) == puzzle.orbit_of(r) && self.groups[q] == self.groups[r];
        (0..n).all(|q| {
            let image = usize::from(symmetry.perm[q]);
            self.oriented[image] == self.oriented[q]
                && (0..n).all(|r| {
                    let other = usize::from(symmetry.perm[r]);
                    together(q, r) == together(image, other)
                        && (!together(q, r) || !self.oriented[q] || symmetry.offset[r] == symmetry.offset[q])
                })
        })
    }
}

/// The most values a component may have for its whole-value tables (a
/// move table and, under symmetry, a conjugation table).
pub(crate) const TABLE_LIMIT: u64 = 1 << 22;

/// The most sequences of groups a component ranks through a table (4 MiB
/// of ranks: the cube's edges in three groups of four have 3^12).
const CODE_LIMIT: u64 = 1 << 20;
