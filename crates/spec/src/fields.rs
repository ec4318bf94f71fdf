//! Reading the TOML file: tables and values with the line and key that
//! messages name them by, and TOML syntax errors as one line.

use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};

use crate::SpecError;

/// A TOML syntax error as "line N: KEY: message" (see [`syntax_key`]).
pub(crate) fn syntax_error(text: &str, error: &toml::de::Error) -> SpecError {
    let message = error.message().split('\n').map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("; ");
    let message = escape(&message);
    let Some(span) = error.span() else { return SpecError::Syntax { line: None, message } };
    let message = match syntax_key(text, span.start) {
        Some(key) => format!("{key}: {message}"),
        None => message,
    };
    SpecError::Syntax { line: Some(line_of(text, span.start)), message }
}

/// The key of the line holding byte `at`: what is written before `=`, or in
/// a `[table]` header, if it is a bare or dotted key (`moves`, `a . b`) and
/// the line starts an entry. It does when the text before it is valid TOML
/// on its own, which it is not inside a multi-line string or array.
fn syntax_key(text: &str, at: usize) -> Option<String> {
    let start = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].split('\n').next()?.trim();
    let key = match line.split_once('=') {
        Some((key, _)) => key,
        None => line.strip_prefix('[')?.trim_start_matches('[').split(']').next()?,
    };
    let parts: Vec<&str> = key.split('.').map(str::trim).collect();
    let plain = parts.iter().all(|part| is_bare(part)) && DeTable::parse(&text[..start]).is_ok();
    plain.then(|| parts.join("."))
}

/// Whether a key can be written without quotes: ASCII letters, digits, `_`
/// and `-`.
fn is_bare(key: &str) -> bool {
    !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// A key as messages show it: as is when bare, else quoted and escaped
/// (`"a b"`, `""`, `"a\nb"`).
fn key_name(key: &str) -> String {
    if is_bare(key) { key.into() } else { format!("{key:?}") }
}

/// Text of the file made fit for a one-line message: control and other
/// invisible characters are escaped (`\t`, `\u{1b}`), quotes and
/// backslashes kept as written (so escaping twice changes nothing more).
pub(crate) fn escape(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '"' | '\'' | '\\' => c.to_string(),
            _ => c.escape_debug().to_string(),
        })
        .collect()
}

/// The line (from 1) of byte `at` of `text`. Counted only for a message.
pub(crate) fn line_of(text: &str, at: usize) -> usize {
    text.get(..at.min(text.len())).map_or(1, |before| before.matches('\n').count() + 1)
}

/// A table of the file: the top level or one `[[moves]]` table.
pub(crate) struct Table<'a> {
    pub(crate) text: &'a str,
    /// `moves[1]`, or empty at the top level.
    pub(crate) key: String,
    /// Where its `[[moves]]` header starts (a byte of the file).
    pub(crate) at: Option<usize>,
    pub(crate) entries: &'a DeTable<'a>,
}

impl<'a> Table<'a> {
    /// Refuses the first key (in file order) not in `allowed`.
    pub(crate) fn only(&self, allowed: &[&str], hint: &str) -> Result<(), SpecError> {
        let unknown = self.entries.iter().filter(|(k, _)| !allowed.contains(&k.get_ref().as_ref()));
        match unknown.min_by_key(|(k, _)| k.span().start) {
            Some((k, v)) => Err(self.field(k, v).error(format!("unknown key; {hint}"))),
            None => Ok(()),
        }
    }

    pub(crate) fn get(&self, key: &str) -> Option<Field<'a>> {
        self.entries.get_key_value(key).map(|(k, v)| self.field(k, v))
    }

    pub(crate) fn required(&self, key: &str) -> Result<Field<'a>, SpecError> {
        self.get(key).ok_or_else(|| SpecError::Invalid {
            line: self.at.map(|at| line_of(self.text, at)),
            key: self.key.clone(),
            message: format!("missing key {key}"),
        })
    }

    pub(crate) fn field(&self, key: &'a Spanned<DeString<'a>>, value: &'a Spanned<DeValue<'a>>) -> Field<'a> {
        let name = key_name(key.get_ref());
        let name = if self.key.is_empty() { name } else { format!("{}.{name}", self.key) };
        Field { text: self.text, key: name, at: key.span().start, value }
    }
}

/// A value of the file with the key messages name it by (`rows`,
/// `goal[3]`, `moves[1].cycles`) and the line of that key or element.
pub(crate) struct Field<'a> {
    pub(crate) text: &'a str,
    pub(crate) key: String,
    /// Where the key or element starts (a byte of the file).
    pub(crate) at: usize,
    pub(crate) value: &'a Spanned<DeValue<'a>>,
}

impl<'a> Field<'a> {
    pub(crate) fn error(&self, message: impl Into<String>) -> SpecError {
        SpecError::Invalid { line: Some(line_of(self.text, self.at)), key: self.key.clone(), message: message.into() }
    }

    /// "expected WHAT, found VALUE", `value` being this one or part of it.
    pub(crate) fn expected(&self, value: &Spanned<DeValue<'_>>, what: &str) -> SpecError {
        self.error(format!("expected {what}, found {}", self.found(value)))
    }

    /// A value as written, cut to its first line and 24 characters and
    /// [escaped](escape); "a table" or "tables" for tables.
    pub(crate) fn found(&self, value: &Spanned<DeValue<'_>>) -> String {
        let written = self.text.get(value.span()).unwrap_or_default();
        match value.get_ref() {
            DeValue::Table(_) => return "a table".into(),
            // `[[key]]` headers, written as the first one.
            DeValue::Array(tables)
                if written.starts_with("[[") && tables.first().is_some_and(|t| t.get_ref().is_table()) =>
            {
                return if tables.len() == 1 { "a table" } else { "tables" }.into();
            }
            _ => {}
        }
        let first = written.lines().next().unwrap_or_default();
        match first.char_indices().nth(24) {
            Some((end, _)) => format!("{}...", escape(&first[..end])),
            None if first.len() < written.len() => format!("{}...", escape(first)),
            None => escape(first),
        }
    }

    pub(crate) fn string(&self, what: &str) -> Result<&'a str, SpecError> {
        self.value.get_ref().as_str().ok_or_else(|| self.expected(self.value, what))
    }

    /// This value as a whole number.
    pub(crate) fn integer(&self, what: &str) -> Result<i64, SpecError> {
        let Some(n) = self.value.get_ref().as_integer() else { return Err(self.expected(self.value, what)) };
        i64::from_str_radix(n.as_str(), n.radix()).map_err(|_| self.error(format!("{n} is far out of range")))
    }

    pub(crate) fn list(&self, what: &str) -> Result<&'a [Spanned<DeValue<'a>>], SpecError> {
        match self.value.get_ref() {
            DeValue::Array(items) => Ok(items),
            _ => Err(self.expected(self.value, what)),
        }
    }

    /// Element `index` of this list, as `key[index]` on its own line.
    pub(crate) fn element(&self, index: usize, value: &'a Spanned<DeValue<'a>>) -> Field<'a> {
        Field { key: format!("{}[{index}]", self.key), ..self.part(value) }
    }

    /// A part of this value (a cell of a cycle) under the same key, on its
    /// own line.
    pub(crate) fn part(&self, value: &'a Spanned<DeValue<'a>>) -> Field<'a> {
        Field { text: self.text, key: self.key.clone(), at: value.span().start, value }
    }
}
