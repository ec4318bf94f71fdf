//! Building the large tables (feature `std`): the flip-slice classes, then
//! a breadth-first search of phase 1's distances over (class, twist) on
//! every core: forward from each level while it is small, backward (each
//! position still unknown looks for a neighbour one level down) once most
//! positions are near.

use alloc::vec::Vec;
use core::fmt;
use core::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use crate::build::{ALL_MOVES, classes, conj_table, move_table};
use crate::cube::Cube;
use crate::large::{LARGE_MAGIC, LARGE_TABLES_LEN, N_FLIPSLICE, N_FLIPSLICE_CLASSES};
use crate::symmetry::{SYM_INV, SYMS1};
use crate::tables::{FORMAT_VERSION, N_FLIP, N_SLICE, N_TWIST};

/// Why the large tables were not built.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LargeTablesError {
    /// Building them needs more memory than allowed.
    TooLittleMemory {
        /// The bytes building takes at the peak.
        needed: u64,
        /// The limit given.
        limit: u64,
    },
}

impl fmt::Display for LargeTablesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LargeTablesError::TooLittleMemory { needed, limit } => write!(
                f,
                "the large two-phase tables take {} MiB to build, more than the {} MiB allowed",
                needed >> 20,
                limit >> 20
            ),
        }
    }
}

impl std::error::Error for LargeTablesError {}

const UNSEEN: u8 = 0xff;

/// The memory building the large tables takes at the peak: one byte per
/// position during the search, and the tables written.
pub const LARGE_BUILD_MEMORY: u64 = (N_FLIPSLICE_CLASSES * N_TWIST + LARGE_TABLES_LEN + N_FLIPSLICE * 8) as u64;

/// Generates the large tables ([`LARGE_TABLES_LEN`] bytes, the same every
/// time) for [`LargeTables::from_bytes`](crate::LargeTables::from_bytes),
/// on every core of rayon's pool: 10 to 20 seconds on two cores, with
/// [`LARGE_BUILD_MEMORY`] bytes (about 430 MB) at the peak.
///
/// # Errors
///
/// [`LargeTablesError::TooLittleMemory`] when that peak is past
/// `max_memory` bytes.
pub fn build_large_tables(max_memory: u64) -> Result<Vec<u8>, LargeTablesError> {
    if LARGE_BUILD_MEMORY > max_memory {
        return Err(LargeTablesError::TooLittleMemory { needed: LARGE_BUILD_MEMORY, limit: max_memory });
    }
    let base = crate::build_tables();
    let twist_move = move_table(N_TWIST, &ALL_MOVES, Cube::set_twist, Cube::twist);
    let flip_move = move_table(N_FLIP, &ALL_MOVES, Cube::set_flip, Cube::flip);
    let slice_move = move_table(N_SLICE, &ALL_MOVES, Cube::set_slice, Cube::slice);
    let twist_conj = conj_table(N_TWIST, SYMS1, Cube::set_twist, Cube::twist);
    let flip_conj = conj_table(N_FLIP, SYMS1, Cube::set_flip, Cube::flip);
    let slice_conj = conj_table(N_SLICE, SYMS1, Cube::set_slice, Cube::slice);
    let twists = classes(N_TWIST, SYMS1, &twist_conj);

    // Flip-slice classes: `class << 3 | sym` for each raw flip-slice, with
    // raw = conj(rep, sym); each class's representative and stabiliser.
    let mut fs_class = alloc::vec![u32::MAX; N_FLIPSLICE];
    let (mut reps, mut stabiliser) = (Vec::new(), Vec::new());
    for x in 0..N_FLIPSLICE {
        if fs_class[x] != u32::MAX {
            continue;
        }
        let (f, sl) = (x / N_SLICE, x % N_SLICE);
        let c = reps.len() as u32;
        let mut stab = 0u8;
        for s in 0..SYMS1 {
            let y = usize::from(flip_conj[f * SYMS1 + s]) * N_SLICE + usize::from(slice_conj[sl * SYMS1 + s]);
            if y == x {
                stab |= 1 << s;
            }
            if fs_class[y] == u32::MAX {
                fs_class[y] = c << 3 | s as u32;
            }
        }
        reps.push(x as u32);
        stabiliser.push(stab);
    }
    assert_eq!(reps.len(), N_FLIPSLICE_CLASSES);

    let n = N_FLIPSLICE_CLASSES * N_TWIST;
    let mut dist: Vec<AtomicU8> = Vec::with_capacity(n);
    godtab_files::pages::prefer_huge_pages(dist.spare_capacity_mut());
    (0..n).into_par_iter().map(|_| AtomicU8::new(UNSEEN)).collect_into_vec(&mut dist);
    // The position (class, twist) after move m, as (class, twist) seen
    // through the symmetry that makes its flip-slice the class's
    // representative.
    let neighbour = |c: usize, t: usize, m: usize| {
        let rep = reps[c] as usize;
        let (f, sl) = (rep / N_SLICE, rep % N_SLICE);
        let y = usize::from(flip_move[f * 18 + m]) * N_SLICE + usize::from(slice_move[sl * 18 + m]);
        let v = fs_class[y];
        let (c2, s2) = (v as usize >> 3, v as usize & 7);
        let t2 = usize::from(twist_conj[usize::from(twist_move[t * 18 + m]) * SYMS1 + usize::from(SYM_INV[s2])]);
        (c2, t2)
    };
    dist[0].store(0, Ordering::Relaxed);
    let (mut at_depth, mut unseen) = (1usize, n - 1);
    let mut depth = 0u8;
    while unseen > 0 {
        assert!(at_depth > 0, "the phase 1 search stopped short");
        let forward = at_depth * 18 < unseen * 3;
        let found: usize = (0..N_FLIPSLICE_CLASSES)
            .into_par_iter()
            .map(|c| {
                let mut found = 0;
                for t in 0..N_TWIST {
                    let here = dist[c * N_TWIST + t].load(Ordering::Relaxed);
                    if forward && here == depth {
                        for m in 0..18 {
                            let (c2, t2) = neighbour(c, t, m);
                            let mut stab = stabiliser[c2];
                            while stab != 0 {
                                let s = stab.trailing_zeros() as usize;
                                stab &= stab - 1;
                                let i = c2 * N_TWIST + usize::from(twist_conj[t2 * SYMS1 + s]);
                                if dist[i]
                                    .compare_exchange(UNSEEN, depth + 1, Ordering::Relaxed, Ordering::Relaxed)
                                    .is_ok()
                                {
                                    found += 1;
                                }
                            }
                        }
                    } else if !forward && here == UNSEEN {
                        for m in 0..18 {
                            let (c2, t2) = neighbour(c, t, m);
                            if dist[c2 * N_TWIST + t2].load(Ordering::Relaxed) == depth {
                                dist[c * N_TWIST + t].store(depth + 1, Ordering::Relaxed);
                                found += 1;
                                break;
                            }
                        }
                    }
                }
                found
            })
            .sum();
        at_depth = found;
        unseen -= found;
        depth += 1;
        assert!(depth < 16, "a phase 1 distance past 15");
    }

    let mut out = Vec::with_capacity(LARGE_TABLES_LEN);
    // The solver reads the distances at random: 2 MiB pages spare it most
    // TLB misses.
    godtab_files::pages::prefer_huge_pages(out.spare_capacity_mut());
    out.extend_from_slice(&LARGE_MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(LARGE_TABLES_LEN as u32).to_le_bytes());
    out.extend_from_slice(&base);
    for v in &fs_class {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for &r in &twists.rep {
        for s in 0..SYMS1 {
            out.extend_from_slice(&twist_conj[usize::from(r) * SYMS1 + s].to_le_bytes());
        }
    }
    let start = out.len();
    out.resize(start + n.div_ceil(2), 0);
    out[start..].par_iter_mut().enumerate().for_each(|(i, byte)| {
        let lo = dist[2 * i].load(Ordering::Relaxed);
        let hi = dist.get(2 * i + 1).map_or(0, |d| d.load(Ordering::Relaxed));
        *byte = lo | hi << 4;
    });
    assert_eq!(out.len(), LARGE_TABLES_LEN);
    Ok(out)
}
