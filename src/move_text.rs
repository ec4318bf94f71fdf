//! Moves written as text: a contestant's answer, a solution to analyse.

use godtab_runtime::Definition;

/// The moves of `text` from byte `at`: names run together (`ulldr`) or
/// apart (`R U2 F'`), each the longest of the puzzle's move names that
/// fits. The error is the column (from 1) of the first text that names
/// no move.
pub(crate) fn split_moves(definition: &Definition, text: &[u8], mut at: usize) -> Result<Vec<usize>, usize> {
    let names: Vec<&[u8]> = definition.move_names().map(str::as_bytes).collect();
    let mut moves = Vec::new();
    while at < text.len() {
        if text[at].is_ascii_whitespace() {
            at += 1;
            continue;
        }
        let rest = &text[at..];
        let found = (0..names.len()).filter(|&m| rest.starts_with(names[m])).max_by_key(|&m| names[m].len());
        let Some(m) = found else { return Err(at + 1) };
        moves.push(m);
        at += names[m].len();
    }
    Ok(moves)
}
