//! godtab: solve permutation puzzles instantly from precomputed tables.

mod embedded;

fn main() {
    for (id, bytes) in embedded::TABLES {
        println!("{id}: {} bytes", bytes.len());
    }
}
