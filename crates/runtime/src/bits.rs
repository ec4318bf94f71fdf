//! Packed little-endian bit arrays: entry `i` of width `w` occupies bits
//! `i*w .. (i+1)*w` of the section read as one long little-endian number.

/// Reads entry `index` of `width` bits (1 to 8) from `section`, or `None` if
/// the 8-byte load it needs would run past the end (never the case in a
/// section of [`section_len`](crate::format::section_len) bytes).
#[inline]
pub(crate) fn read(section: &[u8], index: u64, width: u8) -> Option<u8> {
    // A wrapped product only gives a wrong byte offset, which the slice
    // lookup below refuses or reads in bounds.
    let bit = index.wrapping_mul(u64::from(width));
    let byte = usize::try_from(bit / 8).ok()?;
    let word: [u8; 8] = section.get(byte..byte.checked_add(8)?)?.try_into().ok()?;
    let mask = (1u64 << (width & 63)) - 1;
    Some(((u64::from_le_bytes(word) >> (bit % 8)) & mask) as u8)
}

/// Appends `values` packed at `width` bits each (0 to 8; 0 stores nothing)
/// as a section of `len` bytes.
#[cfg(feature = "alloc")]
pub(crate) fn pack_into(out: &mut alloc::vec::Vec<u8>, values: impl Iterator<Item = u8>, width: u8, len: usize) {
    let end = out.len() + len;
    if width > 0 {
        let mut acc: u64 = 0;
        let mut filled: u32 = 0;
        let mask = (1u64 << width) - 1;
        for value in values {
            acc |= (u64::from(value) & mask) << filled;
            filled += u32::from(width);
            if filled >= 64 {
                out.extend_from_slice(&acc.to_le_bytes());
                filled -= 64;
                // The bits of `value` that did not fit in the word just written.
                acc = if filled == 0 { 0 } else { (u64::from(value) & mask) >> (u32::from(width) - filled) };
            }
        }
        if filled > 0 {
            out.extend_from_slice(&acc.to_le_bytes());
        }
    }
    out.resize(end, 0);
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    #[test]
    fn pack_then_read_every_width() {
        for width in 1..=8u8 {
            let values: alloc::vec::Vec<u8> = (0..1000u32).map(|i| (i * 7 % (1 << width)) as u8).collect();
            let len = crate::format::section_len(1000, width).unwrap() as usize;
            let mut packed = alloc::vec::Vec::new();
            pack_into(&mut packed, values.iter().copied(), width, len);
            assert_eq!(packed.len(), len);
            for (i, &v) in values.iter().enumerate() {
                assert_eq!(read(&packed, i as u64, width), Some(v), "width {width} index {i}");
            }
        }
    }

    #[test]
    fn reads_past_the_end_are_refused() {
        assert_eq!(read(&[0u8; 8], 0, 8), Some(0));
        assert_eq!(read(&[0u8; 8], 1, 8), None);
        assert_eq!(read(&[0u8; 8], 1 << 40, 8), None);
    }
}
