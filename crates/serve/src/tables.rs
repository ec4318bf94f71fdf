//! The tables a server answers from, each named by its puzzle, and what
//! `/v1/tables` says of each (worked out once, when it is added).

use godtab_oracle::{AskError, Oracle};

use crate::listing::Listing;

/// Why a table cannot be served.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TablesError {
    /// Another table of the same puzzle is already served: a name must say
    /// which table answers.
    #[error("two tables of {0}: a puzzle's name picks its table, so give one table per puzzle")]
    TwoOfOneName(String),
    /// The table cannot be asked (an orbit pattern set that does not
    /// rebuild).
    #[error("{name}: {error}")]
    NotReady {
        /// The puzzle's name.
        name: String,
        /// What is wrong.
        error: AskError,
    },
}

/// One served table.
pub(crate) struct Entry<B> {
    /// The table, asked.
    pub oracle: Oracle<B>,
    /// What `/v1/tables` says of it.
    pub listing: Listing,
}

/// The tables a server answers from, in the order they were added.
pub struct Tables<B> {
    entries: Vec<Entry<B>>,
}

impl<B: AsRef<[u8]>> Default for Tables<B> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// No tables yet.
    #[must_use]
    pub fn new() -> Self {
        Self { entries: Vec::new() }
    }

    /// Serves `oracle` under its puzzle's name ([`Oracle::name`]), after
    /// making it ready to answer (an orbit pattern set's search is built
    /// now, not at its first request).
    ///
    /// # Errors
    ///
    /// [`TablesError::TwoOfOneName`] if a table of that puzzle is already
    /// here; [`TablesError::NotReady`] if the table cannot be asked.
    pub fn add(&mut self, oracle: Oracle<B>) -> Result<(), TablesError> {
        let name = oracle.name().to_string();
        if self.contains(&name) {
            return Err(TablesError::TwoOfOneName(name));
        }
        oracle.ready().map_err(|error| TablesError::NotReady { name, error })?;
        let listing = Listing::of(&oracle);
        self.entries.push(Entry { oracle, listing });
        Ok(())
    }

    /// Whether a table of the puzzle `name` is here.
    #[must_use]
    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The puzzles' names, in the order their tables were added.
    #[must_use]
    pub fn names(&self) -> Vec<&str> {
        self.entries.iter().map(|entry| entry.oracle.name()).collect()
    }

    /// How many tables there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The table of the puzzle `name`.
    pub(crate) fn get(&self, name: &str) -> Option<&Entry<B>> {
        self.entries.iter().find(|entry| entry.oracle.name() == name)
    }

    /// Every table, in order.
    pub(crate) fn entries(&self) -> &[Entry<B>] {
        &self.entries
    }
}
