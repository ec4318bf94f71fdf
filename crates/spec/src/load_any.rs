//! Any spec read by what it describes (`load_any`): a complete table's or
//! tile pattern set's [`Spec`], or for a twisty puzzle past complete
//! tables, or a spec that names orbit patterns, a [`TwistySpec`].

use std::path::Path;

use toml::de::DeTable;

use crate::fields::{Table, syntax_error};
use crate::{Metric, Spec, SpecError, is_definition_file, orbit_patterns, parse_spec, read, toml_orbits, tws};

/// A twisty puzzle searched with a pattern set over its orbits: the
/// puzzle (any size up to 32 pieces), the patterns its spec names, and
/// whether their tables are reduced by the puzzle's symmetries.
#[derive(Clone, Debug)]
pub struct TwistySpec {
    /// The puzzle.
    pub puzzle: godtab_twisty::Twisty,
    /// The patterns the spec names; `None`: godtab plans them.
    pub patterns: Option<Vec<godtab_twisty::pattern::PatternDef>>,
    /// Whether the tables are reduced by the puzzle's symmetries (the key
    /// `symmetry`, true by default).
    pub symmetry: bool,
}

/// What a spec file describes.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Loaded {
    /// A puzzle whose complete table fits a `u64` numbering (at most 16
    /// pieces or cells), with the patterns of its tiles if any.
    Tables(Spec),
    /// A twisty puzzle searched with a pattern set over orbits: one past
    /// the complete tables' limits (a definition file of the Rubik's
    /// cube), or one whose spec names orbit patterns.
    Twisty(TwistySpec),
}

/// Reads and checks any spec file: a definition file (a twisty puzzle if
/// it is past the complete tables' limits), a TOML spec, or a TOML spec
/// that names a definition file (`definition = "cube-3x3x3.tws"`, relative
/// to the spec) with the `patterns` to search it with.
///
/// # Errors
///
/// [`SpecError::Io`] if a file cannot be read, or any error of the reader
/// (prefixed with the path by the caller; a problem in a named definition
/// file names that file).
pub fn load_any(path: &Path, metric: Metric) -> Result<Loaded, SpecError> {
    let text = read(path)?;
    if is_definition_file(path) {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("unnamed");
        let draft = tws::read(&text, stem)?;
        if draft.too_large_for_tables() {
            return Ok(Loaded::Twisty(TwistySpec { puzzle: draft.describe(metric)?, patterns: None, symmetry: true }));
        }
        return Ok(Loaded::Tables(Spec { definition: draft.build(metric)?, patterns: None }));
    }
    let doc = DeTable::parse(&text).map_err(|e| syntax_error(&text, &e))?;
    let top = Table { text: &text, key: String::new(), at: None, entries: doc.get_ref() };
    if let Some(definition) = top.get("definition") {
        top.only(
            &["definition", "patterns", "symmetry"],
            "a spec that names a definition file has definition, patterns and symmetry",
        )?;
        let named = definition.string("the definition file's path in quotes, relative to this spec")?;
        let file = path.parent().unwrap_or(Path::new("")).join(named);
        if !is_definition_file(&file) {
            return Err(definition.error("a definition file's name ends in .tws, .ksolve or .def"));
        }
        let in_file = |e: SpecError| definition.error(format!("{}: {e}", file.display()));
        let def_text = read(&file).map_err(in_file)?;
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("unnamed");
        let puzzle = tws::read(&def_text, stem).and_then(|draft| draft.describe(metric)).map_err(in_file)?;
        return twisty_spec(&top, puzzle).map(Loaded::Twisty);
    }
    if top.get("kind").is_some_and(|kind| kind.value.get_ref().as_str() == Some("orbits")) {
        let draft = toml_orbits::read(&top)?;
        if top.get("patterns").is_some() || draft.too_large_for_tables() {
            return twisty_spec(&top, draft.describe(metric)?).map(Loaded::Twisty);
        }
        return Ok(Loaded::Tables(Spec { definition: draft.build(metric)?, patterns: None }));
    }
    parse_spec(&text, metric).map(Loaded::Tables)
}

/// A twisty puzzle's `patterns` and `symmetry` keys.
fn twisty_spec(top: &Table<'_>, puzzle: godtab_twisty::Twisty) -> Result<TwistySpec, SpecError> {
    let patterns = top.get("patterns").map(|field| orbit_patterns::read(&field, &puzzle)).transpose()?;
    let symmetry = match top.get("symmetry") {
        None => true,
        Some(field) => match field.value.get_ref() {
            toml::de::DeValue::Boolean(b) => *b,
            _ => return Err(field.expected(field.value, "true or false")),
        },
    };
    Ok(TwistySpec { puzzle, patterns, symmetry })
}
