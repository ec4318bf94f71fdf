//! A 2-bit table written to a file, and a stopped run continued.
//!
//! The search's array lives in memory: a file mapping of it would have the
//! system write every page the search touches back to disk as it goes
//! (random writes over a file of gigabytes, throttled to the disk's speed),
//! which measured here ran a pass over an 8 GiB mapping in 35 to 50 s
//! against about one in memory. The array is laid out as the table's
//! distance section, so the table is written straight from it, once, at the
//! end: no conversion and no second copy in memory.
//!
//! Its progress is kept beside the target, in `<target>.partial`, after a
//! level (every level while that is cheap, else once as much time has
//! passed as ten writes of it take) and when the run is stopped by a
//! signal. The partial file is replaced atomically, so a run killed or cut
//! off by a power loss finds the last one whole; it holds the finished
//! levels' histogram and the array, in which a level cut short has set
//! only states of that level (which the next run counts, then finds the
//! rest of). The target is untouched until the table is done.
//!
//! ```text
//! offset  size  field
//!      0     8  the table magic label "\x89GODTAB\n"
//!      8     4  endianness marker, as in a table
//!     12     4  "UNFI" (UNFINISHED_VERSION): never a table
//!     16     8  file length
//!     24     8  xxh3-64 of the file with these 8 bytes zero
//!     32     4  record length
//!     36     4  zero
//!     40     …  the record (little-endian): the puzzle's digest (u64), the
//!               encoding (u8), the levels done less one (u8), their
//!               histogram (u64 each), the rank slots (u64), the puzzle's id
//!               and the generator (a length byte and the text each); for
//!               one process's part of a search run by several, then its
//!               process and the number of processes (u32 each) and its
//!               range's count of the level after the histogram's (u64),
//!               the rank slots being its range's
//!      …     …  zeros to a multiple of 8, then the array's words (u64 LE)
//! ```

use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use godtab_puzzles::Definition;
use godtab_runtime::{CHECKSUM_AT, Checksum, Counts, Encoding, MAGIC, UNFINISHED_VERSION, packed_head};

use super::array::TwoBits;
use super::partial_read::{load, read_partial};
use super::search::Scheme;
use super::{Done, LevelDone, Run, allocate, scheme, write_table};
use crate::{GENERATOR, GenError, Options};

/// Where a 2-bit generation writes its table and keeps its progress.
#[derive(Clone, Copy, Debug)]
pub struct InPlace<'a> {
    /// The table's file (its progress goes in `<target>.partial`).
    pub target: &'a Path,
    /// Continue the run the partial file holds (without it, an existing
    /// partial file is refused: it may be hours of work).
    pub resume: bool,
    /// Keep the progress after a level once this long has passed since it
    /// was last kept; `None` chooses: every level while a write of it takes
    /// a tenth of the time since the last, which keeps the cost of keeping
    /// it to about a tenth of the run.
    pub checkpoint_every: Option<Duration>,
}

/// What a finished 2-bit generation did.
#[derive(Clone, Debug)]
pub struct Finished {
    /// States at each distance.
    pub histogram: Vec<u64>,
    /// The table's size in bytes.
    pub bytes: u64,
    /// The level a resumed run started from, if it was one.
    pub resumed_from: Option<u8>,
    /// How many times the progress was kept.
    pub checkpoints: u32,
    /// How long keeping it took, all together.
    pub checkpoint_time: Duration,
}

/// What a partial file says of its run (without its array).
#[derive(Clone, Debug)]
pub struct PartialRun {
    /// The puzzle's id.
    pub id: String,
    /// The encoding being generated.
    pub encoding: Encoding,
    /// States at each distance found so far (the deepest level done last).
    pub histogram: Vec<u64>,
    /// The puzzle's rank slots.
    pub slots: u64,
    /// The generator that wrote it.
    pub generator: String,
    /// The file's size in bytes.
    pub bytes: u64,
    /// A part of a search run by several processes: this part's process,
    /// how many there are, and its range's count of the level after the
    /// histogram's (which the part holds in full); `slots` is then the
    /// range's.
    pub share: Option<(usize, usize, u64)>,
}

/// The file where `target`'s progress is kept.
#[must_use]
pub fn partial_path(target: &Path) -> PathBuf {
    let mut name = target.as_os_str().to_os_string();
    name.push(".partial");
    PathBuf::from(name)
}

/// Generates the compact or parity table of `definition` into
/// `place.target` by the 2-bit search, keeping its progress (see the module
/// docs).
///
/// # Errors
///
/// As [`twobit_table_bytes`](super::twobit_table_bytes); [`GenError::NoSpace`] before the search if the
/// folder lacks room for the table twice over; [`GenError::Partial`] for
/// a partial file that cannot be continued (another puzzle's, damaged, or
/// there without `resume`); [`GenError::Stopped`] when `options.stop` was
/// raised (the progress is kept); [`GenError::Write`] for a failed write.
pub fn twobit_table_file(
    definition: &Definition,
    options: &Options<'_>,
    place: &InPlace<'_>,
) -> Result<Finished, GenError> {
    let puzzle = definition.puzzle();
    let scheme = scheme(options.encoding)?;
    options.encoding.check(puzzle).map_err(GenError::Encoding)?;
    let target = godtab_files::output_target(place.target).map_err(GenError::Write)?.path;
    let partial = partial_path(&target);
    let digest = run_digest(definition, options.encoding)?;
    // The array, and a header far larger than any.
    let file_len = TwoBits::words_for(puzzle.slots()).saturating_mul(8).saturating_add(1 << 16);
    let folder = godtab_files::folder_of(&target);
    // The partial file and its replacement, or the last partial file and
    // the table, are there at once; a partial file continued is there
    // already.
    check_writable(&partial)?;
    check_writable(&target)?;
    let there = if place.resume { std::fs::metadata(&partial).map_or(0, |m| m.len()) } else { 0 };
    let needed = file_len.saturating_mul(2).saturating_sub(there);
    if let Ok(available) = godtab_files::available_space(folder)
        && available < needed
    {
        return Err(GenError::NoSpace { needed, available, folder: folder.to_path_buf() });
    }
    let (array, histogram, preset, resumed_from) = match partial.try_exists() {
        Ok(true) if !place.resume => {
            let run = read_partial(&partial).map_err(|e| partial_error(&partial, &e.to_string()))?;
            return Err(partial_error(
                &partial,
                &format!(
                    "holds a stopped run of {} at depth {}: continue it with --resume, or remove it to start over",
                    run.id,
                    run.histogram.len() - 1
                ),
            ));
        }
        Ok(true) => {
            let (array, histogram) = load(&partial, definition, options, digest)?;
            let preset = preset_count(&array, &histogram, scheme);
            let depth = (histogram.len() - 1) as u8;
            (array, histogram, preset, Some(depth))
        }
        _ => (allocate(puzzle, options)?, vec![1], 0, None),
    };
    let mut keeper = Keeper::new(&partial, definition, options.encoding, digest, place.checkpoint_every, None);
    let mut after = |level: &LevelDone<'_>| keeper.after_level(level.array, level.histogram);
    let run = Run { puzzle, scheme, options, array, histogram, preset, after: &mut after };
    let done = puzzle.with_cursor(run)?;
    if done.stopped {
        keeper.keep(&done.array, &done.histogram, 0)?;
        let depth = (done.histogram.len() - 1) as u8;
        return Err(GenError::Stopped { depth, kept: partial });
    }
    let bytes = write_final(&target, definition, options.encoding, &done)?;
    let _ = std::fs::remove_file(&partial);
    let Keeper { count, time, .. } = keeper;
    Ok(Finished { histogram: done.histogram, bytes, resumed_from, checkpoints: count, checkpoint_time: time })
}

/// Refuses, before a search of minutes, a file the run could not write
/// when it must (a read-only or missing folder, a target that is not a
/// regular file): its temporary file is made, then removed.
pub(crate) fn check_writable(path: &Path) -> Result<(), GenError> {
    match godtab_files::PendingWrite::create(path) {
        Ok(probe) => {
            drop(probe);
            Ok(())
        }
        Err(error) => Err(GenError::Unwritable { path: path.to_path_buf(), error }),
    }
}

pub(super) fn partial_error(path: &Path, problem: &str) -> GenError {
    GenError::Partial { path: path.to_path_buf(), problem: problem.to_string() }
}

/// Counts that make a header of the puzzle whatever its levels: for the
/// digest, and the file's length (the histogram's length changes the
/// header's by a few bytes only, and the sections' not at all).
fn dummy_counts() -> Counts<'static> {
    Counts { reachable: 1, max_depth: 0, histogram: &[1] }
}

/// What a partial file must have been written for: the table's header for
/// the puzzle and encoding, less its counts (and so the generator's
/// version); also what the processes of one run must agree on.
///
/// # Errors
///
/// [`GenError::Encode`] for a puzzle no table can hold.
pub fn run_digest(definition: &Definition, encoding: Encoding) -> Result<u64, GenError> {
    let head = packed_head(definition, encoding, &dummy_counts(), GENERATOR)?;
    let mut checksum = Checksum::default();
    checksum.update(&head.prefix);
    Ok(checksum.finish())
}

/// States of the next level that a run stopped in the middle of it set:
/// the entries of that level's value beyond those of the levels done.
fn preset_count(array: &TwoBits, histogram: &[u64], scheme: Scheme) -> u64 {
    let counts = array.counts();
    let next = (histogram.len() - 1) as u8 + 1;
    let value = scheme.value(next);
    let done: u64 = (0..next).filter(|&d| scheme.value(d) == value).map(|d| histogram[usize::from(d)]).sum();
    counts[value as usize].saturating_sub(done)
}

/// When and where the run's progress is kept.
pub(crate) struct Keeper<'a> {
    partial: &'a Path,
    definition: &'a Definition,
    encoding: Encoding,
    digest: u64,
    every: Option<Duration>,
    /// Which share of a search run by several processes (this one, of
    /// how many) the file keeps, if one.
    share: Option<(usize, usize)>,
    last: Instant,
    /// How long the last write took.
    cost: Option<Duration>,
    pub(crate) count: u32,
    pub(crate) time: Duration,
}

impl<'a> Keeper<'a> {
    /// A keeper that writes `partial`.
    pub(crate) fn new(
        partial: &'a Path,
        definition: &'a Definition,
        encoding: Encoding,
        digest: u64,
        every: Option<Duration>,
        share: Option<(usize, usize)>,
    ) -> Self {
        Self {
            partial,
            definition,
            encoding,
            digest,
            every,
            share,
            last: Instant::now(),
            cost: None,
            count: 0,
            time: Duration::ZERO,
        }
    }

    /// Keeps the progress after a level, if it is due.
    fn after_level(&mut self, array: &TwoBits, histogram: &[u64]) -> Result<(), GenError> {
        if self.due(array) { self.keep(array, histogram, 0) } else { Ok(()) }
    }

    /// Whether the progress is due to be kept.
    pub(crate) fn due(&self, array: &TwoBits) -> bool {
        let since = self.last.elapsed();
        // Before the first write its cost is guessed from the array's size
        // at a slow disk's speed (100 MB/s): a small array is kept after the
        // first level, a large one only once the search has run ten times
        // as long as the write would take.
        let guess = Duration::from_secs_f64(array.words.len() as f64 * 8.0 / 100e6);
        match self.every {
            Some(every) => since >= every,
            None => since >= self.cost.unwrap_or(guess) * 10,
        }
    }

    /// Writes the partial file (replacing the last one atomically); `here`
    /// is a share's count of the level after `histogram`'s, which its
    /// array holds in full.
    pub(crate) fn keep(&mut self, array: &TwoBits, histogram: &[u64], here: u64) -> Result<(), GenError> {
        let started = Instant::now();
        let mut pending = godtab_files::PendingWrite::create(self.partial).map_err(GenError::Write)?;
        let mut record = record(self.digest, self.encoding, histogram, array.len, self.definition.id());
        if let Some((process, processes)) = self.share {
            record.extend_from_slice(&(process as u32).to_le_bytes());
            record.extend_from_slice(&(processes as u32).to_le_bytes());
            record.extend_from_slice(&here.to_le_bytes());
        }
        let header_len = 40 + record.len();
        let padded = header_len.next_multiple_of(8);
        let file_len = padded as u64 + array.words.len() as u64 * 8;
        let mut head = Vec::with_capacity(padded);
        head.extend_from_slice(&MAGIC);
        head.extend_from_slice(&0x0102_0304u32.to_le_bytes());
        head.extend_from_slice(&UNFINISHED_VERSION.to_le_bytes());
        head.extend_from_slice(&file_len.to_le_bytes());
        head.extend_from_slice(&0u64.to_le_bytes());
        head.extend_from_slice(&(record.len() as u32).to_le_bytes());
        head.extend_from_slice(&0u32.to_le_bytes());
        head.extend_from_slice(&record);
        head.resize(padded, 0);
        let mut checksum = Checksum::default();
        {
            let mut out = std::io::BufWriter::with_capacity(1 << 20, pending.file());
            checksum.update(&head);
            out.write_all(&head).map_err(GenError::Write)?;
            write_words(&mut out, &array.words, &mut checksum)?;
            out.flush().map_err(GenError::Write)?;
        }
        patch_checksum(pending.file(), checksum.finish())?;
        if self.share.is_some() && self.partial.exists() {
            std::fs::rename(self.partial, super::share::previous_part(self.partial)).map_err(GenError::Write)?;
        }
        pending.commit().map_err(GenError::Write)?;
        self.cost = Some(started.elapsed());
        self.time += started.elapsed();
        self.count += 1;
        self.last = Instant::now();
        Ok(())
    }
}

/// The record of a partial file.
fn record(digest: u64, encoding: Encoding, histogram: &[u64], slots: u64, id: &str) -> Vec<u8> {
    let mut record = Vec::new();
    record.extend_from_slice(&digest.to_le_bytes());
    record.push(match encoding {
        Encoding::Parity => 2,
        _ => 1,
    });
    record.push((histogram.len() - 1) as u8);
    for count in histogram {
        record.extend_from_slice(&count.to_le_bytes());
    }
    record.extend_from_slice(&slots.to_le_bytes());
    for text in [id, GENERATOR] {
        let text = &text.as_bytes()[..text.len().min(255)];
        record.push(text.len() as u8);
        record.extend_from_slice(text);
    }
    record
}

/// Writes words as little-endian bytes, adding them to `checksum`.
fn write_words(out: &mut impl Write, words: &[AtomicU64], checksum: &mut Checksum) -> Result<(), GenError> {
    let mut buffer = Vec::with_capacity(1 << 16);
    for chunk in words.chunks(1 << 13) {
        buffer.clear();
        for word in chunk {
            buffer.extend_from_slice(&word.load(Relaxed).to_le_bytes());
        }
        checksum.update(&buffer);
        out.write_all(&buffer).map_err(GenError::Write)?;
    }
    Ok(())
}

/// Writes a file's checksum into its field.
pub(crate) fn patch_checksum(file: &mut std::fs::File, checksum: u64) -> Result<(), GenError> {
    file.seek(SeekFrom::Start(CHECKSUM_AT)).map_err(GenError::Write)?;
    file.write_all(&checksum.to_le_bytes()).map_err(GenError::Write)
}

/// Writes the finished table to `target`, atomically; its size.
fn write_final(target: &Path, definition: &Definition, encoding: Encoding, done: &Done) -> Result<u64, GenError> {
    let mut pending = godtab_files::PendingWrite::create(target).map_err(GenError::Write)?;
    let checksum = {
        let mut out = std::io::BufWriter::with_capacity(1 << 20, pending.file());
        let checksum = write_table(&mut out, definition, encoding, done)?;
        out.flush().map_err(GenError::Write)?;
        checksum
    };
    patch_checksum(pending.file(), checksum.finish())?;
    let bytes = pending.file().metadata().map_err(GenError::Write)?.len();
    pending.commit().map_err(GenError::Write)?;
    Ok(bytes)
}
