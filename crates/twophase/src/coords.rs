//! The coordinates the two phases search over, as numbers read from and
//! written to a [`Cube`]: phase 1's twist, flip and slice; phase 2's
//! corner, U-D edge and slice permutations and the corners' combination.

use crate::cube::{CORNERS, Cube, EDGES, parity};

impl Cube {
    /// Phase 1's twist coordinate: the first seven corners' twists in base
    /// 3 (0..2187).
    pub(crate) fn twist(&self) -> u16 {
        self.co[..7].iter().rev().fold(0, |acc, &o| acc * 3 + u16::from(o))
    }
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn set_twist(&mut self, mut t: u16) {
        let mut sum = 0;
        for o in &mut self.co[..7] {
            *o = (t % 3) as u8;
            sum += t % 3;
            t /= 3;
        }
        self.co[7] = ((3 - sum % 3) % 3) as u8;
    }

    /// Phase 1's flip coordinate: the first eleven edges' flips in base 2
    /// (0..2048).
    pub(crate) fn flip(&self) -> u16 {
        self.eo[..11].iter().rev().fold(0, |acc, &o| acc * 2 + u16::from(o))
    }
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn set_flip(&mut self, mut f: u16) {
        let mut sum = 0;
        for o in &mut self.eo[..11] {
            *o = (f & 1) as u8;
            sum += f & 1;
            f >>= 1;
        }
        self.eo[11] = (sum & 1) as u8;
    }

    /// Phase 1's slice coordinate: which four positions hold the UD-slice
    /// edges (FR FL BL BR), as a combination (0..495, 0 when they are in
    /// the slice).
    pub(crate) fn slice(&self) -> u16 {
        let mut rank = 0;
        let mut k = 0;
        for q in 0..EDGES {
            if self.ep[EDGES - 1 - q] >= 8 {
                k += 1;
                rank += binomial(q, k);
            }
        }
        rank
    }
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn set_slice(&mut self, s: u16) {
        let mut rank = s;
        let mut k = 4;
        let (mut slice_piece, mut other) = (8u8, 0u8);
        for q in (0..EDGES).rev() {
            let pos = EDGES - 1 - q;
            if k > 0 && rank >= binomial(q, k) {
                rank -= binomial(q, k);
                k -= 1;
                self.ep[pos] = slice_piece;
                slice_piece += 1;
            } else {
                self.ep[pos] = other;
                other += 1;
            }
        }
    }

    /// Phase 2's corner coordinate: the corners' permutation's rank.
    pub(crate) fn corner_perm(&self) -> u16 {
        rank_perm(&self.cp)
    }
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn set_corner_perm(&mut self, r: u16) {
        unrank_perm(r, &mut self.cp);
    }
    /// Phase 2's edge coordinate: the U and D layers' eight edges'
    /// permutation's rank (in the subgroup they stay in positions 0..8).
    pub(crate) fn edge_perm(&self) -> u16 {
        let mut p = [0u8; 8];
        p.copy_from_slice(&self.ep[..8]);
        rank_perm(&p)
    }
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn set_edge_perm(&mut self, r: u16) {
        let mut p = [0u8; 8];
        unrank_perm(r, &mut p);
        self.ep[..8].copy_from_slice(&p);
    }
    /// Phase 2's slice coordinate: the four slice edges' permutation's rank
    /// (0..24) in the slice positions.
    pub(crate) fn slice_perm(&self) -> u16 {
        let p = [self.ep[8] - 8, self.ep[9] - 8, self.ep[10] - 8, self.ep[11] - 8];
        rank_perm(&p)
    }
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn set_slice_perm(&mut self, r: u16) {
        let mut p = [0u8; 4];
        unrank_perm(r, &mut p);
        for i in 0..4 {
            self.ep[8 + i] = p[i] + 8;
        }
    }

    /// Phase 2's corner combination: which four positions hold the U
    /// layer's corners (colex rank, 0..70), times 2, plus the corner
    /// permutation's parity (0..140).
    pub(crate) fn corner_comb_parity(&self) -> u16 {
        let mut rank = 0;
        let mut k = 0;
        for (q, &p) in self.cp.iter().enumerate() {
            if p < 4 {
                k += 1;
                rank += binomial(q, k);
            }
        }
        rank * 2 + u16::from(parity(&self.cp))
    }
    /// Phase 2's edge combination: which four of the U and D layers'
    /// positions hold the U layer's edges (colex rank, 0..70).
    pub(crate) fn edge_comb(&self) -> u16 {
        let mut rank = 0;
        let mut k = 0;
        for (q, &p) in self.ep[..8].iter().enumerate() {
            if p < 4 {
                k += 1;
                rank += binomial(q, k);
            }
        }
        rank
    }
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn set_edge_comb(&mut self, x: u16) {
        let mut rank = x;
        let mut k = 4;
        let (mut up, mut down) = (4u8, 8u8);
        for q in (0..8).rev() {
            if k > 0 && rank >= binomial(q, k) {
                rank -= binomial(q, k);
                k -= 1;
                up -= 1;
                self.ep[q] = up;
            } else {
                down -= 1;
                self.ep[q] = down;
            }
        }
    }

    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn set_corner_comb_parity(&mut self, x: u16) {
        let mut rank = x / 2;
        let mut k = 4;
        let (mut up, mut down) = (4u8, 8u8);
        for q in (0..CORNERS).rev() {
            if k > 0 && rank >= binomial(q, k) {
                rank -= binomial(q, k);
                k -= 1;
                up -= 1;
                self.cp[q] = up;
            } else {
                down -= 1;
                self.cp[q] = down;
            }
        }
        if u16::from(parity(&self.cp)) != x % 2 {
            let a = self.cp.iter().position(|&p| p == 4).unwrap_or(0);
            let b = self.cp.iter().position(|&p| p == 5).unwrap_or(0);
            self.cp.swap(a, b);
        }
    }
}

/// The binomial coefficient C(n, k) for n < 12.
fn binomial(n: usize, k: usize) -> u16 {
    if k > n {
        return 0;
    }
    let mut r: u32 = 1;
    for i in 0..k {
        r = r * (n - i) as u32 / (i as u32 + 1);
    }
    r as u16
}

/// The lexicographic rank of a permutation of 0..N (N ≤ 8).
fn rank_perm<const N: usize>(p: &[u8; N]) -> u16 {
    let mut rank: u16 = 0;
    for i in 0..N {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count() as u16;
        rank = rank * (N - i) as u16 + smaller;
    }
    rank
}

/// The permutation of 0..N with lexicographic rank `r`.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
fn unrank_perm<const N: usize>(mut r: u16, out: &mut [u8; N]) {
    let mut digits = [0u16; N];
    for i in (0..N).rev() {
        let base = (N - i) as u16;
        digits[i] = r % base;
        r /= base;
    }
    let mut used = 0u16;
    for i in 0..N {
        let mut d = digits[i];
        let mut v = 0;
        loop {
            if used & (1 << v) == 0 {
                if d == 0 {
                    break;
                }
                d -= 1;
            }
            v += 1;
        }
        used |= 1 << v;
        out[i] = v as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        let mut c = Cube::SOLVED;
        for t in 0..2187 {
            c.set_twist(t);
            assert_eq!(c.twist(), t);
        }
        for f in 0..2048 {
            c.set_flip(f);
            assert_eq!(c.flip(), f);
        }
        for s in 0..495 {
            c.set_slice(s);
            assert_eq!(c.slice(), s);
        }
        for r in 0..40320 {
            c.set_corner_perm(r);
            assert_eq!(c.corner_perm(), r);
        }
        for x in 0..140 {
            c.set_corner_comb_parity(x);
            assert_eq!(c.corner_comb_parity(), x);
        }
        for x in 0..70 {
            c.set_edge_comb(x);
            assert_eq!(c.edge_comb(), x);
        }
        assert_eq!(Cube::SOLVED.slice(), 0);
        assert_eq!(Cube::SOLVED.corner_perm(), 0);
    }
}
