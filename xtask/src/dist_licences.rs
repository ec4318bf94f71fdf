//! The release bundle's third-party licences (`cargo xtask dist`): the
//! crates from crates.io compiled into the shipped binary and libraries,
//! found through `cargo metadata`, and their licence and notice files.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, ensure};

use crate::dist::File;

/// `cargo metadata` for `target`, with the features the bundle builds.
pub(crate) fn cargo_metadata(target: &str) -> Result<serde_json::Value> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--features", "godtab-capi/std", "--filter-platform", target])
        .current_dir(crate::workspace_root())
        .output()
        .context("running cargo metadata")?;
    ensure!(out.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&out.stderr));
    Ok(serde_json::from_slice(&out.stdout)?)
}

/// The licence files of every crate from crates.io compiled into the
/// shipped binary and libraries (normal dependencies of `godtab` and
/// `godtab-capi`), each under `licenses/third-party/<name>-<version>/`,
/// and `THIRD-PARTY.txt` listing them with their licence expressions.
pub(crate) fn third_party_licences(metadata: &serde_json::Value) -> Result<Vec<File>> {
    let packages: BTreeMap<&str, &serde_json::Value> = metadata["packages"]
        .as_array()
        .context("cargo metadata: no packages")?
        .iter()
        .filter_map(|p| Some((p["id"].as_str()?, p)))
        .collect();
    let nodes: BTreeMap<&str, &serde_json::Value> = metadata["resolve"]["nodes"]
        .as_array()
        .context("cargo metadata: no resolve graph")?
        .iter()
        .filter_map(|n| Some((n["id"].as_str()?, n)))
        .collect();
    // Walk the normal dependencies (not build or dev) from the two roots.
    let roots = packages.iter().filter(|(_, p)| matches!(p["name"].as_str(), Some("godtab" | "godtab-capi")));
    let mut stack: Vec<&str> = roots.map(|(id, _)| *id).collect();
    let mut seen = std::collections::BTreeSet::new();
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        let deps = nodes.get(id).and_then(|n| n["deps"].as_array()).map(Vec::as_slice).unwrap_or_default();
        for dep in deps {
            let normal = dep["dep_kinds"].as_array().is_some_and(|kinds| kinds.iter().any(|k| k["kind"].is_null()));
            if let (true, Some(dep_id)) = (normal, dep["pkg"].as_str()) {
                stack.push(dep_id);
            }
        }
    }
    let mut files = Vec::new();
    let mut list = String::from(
        "Crates compiled into bin/godtab and lib/, with their licences; their licence files are in\n\
         licenses/third-party/<name>-<version>/.\n\n",
    );
    let mut crates: Vec<&serde_json::Value> = seen.iter().filter_map(|id| packages.get(id).copied()).collect();
    crates.sort_by_key(|p| (p["name"].as_str().unwrap_or(""), p["version"].as_str().unwrap_or("")));
    for package in crates {
        if package["source"].is_null() {
            continue; // the workspace's own crates: LICENSE-* at the top
        }
        let name = package["name"].as_str().unwrap_or("?");
        let version = package["version"].as_str().unwrap_or("?");
        let licence = package["license"].as_str().unwrap_or("see its files");
        let _ = std::fmt::Write::write_fmt(&mut list, format_args!("{name} {version}: {licence}\n"));
        let dir = Path::new(package["manifest_path"].as_str().unwrap_or("")).parent().map(Path::to_path_buf);
        let found = dir.map(|d| licence_files(&d)).transpose()?.unwrap_or_default();
        for (relative, bytes) in found {
            files.push(File::new(format!("licenses/third-party/{name}-{version}/{relative}"), bytes));
        }
    }
    files.push(File::new("licenses/THIRD-PARTY.txt", list.into_bytes()));
    Ok(files)
}

/// The licence and notice files of a crate's folder and of its folders
/// one level down (a bundled C library's own licence, as zstd's).
fn licence_files(dir: &Path) -> Result<Vec<(String, Vec<u8>)>> {
    let is_licence = |name: &str| {
        let upper = name.to_ascii_uppercase();
        ["LICENSE", "LICENCE", "COPYING", "NOTICE", "COPYRIGHT", "UNLICENSE"].iter().any(|p| upper.starts_with(p))
    };
    let mut found = Vec::new();
    let visit =
        |folder: &Path, prefix: &str, descend: bool, found: &mut Vec<(String, Vec<u8>)>| -> Result<Vec<PathBuf>> {
            let mut below = Vec::new();
            let Ok(entries) = std::fs::read_dir(folder) else { return Ok(below) };
            for entry in entries {
                let entry = entry?;
                let name = entry.file_name().to_string_lossy().into_owned();
                let kind = entry.file_type()?;
                if kind.is_file() && is_licence(&name) {
                    found.push((format!("{prefix}{name}"), std::fs::read(entry.path())?));
                } else if kind.is_dir() && descend && !name.starts_with('.') {
                    below.push(entry.path());
                }
            }
            Ok(below)
        };
    for sub in visit(dir, "", true, &mut found)? {
        let prefix = format!("{}/", sub.file_name().unwrap_or_default().to_string_lossy());
        visit(&sub, &prefix, false, &mut found)?;
    }
    found.sort();
    Ok(found)
}
