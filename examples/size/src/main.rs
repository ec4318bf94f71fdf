//! The size probe: answers one query from a table compiled into the
//! program, with no std and no allocator, and reports what it measured.
//!
//! - Arguments: the state's tile values (0 for the blank).
//! - The query runs on a stack of its own (ucontext), painted beforehand, so
//!   its deepest use is measured afterwards: the high-water mark.
//! - Prints `distance D moves M... stack S handle H`: the answer, the stack
//!   bytes the query touched and the bytes of the open handle (0 in the
//!   baseline, which makes no godtab call).
//!
//! Which query is compiled in is chosen by the features (see Cargo.toml);
//! `cargo xtask bench size` builds every variant and compares its code with
//! the baseline's.

#![no_std]
#![no_main]

use core::sync::atomic::{AtomicU8, AtomicUsize, Ordering::Relaxed};

/// The table's length; its path comes from `cargo xtask bench size`.
const TABLE_LEN: usize = include_bytes!(env!("GODTAB_SIZE_TABLE")).len();

/// The table in a section of its own, so that the bench counts the code
/// and constants around it, not the table.
#[repr(C, align(8))]
struct Aligned([u8; TABLE_LEN]);

#[unsafe(link_section = ".godtab_table")]
#[used]
static TABLE: Aligned = Aligned(*include_bytes!(env!("GODTAB_SIZE_TABLE")));

/// Tiles of the state, from the command line.
static VALUES: [AtomicU8; 16] = [const { AtomicU8::new(0) }; 16];
static CELLS: AtomicUsize = AtomicUsize::new(0);
/// The answer: distance (255: none), moves, the handle's size.
static DISTANCE: AtomicU8 = AtomicU8::new(255);
static MOVES: [AtomicU8; 96] = [const { AtomicU8::new(0) }; 96];
static MOVE_COUNT: AtomicUsize = AtomicUsize::new(0);
static HANDLE: AtomicUsize = AtomicUsize::new(0);

/// Bytes of the query's own stack.
const STACK_LEN: usize = 256 * 1024;
/// What the stack is painted with before the query runs.
const PAINT: u8 = 0xA5;

#[repr(C, align(16))]
struct Stack([u8; STACK_LEN]);
// The context offsets below are glibc's on x86-64.
#[cfg(not(all(target_arch = "x86_64", target_os = "linux", target_env = "gnu")))]
compile_error!("the size probe measures its stack with glibc's ucontext on x86-64 Linux");

/// glibc's `ucontext_t` on x86-64 is 968 bytes; room to spare.
#[repr(C, align(16))]
struct Context([u8; 2048]);

static mut QUERY_STACK: Stack = Stack([0; STACK_LEN]);
static mut MAIN_CONTEXT: Context = Context([0; 2048]);
static mut QUERY_CONTEXT: Context = Context([0; 2048]);

#[unsafe(no_mangle)]
extern "C" fn main(argc: i32, argv: *const *const u8) -> i32 {
    let cells = read_arguments(argc, argv);
    CELLS.store(cells, Relaxed);
    let Some(stack) = run_on_painted_stack() else {
        print(b"cannot switch stacks\n");
        return 1;
    };
    let mut line = Line::new();
    line.push(b"distance ");
    match DISTANCE.load(Relaxed) {
        255 => line.push(b"none"),
        d => line.number(usize::from(d)),
    }
    line.push(b" moves");
    for m in &MOVES[..MOVE_COUNT.load(Relaxed).min(MOVES.len())] {
        line.push(b" ");
        line.number(usize::from(m.load(Relaxed)));
    }
    line.push(b" stack ");
    line.number(stack);
    line.push(b" handle ");
    line.number(HANDLE.load(Relaxed));
    line.push(b" table ");
    line.number(table().len());
    line.push(b"\n");
    print(line.as_bytes());
    0
}

/// The tile values on the command line (at most 16).
fn read_arguments(argc: i32, argv: *const *const u8) -> usize {
    let mut cells = 0;
    for i in 1..usize::try_from(argc).unwrap_or(0) {
        // SAFETY: argv holds argc NUL-terminated strings.
        let mut p = unsafe { *argv.add(i) };
        let mut value = 0u8;
        // SAFETY: reading up to the string's NUL.
        while let c @ b'0'..=b'9' = unsafe { *p } {
            value = value.wrapping_mul(10).wrapping_add(c - b'0');
            // SAFETY: still inside the string.
            p = unsafe { p.add(1) };
        }
        if cells < VALUES.len() {
            VALUES[cells].store(value, Relaxed);
            cells += 1;
        }
    }
    cells
}

/// Runs [`query`] on a freshly painted stack and returns the bytes of it
/// that were written: the deepest the query went.
fn run_on_painted_stack() -> Option<usize> {
    // SAFETY: the statics are used by this function alone, once; the
    // context calls follow their manual (getcontext fills the query
    // context, which then gets its stack and link before makecontext; the
    // query returns to the main context through uc_link).
    unsafe {
        let stack = &raw mut QUERY_STACK;
        core::ptr::write_bytes(stack.cast::<u8>(), PAINT, STACK_LEN);
        let context = (&raw mut QUERY_CONTEXT).cast::<u8>();
        if getcontext(context) != 0 {
            return None;
        }
        // uc_link at 8, uc_stack.ss_sp at 16, uc_stack.ss_size at 32.
        context.add(8).cast::<*mut u8>().write((&raw mut MAIN_CONTEXT).cast());
        context.add(16).cast::<*mut u8>().write(stack.cast());
        context.add(32).cast::<usize>().write(STACK_LEN);
        makecontext(context, query_entry, 0);
        if swapcontext((&raw mut MAIN_CONTEXT).cast(), context) != 0 {
            return None;
        }
        let bytes = core::slice::from_raw_parts(stack.cast::<u8>(), STACK_LEN);
        let untouched = bytes.iter().take_while(|&&b| b == PAINT).count();
        Some(STACK_LEN - untouched)
    }
}

extern "C" fn query_entry() {
    let mut values = [0u8; 16];
    let cells = CELLS.load(Relaxed).min(16);
    for (v, a) in values.iter_mut().zip(&VALUES) {
        *v = a.load(Relaxed);
    }
    query(core::hint::black_box(&values[..cells]));
}

fn table() -> &'static [u8] {
    core::hint::black_box(&TABLE.0[..])
}

fn record(distance: Option<u8>, moves: &[u8], handle: usize) {
    DISTANCE.store(distance.unwrap_or(255), Relaxed);
    for (slot, &m) in MOVES.iter().zip(moves) {
        slot.store(m, Relaxed);
    }
    MOVE_COUNT.store(moves.len(), Relaxed);
    HANDLE.store(handle, Relaxed);
}

/// The baseline: no godtab call, the same program around it.
#[cfg(not(any(feature = "distance", feature = "patterns", feature = "lookup")))]
fn query(values: &[u8]) {
    record(values.first().copied(), &table()[..1], 0);
}

/// A complete table: open, distance, and (feature `solution`) the moves.
#[cfg(all(feature = "distance", not(feature = "patterns")))]
fn query(values: &[u8]) {
    let Ok(table) = godtab_runtime::Table::new(table()) else { return record(None, &[], 0) };
    let handle = core::mem::size_of_val(&table);
    let Ok(state) = table.state(values) else { return record(None, &[], handle) };
    let distance = table.distance(&state).ok().flatten();
    let mut moves = [0u8; 96];
    let mut len = 0;
    if cfg!(feature = "solution") {
        len = table.solve_into(&state, &mut moves).unwrap_or(0);
    }
    record(distance, &moves[..len], handle);
}

/// A lookup: open (from the bytes, or against the layout compiled in), the
/// distance, and (feature `lookup-solution`) the moves.
#[cfg(feature = "lookup")]
fn query(values: &[u8]) {
    #[cfg(feature = "lookup-fixed")]
    let lookup = godtab_runtime::Lookup::with_layout(table(), &include!(concat!(env!("OUT_DIR"), "/layout.rs")));
    #[cfg(not(feature = "lookup-fixed"))]
    let lookup = godtab_runtime::Lookup::new(table());
    let Ok(lookup) = lookup else { return record(None, &[], 0) };
    let handle = core::mem::size_of_val(&lookup);
    let distance = lookup.distance(values).ok().flatten();
    let mut moves = [0u8; 96];
    let mut len = 0;
    if cfg!(feature = "lookup-solution") {
        len = lookup.solve_into(values, &mut moves).unwrap_or(0);
    }
    record(distance, &moves[..len], handle);
}

/// A pattern set: open, and an IDA* solution.
#[cfg(feature = "patterns")]
fn query(values: &[u8]) {
    let Ok(set) = godtab_runtime::PatternSet::new(table()) else { return record(None, &[], 0) };
    let handle = core::mem::size_of_val(&set);
    let Ok(state) = set.puzzle().state_from_values(values) else { return record(None, &[], handle) };
    let searcher = godtab_search::Searcher::new(&set);
    let Ok(report) = searcher.solve(&state, 10_000_000) else { return record(None, &[], handle) };
    let moves = report.moves();
    record(u8::try_from(moves.len()).ok(), moves, handle + core::mem::size_of_val(&searcher));
}

/// A fixed-size line buffer: no allocator here.
struct Line {
    bytes: [u8; 512],
    len: usize,
}

impl Line {
    const fn new() -> Self {
        Self { bytes: [0; 512], len: 0 }
    }

    fn push(&mut self, text: &[u8]) {
        let end = (self.len + text.len()).min(self.bytes.len());
        self.bytes[self.len..end].copy_from_slice(&text[..end - self.len]);
        self.len = end;
    }

    fn number(&mut self, mut n: usize) {
        let mut digits = [0u8; 20];
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.push(&digits[i..]);
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

#[link(name = "c")]
unsafe extern "C" {
    fn write(fd: i32, buf: *const u8, count: usize) -> isize;
    fn abort() -> !;
    fn getcontext(context: *mut u8) -> i32;
    fn makecontext(context: *mut u8, entry: extern "C" fn(), argc: i32, ...);
    fn swapcontext(from: *mut u8, to: *const u8) -> i32;
}

fn print(text: &[u8]) {
    // SAFETY: write(2) reads `text.len()` bytes from a live slice.
    unsafe {
        write(1, text.as_ptr(), text.len());
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    print(b"panic\n");
    // SAFETY: abort(3) takes no arguments and never returns.
    unsafe { abort() }
}

/// `core` is built with unwinding tables that name this symbol; with
/// `panic = "abort"` it is never called.
#[unsafe(no_mangle)]
extern "C" fn rust_eh_personality() {}
