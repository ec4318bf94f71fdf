//! What every search of the generator takes and reports: one set of
//! options (a memory limit, a progress callback, an encoding) and one kind
//! of progress report, whether it fills a complete table or a pattern set's
//! databases.

use std::time::Duration;

use godtab_runtime::Encoding;

/// Settings for any generation ([`table_bytes`](crate::table_bytes),
/// [`pattern_set_bytes`](crate::pattern_set_bytes), [`generate_with`](crate::generate_with)).
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// Refuse, before allocating, a generation that needs more bytes than
    /// this.
    pub max_memory: Option<u64>,
    /// Called after every level of every search, for progress reports.
    pub on_progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
    /// How a complete table stores its answers (full by default; a pattern
    /// set has one encoding and refuses any other).
    pub encoding: Encoding,
    /// Raised (by a signal's handler, say) to stop a 2-bit search at the
    /// next chance, keeping what it has done (see
    /// [`twobit_table_file`](crate::twobit_table_file)).
    pub stop: Option<&'a std::sync::atomic::AtomicBool>,
}

impl Options<'_> {
    /// Reports `progress`, if anyone listens.
    pub(crate) fn report(&self, progress: &Progress) {
        if let Some(report) = self.on_progress {
            report(progress);
        }
    }
}

/// What a search is filling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// A complete table's states.
    States,
    /// Pattern `index` (from 0) of a set of `of`.
    Pattern {
        /// Which pattern.
        index: usize,
        /// How many there are.
        of: usize,
    },
}

/// What a finished level of a search reports to [`Options::on_progress`].
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// What the search is filling.
    pub part: Part,
    /// The distance just filled in.
    pub depth: u8,
    /// States (or placements) found at that distance; 0 for a level that
    /// only grew a pattern's blank regions.
    pub found: u64,
    /// Reached so far in this part, all levels together.
    pub reached: u64,
    /// The size of this part: its rank slots or placements.
    pub total: u64,
    /// The sizes of the parts already done (the patterns before this one).
    pub before: u64,
    /// Whether the level was computed bottom-up (pull) rather than top-down.
    pub pull: bool,
    /// Time since the generation started.
    pub elapsed: Duration,
}
