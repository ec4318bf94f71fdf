//! The large tables (feature `std` to build, any to read): phase 1's
//! exact distance for every position, over (flip-slice class, twist), so
//! that phase 1 visits no dead end. About 146 MB, built in 10 to 20 seconds
//! on every core.
//!
//! Layout: a 16-byte header (label `GT2LARGE`, version, length), the
//! built-in tables whole, then the flip-slice classes (`u32` per raw
//! flip-slice, `class << 3 | sym`), each twist class's representative
//! seen through phase 1's symmetries (`u16` per (class, sym)), and the
//! distances, 4 bits per (flip-slice class, twist).

use crate::error::TablesError;
use crate::search::Phase1Bound;
use crate::symmetry::{SYM_INV, SYM_MULT};
use crate::tables::{HEADER, N_SLICE, N_TWIST, N_TWIST_CLASSES, Nibbles, P1, TABLES_LEN, Tables, U16s, check_header};

/// Flip-slice classes under phase 1's 8 symmetries.
pub(crate) const N_FLIPSLICE_CLASSES: usize = 128_688;
pub(crate) const N_FLIPSLICE: usize = 2048 * N_SLICE;
pub(crate) const LARGE_MAGIC: [u8; 8] = *b"GT2LARGE";

/// Section offsets after the header.
pub(crate) const LARGE_BASE: usize = HEADER;
pub(crate) const LARGE_FS_CLASS: usize = LARGE_BASE + TABLES_LEN;
pub(crate) const LARGE_TWIST_REP_CONJ: usize = LARGE_FS_CLASS + N_FLIPSLICE * 4;
pub(crate) const LARGE_PRUNE: usize = LARGE_TWIST_REP_CONJ + N_TWIST_CLASSES * 8 * 2;
pub(crate) const LARGE_ENTRIES: usize = N_FLIPSLICE_CLASSES * N_TWIST;

/// The large tables' length in bytes (about 146 MB).
pub const LARGE_TABLES_LEN: usize = LARGE_PRUNE + LARGE_ENTRIES.div_ceil(2);

/// The large tables, read where they lie (made by
/// `build_large_tables`): the built-in
/// tables and phase 1's exact distances. [`solve`](crate::solve) takes
/// them as it takes [`Tables`].
#[derive(Clone, Copy)]
pub struct LargeTables<'a> {
    pub(crate) base: Tables<'a>,
    fs_class: &'a [u8],
    twist_rep_conj: U16s<'a>,
    prune: Nibbles<'a>,
}

impl<'a> LargeTables<'a> {
    /// A view of large tables. Only the headers are checked (constant
    /// time), as for [`Tables::from_bytes`].
    ///
    /// # Errors
    ///
    /// [`TablesError::BadMagic`], [`TablesError::Version`] or
    /// [`TablesError::Length`], for the large tables' header or the
    /// built-in tables' inside.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<LargeTables<'a>, TablesError> {
        check_header(bytes, &LARGE_MAGIC, crate::tables::FORMAT_VERSION, LARGE_TABLES_LEN as u64)?;
        let base = Tables::from_bytes(&bytes[LARGE_BASE..LARGE_FS_CLASS])?;
        Ok(LargeTables {
            base,
            fs_class: &bytes[LARGE_FS_CLASS..LARGE_TWIST_REP_CONJ],
            twist_rep_conj: U16s::new(&bytes[LARGE_TWIST_REP_CONJ..LARGE_PRUNE]),
            prune: Nibbles::new(&bytes[LARGE_PRUNE..]),
        })
    }

    /// The built-in tables inside.
    #[must_use]
    pub fn tables(&self) -> &Tables<'a> {
        &self.base
    }

    #[inline(always)]
    fn distance(&self, at: &P1) -> u8 {
        self.prune.get(self.index(at))
    }

    /// The entry of the distance of `at`.
    #[inline(always)]
    fn index(&self, at: &P1) -> usize {
        let flip = self.base.flip_rep_conj.get(usize::from(at.fc) * 8 + usize::from(at.fs));
        let raw = usize::from(flip) * N_SLICE + usize::from(at.slice);
        let v = u32::from_le_bytes([
            self.fs_class[4 * raw],
            self.fs_class[4 * raw + 1],
            self.fs_class[4 * raw + 2],
            self.fs_class[4 * raw + 3],
        ]);
        let (class, inv) = (v as usize >> 3, usize::from(SYM_INV[v as usize & 7]));
        // The twist conj(conj(rep, ts), s⁻¹) = conj(rep, s⁻¹ · ts).
        let u = usize::from(SYM_MULT[inv][usize::from(at.ts)]);
        let twist = self.twist_rep_conj.get(usize::from(at.tc) * 8 + u);
        class * N_TWIST + usize::from(twist)
    }
}

impl Phase1Bound for LargeTables<'_> {
    #[inline(always)]
    fn phase1_child(&self, at: &P1, m: usize, cut: u8) -> (P1, u8) {
        // The built-in bounds first: in cache, they often settle it.
        let (next, bound) = self.base.phase1_child(at, m, cut);
        if bound >= cut {
            return (next, bound);
        }
        (next, self.distance(&next))
    }
    fn phase1_bound(&self, at: &P1) -> u8 {
        self.distance(at)
    }
    const MAX_PRE: usize = 1;
    const BATCH: bool = true;
    fn phase1_children(&self, at: &P1, mask: u32, cut: u8, out: &mut [(P1, u8); 18]) {
        // The built-in bounds first (in cache); then the exact distances of
        // the children they leave, read together so that the reads overlap.
        let mut fetch = 0u32;
        let mut index = [0usize; 18];
        for m in 0..18 {
            if mask & (1 << m) != 0 {
                let (next, bound) = self.base.phase1_child(at, m, cut);
                out[m] = (next, bound);
                if cut == 2 && bound == 0 {
                    // One move left: only the subgroup itself is near enough,
                    // and there the built-in bound is exact (0).
                    continue;
                }
                if bound + 1 < cut {
                    index[m] = self.index(&next);
                    fetch |= 1 << m;
                }
            }
        }
        for m in 0..18 {
            if fetch & (1 << m) != 0 {
                out[m].1 = self.prune.get(index[m]);
            }
        }
    }
    fn phase1_bound_cut(&self, at: &P1, cut: u8) -> u8 {
        let bound = self.base.phase1_bound(at);
        if bound >= cut { bound } else { self.distance(at) }
    }
}
