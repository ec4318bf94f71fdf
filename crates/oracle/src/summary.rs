//! What a table is, in the terms every front end lists it by.

use godtab_runtime::{Kind, TableFile};
use godtab_search::Searcher;
use godtab_twisty::group::MoveGroup;

use crate::Oracle;

/// A table's summary: what `godtab serve` lists, the Python module's
/// `Table.summary()`, the first lines of `godtab info`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    /// The puzzle's name.
    pub name: String,
    /// The puzzle's kind: "permutation", "sliding" or "twisty".
    pub puzzle_kind: &'static str,
    /// The table's kind: "complete", "patterns", "orbit patterns" or "two-phase" ([`Oracle::kind`]).
    pub kind: &'static str,
    /// A complete table's encoding ("full", "compact", "parity").
    pub encoding: Option<&'static str>,
    /// The puzzle's states the moves reach from the goal (a decimal string:
    /// past 2^64 for the cube).
    pub states: String,
    /// God's number: the largest distance (known from a complete table).
    pub gods_number: Option<u8>,
    /// The states at each distance (known from a complete table).
    pub histogram: Option<Vec<u64>>,
    /// The moves' names, in the table's order.
    pub moves: Vec<String>,
}

impl Summary {
    pub(crate) fn of<B: AsRef<[u8]>>(oracle: &Oracle<B>) -> Self {
        let moves = oracle.all_move_names().into_iter().map(str::to_string).collect();
        let name = oracle.name().to_string();
        let tile_kind = |kind: Kind| match kind {
            Kind::Sliding => "sliding",
            Kind::Orbits => "twisty",
            _ => "permutation",
        };
        match oracle.file() {
            Some(TableFile::Complete(table)) => Self {
                name,
                puzzle_kind: tile_kind(table.puzzle().kind()),
                kind: oracle.kind(),
                encoding: Some(table.encoding().name()),
                states: table.reachable().to_string(),
                gods_number: Some(table.max_depth()),
                histogram: Some(table.histogram().collect()),
                moves,
            },
            Some(TableFile::Patterns(set)) => Self {
                name,
                puzzle_kind: tile_kind(set.puzzle().kind()),
                kind: oracle.kind(),
                encoding: None,
                states: Searcher::new(set).reachable().to_string(),
                gods_number: None,
                histogram: None,
                moves,
            },
            Some(TableFile::OrbitPatterns(set)) => Self {
                name,
                puzzle_kind: "twisty",
                kind: oracle.kind(),
                encoding: None,
                // The puzzle alone (not the tables) tells the group's order.
                states: godtab_twisty_search::set::puzzle_of(&set.puzzle())
                    .map_or_else(|_| "unknown".into(), |p| MoveGroup::new(&p).order().to_string()),
                gods_number: None,
                histogram: None,
                moves,
            },
            None => Self {
                name,
                puzzle_kind: "twisty",
                kind: oracle.kind(),
                encoding: None,
                // 8! 3^7 12! 2^11 / 2: every position of the 3x3x3 cube.
                states: "43252003274489856000".into(),
                gods_number: Some(20),
                histogram: None,
                moves,
            },
            _ => Self {
                name,
                puzzle_kind: "unknown",
                kind: oracle.kind(),
                encoding: None,
                states: "unknown".into(),
                gods_number: None,
                histogram: None,
                moves,
            },
        }
    }
}
