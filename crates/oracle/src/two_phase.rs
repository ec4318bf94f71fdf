//! The 3x3x3 cube answered by Kociemba's two-phase algorithm
//! (`godtab-twophase`): states as facelet strings or scrambles, solutions
//! within a length rather than optimal.

use std::time::Instant;

use godtab_twophase::{Cube, LargeTables, MAX_SOLUTION, Move, Solution, SolveError, SolveTables, Tables, TablesError};

use crate::{Answer, AskError, DEFAULT_MAX_LENGTH, Limits, Work, Written};

/// The puzzle's name, as the built-in table's.
pub(crate) const NAME: &str = "cube-3x3x3";

/// The 18 face turns, in the solver's order.
pub(crate) fn move_names() -> impl Iterator<Item = &'static str> {
    (0..18).filter_map(Move::new).map(Move::name)
}

/// The cube `text` writes: facelets (also as a plain state) or a
/// scramble.
pub(crate) fn parse(text: &str, written: Written) -> Result<Cube, AskError> {
    let text = text.trim();
    let bad = |e: &dyn std::fmt::Display| AskError::NotAState(e.to_string());
    match written {
        Written::Facelets | Written::State => Cube::from_facelets(text).map_err(|e| bad(&e)),
        Written::Scramble => Cube::from_scramble(text).map_err(|e| bad(&e)),
    }
}

/// The cube's facelet string.
pub(crate) fn show(cube: &Cube) -> String {
    String::from_utf8_lossy(&cube.to_facelets()).into_owned()
}

/// The damage a header check found.
fn damaged(error: TablesError) -> AskError {
    AskError::Damaged(error.to_string())
}

/// Two-phase tables of either size, their headers checked.
enum View<'a> {
    /// The large ones of `godtab gen cube-3x3x3-two-phase`.
    Large(LargeTables<'a>),
    /// The built-in ones.
    BuiltIn(Tables<'a>),
}

/// A view of `bytes` as two-phase tables (headers only: constant time).
fn view(bytes: &[u8]) -> Result<View<'_>, AskError> {
    match LargeTables::from_bytes(bytes) {
        Ok(large) => Ok(View::Large(large)),
        Err(TablesError::BadMagic) => Tables::from_bytes(bytes).map(View::BuiltIn).map_err(damaged),
        Err(e) => Err(damaged(e)),
    }
}

/// Checks that `bytes` are two-phase tables, large or built-in.
pub(crate) fn check(bytes: &[u8]) -> Result<(), AskError> {
    view(bytes).map(|_| ())
}

/// A solution within `limits.max_length` moves, from whichever tables the
/// bytes are.
pub(crate) fn solve(bytes: &[u8], cube: &Cube, limits: &Limits) -> Result<Answer, AskError> {
    match view(bytes)? {
        View::Large(large) => solve_with(&large, cube, limits),
        View::BuiltIn(tables) => solve_with(&tables, cube, limits),
    }
}

fn solve_with<T: SolveTables>(tables: &T, cube: &Cube, limits: &Limits) -> Result<Answer, AskError> {
    let max_length = limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH);
    if usize::from(max_length) > MAX_SOLUTION {
        return Err(AskError::NotAState(format!("a length of at most {MAX_SOLUTION} moves")));
    }
    let budget = godtab_twophase::Limits { max_nodes: limits.max_nodes.unwrap_or(u64::MAX), deadline: None };
    let started = Instant::now();
    let mut solution = Solution::new();
    let solved = godtab_twophase::solve(tables, cube, max_length, &budget, &mut solution);
    // The solver counts no nodes for its caller: only the time is known.
    let work = Work { nodes: 0, generated: 0, seconds: started.elapsed().as_secs_f64() };
    match solved {
        Ok(()) => Ok(Answer { moves: Some(solution.as_slice().iter().map(|&m| usize::from(m)).collect()), work: None }),
        Err(SolveError::NotFound) => Err(AskError::NoneWithin { max_length }),
        Err(SolveError::LimitReached) => Err(AskError::NodeLimit { limit: budget.max_nodes, work }),
        Err(SolveError::TooLong) => Err(AskError::NotAState(format!("a length of at most {MAX_SOLUTION} moves"))),
        Err(other) => Err(AskError::Damaged(other.to_string())),
    }
}
