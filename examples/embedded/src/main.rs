//! Answers a nine-digits query with no std and no allocator: the table is a
//! static byte slice, the state and the solution live on the stack. The
//! table is opened as a `Lookup` against its layout, computed when the table
//! was written (both in fixture/): no puzzle model and no header decoder are linked in (about 7 KB
//! of code and a 200-byte handle; `cargo xtask bench size` measures it).
//!
//! The linker proves the point: this binary links `core` alone (no `std`,
//! no `alloc`), so nothing in the runtime can allocate.
//!
//! Prints the answer and exits 0 when it is the expected one (3 moves: A A A).

#![no_std]
#![no_main]

use godtab_runtime::{Lookup, LookupLayout};

/// The table, compiled into the program (`cargo xtask gen-fixture` writes
/// it; a test in the workspace checks it is what the generator makes).
static TABLE: &[u8] = include_bytes!("../fixture/nine-digits.gtab");

/// The table's lookup layout, computed when the table was written, so the
/// program opens the bytes with no header decoding.
const LAYOUT: LookupLayout = include!("../fixture/layout.rs");

/// The statement's sample: three clockwise turns of the top-left block.
const SAMPLE: [u8; 9] = [4, 1, 3, 5, 2, 6, 7, 8, 9];

#[unsafe(no_mangle)]
extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    let mut line = Line::new();
    let Ok(table) = Lookup::with_layout(TABLE, &LAYOUT) else {
        print(b"the embedded table does not open\n");
        return 1;
    };
    let Ok(Some(distance)) = table.distance(&SAMPLE) else {
        print(b"the sample is unsolvable\n");
        return 1;
    };
    let mut moves = [0u8; 32];
    let Ok(len) = table.solve_into(&SAMPLE, &mut moves) else {
        print(b"no solution\n");
        return 1;
    };
    line.push(b"nine-digits 4 1 3 5 2 6 7 8 9: ");
    line.push(&[b'0' + distance]);
    line.push(b" moves:");
    for &m in &moves[..len] {
        line.push(b" ");
        line.push(table.move_name(usize::from(m)).unwrap_or("?").as_bytes());
    }
    line.push(b"\n");
    print(line.as_bytes());
    let expected: &[u8] = b"nine-digits 4 1 3 5 2 6 7 8 9: 3 moves: A A A\n";
    if line.as_bytes() == expected { 0 } else { 1 }
}

/// A fixed-size line buffer: no allocator here.
struct Line {
    bytes: [u8; 128],
    len: usize,
}

impl Line {
    const fn new() -> Self {
        Self { bytes: [0; 128], len: 0 }
    }

    fn push(&mut self, text: &[u8]) {
        let end = (self.len + text.len()).min(self.bytes.len());
        self.bytes[self.len..end].copy_from_slice(&text[..end - self.len]);
        self.len = end;
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

#[link(name = "c")]
unsafe extern "C" {
    fn write(fd: i32, buf: *const u8, count: usize) -> isize;
    fn abort() -> !;
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
