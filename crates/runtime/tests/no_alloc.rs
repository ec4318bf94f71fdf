//! Queries allocate nothing: a counting global allocator proves it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use godtab_gen::build_table;
use godtab_puzzles::builtin;
use godtab_runtime::Table;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: delegates every call to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn queries_do_not_allocate() {
    for b in builtin::ALL {
        let bytes = build_table(b).unwrap();
        let table = Table::new(bytes.as_slice()).unwrap();
        let mut moves = [0u8; 64];
        let mut checked = 0u64;
        let before = ALLOCATIONS.load(Ordering::SeqCst);
        for rank in (0..table.states()).step_by(97) {
            let state = table.state_of_rank(rank).unwrap();
            let d = table.distance(&state).unwrap();
            let len = table.solve_into(&state, &mut moves).unwrap();
            let walked = table.solution(&state).unwrap().count();
            assert_eq!((len, walked), (usize::from(d), usize::from(d)));
            let text_state = table.parse("1 2 3 4 5 6 7 8 x").or_else(|_| table.parse("1 2 3 4 5 6 7 8 9")).unwrap();
            assert_eq!(table.distance(&text_state), Some(0));
            let mut answers = [None; 3];
            table.distances(&[state, text_state, state], &mut answers);
            assert_eq!(answers, [Some(d), Some(0), Some(d)]);
            checked += 1;
        }
        let after = ALLOCATIONS.load(Ordering::SeqCst);
        assert!(checked > 1000);
        assert_eq!(after, before, "{}: queries allocated", b.id);
    }
}
