//! Generating the built-in tables (feature `alloc`): move tables from the
//! cubie model, symmetry classes, and breadth-first searches for the
//! distance bounds. Deterministic: the same bytes every time.

use alloc::vec;
use alloc::vec::Vec;

use crate::cube::{Cube, MOVE_CUBES};
use crate::symmetry::{SYM_INV, SYMS, SYMS1, conj};
use crate::tables::*;

/// Unknown distance during a search.
const UNSEEN: u8 = 0xff;

/// A raw coordinate's move table: `get(cube)` after each of `moves`, from
/// the cube `set(coordinate)`.
pub(crate) fn move_table(n: usize, moves: &[u8], set: impl Fn(&mut Cube, u16), get: impl Fn(&Cube) -> u16) -> Vec<u16> {
    let mut out = Vec::with_capacity(n * moves.len());
    let mut c = Cube::SOLVED;
    for x in 0..n {
        set(&mut c, x as u16);
        for &m in moves {
            out.push(get(&c.then(&MOVE_CUBES[usize::from(m)])));
        }
    }
    out
}

/// A raw coordinate seen through each of the first `syms` symmetries:
/// `(x, s) -> get(conj(set(x), s))`.
pub(crate) fn conj_table(n: usize, syms: usize, set: impl Fn(&mut Cube, u16), get: impl Fn(&Cube) -> u16) -> Vec<u16> {
    let mut out = Vec::with_capacity(n * syms);
    let mut c = Cube::SOLVED;
    for x in 0..n {
        set(&mut c, x as u16);
        for s in 0..syms {
            out.push(get(&conj(&c, s)));
        }
    }
    out
}

/// Symmetry classes of a coordinate, from its conjugation table: for each
/// raw value its class and the symmetry `s` with `value = conj(rep, s)`,
/// and each class's representative (the smallest value).
pub(crate) struct Classes {
    pub(crate) class: Vec<u16>,
    pub(crate) sym: Vec<u8>,
    pub(crate) rep: Vec<u16>,
    /// Each class's stabiliser: the symmetries that fix its representative.
    pub(crate) stabiliser: Vec<u16>,
}

pub(crate) fn classes(n: usize, syms: usize, conj: &[u16]) -> Classes {
    let mut class = vec![u16::MAX; n];
    let mut sym = vec![0u8; n];
    let (mut rep, mut stabiliser) = (Vec::new(), Vec::new());
    for x in 0..n {
        if class[x] != u16::MAX {
            continue;
        }
        let c = rep.len() as u16;
        let mut stab = 0u16;
        for s in 0..syms {
            let y = usize::from(conj[x * syms + s]);
            if y == x {
                stab |= 1 << s;
            }
            if class[y] == u16::MAX {
                class[y] = c;
                sym[y] = s as u8;
            }
        }
        rep.push(x as u16);
        stabiliser.push(stab);
    }
    Classes { class, sym, rep, stabiliser }
}

/// A distance table over (class, raw) pairs by breadth-first search from
/// the solved state, with `moves` moves: `class_move(class, m)` is the
/// class and symmetry of the representative after move `m`, `raw_move(r,
/// m)` the raw coordinate after it, `raw_conj(r, s)` the raw coordinate
/// seen through symmetry `s`. One byte per entry.
pub(crate) fn bfs(
    n_classes: usize,
    n_raw: usize,
    moves: usize,
    stabiliser: &[u16],
    class_move: impl Fn(usize, usize) -> (usize, usize),
    raw_move: impl Fn(usize, usize) -> usize,
    raw_conj: impl Fn(usize, usize) -> usize,
) -> Vec<u8> {
    let mut dist = vec![UNSEEN; n_classes * n_raw];
    let fill = |dist: &mut [u8], c: usize, r: usize, d: u8| {
        let mut seen = 0;
        let mut stab = stabiliser[c];
        while stab != 0 {
            let t = stab.trailing_zeros() as usize;
            stab &= stab - 1;
            let i = c * n_raw + raw_conj(r, t);
            if dist[i] == UNSEEN {
                dist[i] = d;
                seen += 1;
            }
        }
        seen
    };
    let mut filled = fill(&mut dist, 0, 0, 0);
    let mut depth = 0u8;
    while filled < dist.len() {
        let mut next = 0;
        for i in 0..dist.len() {
            if dist[i] != depth {
                continue;
            }
            let (c, r) = (i / n_raw, i % n_raw);
            for m in 0..moves {
                let (c2, s2) = class_move(c, m);
                let r2 = raw_conj(raw_move(r, m), usize::from(SYM_INV[s2]));
                next += fill(&mut dist, c2, r2, depth + 1);
            }
        }
        assert!(next > 0, "a distance table's search stopped short");
        filled += next;
        depth += 1;
    }
    dist
}

/// Packs distances (each below 16) two to a byte.
pub(crate) fn pack_nibbles(dist: &[u8], out: &mut Vec<u8>) {
    for pair in dist.chunks(2) {
        assert!(pair.iter().all(|&d| d < 16), "a distance past 15");
        out.push(pair[0] | pair.get(1).map_or(0, |&d| d << 4));
    }
}

fn push_u16s(values: impl IntoIterator<Item = u16>, out: &mut Vec<u8>) {
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

pub(crate) const ALL_MOVES: [u8; 18] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

/// Generates the built-in tables: [`TABLES_LEN`] bytes, the same every
/// time, for [`Tables::from_bytes`]. Takes about a second in an optimised
/// build.
#[must_use]
pub fn build_tables() -> Vec<u8> {
    let mut out = Vec::with_capacity(TABLES_LEN);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(TABLES_LEN as u32).to_le_bytes());

    // Phase 1.
    let twist_move = move_table(N_TWIST, &ALL_MOVES, Cube::set_twist, Cube::twist);
    let flip_move = move_table(N_FLIP, &ALL_MOVES, Cube::set_flip, Cube::flip);
    let slice_move = move_table(N_SLICE, &ALL_MOVES, Cube::set_slice, Cube::slice);
    let twist_conj = conj_table(N_TWIST, SYMS1, Cube::set_twist, Cube::twist);
    let flip_conj = conj_table(N_FLIP, SYMS1, Cube::set_flip, Cube::flip);
    let slice_conj = conj_table(N_SLICE, SYMS1, Cube::set_slice, Cube::slice);
    let twists = classes(N_TWIST, SYMS1, &twist_conj);
    let flips = classes(N_FLIP, SYMS1, &flip_conj);
    assert_eq!((twists.rep.len(), flips.rep.len()), (N_TWIST_CLASSES, N_FLIP_CLASSES));
    let class_sym1 = |c: &Classes, x: usize| c.class[x] << 3 | u16::from(c.sym[x]);
    let rep_moves1 = |c: &Classes, table: &[u16]| {
        let moves: Vec<u16> =
            c.rep.iter().flat_map(|&r| (0..18).map(move |m| table[usize::from(r) * 18 + m])).collect();
        moves.into_iter().map(|x| class_sym1(c, usize::from(x))).collect::<Vec<u16>>()
    };
    push_u16s(rep_moves1(&twists, &twist_move), &mut out);
    push_u16s(rep_moves1(&flips, &flip_move), &mut out);
    push_u16s(slice_move.iter().copied(), &mut out);
    push_u16s((0..N_TWIST).map(|x| class_sym1(&twists, x)), &mut out);
    push_u16s((0..N_FLIP).map(|x| class_sym1(&flips, x)), &mut out);
    push_u16s(slice_conj.iter().copied(), &mut out);
    let flip_conj_ref = &flip_conj;
    push_u16s(
        flips.rep.iter().flat_map(|&r| (0..SYMS1).map(move |s| flip_conj_ref[usize::from(r) * SYMS1 + s])),
        &mut out,
    );
    let class_move = |c: &Classes, table: &[u16], class: usize, m: usize| {
        let x = usize::from(table[usize::from(c.rep[class]) * 18 + m]);
        (usize::from(c.class[x]), usize::from(c.sym[x]))
    };
    let slice_twist = bfs(
        N_TWIST_CLASSES,
        N_SLICE,
        18,
        &twists.stabiliser,
        |c, m| class_move(&twists, &twist_move, c, m),
        |r, m| usize::from(slice_move[r * 18 + m]),
        |r, s| usize::from(slice_conj[r * SYMS1 + s]),
    );
    pack_nibbles(&slice_twist, &mut out);
    let slice_flip = bfs(
        N_FLIP_CLASSES,
        N_SLICE,
        18,
        &flips.stabiliser,
        |c, m| class_move(&flips, &flip_move, c, m),
        |r, m| usize::from(slice_move[r * 18 + m]),
        |r, s| usize::from(slice_conj[r * SYMS1 + s]),
    );
    pack_nibbles(&slice_flip, &mut out);
    let twist_flip = bfs(
        N_TWIST_CLASSES,
        N_FLIP,
        18,
        &twists.stabiliser,
        |c, m| class_move(&twists, &twist_move, c, m),
        |r, m| usize::from(flip_move[r * 18 + m]),
        |r, s| usize::from(flip_conj[r * SYMS1 + s]),
    );
    pack_nibbles(&twist_flip, &mut out);

    // Phase 2.
    let corner_conj = conj_table(N_PERM, SYMS, Cube::set_corner_perm, Cube::corner_perm);
    let edge_conj = conj_table(N_PERM, SYMS, Cube::set_edge_perm, Cube::edge_perm);
    let corners = classes(N_PERM, SYMS, &corner_conj);
    let edges = classes(N_PERM, SYMS, &edge_conj);
    assert_eq!((corners.rep.len(), edges.rep.len()), (N_PERM_CLASSES, N_PERM_CLASSES));
    let class_sym = |c: &Classes, x: usize| c.class[x] << 4 | u16::from(c.sym[x]);
    push_u16s((0..N_PERM).map(|x| class_sym(&corners, x)), &mut out);
    push_u16s((0..N_PERM).map(|x| class_sym(&edges, x)), &mut out);
    let rep_moves = |c: &Classes, set: fn(&mut Cube, u16), get: fn(&Cube) -> u16| {
        let mut moves = Vec::with_capacity(N_PERM_CLASSES * 10);
        let mut cube = Cube::SOLVED;
        for &rep in &c.rep {
            set(&mut cube, rep);
            for &m in &P2_MOVES {
                moves.push(class_sym(c, usize::from(get(&cube.then(&MOVE_CUBES[usize::from(m)])))));
            }
        }
        moves
    };
    let corner_moves = rep_moves(&corners, Cube::set_corner_perm, Cube::corner_perm);
    let edge_moves = rep_moves(&edges, Cube::set_edge_perm, Cube::edge_perm);
    push_u16s(corner_moves.iter().copied(), &mut out);
    push_u16s(edge_moves.iter().copied(), &mut out);
    let mperm_move = move_table(N_MPERM, &P2_MOVES, Cube::set_slice_perm, Cube::slice_perm);
    let mperm_conj = conj_table(N_MPERM, SYMS, Cube::set_slice_perm, Cube::slice_perm);
    push_u16s(mperm_move.iter().copied(), &mut out);
    push_u16s(mperm_conj.iter().copied(), &mut out);
    let class_bfs = |c: &Classes, moves: &[u16], raw_move: &[u16], raw_conj: &[u16], n_raw: usize| {
        bfs(
            N_PERM_CLASSES,
            n_raw,
            10,
            &c.stabiliser,
            |class, m| {
                let v = moves[class * 10 + m];
                (usize::from(v >> 4), usize::from(v & 15))
            },
            |r, m| usize::from(raw_move[r * 10 + m]),
            |r, s| usize::from(raw_conj[r * SYMS + s]),
        )
    };
    pack_nibbles(&class_bfs(&corners, &corner_moves, &mperm_move, &mperm_conj, N_MPERM), &mut out);
    let comb_move = move_table(N_COMB, &P2_MOVES, Cube::set_corner_comb_parity, Cube::corner_comb_parity);
    let comb_conj = conj_table(N_COMB, SYMS, Cube::set_corner_comb_parity, Cube::corner_comb_parity);
    push_u16s(comb_move.iter().copied(), &mut out);
    push_u16s(comb_conj.iter().copied(), &mut out);
    pack_nibbles(&class_bfs(&edges, &edge_moves, &comb_move, &comb_conj, N_COMB), &mut out);
    let mut cube = Cube::SOLVED;
    for &rep in &edges.rep {
        cube.set_edge_perm(rep);
        out.extend_from_slice(&class_sym(&edges, usize::from(cube.inverse().edge_perm())).to_le_bytes());
    }
    let mut cube = Cube::SOLVED;
    for &rep in &corners.rep {
        cube.set_corner_perm(rep);
        out.extend_from_slice(&cube.inverse().corner_comb_parity().to_le_bytes());
    }
    let edge_comb_move = move_table(N_EDGE_COMB, &P2_MOVES, Cube::set_edge_comb, Cube::edge_comb);
    let edge_comb_conj = conj_table(N_EDGE_COMB, SYMS, Cube::set_edge_comb, Cube::edge_comb);
    push_u16s(edge_comb_move.iter().copied(), &mut out);
    push_u16s(edge_comb_conj.iter().copied(), &mut out);
    pack_nibbles(&class_bfs(&corners, &corner_moves, &edge_comb_move, &edge_comb_conj, N_EDGE_COMB), &mut out);
    assert_eq!(out.len(), TABLES_LEN);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;

    #[test]
    fn bounds_are_admissible() {
        let bytes = build_tables();
        let t = Tables::from_bytes(&bytes).unwrap();
        let mut rng = 12345u64;
        for _ in 0..2000 {
            let mut c = Cube::SOLVED;
            let n = (rng % 8) as usize;
            for _ in 0..n {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                c = c.apply(Move::ALL[(rng >> 33) as usize % 18]);
            }
            let b = t.phase1_bound(&t.phase1_coords(&c));
            assert!(usize::from(b) <= n, "bound {b} after {n} moves");
        }
    }
}
