//! Reading a stopped run's partial file back (its layout is in
//! `resumable`): the record checked against the run being continued, then
//! the array loaded and its checksum checked, for a whole search or one
//! process's part.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::AtomicU64;

use godtab_puzzles::Definition;
use godtab_runtime::{Checksum, Encoding, MAGIC, UNFINISHED_VERSION};

use super::array::{TwoBits, UNREACHED};
use super::resumable::{PartialRun, partial_error};
use crate::bfs::Allocator;
use crate::{GenError, Options};

/// The record and layout of a partial file, read from its first bytes.
struct Header {
    run: PartialRun,
    digest: u64,
    /// Where the array starts.
    words_at: u64,
}

/// Reads a partial file's header.
fn read_header(file: &mut std::fs::File, path: &Path) -> Result<Header, GenError> {
    let bad = |problem: &str| partial_error(path, problem);
    let mut start = [0u8; 40];
    file.read_exact(&mut start).map_err(|_| bad("is too short to be a partial file"))?;
    let u32_at = |at: usize| u32::from_le_bytes(start[at..at + 4].try_into().unwrap_or_default());
    let u64_at = |at: usize| u64::from_le_bytes(start[at..at + 8].try_into().unwrap_or_default());
    if start[..8] != MAGIC || u32_at(8) != 0x0102_0304 || u32_at(12) != UNFINISHED_VERSION {
        return Err(bad("is not a partial file of godtab gen"));
    }
    let bytes = file.metadata().map_err(GenError::Write)?.len();
    if u64_at(16) != bytes {
        return Err(bad("is cut short or longer than it says (its run cannot be continued)"));
    }
    let record_len = u32_at(32) as usize;
    if record_len > 1 << 16 {
        return Err(bad("has a record longer than any"));
    }
    let mut record = vec![0u8; record_len];
    file.read_exact(&mut record).map_err(|_| bad("is cut short inside its record"))?;
    let mut at = 0usize;
    let mut take = |n: usize| -> Result<&[u8], GenError> {
        let part = record.get(at..at + n).ok_or_else(|| bad("has a damaged record"))?;
        at += n;
        Ok(part)
    };
    let digest = u64::from_le_bytes(take(8)?.try_into().unwrap_or_default());
    let encoding = match take(1)?[0] {
        1 => Encoding::Compact,
        2 => Encoding::Parity,
        _ => return Err(bad("has a damaged record")),
    };
    let depth = usize::from(take(1)?[0]);
    let mut histogram = Vec::with_capacity(depth + 1);
    for _ in 0..=depth {
        histogram.push(u64::from_le_bytes(take(8)?.try_into().unwrap_or_default()));
    }
    let slots = u64::from_le_bytes(take(8)?.try_into().unwrap_or_default());
    let mut text = || -> Result<String, GenError> {
        let len = usize::from(take(1)?[0]);
        Ok(String::from_utf8_lossy(take(len)?).into_owned())
    };
    let (id, generator) = (text()?, text()?);
    let share = match take(16) {
        Ok(tail) => {
            let u32_at = |at: usize| u32::from_le_bytes(tail[at..at + 4].try_into().unwrap_or_default()) as usize;
            let here = u64::from_le_bytes(tail[8..16].try_into().unwrap_or_default());
            Some((u32_at(0), u32_at(4), here))
        }
        Err(_) => None,
    };
    let words_at = (40 + record_len).next_multiple_of(8) as u64;
    if words_at + TwoBits::words_for(slots) * 8 != bytes || histogram.first() != Some(&1) {
        return Err(bad("has a damaged record"));
    }
    Ok(Header { run: PartialRun { id, encoding, histogram, slots, generator, bytes, share }, digest, words_at })
}

/// What the partial file at `path` says of its run (for `godtab info`).
///
/// # Errors
///
/// [`GenError::Partial`] if it is not one, or is damaged.
pub fn read_partial(path: &Path) -> Result<PartialRun, GenError> {
    let mut file = godtab_files::open_regular(path).map_err(|e| partial_error(path, &e.to_string()))?;
    Ok(read_header(&mut file, path)?.run)
}

/// A share's kept progress.
pub(crate) struct KeptPart {
    pub(crate) array: TwoBits,
    pub(crate) histogram: Vec<u64>,
    pub(crate) here: u64,
}

/// Loads the part file of process `mark.0` of `mark.1` (a range of `len`
/// ranks), checking that it is that share's of this puzzle and encoding.
pub(crate) fn load_part(
    path: &Path,
    definition: &Definition,
    options: &Options<'_>,
    digest: u64,
    len: u64,
    mark: (usize, usize),
) -> Result<KeptPart, GenError> {
    let (array, header) = load_entries(path, definition, options, digest, len)?;
    match header.run.share {
        Some((process, processes, here)) if (process, processes) == mark => {
            Ok(KeptPart { array, histogram: header.run.histogram, here })
        }
        _ => Err(partial_error(
            path,
            &format!("is not the part of process {} of {}: give each process its own part", mark.0, mark.1),
        )),
    }
}

/// Loads a partial file's array and levels, checking that it is the run of
/// this puzzle and encoding and that its checksum holds.
pub(super) fn load(
    path: &Path,
    definition: &Definition,
    options: &Options<'_>,
    digest: u64,
) -> Result<(TwoBits, Vec<u64>), GenError> {
    let puzzle = definition.puzzle();
    let (array, header) = load_entries(path, definition, options, digest, puzzle.slots())?;
    if header.run.share.is_some() {
        return Err(partial_error(path, "is one process's part of a search run by several: resume that run"));
    }
    let goal = puzzle.rank(&puzzle.goal());
    if array.get(goal) == UNREACHED {
        return Err(partial_error(path, "is damaged (the goal is not reached): remove it to start over"));
    }
    Ok((array, header.run.histogram))
}

/// Loads the `len` entries of a partial file, checking its puzzle,
/// encoding, length and checksum.
fn load_entries(
    path: &Path,
    definition: &Definition,
    options: &Options<'_>,
    digest: u64,
    len: u64,
) -> Result<(TwoBits, Header), GenError> {
    let mut file = godtab_files::open_regular(path).map_err(|e| partial_error(path, &e.to_string()))?;
    let header = read_header(&mut file, path)?;
    if header.digest != digest || header.run.encoding != options.encoding || header.run.slots != len {
        return Err(partial_error(
            path,
            &format!(
                "holds a run of {} for another puzzle, encoding or split than this one: remove it, or give the same \
                 puzzle and options",
                header.run.id
            ),
        ));
    }
    let slots = definition.puzzle().slots();
    let needed = super::planned_memory_len(len);
    if let Some(limit) = options.max_memory
        && needed > limit
    {
        return Err(GenError::TooLarge { slots, needed, limit });
    }
    let alloc = Allocator { slots, needed };
    let words = TwoBits::words_for(len) as usize;
    let mut array = alloc.filled(words, || AtomicU64::new(0))?;
    // The checksum covers every byte, its own field read as zeros.
    file.seek(SeekFrom::Start(0)).map_err(GenError::Write)?;
    let mut head = vec![0u8; header.words_at as usize];
    file.read_exact(&mut head).map_err(GenError::Write)?;
    let stored = u64::from_le_bytes(head[24..32].try_into().unwrap_or_default());
    head[24..32].fill(0);
    let mut checksum = Checksum::default();
    checksum.update(&head);
    let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
    let mut buffer = vec![0u8; 1 << 16];
    for chunk in array.chunks_mut(1 << 13) {
        let bytes = &mut buffer[..chunk.len() * 8];
        reader.read_exact(bytes).map_err(|_| partial_error(path, "is cut short inside its array"))?;
        checksum.update(bytes);
        for (word, b) in chunk.iter_mut().zip(bytes.chunks_exact(8)) {
            *word.get_mut() = u64::from_le_bytes(b.try_into().unwrap_or_default());
        }
    }
    if checksum.finish() != stored {
        return Err(partial_error(path, "is damaged (its checksum does not match): remove it to start over"));
    }
    Ok((TwoBits::unreached(len, array), header))
}
