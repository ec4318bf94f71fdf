//! The SSE operations the lanes kernel is made of: one-line wrappers of
//! SSE2, SSSE3 and SSE4.1 intrinsics, and the digit sums built on them.

use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_extract_epi32, _mm_loadu_si128,
    _mm_madd_epi16, _mm_maddubs_epi16, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_shuffle_epi8,
    _mm_slli_epi16, _mm_srli_epi16, _mm_storeu_si128,
};

// Every wrapper below calls one intrinsic of SSE2, SSSE3 or SSE4.1 on
// values (or on a 16-byte array it borrows): sound because this module,
// a part of `lanes`, is only compiled with those features enabled for the
// whole build (see the `cfg` on `mod lanes` in lib.rs).

#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn load(bytes: &[u8; 16]) -> __m128i {
    // SAFETY: reads the 16 bytes of the array; see above for the feature.
    unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) }
}

#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn store(v: __m128i) -> [u8; 16] {
    let mut out = [0u8; 16];
    // SAFETY: writes the 16 bytes of the array; see above.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), v) };
    out
}

#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn splat(b: u8) -> __m128i {
    // SAFETY: see above.
    unsafe { _mm_set1_epi8(b as i8) }
}

#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn and(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: see above.
    unsafe { _mm_and_si128(a, b) }
}

#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn or(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: see above.
    unsafe { _mm_or_si128(a, b) }
}

#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn add(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: see above.
    unsafe { _mm_add_epi8(a, b) }
}

#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn shuffle(table: __m128i, index: __m128i) -> __m128i {
    // SAFETY: see above.
    unsafe { _mm_shuffle_epi8(table, index) }
}

/// Each byte shifted right by 4 (bytes hold at most 7 bits here).
#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn high_nibbles(v: __m128i) -> __m128i {
    // SAFETY: see above.
    and(unsafe { _mm_srli_epi16(v, 4) }, splat(0x0f))
}

/// A bit per byte: bit 0 of each.
#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn low_bits(v: __m128i) -> u32 {
    // SAFETY: see above.
    unsafe { _mm_movemask_epi8(_mm_slli_epi16(v, 7)) as u32 }
}

#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn equal(a: __m128i, b: __m128i) -> bool {
    // SAFETY: see above.
    unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) == 0xffff }
}

/// The sum of `digits[i] * base^i` over 16 digits (each at most 7), the
/// digits in bytes, `weights` holding `1, base, 1, base, ...` and `wide`
/// `1, base^2, 1, base^2, ...`.
#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn digits_value(digits: __m128i, weights: __m128i, wide: __m128i, base4: u64) -> u64 {
    // SAFETY: see above.
    let quads = unsafe { _mm_madd_epi16(_mm_maddubs_epi16(digits, weights), wide) };
    // SAFETY: see above.
    let q = unsafe {
        [
            _mm_extract_epi32(quads, 0),
            _mm_extract_epi32(quads, 1),
            _mm_extract_epi32(quads, 2),
            _mm_extract_epi32(quads, 3),
        ]
    };
    let mut value = 0u64;
    for &part in q.iter().rev() {
        value = value * base4 + part as u32 as u64;
    }
    value
}

/// The sum of `digits[i] * base^i` over the first 8 digits (each at most
/// 7, the others 0), with `weights` and `wide` as for [`digits_value`]:
/// the two low quads of one multiply-add, read at once.
#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn eight_digits_value(digits: __m128i, weights: __m128i, wide: __m128i, base4: u32) -> u32 {
    // SAFETY: see above.
    let both = unsafe { _mm_cvtsi128_si64(_mm_madd_epi16(_mm_maddubs_epi16(digits, weights), wide)) } as u64;
    (both as u32) + base4 * ((both >> 32) as u32)
}

/// A mask that keeps a vector's first `digits` bytes.
pub(super) fn keep_first(digits: usize) -> __m128i {
    let mut bytes = [0u8; 16];
    bytes[..digits].fill(0xff);
    load(&bytes)
}

/// The weights of [`digits_value`] for digits base `o`: `1, o, 1, o, ...`
/// in bytes and `1, o^2, 1, o^2, ...` in 16-bit words.
pub(super) fn digit_weights(o: u8) -> (__m128i, __m128i) {
    let pairs: [u8; 16] = core::array::from_fn(|i| if i % 2 == 0 { 1 } else { o });
    let o2 = u16::from(o) * u16::from(o);
    let mut wide = [0u8; 16];
    for i in 0..8 {
        let w = if i % 2 == 0 { 1 } else { o2 };
        wide[2 * i..2 * i + 2].copy_from_slice(&w.to_le_bytes());
    }
    (load(&pairs), load(&wide))
}
