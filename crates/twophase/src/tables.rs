//! The built-in tables: their byte layout, and [`Tables`], a view of them
//! read in place (from a static in flash, a file's bytes, or a `Vec`).
//!
//! Layout: a 16-byte header (the label `GT2PHASE`, the format version and
//! the total length, both little-endian `u32`), then the sections of
//! [`Section`] in order, each a run of little-endian `u16` values or of
//! 4-bit distances (two per byte, the even index in the low half).

use crate::error::TablesError;
use crate::symmetry::{MOVE_CONJ, SYM_INV, SYM_MULT};

/// Raw coordinate sizes.
pub(crate) const N_TWIST: usize = 2187;
pub(crate) const N_FLIP: usize = 2048;
pub(crate) const N_SLICE: usize = 495;
pub(crate) const N_PERM: usize = 40320;
pub(crate) const N_MPERM: usize = 24;
/// Corner combination (of the U layer's corners) and permutation parity.
pub(crate) const N_COMB: usize = 140;
/// U-D edge combination (of the U layer's edges).
pub(crate) const N_EDGE_COMB: usize = 70;
/// Classes under phase 1's 8 symmetries.
pub(crate) const N_TWIST_CLASSES: usize = 324;
pub(crate) const N_FLIP_CLASSES: usize = 336;
/// Corner (and U-D edge) permutation classes under phase 2's 16.
pub(crate) const N_PERM_CLASSES: usize = 2768;
/// Phase 2's moves: U U2 U' R2 F2 D D2 D' L2 B2.
pub(crate) const P2_MOVES: [u8; 10] = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];
/// Each move's place in [`P2_MOVES`] (0xff for the others).
pub(crate) const P2_INDEX: [u8; 18] = {
    let mut out = [0xff; 18];
    let mut i = 0;
    while i < P2_MOVES.len() {
        out[P2_MOVES[i] as usize] = i as u8;
        i += 1;
    }
    out
};

/// The label the tables start with.
pub(crate) const MAGIC: [u8; 8] = *b"GT2PHASE";
/// The format version: raised whenever the layout or a coordinate's
/// numbering changes (tables of another version are refused, and must be
/// generated again with `build_tables`).
pub const FORMAT_VERSION: u32 = 1;
pub(crate) const HEADER: usize = 16;

/// The sections, in order.
#[derive(Clone, Copy)]
pub(crate) enum Section {
    /// A twist class's representative after each move: `class << 3 |
    /// sym` per (class, move).
    TwistClassMove,
    /// The same for flip classes.
    FlipClassMove,
    /// Slice after each move.
    SliceMove,
    /// Twist's class and symmetry: `class << 3 | sym`, with `twist =
    /// conj(rep, sym)`.
    TwistClass,
    /// Flip's class and symmetry.
    FlipClass,
    /// Slice seen through each of phase 1's symmetries: (slice, sym).
    SliceConj,
    /// A flip class's representative seen through each of phase 1's
    /// symmetries (a raw flip).
    FlipRepConj,
    /// Phase 1 distance bound: (twist class, slice), 4 bits.
    SliceTwistPrune,
    /// Phase 1 distance bound: (flip class, slice), 4 bits.
    SliceFlipPrune,
    /// Phase 1 distance bound: (twist class, flip), 4 bits.
    TwistFlipPrune,
    /// Corner permutation's class and symmetry: `class << 4 | sym`.
    CornerClass,
    /// U-D edge permutation's class and symmetry.
    EdgeClass,
    /// A corner class's representative after each phase 2 move:
    /// `class << 4 | sym` per (class, move).
    CornerClassMove,
    /// The same for the U-D edges.
    EdgeClassMove,
    /// Slice permutation after each phase 2 move.
    SlicePermMove,
    /// Slice permutation seen through each of the 16 symmetries.
    SlicePermConj,
    /// Phase 2 distance bound: (corner class, slice permutation), 4 bits.
    CornerPrune,
    /// Corner combination and parity after each phase 2 move.
    CombMove,
    /// Corner combination and parity seen through each of the 16
    /// symmetries.
    CombConj,
    /// Phase 2 distance bound: (edge class, corner combination and
    /// parity), 4 bits.
    EdgeCombPrune,
    /// The inverse of each U-D edge class's representative: `class << 4
    /// | sym`.
    EdgeInverse,
    /// The corner combination and parity of the inverse of each corner
    /// class's representative.
    CornerInverseComb,
    /// Edge combination after each phase 2 move.
    EdgeCombMove,
    /// Edge combination seen through each of the 16 symmetries.
    EdgeCombConj,
    /// Phase 2 distance bound: (corner class, edge combination), 4 bits.
    CornerEdgeCombPrune,
}

pub(crate) const SECTIONS: usize = 25;

/// Each section's size in bytes.
pub(crate) const SECTION_BYTES: [usize; SECTIONS] = [
    N_TWIST_CLASSES * 18 * 2,
    N_FLIP_CLASSES * 18 * 2,
    N_SLICE * 18 * 2,
    N_TWIST * 2,
    N_FLIP * 2,
    N_SLICE * 8 * 2,
    N_FLIP_CLASSES * 8 * 2,
    (N_TWIST_CLASSES * N_SLICE).div_ceil(2),
    (N_FLIP_CLASSES * N_SLICE).div_ceil(2),
    (N_TWIST_CLASSES * N_FLIP).div_ceil(2),
    N_PERM * 2,
    N_PERM * 2,
    N_PERM_CLASSES * 10 * 2,
    N_PERM_CLASSES * 10 * 2,
    N_MPERM * 10 * 2,
    N_MPERM * 16 * 2,
    (N_PERM_CLASSES * N_MPERM).div_ceil(2),
    N_COMB * 10 * 2,
    N_COMB * 16 * 2,
    (N_PERM_CLASSES * N_COMB).div_ceil(2),
    N_PERM_CLASSES * 2,
    N_PERM_CLASSES * 2,
    N_EDGE_COMB * 10 * 2,
    N_EDGE_COMB * 16 * 2,
    (N_PERM_CLASSES * N_EDGE_COMB).div_ceil(2),
];

/// Each section's offset from the start of the bytes.
pub(crate) const SECTION_OFFSET: [usize; SECTIONS + 1] = {
    let mut out = [0; SECTIONS + 1];
    out[0] = HEADER;
    let mut i = 0;
    while i < SECTIONS {
        out[i + 1] = out[i] + SECTION_BYTES[i];
        i += 1;
    }
    out
};

/// The built-in tables' length in bytes.
pub const TABLES_LEN: usize = SECTION_OFFSET[SECTIONS];

/// Checks a header: label, version, then length.
pub(crate) fn check_header(bytes: &[u8], magic: &[u8; 8], version: u32, len: u64) -> Result<(), TablesError> {
    if bytes.len() < HEADER || bytes[..8] != magic[..] {
        return Err(TablesError::BadMagic);
    }
    let got = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
    if got != version {
        return Err(TablesError::Version { expected: version, got });
    }
    let said = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]);
    if u64::from(said) != len || bytes.len() as u64 != len {
        return Err(TablesError::Length { expected: len, got: bytes.len() as u64 });
    }
    Ok(())
}

/// A run of little-endian `u16` values.
#[derive(Clone, Copy)]
pub(crate) struct U16s<'a>(&'a [u8]);

impl<'a> U16s<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> U16s<'a> {
        U16s(bytes)
    }
    #[inline(always)]
    pub(crate) fn get(self, i: usize) -> u16 {
        u16::from_le_bytes([self.0[2 * i], self.0[2 * i + 1]])
    }
}

/// A run of 4-bit values.
#[derive(Clone, Copy)]
pub(crate) struct Nibbles<'a>(&'a [u8]);

impl<'a> Nibbles<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Nibbles<'a> {
        Nibbles(bytes)
    }
    #[inline(always)]
    pub(crate) fn get(self, i: usize) -> u8 {
        (self.0[i >> 1] >> ((i & 1) << 2)) & 15
    }
}

/// The built-in tables, read where they lie: 1.18 MB, made by
/// `build_tables`, in any byte source that lives
/// as long as the view (a `static` array in flash, a memory-mapped file, a
/// `Vec<u8>`).
///
/// A firmware image can carry them as a `static`, written beforehand (for
/// instance by a build script calling `build_tables`):
///
/// ```text
/// static TABLES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/twophase.bin"));
/// let tables = godtab_twophase::Tables::from_bytes(TABLES)?;
/// ```
#[derive(Clone, Copy)]
pub struct Tables<'a> {
    pub(crate) twist_class_move: U16s<'a>,
    pub(crate) flip_class_move: U16s<'a>,
    pub(crate) slice_move: U16s<'a>,
    pub(crate) twist_class: U16s<'a>,
    pub(crate) flip_class: U16s<'a>,
    pub(crate) slice_conj: U16s<'a>,
    pub(crate) flip_rep_conj: U16s<'a>,
    pub(crate) slice_twist_prune: Nibbles<'a>,
    pub(crate) slice_flip_prune: Nibbles<'a>,
    pub(crate) twist_flip_prune: Nibbles<'a>,
    pub(crate) corner_class: U16s<'a>,
    pub(crate) edge_class: U16s<'a>,
    pub(crate) corner_class_move: U16s<'a>,
    pub(crate) edge_class_move: U16s<'a>,
    pub(crate) slice_perm_move: U16s<'a>,
    pub(crate) slice_perm_conj: U16s<'a>,
    pub(crate) corner_prune: Nibbles<'a>,
    pub(crate) comb_move: U16s<'a>,
    pub(crate) comb_conj: U16s<'a>,
    pub(crate) edge_comb_prune: Nibbles<'a>,
    pub(crate) edge_inverse: U16s<'a>,
    pub(crate) corner_inverse_comb: U16s<'a>,
    pub(crate) edge_comb_move: U16s<'a>,
    pub(crate) edge_comb_conj: U16s<'a>,
    pub(crate) corner_edge_comb_prune: Nibbles<'a>,
    bytes: &'a [u8],
}

impl<'a> Tables<'a> {
    /// A view of tables made by `build_tables`.
    /// Only the header is checked (label, version, length: constant time);
    /// tables that pass it but were altered can make [`solve`](crate::solve)
    /// answer wrongly, search long or panic on an index out of bounds
    /// (memory stays safe: the crate has no unsafe code), so keep them
    /// under a checksum where they may be damaged. The bytes need no
    /// alignment.
    ///
    /// # Panics
    ///
    /// Never, for any input.
    ///
    /// # Errors
    ///
    /// [`TablesError::BadMagic`], [`TablesError::Version`] or
    /// [`TablesError::Length`], in that order of checking.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Tables<'a>, TablesError> {
        check_header(bytes, &MAGIC, FORMAT_VERSION, TABLES_LEN as u64)?;
        let s = |section: Section| {
            let i = section as usize;
            &bytes[SECTION_OFFSET[i]..SECTION_OFFSET[i + 1]]
        };
        Ok(Tables {
            twist_class_move: U16s(s(Section::TwistClassMove)),
            flip_class_move: U16s(s(Section::FlipClassMove)),
            slice_move: U16s(s(Section::SliceMove)),
            twist_class: U16s(s(Section::TwistClass)),
            flip_class: U16s(s(Section::FlipClass)),
            slice_conj: U16s(s(Section::SliceConj)),
            flip_rep_conj: U16s(s(Section::FlipRepConj)),
            slice_twist_prune: Nibbles(s(Section::SliceTwistPrune)),
            slice_flip_prune: Nibbles(s(Section::SliceFlipPrune)),
            twist_flip_prune: Nibbles(s(Section::TwistFlipPrune)),
            corner_class: U16s(s(Section::CornerClass)),
            edge_class: U16s(s(Section::EdgeClass)),
            corner_class_move: U16s(s(Section::CornerClassMove)),
            edge_class_move: U16s(s(Section::EdgeClassMove)),
            slice_perm_move: U16s(s(Section::SlicePermMove)),
            slice_perm_conj: U16s(s(Section::SlicePermConj)),
            corner_prune: Nibbles(s(Section::CornerPrune)),
            comb_move: U16s(s(Section::CombMove)),
            comb_conj: U16s(s(Section::CombConj)),
            edge_comb_prune: Nibbles(s(Section::EdgeCombPrune)),
            edge_inverse: U16s(s(Section::EdgeInverse)),
            corner_inverse_comb: U16s(s(Section::CornerInverseComb)),
            edge_comb_move: U16s(s(Section::EdgeCombMove)),
            edge_comb_conj: U16s(s(Section::EdgeCombConj)),
            corner_edge_comb_prune: Nibbles(s(Section::CornerEdgeCombPrune)),
            bytes,
        })
    }

    /// The bytes the view reads.
    #[must_use]
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Phase 1's coordinates of `cube`.
    pub(crate) fn phase1_coords(&self, cube: &crate::cube::Cube) -> P1 {
        let t = self.twist_class.get(usize::from(cube.twist()));
        let f = self.flip_class.get(usize::from(cube.flip()));
        P1 { tc: t >> 3, ts: t & 7, fc: f >> 3, fs: f & 7, slice: cube.slice() }
    }

    /// Phase 1's coordinates after move `m` and a lower bound on their
    /// distance, or only some value at least `cut` when the bound is at
    /// least `cut` (then the coordinates are unfinished): the three tables
    /// are read one by one, the flip moved only when the first does not
    /// reach `cut`.
    #[inline(always)]
    pub(crate) fn phase1_child(&self, at: &P1, m: usize, cut: u8) -> (P1, u8) {
        let t = self.twist_class_move.get(usize::from(at.tc) * 18 + usize::from(MOVE_CONJ_INV[usize::from(at.ts)][m]));
        let mut next = P1 {
            tc: t >> 3,
            ts: u16::from(SYM_MULT[usize::from(at.ts)][usize::from(t & 7)]),
            fc: 0,
            fs: 0,
            slice: self.slice_move.get(usize::from(at.slice) * 18 + m),
        };
        let (tc, t_inv) = (usize::from(next.tc), usize::from(SYM_INV[usize::from(next.ts)]));
        let slice = usize::from(next.slice) * 8;
        let a = self.slice_twist_prune.get(tc * N_SLICE + usize::from(self.slice_conj.get(slice + t_inv)));
        if a >= cut {
            return (next, a);
        }
        let f = self.flip_class_move.get(usize::from(at.fc) * 18 + usize::from(MOVE_CONJ_INV[usize::from(at.fs)][m]));
        next.fc = f >> 3;
        next.fs = u16::from(SYM_MULT[usize::from(at.fs)][usize::from(f & 7)]);
        (next, a.max(self.flip_bounds(&next, tc, t_inv, slice, cut)))
    }

    /// Whether move `m` takes `at` into phase 2's subgroup (read from the
    /// move tables alone, no bound).
    #[inline(always)]
    pub(crate) fn enters_subgroup(&self, at: &P1, m: usize) -> bool {
        let t = self.twist_class_move.get(usize::from(at.tc) * 18 + usize::from(MOVE_CONJ_INV[usize::from(at.ts)][m]));
        if t >> 3 != 0 || self.slice_move.get(usize::from(at.slice) * 18 + m) != 0 {
            return false;
        }
        let f = self.flip_class_move.get(usize::from(at.fc) * 18 + usize::from(MOVE_CONJ_INV[usize::from(at.fs)][m]));
        f >> 3 == 0
    }

    /// The bounds of the slice-flip and twist-flip tables (see
    /// [`phase1_child`](Self::phase1_child)).
    #[inline(always)]
    fn flip_bounds(&self, at: &P1, tc: usize, t_inv: usize, slice: usize, cut: u8) -> u8 {
        let f_inv = usize::from(SYM_INV[usize::from(at.fs)]);
        let b =
            self.slice_flip_prune.get(usize::from(at.fc) * N_SLICE + usize::from(self.slice_conj.get(slice + f_inv)));
        if b >= cut {
            return b;
        }
        // The flip seen through the twist's inverse symmetry:
        // conj(conj(rep, fs), ts⁻¹) = conj(rep, ts⁻¹ · fs).
        let u = usize::from(SYM_MULT[t_inv][usize::from(at.fs)]);
        let flip = self.flip_rep_conj.get(usize::from(at.fc) * 8 + u);
        b.max(self.twist_flip_prune.get(tc * N_FLIP + usize::from(flip)))
    }

    /// A lower bound on the phase 1 distance of `at`.
    pub(crate) fn phase1_bound(&self, at: &P1) -> u8 {
        let (tc, t_inv) = (usize::from(at.tc), usize::from(SYM_INV[usize::from(at.ts)]));
        let slice = usize::from(at.slice) * 8;
        let a = self.slice_twist_prune.get(tc * N_SLICE + usize::from(self.slice_conj.get(slice + t_inv)));
        a.max(self.flip_bounds(at, tc, t_inv, slice, u8::MAX))
    }
}

/// `MOVE_CONJ_INV[s][m]`: the face turn `conj(m, s⁻¹)`.
const MOVE_CONJ_INV: [[u8; 18]; 16] = {
    let mut out = [[0; 18]; 16];
    let mut s = 0;
    while s < 16 {
        out[s] = MOVE_CONJ[SYM_INV[s] as usize];
        s += 1;
    }
    out
};

/// Phase 1's coordinates: twist and flip as a class and a symmetry, the
/// slice raw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct P1 {
    pub(crate) tc: u16,
    pub(crate) ts: u16,
    pub(crate) fc: u16,
    pub(crate) fs: u16,
    pub(crate) slice: u16,
}

impl P1 {
    /// Whether the position is in phase 2's subgroup.
    #[inline(always)]
    pub(crate) fn in_subgroup(&self) -> bool {
        self.tc == 0 && self.fc == 0 && self.slice == 0
    }
}
