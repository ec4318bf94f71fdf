//! Huge pages for large arrays read at random: a search's arrays and
//! the pattern tables a search reads.
//!
//! A search reads and writes its arrays at random ranks: over an array of
//! gigabytes nearly every access misses the TLB, and with 4 KiB pages the
//! page walk itself misses the caches (the page tables of a 10.9 GB array
//! take 21 MB). Backed by 2 MiB pages, the tables of the walk fit in the
//! cache: random reads of a 10 GiB array measured here took 34 ns each
//! against 77 ns. Linux backs memory with huge pages where it is asked to
//! (`transparent_hugepage` set to `madvise`, its common default) or
//! everywhere (`always`); the arrays ask, before their pages are first
//! touched. Elsewhere, or if the system says no, nothing changes.

use core::mem::MaybeUninit;

/// Arrays smaller than this keep their pages: a few huge pages gain
/// nothing.
const AT_LEAST: usize = 8 << 20;

/// Asks the system to back `memory` (memory not yet touched, such as a
/// vector's spare capacity) with huge pages.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
pub fn prefer_huge_pages<T>(memory: &mut [MaybeUninit<T>]) {
    let bytes = core::mem::size_of_val(memory);
    if bytes < AT_LEAST {
        return;
    }
    // SAFETY: sysconf only reads a system constant.
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(0);
    if page == 0 {
        return;
    }
    let start = memory.as_mut_ptr() as usize;
    let first = start.next_multiple_of(page);
    let end = (start + bytes) / page * page;
    if end > first {
        // SAFETY: the range lies inside `memory`, which the caller holds
        // mutably. MADV_HUGEPAGE changes only how the system backs the
        // range's pages, never their contents or whether they are mapped;
        // if it fails (a kernel without huge pages) the memory is as it
        // was, so its result is not needed.
        unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
    }
}

/// Elsewhere the system chooses.
#[cfg(not(target_os = "linux"))]
pub fn prefer_huge_pages<T>(_memory: &mut [MaybeUninit<T>]) {}
