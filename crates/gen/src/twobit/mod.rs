//! Complete tables at 2 bits per state: the breadth-first search that
//! holds nothing but each state's entry (see `search`), whose array is the
//! table's distance section as it goes (compact tables), or becomes it by
//! keeping one bit of each entry (parity tables). Memory is the array and
//! lists bounded to a fraction of a bit per state ([`planned_memory_twobit`]),
//! planned before anything is allocated.
//!
//! [`twobit_table_bytes`] builds a table in memory; `resumable` writes one
//! to a file, keeping a stopped run's progress so that it can be continued;
//! `share` is one process's share of a search run by several, and
//! `table_assembly` puts the shares' entries together into one table file.

mod array;
mod exchange;
mod partial_read;
mod resumable;
mod search;
mod share;
mod share_expand;
mod table_assembly;

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Instant;

use godtab_puzzles::{Cursor, Definition, Puzzle, WithCursor};
use godtab_runtime::{Checksum, Counts, Encoding, packed_head};

use crate::bfs::Allocator;
use crate::{GENERATOR, GenError, Options, Part, Progress};
use array::TwoBits;
pub use exchange::{Exchange, KEEP, LevelEnd, Ranges, STOP};
pub use partial_read::read_partial;
pub use resumable::{Finished, InPlace, PartialRun, partial_path, run_digest, twobit_table_file};
use search::{Scheme, Search, Step};
pub use share::{SHARE_AGREEMENTS, ShareOf, SharePart, previous_part, share_digest, share_search};
pub use table_assembly::TableAssembly;

/// The most ranks a list of the search may hold, for `slots` states: a
/// 1024th of the states (two lists and their growth then stay within a
/// quarter of a bit per state), and at least 65,536.
fn list_cap(slots: u64) -> u64 {
    (slots / 1024).max(1 << 16)
}

/// The most bytes a 2-bit search of `puzzle` holds: its array (2 bits per
/// state, rounded up to words) and its lists (at most a quarter of a bit
/// per state), 2.25 bits per state in all, and 64 MiB for the threads'
/// stacks and buffers.
#[must_use]
pub fn planned_memory_twobit(puzzle: &Puzzle) -> u64 {
    planned_memory_len(puzzle.slots())
}

/// The most bytes a 2-bit search of `len` entries holds (a whole puzzle's,
/// or one process's range: its lists are then the ranks it holds for
/// other processes, bounded the same).
#[must_use]
pub fn planned_memory_len(len: u64) -> u64 {
    let array = TwoBits::words_for(len).saturating_mul(8);
    let lists = list_cap(len).saturating_mul(8 * 3);
    array.saturating_add(lists).saturating_add(64 << 20)
}

/// The scheme of an encoding's 2-bit search.
fn scheme(encoding: Encoding) -> Result<Scheme, GenError> {
    match encoding {
        Encoding::Compact => Ok(Scheme::Mod3),
        Encoding::Parity => Ok(Scheme::Parity),
        _ => Err(GenError::Encoding(
            "the 2-bit search writes compact and parity tables; a full table is generated in full",
        )),
    }
}

/// The histogram of `puzzle` (states at each distance from the goal) by
/// the 2-bit search, with no table: for puzzles whose moves cannot be
/// undone (whose compact tables cannot be answered from), or to count a
/// puzzle's levels in a quarter of the memory of a table.
///
/// # Errors
///
/// [`GenError::TooLarge`] over `options.max_memory` (before allocating),
/// [`GenError::OutOfMemory`], [`GenError::TooDeep`].
pub fn twobit_histogram(puzzle: &Puzzle, options: &Options<'_>) -> Result<Vec<u64>, GenError> {
    let array = allocate(puzzle, options)?;
    let run =
        Run { puzzle, scheme: Scheme::Mod3, options, array, histogram: vec![1], preset: 0, after: &mut |_| Ok(()) };
    Ok(puzzle.with_cursor(run)?.histogram)
}

/// The compact or parity table of `definition`, by the 2-bit search, in
/// memory: the same bytes as [`encode`](godtab_runtime::encode) gives from
/// a full search.
///
/// # Errors
///
/// As [`twobit_histogram`], and [`GenError::Encoding`] if the puzzle
/// cannot be stored so.
pub fn twobit_table_bytes(definition: &Definition, options: &Options<'_>) -> Result<Vec<u8>, GenError> {
    let puzzle = definition.puzzle();
    let scheme = scheme(options.encoding)?;
    options.encoding.check(puzzle).map_err(GenError::Encoding)?;
    let array = allocate(puzzle, options)?;
    let run = Run { puzzle, scheme, options, array, histogram: vec![1], preset: 0, after: &mut |_| Ok(()) };
    let done = puzzle.with_cursor(run)?;
    let mut bytes = Vec::new();
    write_table(&mut bytes, definition, options.encoding, &done)?;
    let checksum = finish_checksum(&bytes);
    bytes[godtab_runtime::CHECKSUM_AT as usize..][..8].copy_from_slice(&checksum.to_le_bytes());
    Ok(bytes)
}

/// The checksum of a whole file held in memory, its field still zero.
fn finish_checksum(bytes: &[u8]) -> u64 {
    let mut checksum = Checksum::default();
    checksum.update(bytes);
    checksum.finish()
}

/// The array of a search of `puzzle`, every entry unreached but the
/// goal's, after checking the plan against the limit.
fn allocate(puzzle: &Puzzle, options: &Options<'_>) -> Result<TwoBits, GenError> {
    let array = allocate_len(puzzle.slots(), options, puzzle.slots())?;
    let goal = puzzle.rank(&puzzle.goal());
    array.reach_own(goal, 0);
    Ok(array)
}

/// An array of `len` unreached entries (a share of a puzzle of `slots`),
/// after checking its plan against the limit.
fn allocate_len(len: u64, options: &Options<'_>, slots: u64) -> Result<TwoBits, GenError> {
    let needed = planned_memory_len(len);
    if let Some(limit) = options.max_memory
        && needed > limit
    {
        return Err(GenError::TooLarge { slots, needed, limit });
    }
    let words = usize::try_from(TwoBits::words_for(len)).map_err(|_| GenError::TooLarge {
        slots,
        needed,
        limit: usize::MAX as u64,
    })?;
    let alloc = Allocator { slots, needed };
    Ok(TwoBits::unreached(len, alloc.filled(words, || AtomicU64::new(u64::MAX))?))
}

/// A finished search: its array and levels.
pub(crate) struct Done {
    pub(crate) array: TwoBits,
    pub(crate) histogram: Vec<u64>,
    /// Whether it was stopped (by the stop flag) before the end: then
    /// `histogram` holds the levels done, and the array may hold some of
    /// the next level's states too.
    pub(crate) stopped: bool,
}

/// What a level reports to the code that runs the search, which may keep
/// the run's progress.
pub(crate) struct LevelDone<'a> {
    pub(crate) array: &'a TwoBits,
    pub(crate) histogram: &'a [u64],
}

/// The search, run with the puzzle's fastest cursor.
struct Run<'a, 'f> {
    puzzle: &'a Puzzle,
    scheme: Scheme,
    options: &'a Options<'a>,
    array: TwoBits,
    /// The levels the array holds already (the goal alone, or a stopped
    /// run's).
    histogram: Vec<u64>,
    /// States of the next level the array holds already (a run stopped
    /// in the middle of a level).
    preset: u64,
    after: &'f mut dyn FnMut(&LevelDone<'_>) -> Result<(), GenError>,
}

impl WithCursor for Run<'_, '_> {
    type Output = Result<Done, GenError>;

    fn run<C: Cursor>(self, cursor: C) -> Self::Output {
        let Run { puzzle, scheme, options, array, histogram, preset, after } = self;
        let started = Instant::now();
        let slots = array.len;
        let frontier = (histogram.len() == 1).then(|| vec![puzzle.rank(&puzzle.goal())]);
        let never = AtomicBool::new(false);
        let stop = options.stop.unwrap_or(&never);
        let mut search =
            Search::new(puzzle, cursor, scheme, array, histogram, frontier, list_cap(slots), Some(stop), preset);
        loop {
            match search.step()? {
                Step::Stopped => {
                    let Search { array, histogram, .. } = search;
                    return Ok(Done { array, histogram, stopped: true });
                }
                Step::Found(0, _) => break,
                Step::Found(found, direction) => {
                    options.report(&Progress {
                        part: Part::States,
                        depth: search.depth(),
                        found,
                        reached: search.reached,
                        total: slots,
                        before: 0,
                        pull: direction.is_pull(),
                        elapsed: started.elapsed(),
                    });
                    after(&LevelDone { array: &search.array, histogram: &search.histogram })?;
                }
            }
        }
        let Search { array, histogram, .. } = search;
        Ok(Done { array, histogram, stopped: false })
    }
}

/// Writes `done`'s table (whose entries are its distance section, or for
/// parity become it) to `out`, its checksum field zero.
pub(crate) fn write_table(
    out: &mut impl std::io::Write,
    definition: &Definition,
    encoding: Encoding,
    done: &Done,
) -> Result<Checksum, GenError> {
    let histogram = &done.histogram;
    let counts = Counts { reachable: histogram.iter().sum(), max_depth: (histogram.len() - 1) as u8, histogram };
    let head = packed_head(definition, encoding, &counts, GENERATOR)?;
    let array = &done.array;
    array.clear_padding();
    let words = match encoding {
        Encoding::Parity => array.pack_low_bits(),
        _ => array.words.len(),
    };
    let mut checksum = Checksum::default();
    let mut write = |bytes: &[u8]| -> Result<(), GenError> {
        checksum.update(bytes);
        out.write_all(bytes).map_err(GenError::Write)
    };
    write(&head.prefix)?;
    let mut buffer = Vec::with_capacity(1 << 16);
    for chunk in array.words[..words].chunks(1 << 13) {
        buffer.clear();
        for word in chunk {
            buffer.extend_from_slice(&word.load(std::sync::atomic::Ordering::Relaxed).to_le_bytes());
        }
        write(&buffer)?;
    }
    // The section's spare word (and any words past the packed entries).
    let written = words as u64 * 8;
    write(&vec![0u8; (head.distance_len - written) as usize])?;
    write(&vec![0u8; head.parent_len as usize])?;
    Ok(checksum)
}
