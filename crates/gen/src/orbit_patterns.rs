//! The tables of an orbit pattern set: one breadth-first search per
//! pattern over its values (see `godtab_twisty::pattern`), from the solved
//! value, filling every entry's distance in 4 bits.
//!
//! The search moves values with the components' move tables and reduces
//! them by symmetry through the coder, so it never builds a state. Each
//! level is computed in one of two directions: *push* (every entry at
//! distance `d` makes each move; entries reached for the first time get
//! `d + 1`, with every entry that holds the same class under a symmetry)
//! or *pull* (every entry not reached yet makes its moves until one lands
//! at `d`), whichever looks at fewer entries. Levels are split over
//! rayon's pool; entries are marked with atomic byte operations, and a
//! level's result does not depend on the order of the work, so the table
//! is the same on any number of threads.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::Instant;

use godtab_twisty::Twisty;
use godtab_twisty::pattern::Coder;
use rayon::prelude::*;

use crate::bfs::Allocator;
use crate::{GenError, Options, Part, Progress};

/// Entries not reached yet.
const UNREACHED: u8 = 15;

/// Bytes of entries a thread takes at a time.
const CHUNK: usize = 1 << 15;

/// A pattern's distances, 4 bits per entry (entry `i` in the low half of
/// byte `i / 2` when even), 15 for 15 or more or never reached, and how
/// many entries lie at each distance.
pub struct Distances {
    /// The packed distances.
    pub nibbles: Vec<u8>,
    /// Entries at each distance, from 0.
    pub histogram: Vec<u64>,
}

/// The memory filling a pattern of `entries` entries takes: its 4-bit
/// array.
#[must_use]
pub fn planned_orbit_pattern_memory(entries: u64) -> u64 {
    entries.div_ceil(2)
}

/// Fills the distances of pattern `coder` on `puzzle` (part `part` of a
/// generation, for progress reports; `before` entries of earlier parts).
///
/// # Errors
///
/// [`GenError::TooLarge`] past `options.max_memory`,
/// [`GenError::OutOfMemory`] if the system refuses the array.
pub fn fill_orbit_pattern(
    puzzle: &Twisty,
    coder: &Coder,
    part: Part,
    before: u64,
    options: &Options<'_>,
) -> Result<Distances, GenError> {
    let entries = coder.entries;
    let needed = planned_orbit_pattern_memory(entries);
    if let Some(limit) = options.max_memory {
        if needed > limit {
            return Err(GenError::TooLarge { slots: entries, needed, limit });
        }
    }
    let started = Instant::now();
    let bytes = usize::try_from(entries.div_ceil(2)).map_err(|_| GenError::TooLarge {
        slots: entries,
        needed,
        limit: usize::MAX as u64,
    })?;
    let table = Allocator { slots: entries, needed }.filled(bytes, || AtomicU8::new(u8::MAX))?;
    let fill = Fill { puzzle, coder, table: &table, entries };
    let solved = coder.index(puzzle, &puzzle.identity());
    let mut same = Vec::new();
    coder.equivalents(puzzle, solved, &mut same);
    let mut histogram = vec![0u64];
    for &e in &same {
        histogram[0] += u64::from(fill.mark(e, 0));
    }
    let mut reached = histogram[0];
    let report = |depth: u8, found: u64, reached: u64, pull: bool| {
        options.report(&Progress {
            part,
            depth,
            found,
            reached,
            total: entries,
            before,
            pull,
            elapsed: started.elapsed(),
        });
    };
    report(0, reached, reached, false);
    let mut depth = 0u8;
    while depth + 1 < UNREACHED && reached < entries {
        let frontier = histogram[usize::from(depth)];
        let unreached = entries - reached;
        let pull = unreached < 3 * frontier;
        let found = if pull { fill.pull(depth) } else { fill.push(depth) };
        if found == 0 {
            break;
        }
        depth += 1;
        histogram.push(found);
        reached += found;
        report(depth, found, reached, pull);
    }
    let nibbles: Vec<u8> = table.into_iter().map(AtomicU8::into_inner).collect();
    Ok(Distances { nibbles, histogram })
}

/// One pattern's search in progress.
struct Fill<'a> {
    puzzle: &'a Twisty,
    coder: &'a Coder,
    table: &'a [AtomicU8],
    entries: u64,
}

impl Fill<'_> {
    /// Entry `index`'s distance so far.
    #[inline]
    fn get(&self, index: u64) -> u8 {
        (self.table[(index / 2) as usize].load(Ordering::Relaxed) >> (4 * (index & 1))) & 15
    }

    /// Sets entry `index` to `d` if not reached yet; whether it was not.
    #[inline]
    fn mark(&self, index: u64, d: u8) -> bool {
        let shift = 4 * (index & 1);
        let byte = &self.table[(index / 2) as usize];
        if (byte.load(Ordering::Relaxed) >> shift) & 15 != UNREACHED {
            return false;
        }
        let old = byte.fetch_and(!((UNREACHED ^ d) << shift), Ordering::Relaxed);
        (old >> shift) & 15 == UNREACHED
    }

    /// Every entry at `depth` makes each move: the ones reached first get
    /// `depth + 1`. How many did.
    fn push(&self, depth: u8) -> u64 {
        let found = AtomicU64::new(0);
        self.table.par_chunks(CHUNK).enumerate().for_each_init(Vec::new, |same, (chunk, bytes)| {
            let mut count = 0u64;
            for (k, byte) in bytes.iter().enumerate() {
                let v = byte.load(Ordering::Relaxed);
                if v == u8::MAX {
                    continue;
                }
                for half in 0..2u64 {
                    if (v >> (4 * half)) & 15 != depth {
                        continue;
                    }
                    let index = ((chunk * CHUNK + k) as u64) * 2 + half;
                    let values = self.coder.values_of(index);
                    for m in 0..self.puzzle.moves().len() {
                        let next = self.coder.index_of(self.puzzle, &self.coder.apply(self.puzzle, &values, m));
                        if self.get(next) != UNREACHED {
                            continue;
                        }
                        self.coder.equivalents(self.puzzle, next, same);
                        for &e in same.iter() {
                            count += u64::from(self.mark(e, depth + 1));
                        }
                    }
                }
            }
            found.fetch_add(count, Ordering::Relaxed);
        });
        found.into_inner()
    }

    /// Every entry not reached yet makes its moves until one lands at
    /// `depth`; those get `depth + 1`. How many did.
    fn pull(&self, depth: u8) -> u64 {
        let found = AtomicU64::new(0);
        self.table.par_chunks(CHUNK).enumerate().for_each(|(chunk, bytes)| {
            let mut count = 0u64;
            for (k, byte) in bytes.iter().enumerate() {
                let v = byte.load(Ordering::Relaxed);
                for half in 0..2u64 {
                    if (v >> (4 * half)) & 15 != UNREACHED {
                        continue;
                    }
                    let index = ((chunk * CHUNK + k) as u64) * 2 + half;
                    if index >= self.entries {
                        continue;
                    }
                    let values = self.coder.values_of(index);
                    let near = (0..self.puzzle.moves().len()).any(|m| {
                        let next = self.coder.index_of(self.puzzle, &self.coder.apply(self.puzzle, &values, m));
                        self.get(next) == depth
                    });
                    if near {
                        count += u64::from(self.mark(index, depth + 1));
                    }
                }
            }
            found.fetch_add(count, Ordering::Relaxed);
        });
        found.into_inner()
    }
}

/// Patterns whose 4-bit tables take at most this many entries keep their
/// exact distances; larger ones are stored in 2 bits relative to a base.
pub const NIBBLE_ENTRIES: u64 = 1 << 28;

/// What writing an orbit pattern set did.
#[derive(Clone, Debug)]
pub struct OrbitSetWritten {
    /// The file's size.
    pub bytes: u64,
    /// Each pattern's entries at each distance.
    pub histograms: Vec<Vec<u64>>,
    /// Each pattern's bits per entry and base.
    pub encodings: Vec<(u8, u8)>,
}

/// The memory writing an orbit pattern set of `coders` takes at its peak:
/// the largest pattern's 4-bit array, with every finished table before it
/// (they are written together at the end); patterns of more than
/// `nibble_entries` entries are kept in 2 bits.
#[must_use]
pub fn planned_orbit_set_memory(coders: &[Coder], nibble_entries: u64) -> u64 {
    let mut done = 0u64;
    let mut peak = 0u64;
    for coder in coders {
        peak = peak.max(done + planned_orbit_pattern_memory(coder.entries));
        done += if coder.entries <= nibble_entries {
            coder.entries.div_ceil(2)
        } else {
            godtab_twisty::prune::Encoding::TwoBits { base: 0 }.data_len(coder.entries)
        };
    }
    peak.max(done)
}

/// Fills every pattern's table and writes the orbit pattern set of
/// `puzzle` to `target` (atomically: the file appears whole or not at
/// all). `symmetries`: how many symmetries the puzzle has, if the coders
/// were reduced by them. Patterns of at most `nibble_entries` entries
/// keep 4 bits an entry (the CLI passes [`NIBBLE_ENTRIES`]), larger ones
/// 2 bits.
///
/// # Errors
///
/// As [`fill_orbit_pattern`], and [`GenError::Write`] if the file cannot
/// be written.
pub fn write_orbit_pattern_set(
    puzzle: &Twisty,
    coders: &[Coder],
    symmetries: Option<u16>,
    nibble_entries: u64,
    options: &Options<'_>,
    target: &std::path::Path,
) -> Result<OrbitSetWritten, GenError> {
    use std::io::{Seek, SeekFrom, Write};

    use godtab_runtime::{CHECKSUM_AT, Checksum, OrbitPuzzle, OrbitTable, orbit_patterns_head};

    let planned = planned_orbit_set_memory(coders, nibble_entries);
    if let Some(limit) = options.max_memory {
        if planned > limit {
            let entries = coders.iter().map(|c| c.entries).sum();
            return Err(GenError::TooLarge { slots: entries, needed: planned, limit });
        }
    }
    let mut tables: Vec<Vec<u8>> = Vec::new();
    let mut histograms = Vec::new();
    let mut encodings = Vec::new();
    let mut before = 0u64;
    for (index, coder) in coders.iter().enumerate() {
        let part = Part::Pattern { index, of: coders.len() };
        let Distances { mut nibbles, histogram } = fill_orbit_pattern(puzzle, coder, part, before, options)?;
        before += coder.entries;
        if coder.entries <= nibble_entries {
            tables.push(nibbles);
            encodings.push((4, 0));
        } else {
            let base = godtab_twisty::prune::choose_base(&histogram);
            godtab_twisty::prune::pack_two_bits(&mut nibbles, coder.entries, base);
            let len = godtab_twisty::prune::Encoding::TwoBits { base }.data_len(coder.entries);
            nibbles.truncate(len as usize);
            nibbles.shrink_to_fit();
            tables.push(nibbles);
            encodings.push((2, base));
        }
        histograms.push(histogram);
    }
    let n = puzzle.positions();
    let labels: Vec<u8> =
        (0..n).map(|i| puzzle.labels()[i] - puzzle.orbits()[puzzle.orbit_of(i)].start as u8).collect();
    let names: Vec<&str> = puzzle.moves().iter().map(|m| m.name.as_str()).collect();
    let move_names = names.join(" ");
    let orbit_names = puzzle.orbits().iter().map(|o| o.name.as_str()).collect::<Vec<_>>().join(" ");
    let pieces: Vec<u8> = puzzle.orbits().iter().map(|o| o.pieces as u8).collect();
    let orientations: Vec<u8> = puzzle.orbits().iter().map(|o| o.orientations).collect();
    let maps: Vec<u8> = puzzle.moves().iter().flat_map(|m| m.map[..n].iter().copied()).collect();
    let twists: Vec<u8> = puzzle.moves().iter().flat_map(|m| m.twist[..n].iter().copied()).collect();
    let parts = OrbitPuzzle {
        id: puzzle.id(),
        move_names: &move_names,
        orbit_names: &orbit_names,
        pieces: &pieces,
        orientations: &orientations,
        solved: &labels,
        move_maps: &maps,
        move_twists: &twists,
    };
    let pattern_bytes: Vec<(Vec<u8>, Vec<u8>, Vec<u8>)> = coders
        .iter()
        .zip(&histograms)
        .map(|(coder, histogram)| {
            let oriented = coder.def.oriented.iter().map(|&o| u8::from(o)).collect();
            let histogram = histogram.iter().flat_map(|c| c.to_le_bytes()).collect();
            (coder.def.groups.clone(), oriented, histogram)
        })
        .collect();
    let shapes: Vec<OrbitTable<'_>> = coders
        .iter()
        .zip(&pattern_bytes)
        .zip(&encodings)
        .map(|((coder, (groups, oriented, histogram)), &(width, base))| OrbitTable {
            groups,
            oriented,
            entries: coder.entries,
            width,
            base,
            histogram,
        })
        .collect();
    let head = orbit_patterns_head(&parts, &shapes, symmetries.is_some(), symmetries.unwrap_or(1), crate::GENERATOR)?;
    let mut pending = godtab_files::PendingWrite::create(target).map_err(GenError::Write)?;
    let mut checksum = Checksum::default();
    {
        let mut out = std::io::BufWriter::with_capacity(1 << 20, pending.file());
        let mut at = 0u64;
        let mut put = |out: &mut std::io::BufWriter<&mut std::fs::File>, bytes: &[u8], at: &mut u64| {
            checksum.update(bytes);
            *at += bytes.len() as u64;
            out.write_all(bytes).map_err(GenError::Write)
        };
        let zeros = [0u8; 64];
        put(&mut out, &head.prefix, &mut at)?;
        for (section, &(offset, _)) in tables.iter().zip(&head.sections) {
            while at < offset {
                let gap = (offset - at).min(64) as usize;
                put(&mut out, &zeros[..gap], &mut at)?;
            }
            for chunk in section.chunks(1 << 20) {
                put(&mut out, chunk, &mut at)?;
            }
        }
        while at < head.file_len {
            let gap = (head.file_len - at).min(64) as usize;
            put(&mut out, &zeros[..gap], &mut at)?;
        }
        out.flush().map_err(GenError::Write)?;
    }
    let file = pending.file();
    file.seek(SeekFrom::Start(CHECKSUM_AT)).map_err(GenError::Write)?;
    file.write_all(&checksum.finish().to_le_bytes()).map_err(GenError::Write)?;
    let bytes = file.metadata().map_err(GenError::Write)?.len();
    pending.commit().map_err(GenError::Write)?;
    Ok(OrbitSetWritten { bytes, histograms, encodings })
}
