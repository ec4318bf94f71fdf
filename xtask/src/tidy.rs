//! Conventions kept true by a test: the lists that name the project's
//! parts (module declarations, the commands in the docs, the crates in
//! docs/ARCHITECTURE.md and the README, the xtask tasks in its help) name
//! exactly the parts that exist. A list that drifts fails here, with what
//! it lacks or names wrongly.

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

#[test]
fn every_command_is_named_where_commands_are_listed() {
    let root = workspace_root();
    let lib = read(&root.join("src/lib.rs"));
    let commands = variants(&lib, "Command");
    assert!(commands.len() >= 7, "{commands:?}");
    let docs = module_docs(&lib);
    let readme = read(&root.join("README.md"));
    let architecture = read(&root.join("docs/ARCHITECTURE.md"));
    for command in &commands {
        assert!(docs.contains(&format!("`{command}`")), "src/lib.rs's module docs leave out `{command}`");
        assert!(readme.contains(&format!("godtab {command}")), "the README leaves out `godtab {command}`");
        assert!(architecture.contains(&format!("`{command}`")), "docs/ARCHITECTURE.md leaves out `{command}`");
    }
}

#[test]
fn every_task_is_named_in_the_help() {
    let root = workspace_root();
    let main = read(&root.join("xtask/src/main.rs"));
    let docs = module_docs(&main);
    for task in variants(&main, "Task") {
        assert!(docs.contains(&format!("`{task}")), "xtask's module docs leave out `{task}`");
    }
    let readme = read(&root.join("README.md"));
    for what in variants(&read(&root.join("xtask/src/bench.rs")), "What") {
        assert!(docs.contains(&format!("`bench {what}`")), "xtask's module docs leave out `bench {what}`");
        assert!(readme.contains(&format!("bench {what}")), "the README leaves out `cargo xtask bench {what}`");
    }
}

#[test]
fn the_architecture_and_the_readme_name_every_crate_and_only_those() {
    let root = workspace_root();
    let crates: BTreeSet<String> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| format!("crates/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    for (doc, text) in [
        ("docs/ARCHITECTURE.md", read(&root.join("docs/ARCHITECTURE.md"))),
        ("README.md", read(&root.join("README.md"))),
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
