//! Compressing tables for shipping, and the memory that takes.

use std::io::{self, Write};

/// The zstd level of shipped `.gtab.zst` files: slow to compress (once),
/// fast to decompress.
const ZSTD_LEVEL: i32 = 19;

/// Compresses a table for shipping: zstd with the content checksum and size
/// recorded, single-threaded so the output is deterministic.
///
/// # Errors
///
/// An I/O error from the compressor, or an `OutOfMemory` error if the
/// output buffer cannot be allocated.
pub fn compress(table: &[u8]) -> io::Result<Vec<u8>> {
    compress_with(&mut compression_context()?, table)
}

/// [`compress`] with a context made by [`compression_context`], which the
/// caller keeps (to ask it how much memory it used).
fn compress_with(context: &mut zstd::zstd_safe::CCtx<'static>, table: &[u8]) -> io::Result<Vec<u8>> {
    // Sized once at zstd's bound, the output never grows: no reallocation
    // holding two copies, and exactly the memory compress_memory counts.
    let mut output = Vec::new();
    output
        .try_reserve_exact(zstd::zstd_safe::compress_bound(table.len()))
        .map_err(|_| io::Error::new(io::ErrorKind::OutOfMemory, "no memory for the compressed table"))?;
    let writer = zstd::stream::zio::Writer::new_with_capacity(
        output,
        zstd::stream::raw::Encoder::with_context(context),
        zstd::zstd_safe::CCtx::out_size(),
    );
    let mut encoder = zstd::stream::write::Encoder::with_writer(writer);
    encoder.set_pledged_src_size(Some(table.len() as u64))?;
    encoder.write_all(table)?;
    encoder.finish()
}

/// A zstd context set up as [`compress`] uses it.
fn compression_context() -> io::Result<zstd::zstd_safe::CCtx<'static>> {
    use zstd::zstd_safe::{CCtx, CParameter};
    let mut context =
        CCtx::try_create().ok_or_else(|| io::Error::new(io::ErrorKind::OutOfMemory, "no memory for zstd"))?;
    for parameter in
        [CParameter::CompressionLevel(ZSTD_LEVEL), CParameter::ChecksumFlag(true), CParameter::ContentSizeFlag(true)]
    {
        context.set_parameter(parameter).map_err(zstd_error)?;
    }
    Ok(context)
}

fn zstd_error(code: usize) -> io::Error {
    io::Error::other(format!("zstd: {}", zstd::zstd_safe::get_error_name(code)))
}

/// The memory [`compress`] holds, besides the table itself, for a table of
/// `table_len` bytes: zstd's context and its staging buffer, and the
/// compressed output (allocated at zstd's bound for the table, a little more
/// than the table).
///
/// zstd sizes its context from the compression level and the input's size,
/// and can only report the size of a context it has set up. So a context is
/// set up for a frame of `table_len` bytes, asked, and dropped: this
/// allocates that memory for a moment (a few MiB for small tables, about
/// 90 MiB at most at level 19).
///
/// # Errors
///
/// An error from zstd while setting the context up (no memory for it).
pub fn compress_memory(table_len: u64) -> io::Result<u64> {
    use zstd::zstd_safe::{CCtx, InBuffer, OutBuffer};
    let mut context = compression_context()?;
    context.set_pledged_src_size(Some(table_len)).map_err(zstd_error)?;
    // zstd allocates its workspace when a frame starts, on the first
    // streaming call, even without input.
    let mut staging: Vec<u8> = Vec::new();
    context.compress_stream(&mut OutBuffer::around(&mut staging), &mut InBuffer::around(&[])).map_err(zstd_error)?;
    let output = zstd::zstd_safe::compress_bound(usize::try_from(table_len).unwrap_or(usize::MAX));
    Ok((context.sizeof() + CCtx::out_size()) as u64 + output as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compression_memory_is_what_zstd_uses() {
        let table: Vec<u8> = (0..300_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 27) as u8).collect();
        let mut context = compression_context().unwrap();
        let compressed = compress_with(&mut context, &table).unwrap();
        assert_eq!(compressed, compress(&table).unwrap());
        let used = context.sizeof() + zstd::zstd_safe::CCtx::out_size() + compressed.capacity();
        assert_eq!(compress_memory(table.len() as u64).unwrap(), used as u64);
        assert!(compressed.capacity() >= table.len(), "the output never had to grow");
        // Larger tables need more, up to the level's largest window.
        assert!(compress_memory(100 << 20).unwrap() > compress_memory(1 << 20).unwrap() + (99 << 20));
    }
}
