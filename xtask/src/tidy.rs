//! Conventions kept true by a test: the lists that name the project's
//! parts (module declarations, the commands in the README's table and in
//! docs/COMMANDS.md, the crates in docs/ARCHITECTURE.md and
//! docs/CONTRIBUTING.md, the xtask tasks and benches in its help and in
//! docs/CONTRIBUTING.md) name exactly the parts that exist; the README
//! stays short; every source file is short or says why not; and every
//! relative link of the docs leads somewhere. A list that drifts fails
//! here, with what it lacks or names wrongly.

#![cfg(test)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::workspace_root;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The variants of `enum <name> {` in `text`, kebab-cased as clap names
/// them (`GenTables` is `gen-tables`).
fn variants(text: &str, name: &str) -> Vec<String> {
    let start = text.find(&format!("enum {name} {{")).unwrap_or_else(|| panic!("no enum {name}"));
    let body = &text[start..text[start..].find("\n}").map_or(text.len(), |end| start + end)];
    body.lines()
        .skip(1)
        .map(str::trim)
        .filter(|line| line.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(|line| {
            let ident: String = line.chars().take_while(char::is_ascii_alphanumeric).collect();
            let mut kebab = String::new();
            for (i, c) in ident.chars().enumerate() {
                if c.is_ascii_uppercase() && i > 0 {
                    kebab.push('-');
                }
                kebab.push(c.to_ascii_lowercase());
            }
            kebab
        })
        .collect()
}

/// The module docs (`//!` lines) of a file.
fn module_docs(text: &str) -> String {
    text.lines().filter_map(|l| l.strip_prefix("//!")).collect::<Vec<_>>().join("\n")
}

/// Every `.rs` file under `dir` that no `mod` declaration of the crate
/// reaches (the compiler would leave it out without a word).
fn undeclared(dir: &Path) -> Vec<PathBuf> {
    let mut declared = BTreeSet::new();
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().map(Result::unwrap) {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = read(&path);
            let here = if path.file_name().is_some_and(|n| n == "mod.rs" || n == "lib.rs" || n == "main.rs") {
                folder.clone()
            } else {
                folder.join(path.file_stem().unwrap())
            };
            for line in text.lines().map(str::trim) {
                let line = line.strip_prefix("pub ").or_else(|| line.strip_prefix("pub(crate) ")).unwrap_or(line);
                if let Some(name) = line.strip_prefix("mod ").and_then(|rest| rest.strip_suffix(';')) {
                    declared.insert(here.join(format!("{name}.rs")));
                    declared.insert(here.join(name).join("mod.rs"));
                }
            }
            files.push(path);
        }
    }
    let roots = ["lib.rs", "main.rs"].map(|n| dir.join(n));
    files.into_iter().filter(|f| !declared.contains(f) && !roots.contains(f)).collect()
}

#[test]
fn every_source_file_is_a_declared_module() {
    let root = workspace_root();
    let mut dirs = vec![root.join("src"), root.join("xtask/src")];
    for entry in std::fs::read_dir(root.join("crates")).unwrap().map(Result::unwrap) {
        dirs.push(entry.path().join("src"));
    }
    for dir in dirs {
        assert_eq!(undeclared(&dir), Vec::<PathBuf>::new(), "files in {} that no `mod` declares", dir.display());
    }
}

/// The commands a list names as `` `godtab NAME` `` at the start of its
/// lines, as `starts` begins them (the README's table rows, the headings of
/// docs/COMMANDS.md).
fn listed_commands(text: &str, starts: &str) -> BTreeSet<String> {
    text.lines()
        .filter_map(|line| line.strip_prefix(starts))
        .filter_map(|rest| rest.strip_prefix("`godtab "))
        .filter_map(|rest| rest.split('`').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn every_command_is_named_where_commands_are_listed() {
    let root = workspace_root();
    let lib = read(&root.join("src/lib.rs"));
    let commands = variants(&lib, "Command");
    assert!(commands.len() >= 7, "{commands:?}");
    let docs = module_docs(&lib);
    let architecture = read(&root.join("docs/ARCHITECTURE.md"));
    for command in &commands {
        assert!(docs.contains(&format!("`{command}`")), "src/lib.rs's module docs leave out `{command}`");
        assert!(architecture.contains(&format!("`{command}`")), "docs/ARCHITECTURE.md leaves out `{command}`");
    }
    let commands: BTreeSet<String> = commands.into_iter().collect();
    // The README's table has a row per command, docs/COMMANDS.md a heading.
    let readme = listed_commands(&read(&root.join("README.md")), "| [");
    assert_eq!(readme, commands, "the README's table of commands names other commands than src/lib.rs has");
    let reference = listed_commands(&read(&root.join("docs/COMMANDS.md")), "## ");
    assert_eq!(reference, commands, "docs/COMMANDS.md has a heading per command other than src/lib.rs's");
}

/// The README is the map, not the territory: everything else has a page
/// under docs/.
const README_LINES: usize = 300;

#[test]
fn the_readme_stays_short() {
    let lines = read(&workspace_root().join("README.md")).lines().count();
    assert!(lines <= README_LINES, "README.md has {lines} lines, more than {README_LINES}: move the detail to docs/");
}

#[test]
fn every_task_is_named_in_the_help() {
    let root = workspace_root();
    let main = read(&root.join("xtask/src/main.rs"));
    let docs = module_docs(&main);
    for task in variants(&main, "Task") {
        assert!(docs.contains(&format!("`{task}")), "xtask's module docs leave out `{task}`");
    }
    let contributing = read(&root.join("docs/CONTRIBUTING.md"));
    for what in variants(&read(&root.join("xtask/src/bench.rs")), "What") {
        assert!(docs.contains(&format!("`bench {what}`")), "xtask's module docs leave out `bench {what}`");
        assert!(
            contributing.contains(&format!("`cargo xtask bench {what}")),
            "docs/CONTRIBUTING.md leaves out `cargo xtask bench {what}`"
        );
    }
}

#[test]
fn the_architecture_and_the_contributing_page_name_every_crate_and_only_those() {
    let root = workspace_root();
    let crates: BTreeSet<String> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| format!("crates/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    for (doc, text) in [
        ("docs/ARCHITECTURE.md", read(&root.join("docs/ARCHITECTURE.md"))),
        ("docs/CONTRIBUTING.md", read(&root.join("docs/CONTRIBUTING.md"))),
    ] {
        for name in &crates {
            assert!(text.contains(&format!("| `{name}` |")), "{doc} leaves out `{name}`");
        }
        for named in text.split("| `crates/").skip(1) {
            let name = format!("crates/{}", named.split('`').next().unwrap_or_default());
            assert!(crates.contains(&name), "{doc} names `{name}`, which does not exist");
        }
    }
}

#[test]
fn the_architecture_names_files_that_exist() {
    let root = workspace_root();
    let text = read(&root.join("docs/ARCHITECTURE.md"));
    for named in text.split('`').skip(1).step_by(2) {
        let is_path = (named.starts_with("src/") || named.starts_with("crates/") || named.starts_with("xtask/"))
            && named.ends_with(".rs")
            && !named.contains('<');
        if is_path {
            assert!(root.join(named).is_file(), "docs/ARCHITECTURE.md names {named}, which does not exist");
        }
    }
}

/// README.md and every docs/*.md.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut documents = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap().map(Result::unwrap) {
        if entry.path().extension().is_some_and(|e| e == "md") {
            documents.push(entry.path());
        }
    }
    documents.sort();
    documents
}

/// The text of a markdown document outside its fenced code blocks, a
/// paragraph at a time (a blank line ends one), each with the number of
/// its first line, and inline code spans blanked out.
fn prose(text: &str) -> Vec<(usize, String)> {
    let mut paragraphs = Vec::new();
    let mut current: Option<(usize, String)> = None;
    let mut fence: Option<&str> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(open) = fence {
            if trimmed.starts_with(open) && trimmed.trim_start_matches(open.chars().next().unwrap()).trim().is_empty() {
                fence = None;
            }
            continue;
        }
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fence = Some(&trimmed[..3]);
            paragraphs.extend(current.take());
            continue;
        }
        if trimmed.is_empty() {
            paragraphs.extend(current.take());
            continue;
        }
        let (_, paragraph) = current.get_or_insert_with(|| (index + 1, String::new()));
        paragraph.push_str(line);
        paragraph.push('\n');
    }
    paragraphs.extend(current);
    for (_, paragraph) in &mut paragraphs {
        let mut blanked = String::with_capacity(paragraph.len());
        for (i, part) in paragraph.split('`').enumerate() {
            if i > 0 {
                blanked.push('`');
            }
            // The odd parts are inside code spans (single backquotes, the
            // only kind these docs use).
            blanked.push_str(if i % 2 == 1 { "" } else { part });
        }
        *paragraph = blanked;
    }
    paragraphs
}

/// The anchors GitHub gives a document's headings: lower case, every
/// character but letters, digits, spaces, `-` and `_` left out, spaces as
/// `-`, and `-1`, `-2`, ... after a repeated one.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
            continue;
        }
        let Some(heading) = line.strip_prefix('#') else { continue };
        if fence || !heading.trim_start_matches('#').starts_with(' ') {
            continue;
        }
        let slug: String = heading
            .trim_start_matches('#')
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut anchor = slug.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{slug}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// The targets of a paragraph's inline links, `[text](target)`.
fn link_targets(paragraph: &str) -> Vec<String> {
    paragraph
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .map(|target| target.split_whitespace().next().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn every_relative_link_in_the_docs_leads_somewhere() {
    let root = workspace_root();
    let mut broken = Vec::new();
    for document in documents(&root) {
        let name = document.strip_prefix(&root).unwrap().display().to_string();
        let text = read(&document);
        let folder = document.parent().unwrap();
        for (line, paragraph) in prose(&text) {
            for target in link_targets(&paragraph) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (path, anchor) = target.split_once('#').map_or((target.as_str(), None), |(p, a)| (p, Some(a)));
                let file = if path.is_empty() { document.clone() } else { folder.join(path) };
                if !file.exists() {
                    broken.push(format!("{name}, paragraph at line {line}: {target}: no such file"));
                    continue;
                }
                let Some(anchor) = anchor else { continue };
                if file.extension().is_some_and(|e| e == "md") && !anchors(&read(&file)).contains(anchor) {
                    broken.push(format!("{name}, paragraph at line {line}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "links that lead nowhere:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    let text = "# The Rubik's cube: orbits\n## `godtab judge`\n```\n# not a heading\n```\n## Notes\n## Notes\n";
    let found: Vec<String> = anchors(text).into_iter().collect();
    assert_eq!(found, ["godtab-judge", "notes", "notes-1", "the-rubiks-cube-orbits"]);
    assert_eq!(link_targets("see [a](b.md#c) and [`d`](#e), not (f)"), ["b.md#c", "#e"]);
    let paragraphs = prose("a [x](y)\n`[p](q)`\n\n```\n[r](s)\n```\nb\n");
    assert_eq!(paragraphs, [(1, "a [x](y)\n``\n".to_string()), (7, "b\n".to_string())]);
}

/// Every `.rs` file of the project (the workspace, its examples and fuzz
/// targets), outside build folders.
fn rust_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().map(Result::unwrap) {
            let path = entry.path();
            let name = entry.file_name();
            if path.is_dir() {
                if name != "target" && !name.to_string_lossy().starts_with('.') {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The crates whose `[lib]` says `test = false`: none of their sources
/// holds a unit test, which would never run.
#[test]
fn no_unit_test_hides_in_a_crate_without_unit_tests() {
    let root = workspace_root();
    let mut hidden = Vec::new();
    for entry in std::fs::read_dir(root.join("crates")).unwrap().map(Result::unwrap) {
        let manifest = read(&entry.path().join("Cargo.toml"));
        let lib = manifest.split("\n[").find(|section| section.starts_with("lib]")).unwrap_or("");
        if !lib.lines().any(|line| line.replace(' ', "") == "test=false") {
            continue;
        }
        for path in rust_files(&entry.path().join("src")) {
            if read(&path).contains("#[test]") {
                hidden.push(path.strip_prefix(&root).unwrap().display().to_string());
            }
        }
    }
    assert!(
        hidden.is_empty(),
        "unit tests in crates whose [lib] says `test = false` (they never run):\n{}",
        hidden.join("\n")
    );
}

/// The most lines a source file has without saying why it needs more.
const MAX_LINES: usize = 450;

/// What a file's module doc says to keep more lines than [`MAX_LINES`].
const LONGER_BECAUSE: &str = "Longer than 450 lines:";

/// Whether `text`, a source file, is short enough, or its module doc says
/// "Longer than 450 lines:" and then why.
fn is_short_or_says_why(text: &str) -> bool {
    if text.lines().count() <= MAX_LINES {
        return true;
    }
    let docs = module_docs(text);
    docs.split_once(LONGER_BECAUSE).is_some_and(|(_, reason)| reason.trim().len() >= 10)
}

#[test]
fn every_source_file_is_short_or_says_why_not() {
    let root = workspace_root();
    let mut files = vec![root.join("build.rs")];
    for folder in ["crates", "src", "xtask", "tests", "examples", "fuzz"] {
        files.extend(rust_files(&root.join(folder)));
    }
    assert!(files.len() > 100, "only {} source files found under {}", files.len(), root.display());
    let long: Vec<String> = files
        .iter()
        .filter(|path| !is_short_or_says_why(&read(path)))
        .map(|path| format!("{} ({} lines)", path.strip_prefix(&root).unwrap().display(), read(path).lines().count()))
        .collect();
    assert!(
        long.is_empty(),
        "files of more than {MAX_LINES} lines whose module doc does not say \"{LONGER_BECAUSE}\" and why (split them, or \
         say why not):\n{}",
        long.join("\n")
    );
}

#[test]
fn a_long_file_is_let_through_only_with_its_reason() {
    let body = "fn f() {}\n".repeat(MAX_LINES);
    assert!(is_short_or_says_why(&body));
    let long = format!("//! A module.\n{body}");
    assert!(!is_short_or_says_why(&long));
    assert!(!is_short_or_says_why(&format!("//! A module. {LONGER_BECAUSE}\n{body}")));
    assert!(!is_short_or_says_why(&format!("// {LONGER_BECAUSE} one table of cases.\n{body}")));
    assert!(is_short_or_says_why(&format!("//! A module.\n//! {LONGER_BECAUSE} one table of cases.\n{body}")));
}
