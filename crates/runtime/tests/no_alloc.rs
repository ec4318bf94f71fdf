//! Queries allocate nothing: a counting global allocator proves it.
//!
//! Only the test's own thread is counted: the test harness's threads may
//! allocate at any time.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use godtab_runtime::Table;

struct Counting;

std::thread_local! {
    /// Allocations and reallocations made by this thread so far.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // A thread being torn down has no counter left; it is not the test's.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: delegates every call to the system allocator unchanged.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn queries_do_not_allocate() {
    let fixtures: [&[u8]; 4] = [
        include_bytes!("fixtures/v2/slide-2x3.gtab"),
        include_bytes!("fixtures/v2/slide-2x3-compact.gtab"),
        include_bytes!("fixtures/v2/spin-2x2.gtab"),
        include_bytes!("fixtures/v2/colours-2x3.gtab"),
    ];
    for bytes in fixtures {
        let table = Table::new(bytes).unwrap();
        let goal = table.puzzle().goal();
        let text = table.display(&goal).to_string();
        let mut moves = [0u8; 64];
        let mut checked = 0u64;
        let before = allocations();
        for rank in 0..table.slots() {
            let state = table.state_of_rank(rank).unwrap();
            let Some(d) = table.distance(&state).unwrap() else { continue };
            let len = table.solve_into(&state, &mut moves).unwrap();
            let walked = table.solution(&state).unwrap().unwrap().count();
            assert_eq!((len, walked), (usize::from(d), usize::from(d)));
            let parsed = table.parse(&text).unwrap();
            assert_eq!(table.distance(&parsed), Ok(Some(0)));
            let mut answers = [None; 3];
            table.distances(&[state, parsed, state], &mut answers).unwrap();
            assert_eq!(answers, [Some(d), Some(0), Some(d)]);
            checked += 1;
        }
        let after = allocations();
        assert!(checked >= 4);
        assert_eq!(after, before, "{}: queries allocated", table.id());
    }
}
