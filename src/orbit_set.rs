//! What an orbit pattern set is in the CLI (a twisty puzzle's tables, the
//! Rubik's cube's among them): opening it for search, reading its states
//! (blocks, scrambles, the cube's facelet strings), and answering `solve`,
//! `judge`, `info` and `verify` from it.

use std::io::{self, BufReader, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Result, anyhow};
use godtab_runtime::{Bytes, OrbitPatternSet};
use godtab_twisty::group::MoveGroup;
use godtab_twisty::model::Cells;
use godtab_twisty::search::{Outcome, Solver};
use godtab_twisty::set::OrbitSearch;
use godtab_twisty::{Twisty, facelets, text};
use serde::Serialize;

use crate::lines::Lines;
use crate::oracle::Work;
use crate::text::{Count, plural};

/// How a state is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Written {
    /// In blocks: every set's name, pieces and orientations.
    Blocks,
    /// As the moves that lead to it from solved.
    Scramble,
    /// The 3x3x3 cube's 54 facelet letters.
    Facelets,
}

/// An orbit pattern set opened for search.
pub(crate) struct OrbitSet {
    search: OrbitSearch,
    group: MoveGroup,
    facelets: bool,
}

/// A state's answer: its optimal moves (`None`: the moves cannot make the
/// state, so none solves it) and what the search cost.
pub(crate) struct Answer {
    pub moves: Option<Vec<usize>>,
    pub work: Work,
}

/// The views of each pattern a search looks up per side: the cube's three
/// axes.
const VIEWS: usize = 4;

impl OrbitSet {
    /// Rebuilds the set's puzzle, symmetries and patterns and copies its
    /// tables into memory.
    pub(crate) fn open(set: &OrbitPatternSet<Bytes>) -> Result<Self> {
        let search = OrbitSearch::open(set).map_err(|e| anyhow!("the table is damaged: {e}"))?;
        let group = MoveGroup::new(search.puzzle());
        let facelets = facelets::is_standard_cube(search.puzzle());
        Ok(Self { search, group, facelets })
    }

    pub(crate) fn puzzle(&self) -> &Twisty {
        self.search.puzzle()
    }

    /// A solver over the set.
    pub(crate) fn solver(&self, search: crate::pdb::SearchArgs) -> Solver<'_> {
        let mut solver = self.search.solver(VIEWS);
        if let Some(threads) = search.threads {
            solver.threads = usize::from(threads);
        }
        solver
    }

    /// The state `text` writes, as `written` says.
    pub(crate) fn state(&self, text: &str, written: Written) -> Result<Cells, String> {
        let puzzle = self.puzzle();
        let state = match written {
            Written::Blocks => text::parse_state(puzzle, text).map_err(|e| e.to_string())?,
            Written::Scramble => text::parse_scramble(puzzle, text).map_err(|e| e.to_string())?,
            Written::Facelets if self.facelets => facelets::parse(text).map_err(|e| e.to_string())?,
            Written::Facelets => {
                return Err(format!(
                    "{} is not the 3x3x3 cube of data/puzzles/cube-3x3x3.tws: facelet strings are that cube's",
                    puzzle.id()
                ));
            }
        };
        if !puzzle.is_well_formed(&state) {
            return Err("not a state of the puzzle".into());
        }
        Ok(state)
    }

    /// `state` as text: facelets for the cube, else blocks.
    pub(crate) fn show(&self, state: &Cells) -> String {
        if self.facelets { facelets::display(state) } else { text::display_state(self.puzzle(), state) }
    }

    /// The optimal moves of `state`, searched within `max_nodes`.
    pub(crate) fn solve(&self, solver: &Solver<'_>, state: &Cells, max_nodes: u64) -> Result<Answer, Unsolved> {
        let started = Instant::now();
        if !self.group.contains(self.puzzle(), state) {
            let work = Work { nodes: 0, generated: 0, seconds: started.elapsed().as_secs_f64() };
            return Ok(Answer { moves: None, work });
        }
        let report = solver.solve(state, max_nodes);
        let work = Work { nodes: report.expanded, generated: report.lookups, seconds: started.elapsed().as_secs_f64() };
        match report.outcome {
            Outcome::Solved => Ok(Answer { moves: Some(report.moves), work }),
            Outcome::NodeLimit => Err(Unsolved::NodeLimit(max_nodes, work)),
            Outcome::TooDeep => Err(Unsolved::TooDeep(work)),
        }
    }

    /// Move names of `moves`.
    pub(crate) fn names(&self, moves: &[usize]) -> Vec<&str> {
        moves.iter().map(|&m| self.puzzle().moves()[m].name.as_str()).collect()
    }
}

/// A state the moves cannot make, made from `state` by swapping two pieces
/// of an orbit or twisting one piece (`pick(n)` chooses one of `n` at
/// random); `None` if every such change can still be solved.
pub(crate) fn unsolvable_from(
    puzzle: &Twisty,
    group: &MoveGroup,
    state: &Cells,
    mut pick: impl FnMut(usize) -> usize,
) -> Option<Cells> {
    let mut changes = Vec::new();
    for orbit in puzzle.orbits() {
        let range = orbit.positions();
        for a in range.clone() {
            for b in range.clone().filter(|&b| b > a) {
                let mut swapped = *state;
                swapped.swap(a, b);
                changes.push(swapped);
            }
            for t in 1..orbit.orientations {
                let mut twisted = *state;
                twisted[a] = puzzle.turn(twisted[a], t);
                changes.push(twisted);
            }
        }
    }
    changes.retain(|s| !group.contains(puzzle, s));
    (!changes.is_empty()).then(|| changes[pick(changes.len()).min(changes.len() - 1)])
}

/// Why a state got no answer.
pub(crate) enum Unsolved {
    NodeLimit(u64, Work),
    TooDeep(Work),
}

impl std::fmt::Display for Unsolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NodeLimit(limit, _) => write!(f, "not solved within {}", plural(*limit, "node", "nodes")),
            Self::TooDeep(_) => write!(f, "every solution is longer than {} moves", godtab_twisty::search::MAX_DEPTH),
        }
    }
}

impl Unsolved {
    fn work(&self) -> Work {
        match self {
            Self::NodeLimit(_, work) | Self::TooDeep(work) => *work,
        }
    }
}

/// The node limit of an orbit pattern set's search: --max-nodes, or none.
pub(crate) fn node_limit(search: crate::pdb::SearchArgs) -> u64 {
    search.max_nodes.unwrap_or(u64::MAX)
}

/// One answer as `solve --json` prints it.
#[derive(Serialize)]
struct SolveJson<'a> {
    state: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    scramble: Option<String>,
    solvable: bool,
    distance: Option<usize>,
    moves: Vec<&'a str>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    search: Option<Work>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// `solve` on an orbit pattern set: every state given (in blocks, as
/// scrambles, as facelets), answered in order; exit status 1 if one is not
/// a state or has no answer.
pub(crate) fn solve(
    set: &OrbitSet,
    given: &[(String, Written)],
    search: crate::pdb::SearchArgs,
    json: bool,
) -> Result<ExitCode> {
    let (solver, max_nodes) = (set.solver(search), node_limit(search));
    let mut out = crate::stdio::stdout();
    let mut failed = false;
    for (text, written) in given {
        let scramble = (*written == Written::Scramble).then(|| text.split_whitespace().collect::<Vec<_>>().join(" "));
        let state = match set.state(text, *written) {
            Ok(state) => state,
            Err(e) => {
                let flag = match written {
                    Written::Blocks => "",
                    Written::Scramble => "--scramble ",
                    Written::Facelets => "--facelets ",
                };
                crate::stdio::note(format_args!("godtab solve: {flag}{text:?}: {e}"));
                failed = true;
                if json {
                    let answer = SolveJson {
                        state: text.clone(),
                        scramble,
                        solvable: false,
                        distance: None,
                        moves: Vec::new(),
                        search: None,
                        error: Some(e),
                    };
                    serde_json::to_writer(&mut out, &answer)?;
                    writeln!(out)?;
                }
                continue;
            }
        };
        let shown = scramble.clone().filter(|_| !json).unwrap_or_else(|| set.show(&state));
        let (moves, work, error) = match set.solve(&solver, &state, max_nodes) {
            Ok(answer) => (answer.moves, answer.work, None),
            Err(unsolved) => (None, unsolved.work(), Some(unsolved)),
        };
        failed |= error.is_some();
        let names = moves.as_deref().map(|m| set.names(m)).unwrap_or_default();
        if json {
            let answer = SolveJson {
                state: shown,
                scramble,
                solvable: error.is_some() || moves.is_some(),
                distance: moves.as_ref().map(Vec::len),
                moves: names,
                search: Some(work),
                error: error.map(|e| e.to_string()),
            };
            serde_json::to_writer(&mut out, &answer)?;
            writeln!(out)?;
            continue;
        }
        match (&moves, &error) {
            (_, Some(Unsolved::NodeLimit(..))) => writeln!(
                out,
                "{shown}: {} (raise --max-nodes)",
                error.as_ref().map(ToString::to_string).unwrap_or_default()
            )?,
            (_, Some(e)) => writeln!(out, "{shown}: {e}")?,
            (None, None) => writeln!(out, "{shown}: unsolvable")?,
            (Some(m), None) if m.is_empty() => writeln!(out, "{shown}: solved (0 moves)")?,
            (Some(m), None) => {
                let plural = if m.len() == 1 { "" } else { "s" };
                writeln!(out, "{shown}: {} move{plural}: {}", m.len(), names.join(" "))?;
            }
        }
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// `judge` on an orbit pattern set: one case per line (a state in blocks
/// on one line, a scramble, or a facelet string), or with `blocks` states
/// in blocks over several lines, each ended by a line `End`. Answers "D m1
/// m2 ..." or "unsolvable", in order; a bad case is reported and judging
/// goes on.
pub(crate) fn judge<W: Write, E: Write>(
    set: &OrbitSet,
    written: Written,
    blocks: bool,
    search: crate::pdb::SearchArgs,
    input: &mut dyn Read,
    output: &mut crate::judge::Output<W, E>,
    placeholder: Option<&[u8]>,
) -> io::Result<()> {
    let (solver, max_nodes) = (set.solver(search), node_limit(search));
    let mut lines = Lines::new(BufReader::with_capacity(64 << 10, input));
    let mut case = 0u64;
    let mut gathered = String::new();
    let mut first_line = 0u64;
    while let Some((line_number, line)) = lines.next()? {
        let text = match line.text() {
            Ok(text) => String::from_utf8_lossy(text).into_owned(),
            Err(too_long) => {
                case += 1;
                output.bad_case(case, line_number, too_long, placeholder)?;
                continue;
            }
        };
        if text.trim().is_empty() {
            continue;
        }
        if blocks {
            if gathered.is_empty() {
                first_line = line_number;
            }
            gathered.push_str(&text);
            gathered.push(' ');
            if text.trim() != "End" {
                continue;
            }
        } else {
            first_line = line_number;
            gathered = text;
        }
        case += 1;
        let answer = set
            .state(gathered.trim(), written)
            .and_then(|state| set.solve(&solver, &state, max_nodes).map_err(|e| e.to_string()))
            .map(|answer| match answer.moves {
                Some(moves) => {
                    let mut line = moves.len().to_string();
                    for name in set.names(&moves) {
                        line.push(' ');
                        line.push_str(name);
                    }
                    line
                }
                None => "unsolvable".to_string(),
            });
        gathered.clear();
        match answer {
            Ok(answer) => output.answer(&answer)?,
            Err(problem) => output.bad_case(case, first_line, problem, placeholder)?,
        }
    }
    if !gathered.trim().is_empty() {
        case += 1;
        output.bad_case(case, first_line, "the state has no End line", placeholder)?;
    }
    Ok(())
}

/// What `info` says of an orbit pattern set, as text or JSON.
#[derive(Serialize)]
struct Info<'a> {
    puzzle: &'a str,
    kind: &'static str,
    source: String,
    generator: &'a str,
    bytes: usize,
    pieces: usize,
    orbits: Vec<OrbitInfo<'a>>,
    moves: Vec<&'a str>,
    /// The states the moves make (a decimal string: past 2^64 for the cube).
    states: String,
    symmetries: Option<u16>,
    facelets: bool,
    patterns: Vec<PatternInfo>,
    checksum_ok: bool,
}

#[derive(Serialize)]
struct OrbitInfo<'a> {
    name: &'a str,
    pieces: usize,
    orientations: u8,
}

#[derive(Serialize)]
struct PatternInfo {
    /// Per orbit: its groups' sizes, and which groups are oriented.
    sees: Vec<String>,
    entries: u64,
    classes: u64,
    symmetries: usize,
    bits_per_entry: u8,
    base: Option<u8>,
    histogram: Vec<u64>,
}

/// `godtab info` on an orbit pattern set.
pub(crate) fn info(set: &OrbitPatternSet<Bytes>, source: String, json: bool) -> Result<ExitCode> {
    let puzzle = godtab_twisty::set::puzzle_of(&set.puzzle()).map_err(|e| anyhow!("the table is damaged: {e}"))?;
    let group =
        set.symmetry().then(|| godtab_twisty::symmetry::Group::new(&puzzle, godtab_twisty::symmetry::find(&puzzle)));
    let mut patterns = Vec::new();
    for p in 0..set.pattern_count() {
        let Some(table) = set.table(p) else { break };
        let def = godtab_twisty::pattern::PatternDef {
            groups: table.groups.to_vec(),
            oriented: table.oriented.iter().map(|&o| o != 0).collect(),
        };
        def.check(&puzzle).map_err(|e| anyhow!("the table is damaged: pattern {p}: {e}"))?;
        let coder = godtab_twisty::pattern::Coder::new(&puzzle, &def, group.as_ref());
        let sees = puzzle
            .orbits()
            .iter()
            .filter_map(|orbit| {
                let range = orbit.positions();
                let groups = usize::from(def.groups[range.clone()].iter().copied().max().unwrap_or(0)) + 1;
                let oriented = range.clone().filter(|&q| def.oriented[q]).count();
                if groups == 1 && oriented == 0 {
                    return None;
                }
                let sizes: Vec<String> = (0..groups)
                    .map(|g| range.clone().filter(|&q| usize::from(def.groups[q]) == g).count().to_string())
                    .collect();
                Some(format!(
                    "{} in {} ({}), {} oriented",
                    orbit.name,
                    plural(groups as u64, "group", "groups"),
                    sizes.join("+"),
                    if oriented == orbit.pieces { "all".to_string() } else { oriented.to_string() }
                ))
            })
            .collect();
        patterns.push(PatternInfo {
            sees,
            entries: table.entries,
            classes: coder.classes(),
            symmetries: coder.symmetries.len(),
            bits_per_entry: table.width,
            base: (table.width == 2).then_some(table.base),
            histogram: table.histogram().collect(),
        });
    }
    let info = Info {
        puzzle: set.id(),
        kind: "orbit pattern set",
        source,
        generator: set.generator(),
        bytes: set.as_bytes().len(),
        pieces: puzzle.positions(),
        orbits: puzzle
            .orbits()
            .iter()
            .map(|o| OrbitInfo { name: &o.name, pieces: o.pieces, orientations: o.orientations })
            .collect(),
        moves: set.puzzle().move_names.split(' ').collect(),
        states: MoveGroup::new(&puzzle).order().to_string(),
        symmetries: set.symmetry().then(|| set.symmetries()),
        facelets: facelets::is_standard_cube(&puzzle),
        patterns,
        checksum_ok: set.verify().is_ok(),
    };
    let mut out = crate::stdio::stdout();
    if json {
        serde_json::to_writer(&mut out, &info)?;
        writeln!(out)?;
    } else {
        writeln!(out, "puzzle: {} (twisty puzzle), orbit pattern set", info.puzzle)?;
        writeln!(out, "source: {}", info.source)?;
        writeln!(out, "generator: {}", info.generator)?;
        writeln!(out, "size: {} bytes", Count(info.bytes as u64))?;
        let orbits: Vec<String> =
            info.orbits.iter().map(|o| format!("{} {} x {} orientations", o.name, o.pieces, o.orientations)).collect();
        writeln!(out, "pieces: {} ({})", info.pieces, orbits.join(", "))?;
        writeln!(out, "moves: {} ({})", info.moves.len(), info.moves.join(" "))?;
        writeln!(out, "states: {}", crate::generate::thousands_u128(info.states.parse().unwrap_or(0)))?;
        match info.symmetries {
            Some(n) => writeln!(out, "symmetries: {n} (tables reduced by those that keep each pattern)")?,
            None => writeln!(out, "symmetries: not used")?,
        }
        if info.facelets {
            writeln!(out, "facelets: yes (the 3x3x3 cube in Kociemba's numbering)")?;
        }
        for (i, p) in info.patterns.iter().enumerate() {
            let stored = match p.base {
                Some(base) => format!("2 bits over base {base}"),
                None => "4 bits".to_string(),
            };
            writeln!(out, "pattern {i}: {}", p.sees.join("; "))?;
            writeln!(
                out,
                "  {} entries ({} classes under {}), {stored}, largest {}",
                Count(p.entries),
                Count(p.classes),
                plural(p.symmetries as u64, "symmetry", "symmetries"),
                p.histogram.len().saturating_sub(1)
            )?;
            crate::info::write_histogram(&mut out, &p.histogram, "entries")?;
        }
        writeln!(out, "checksum: {}", if info.checksum_ok { "ok" } else { "MISMATCH" })?;
    }
    Ok(if info.checksum_ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// `godtab verify`'s summary of an orbit pattern set.
pub(crate) fn summary(set: &OrbitPatternSet<Bytes>) -> String {
    let entries: u64 = (0..set.pattern_count()).filter_map(|p| set.table(p)).map(|t| t.entries).sum();
    format!(
        "{}, orbit pattern set of {} ({} entries), {} bytes",
        set.id(),
        plural(set.pattern_count() as u64, "pattern", "patterns"),
        Count(entries),
        Count(set.as_bytes().len() as u64)
    )
}
