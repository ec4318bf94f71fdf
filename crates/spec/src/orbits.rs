//! What both readers of orbit puzzles (definition files and TOML) hand
//! over: the orbits, the solved state and the moves as the file gives
//! them, each with where it was written. Turning that into a
//! [`Definition`] is the same for both: every move becomes its powers,
//! named and counted as twsearch does ([`Metric`]), and the model checks
//! the rest.

use godtab_puzzles::{Definition, MAX_MOVES, ModelError, Orbit, Orbits, Puzzle, is_move_name};

use crate::SpecError;

/// Which powers of an orbit puzzle's moves are moves, as twsearch counts
/// them. A move of order `r` (made `r` times, it changes nothing) has the
/// powers 1 to `r - 1`; power `k` is named as twsearch names it: the
/// move's own name for 1, `'` after it for `r - 1` (the inverse), and
/// otherwise the smaller of `k` and `r - k` after it, with `'` when that
/// is `r - k` (`U`, `U2`, `U'` for a quarter turn; `U`, `U2`, `U2'`, `U'`
/// for a fifth of a turn).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Metric {
    /// Every power is a move of cost 1 (the half-turn metric of cubes,
    /// twsearch's default).
    #[default]
    Half,
    /// Only each move and its inverse (the quarter-turn metric; a move
    /// that is its own inverse stays one move).
    Quarter,
    /// Sliding boards: the multi-tile metric (a line of tiles slid toward
    /// the blank at once is one move).
    Multi,
}

/// Where something was written, for messages: the line (from 1) and the
/// key or block (`Move R`, `moves[2]`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Place {
    pub line: Option<usize>,
    pub key: String,
}

impl Place {
    pub(crate) fn error(&self, message: impl Into<String>) -> SpecError {
        SpecError::Invalid { line: self.line, key: self.key.clone(), message: message.into() }
    }
}

/// A move as the file gives it, in the model's terms (see [`Orbits`]):
/// over every position, `new[i] = old[map[i]]`, turned by `twist[i]`.
pub(crate) struct DraftMove {
    pub name: String,
    pub map: Vec<u8>,
    pub twist: Vec<u8>,
    pub place: Place,
}

/// An orbit puzzle as a file gives it.
pub(crate) struct Draft<'a> {
    pub name: String,
    pub name_place: Place,
    pub orbits: Vec<Orbit<'a>>,
    /// Pieces from 0 within their orbit.
    pub solved: Vec<u8>,
    pub solved_orientations: Vec<u8>,
    pub solved_place: Place,
    pub moves: Vec<DraftMove>,
}

/// Every move's powers as moves, named.
struct Expanded {
    names: Vec<String>,
    maps: Vec<u8>,
    twists: Vec<u8>,
}

impl Draft<'_> {
    /// Every move's powers that `metric` counts, named as twsearch names
    /// them.
    fn expand(&self, metric: Metric) -> Result<Expanded, SpecError> {
        if metric == Metric::Multi {
            return Err(SpecError::Invalid {
                line: None,
                key: "kind".into(),
                message: "the multi-tile metric is for sliding boards; an orbit puzzle takes the half or quarter \
                          metric"
                    .into(),
            });
        }
        let orientation_of: Vec<u8> = self.orbits.iter().flat_map(|o| vec![o.orientations; o.pieces]).collect();
        let mut expanded = Expanded { names: Vec::new(), maps: Vec::new(), twists: Vec::new() };
        for m in &self.moves {
            let powers = powers(&m.map, &m.twist, &orientation_of);
            let order = powers.len() + 1;
            if powers.is_empty() {
                return Err(m.place.error("the move changes nothing: it has no power that is a move"));
            }
            for (k, (map, twist)) in powers.into_iter().enumerate().map(|(i, p)| (i + 1, p)) {
                let (turns, inverse) = if order - k < k { (order - k, true) } else { (k, false) };
                if metric == Metric::Quarter && turns != 1 {
                    continue;
                }
                let name = match (turns, inverse) {
                    (1, false) => m.name.clone(),
                    (1, true) => format!("{}'", m.name),
                    (t, false) => format!("{}{t}", m.name),
                    (t, true) => format!("{}{t}'", m.name),
                };
                if !is_move_name(&name) {
                    return Err(m.place.error(format!(
                        "{}: a move name (with its power) is 1 to 32 bytes, without spaces or control characters",
                        shown(&name)
                    )));
                }
                if expanded.names.contains(&name) {
                    return Err(m.place.error(format!("{} is the name of an earlier move or power too", shown(&name))));
                }
                expanded.names.push(name);
                if expanded.names.len() > MAX_MOVES {
                    let hint = if metric == Metric::Half { " (--metric quarter keeps fewer)" } else { "" };
                    return Err(m.place.error(format!(
                        "with their powers the moves number more than {MAX_MOVES}, the most a puzzle may have{hint}"
                    )));
                }
                expanded.maps.extend_from_slice(&map);
                expanded.twists.extend_from_slice(&twist);
            }
        }
        Ok(expanded)
    }

    /// Every move's powers, named, then the puzzle and its definition.
    pub(crate) fn build(&self, metric: Metric) -> Result<Definition, SpecError> {
        let cells = self.solved.len();
        let Expanded { names, maps, twists } = self.expand(metric)?;
        let puzzle = Puzzle::new_orbits(&Orbits {
            orbits: &self.orbits,
            solved: &self.solved,
            solved_orientations: &self.solved_orientations,
            maps: &maps,
            twists: &twists,
        })
        .map_err(|e| self.at_fault(e, cells))?;
        Definition::new(&self.name, names.iter().map(String::as_str), puzzle).map_err(|e| match e {
            ModelError::PuzzleId => self.name_place.error(format!(
                "{}: a puzzle's name is 1 to 64 bytes of letters, digits and '-' (it names the table)",
                shown(&self.name)
            )),
            e => SpecError::Invalid { line: None, key: String::new(), message: e.to_string() },
        })
    }

    /// Whether the puzzle is too large for a complete table's model (more
    /// than 16 pieces, or more states than a `u64` numbers) but may be a
    /// twisty puzzle searched with patterns.
    pub(crate) fn too_large_for_tables(&self) -> bool {
        self.solved.len() > godtab_puzzles::MAX_CELLS
            || self
                .orbits
                .iter()
                .map(|o| {
                    let arrangements: f64 = (1..=o.pieces).map(|k| k as f64).product();
                    arrangements * f64::from(o.orientations).powi(o.pieces as i32)
                })
                .product::<f64>()
                > 1.8e19
    }

    /// Every move's powers, named, as a twisty puzzle's description
    /// (checked by its model).
    pub(crate) fn describe(&self, metric: Metric) -> Result<godtab_twisty::Twisty, SpecError> {
        if !godtab_puzzles::is_puzzle_id(&self.name) {
            return Err(self.name_place.error(format!(
                "{}: a puzzle's name is 1 to 64 bytes of letters, digits and '-' (it names the table)",
                shown(&self.name)
            )));
        }
        if let Some(position) = self.solved_orientations.iter().position(|&o| o != 0) {
            return Err(self.solved_place.error(format!(
                "position {}: a twisty puzzle searched with patterns needs every solved orientation 0",
                position + 1
            )));
        }
        let Expanded { names, maps, twists } = self.expand(metric)?;
        let positions = self.solved.len();
        let description = godtab_twisty::Description {
            id: self.name.clone(),
            orbits: self
                .orbits
                .iter()
                .map(|o| godtab_twisty::OrbitDef {
                    name: o.name.to_string(),
                    pieces: o.pieces,
                    orientations: o.orientations,
                })
                .collect(),
            solved: self.solved.clone(),
            moves: names
                .into_iter()
                .enumerate()
                .map(|(i, name)| godtab_twisty::MoveDef {
                    name,
                    map: maps[i * positions..(i + 1) * positions].to_vec(),
                    twist: twists[i * positions..(i + 1) * positions].to_vec(),
                })
                .collect(),
        };
        godtab_twisty::Twisty::new(&description).map_err(|e| SpecError::Invalid {
            line: None,
            key: String::new(),
            message: e.to_string(),
        })
    }

    /// A model error on the line it is about (the readers check the
    /// shapes, so what is left is about the whole puzzle).
    fn at_fault(&self, error: ModelError, cells: usize) -> SpecError {
        match error {
            ModelError::TooManyStates => self
                .solved_place
                .error("the puzzle has more than 2^64 states: too many to number, far too many to tabulate"),
            ModelError::OrbitPieces { pieces } => SpecError::Invalid {
                line: None,
                key: String::new(),
                message: format!("the sets hold {pieces} pieces in all; at most 16 are supported"),
            },
            e => SpecError::Invalid { line: None, key: String::new(), message: format!("{e} ({cells} positions)") },
        }
    }
}

/// The powers 1, 2, ... of a move until it changes nothing. (The longest
/// cycle of 16 pieces is 140 moves, times 16 orientations.)
fn powers(map: &[u8], twist: &[u8], orientations: &[u8]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let identity: Vec<u8> = (0..map.len() as u8).collect();
    let (mut power_map, mut power_twist) = (map.to_vec(), twist.to_vec());
    let mut powers = Vec::new();
    for _ in 0..u16::MAX {
        if power_map == identity && power_twist.iter().all(|&t| t == 0) {
            return powers;
        }
        powers.push((power_map.clone(), power_twist.clone()));
        // This power, then the move once more.
        let next_map: Vec<u8> = map.iter().map(|&from| power_map[usize::from(from)]).collect();
        let next_twist: Vec<u8> =
            (0..map.len()).map(|i| (power_twist[usize::from(map[i])] + twist[i]) % orientations[i].max(1)).collect();
        (power_map, power_twist) = (next_map, next_twist);
    }
    powers
}

/// Text of the file in a message: quoted, control characters escaped.
pub(crate) fn shown(text: &str) -> String {
    format!("{text:?}")
}

#[cfg(test)]
mod tests {
    use super::powers;

    #[test]
    fn powers_compose_maps_and_twists() {
        // A 3-cycle twisting one piece: made three times, that piece has
        // turned by 1 once per lap.
        let p = powers(&[2, 0, 1], &[1, 0, 0], &[3, 3, 3]);
        assert_eq!(p.len(), 8);
        assert_eq!(p[1], (vec![1, 2, 0], vec![1, 1, 0]));
        assert_eq!(p[2], (vec![0, 1, 2], vec![1, 1, 1]));
        assert!(powers(&[0, 1], &[0, 0], &[2, 2]).is_empty());
        assert_eq!(powers(&[1, 0], &[0, 0], &[1, 1]).len(), 1);
    }
}
