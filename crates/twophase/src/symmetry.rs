//! The 16 symmetries of the cube that keep the U-D axis (rotations about
//! it, the half turn that swaps U and D, and their mirror images), as
//! cubes, with their products, inverses and action on the face turns, all
//! computed at compile time.
//!
//! Symmetry `s = 8a + 4b + 2c + d` is `U4^(2b + a) · F2^c · LR2^d`, where
//! `U4` is the quarter rotation about the U-D axis, `F2` the half turn
//! about the F-B axis and `LR2` the mirror that swaps L and R. The first
//! eight (`a = 0`) keep every axis in place; they are the symmetries of
//! phase 1, whose edge flip they keep (a quarter rotation about U-D turns
//! the F-B axis, to which Kociemba's edge orientation refers, into R-L).

use crate::cube::Cube;

/// Number of symmetries keeping the U-D axis (phase 2's).
pub(crate) const SYMS: usize = 16;
/// Number of symmetries keeping every axis (phase 1's): the first eight.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) const SYMS1: usize = 8;

const U4: Cube = Cube {
    cp: [3, 0, 1, 2, 7, 4, 5, 6],
    co: [0; 8],
    ep: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
    eo: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
};
const F2: Cube =
    Cube { cp: [5, 4, 7, 6, 1, 0, 3, 2], co: [0; 8], ep: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10], eo: [0; 12] };
const LR2: Cube =
    Cube { cp: [1, 0, 3, 2, 5, 4, 7, 6], co: [3; 8], ep: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10], eo: [0; 12] };

const fn same(a: &Cube, b: &Cube) -> bool {
    let mut i = 0;
    while i < 8 {
        if a.cp[i] != b.cp[i] || a.co[i] != b.co[i] {
            return false;
        }
        i += 1;
    }
    let mut i = 0;
    while i < 12 {
        if a.ep[i] != b.ep[i] || a.eo[i] != b.eo[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The symmetries as cubes.
pub(crate) const SYM_CUBES: [Cube; SYMS] = {
    let mut out = [Cube::SOLVED; SYMS];
    let mut s = 0;
    while s < SYMS {
        let quarter_turns = 2 * ((s >> 2) & 1) + (s >> 3);
        let mut c = Cube::SOLVED;
        let mut k = 0;
        while k < quarter_turns {
            c = c.then(&U4);
            k += 1;
        }
        if s & 2 != 0 {
            c = c.then(&F2);
        }
        if s & 1 != 0 {
            c = c.then(&LR2);
        }
        out[s] = c;
        s += 1;
    }
    out
};

const fn find_sym(c: &Cube) -> usize {
    let mut s = 0;
    while s < SYMS {
        if same(&SYM_CUBES[s], c) {
            return s;
        }
        s += 1;
    }
    panic!("not a symmetry");
}

/// `SYM_MULT[a][b]`: the symmetry `a` followed by `b`.
pub(crate) const SYM_MULT: [[u8; SYMS]; SYMS] = {
    let mut out = [[0; SYMS]; SYMS];
    let mut a = 0;
    while a < SYMS {
        let mut b = 0;
        while b < SYMS {
            out[a][b] = find_sym(&SYM_CUBES[a].then(&SYM_CUBES[b])) as u8;
            b += 1;
        }
        a += 1;
    }
    out
};

/// Each symmetry's inverse.
pub(crate) const SYM_INV: [u8; SYMS] = {
    let mut out = [0; SYMS];
    let mut a = 0;
    while a < SYMS {
        let mut b = 0;
        while b < SYMS {
            if SYM_MULT[a][b] == 0 {
                out[a] = b as u8;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// `conj(x, s)`: `S x S⁻¹`, the cube `x` seen through the symmetry `s`.
pub(crate) const fn conj(x: &Cube, s: usize) -> Cube {
    SYM_CUBES[s].then(x).then(&SYM_CUBES[SYM_INV[s] as usize])
}

/// `MOVE_CONJ[s][m]`: the face turn `conj(m, s)`.
pub(crate) const MOVE_CONJ: [[u8; 18]; SYMS] = {
    let mut out = [[0; 18]; SYMS];
    let mut s = 0;
    while s < SYMS {
        let mut m = 0;
        while m < 18 {
            let c = conj(&crate::cube::MOVE_CUBES[m], s);
            let mut k = 0;
            let mut found = 99;
            while k < 18 {
                if same(&crate::cube::MOVE_CUBES[k], &c) {
                    found = k;
                }
                k += 1;
            }
            assert!(found < 18, "a symmetry maps a face turn to no face turn");
            out[s][m] = found as u8;
            m += 1;
        }
        s += 1;
    }
    out
};

/// The third of a turn about the URF-DBL diagonal (U to R, R to F, F to
/// U): seen through it, phase 1's subgroup is that of another axis.
const URF3: Cube = Cube {
    cp: [0, 4, 5, 1, 3, 7, 6, 2],
    co: [1, 2, 1, 2, 2, 1, 2, 1],
    ep: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
    eo: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
};

/// `URF3^k` for k = 0, 1, 2.
pub(crate) const URF3_POWERS: [Cube; 3] = [Cube::SOLVED, URF3, URF3.then(&URF3)];

/// `MOVE_BACK[k][m]`: the turn `m` of the cube seen through `URF3^k`,
/// as a turn of the cube itself: `URF3^-k m URF3^k`.
pub(crate) const MOVE_BACK: [[u8; 18]; 3] = {
    let mut out = [[0; 18]; 3];
    let mut k = 0;
    while k < 3 {
        let mut m = 0;
        while m < 18 {
            let c = URF3_POWERS[(3 - k) % 3].then(&crate::cube::MOVE_CUBES[m]).then(&URF3_POWERS[k]);
            let mut j = 0;
            let mut found = 99;
            while j < 18 {
                if same(&crate::cube::MOVE_CUBES[j], &c) {
                    found = j;
                }
                j += 1;
            }
            assert!(found < 18, "the diagonal turn maps a face turn to no face turn");
            out[k][m] = found as u8;
            m += 1;
        }
        k += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_keeping_the_axis() {
        let mut seen = [false; SYMS];
        for s in 0..SYMS {
            for t in 0..SYMS {
                let st = usize::from(SYM_MULT[s][t]);
                if s < SYMS1 && t < SYMS1 {
                    assert!(st < SYMS1, "phase 1's symmetries are closed");
                }
            }
            assert_eq!(SYM_MULT[s][usize::from(SYM_INV[s])], 0);
            // U and D turns stay U and D turns.
            for m in [0, 9] {
                assert!(matches!(MOVE_CONJ[s][m] / 3, 0 | 3));
            }
            let c = SYM_CUBES[s];
            assert!(!seen[find_sym(&c)]);
            seen[find_sym(&c)] = true;
        }
        for s in 0..SYMS1 {
            assert!(SYM_CUBES[s].eo.iter().all(|&o| o == 0));
        }
        assert!(same(&URF3_POWERS[2].then(&URF3), &Cube::SOLVED));
        // U seen through URF3 is a turn of another face.
        assert_ne!(MOVE_BACK[1][0] / 3, 0);
    }
}
