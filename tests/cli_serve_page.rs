//! The page of `godtab serve` in a real browser: headless Chromium (from
//! the distribution's packages; .ci/run installs it) loads a shared link,
//! and the page it leaves must show the answer and draw the board in SVG.
//! A screenshot is kept in target/serve-page.png. Without Chromium the test
//! says so and passes, unless GODTAB_REQUIRE_BROWSER=1 (CI) makes that a
//! failure.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::cli_serve::Server;

/// The browser, if one is installed.
fn chromium() -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser"].into_iter().find_map(|name| {
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("GODTAB_REQUIRE_BROWSER").is_none_or(|v| v != "1"),
            "GODTAB_REQUIRE_BROWSER=1 but there is no chromium on the PATH (apt-get install chromium)"
        );
        eprintln!("note: no chromium on the PATH: the page's browser test is skipped (apt-get install chromium)");
    }
    found
}

/// Chromium, headless, on `url` with `what` (`--dump-dom`,
/// `--screenshot=FILE`): what it printed.
fn browse(browser: &Path, url: &str, what: &[&str]) -> String {
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1200,900",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(what)
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(out.status.success(), "chromium failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_shared_link_shows_its_answer_on_a_drawn_board() {
    let Some(browser) = chromium() else { return };
    let server = Server::start(&["--workers", "2"]);
    let url = format!("http://{}/?table=eight-puzzle&state=2%203%204%201%205%20x%207%206%208", server.addr);
    let dom = browse(&browser, &url, &["--dump-dom"]);
    assert!(
        dom.contains("19 moves (optimal): u l l d d r u r d l l u r d r u l d r"),
        "the answer is not on the page: {dom}"
    );
    // The board: an SVG of nine cells, eight of them tiles (the first
    // state's tiles in reading order), and the histogram's 32 bars.
    let board = dom.split("<div id=\"board\"").nth(1).expect("the board").split("</div>").next().unwrap();
    assert!(board.contains("<svg") && board.contains("class=\"tiles\""), "{board}");
    let tiles: Vec<&str> =
        board.split("</text>").filter_map(|t| t.rsplit('>').next()).filter(|t| !t.is_empty()).collect();
    assert_eq!(tiles, ["2", "3", "4", "1", "5", "7", "6", "8"], "{board}");
    let plot = dom.split("id=\"histogram-plot\"").nth(1).expect("the histogram");
    assert_eq!(plot.matches("<rect class=\"bar").count(), 32);
    assert!(dom.contains("<span id=\"step\">0 / 19</span>"));
    // Opened at its last move: the goal, every move done, the histogram's
    // bar at distance 0 marked.
    let goal = browse(&browser, &format!("{url}&at=19"), &["--dump-dom"]);
    assert!(goal.contains("<span id=\"step\">19 / 19</span>"), "{goal}");
    let board = goal.split("<div id=\"board\"").nth(1).expect("the board").split("</div>").next().unwrap();
    let tiles: Vec<&str> =
        board.split("</text>").filter_map(|t| t.rsplit('>').next()).filter(|t| !t.is_empty()).collect();
    assert_eq!(tiles, ["1", "2", "3", "4", "5", "6", "7", "8"], "{board}");
    assert_eq!(goal.matches("class=\"done\"").count() + goal.matches("class=\"now\"").count(), 19);
    assert!(goal.contains("<rect class=\"bar now\" x=\"1\""), "the bar of distance 0");
    // The cube's net from a link with a scramble.
    let url = format!("http://{}/?table=cube-3x3x3&scramble=R%20U%20F%27", server.addr);
    let cube = browse(&browser, &url, &["--dump-dom"]);
    assert!(cube.contains(" moves (within the length asked, not known to be optimal): "), "{cube}");
    assert_eq!(cube.split("class=\"cube\"").nth(1).expect("the net").matches("<rect").count(), 54);
    // An error is shown as one.
    let url = format!("http://{}/?table=eight-puzzle&state=1%202%203", server.addr);
    let bad = browse(&browser, &url, &["--dump-dom"]);
    assert!(bad.contains("class=\"error\">expected 9 tiles, found 3"), "{bad}");
    // The picture, kept for a person to look at.
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    std::fs::create_dir_all(&target).unwrap();
    let shot = target.join("serve-page.png");
    let _ = std::fs::remove_file(&shot);
    let url = format!("http://{}/?table=eight-puzzle&state=2%203%204%201%205%20x%207%206%208", server.addr);
    browse(&browser, &url, &[&format!("--screenshot={}", shot.display())]);
    let png = std::fs::read(&shot).expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG") && png.len() > 10_000, "{} bytes", png.len());
    let (status, time, _) = server.stop("TERM", Duration::from_secs(3));
    assert!(status.success() && time < Duration::from_secs(3));
}
