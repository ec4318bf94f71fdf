//! The search options of the commands that answer from a table that
//! searches (through the oracle): `solve`, `judge`, `check`, `analyse`.

use godtab_oracle::Limits;

/// The `--max-nodes` and `--threads` options of `solve`, `judge` and
/// `check`.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub(crate) struct SearchArgs {
    /// With a pattern set: give up on a state after expanding this many
    /// nodes (reported as not solved within the bound). Default
    /// 200,000,000.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// With an orbit pattern set (the Rubik's cube): how many threads
    /// search one state. Default: one per core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// With the built-in cube-3x3x3 (two-phase): the longest solution to
    /// give, at most 32. Default 21 (about a millisecond a cube; 20, God's
    /// number, takes several).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=32))]
    pub max_length: Option<u8>,
}

impl SearchArgs {
    /// The limits the oracle searches within.
    pub(crate) fn limits(self) -> Limits {
        Limits { max_nodes: self.max_nodes, threads: self.threads.map(usize::from), max_length: self.max_length }
    }
}
