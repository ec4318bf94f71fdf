//! `godtab.generate`: a table file from a spec (or a built-in puzzle), with
//! the generator the `godtab gen` command uses, and progress through a
//! callback or tqdm.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use godtab_gen::{GenError, InPlace, Options, Part, Plan, PlanError, Progress, Route};
use godtab_puzzles::{Definition, PatternList, builtin};
use godtab_runtime::{Bytes, Encoding};
use pyo3::exceptions::{PyMemoryError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::table::Table;

/// Generates a table file from a spec file (TOML, or a ksolve / twsearch
/// definition: .tws, .ksolve, .def) or for a built-in puzzle's name, and
/// returns it opened.
///
/// out: where to write it (a name ending in .zst is compressed with
/// zstd), replaced atomically when the table is complete; None keeps the
/// table in memory only. compact=True is encoding="compact" (2 bits per
/// state); encoding="parity" stores 1 bit per state (sliding boards). A
/// compact or parity table written to a file keeps its progress in
/// out + ".partial", and resume=True continues a stopped run. max_memory
/// (bytes) refuses, before allocating, a generation that needs more (by
/// default half of the machine's memory). metric: "half" or "quarter"
/// for an orbit puzzle's spec, "multi" for a sliding board's (the
/// multi-tile metric). threads: how many cores (all by default).
///
/// progress: called after every level of every search with a dict (part,
/// pattern, depth, found, reached, total, before, pull, elapsed); if it
/// raises, the generation stops at the next chance and the exception is
/// raised here. None shows a tqdm bar if tqdm is installed; False shows
/// nothing.
///
/// Raises ValueError for a bad spec or option, MemoryError for a table
/// larger than max_memory, OSError for file errors.
#[pyfunction]
#[pyo3(signature = (spec, out = None, compact = false, encoding = None, resume = false, max_memory = None,
                    metric = None, threads = None, progress = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn generate(
    py: Python<'_>,
    spec: PathBuf,
    out: Option<PathBuf>,
    compact: bool,
    encoding: Option<&str>,
    resume: bool,
    max_memory: Option<u64>,
    metric: Option<&str>,
    threads: Option<usize>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<Table> {
    let metric = match metric {
        None | Some("half") => godtab_spec::Metric::Half,
        Some("quarter") => godtab_spec::Metric::Quarter,
        Some("multi") => godtab_spec::Metric::Multi,
        Some(other) => {
            return Err(PyValueError::new_err(format!("metric {other:?}: give \"half\", \"quarter\" or \"multi\"")));
        }
    };
    let encoding = match (compact, encoding) {
        (true, None | Some("compact")) | (false, Some("compact")) => Encoding::Compact,
        (false, Some("parity")) => Encoding::Parity,
        (false, None | Some("full")) => Encoding::Full,
        (true, Some(other)) => {
            return Err(PyValueError::new_err(format!("compact=True is encoding=\"compact\", not {other:?}")));
        }
        (false, Some(other)) => {
            return Err(PyValueError::new_err(format!("encoding {other:?}: give \"full\", \"compact\" or \"parity\"")));
        }
    };
    let (definition, patterns) = load(&spec, metric)?;
    let total = match &patterns {
        Some(patterns) => godtab_gen::pattern_placements(definition.puzzle(), patterns),
        None => definition.puzzle().slots(),
    };
    let plan = Plan::new(patterns, encoding).map_err(plan_error)?;
    let zst = out.as_deref().is_some_and(|o| o.extension().is_some_and(|e| e == "zst"));
    let route = plan.route(out.as_deref(), zst, resume).map_err(plan_error)?;
    let reporter = Reporter::new(py, progress, total)?;
    let pool = match threads {
        Some(0) => return Err(PyValueError::new_err("threads=0: give at least one thread")),
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| PyOSError::new_err(format!("starting the threads: {e}")))?,
        ),
        None => None,
    };
    let job = Job {
        definition: &definition,
        plan: &plan,
        route,
        out: out.as_deref(),
        zst,
        resume,
        limit: max_memory.unwrap_or_else(godtab_files::default_memory_limit),
    };
    let built = run_interruptibly(py, &reporter, || {
        let run = || job.run(&reporter);
        match &pool {
            Some(pool) => pool.install(run),
            None => run(),
        }
    });
    reporter.finish(py);
    if let Some(error) = reporter.raised.lock().ok().and_then(|mut e| e.take()) {
        return Err(error);
    }
    match built? {
        Some(bytes) => Table::of_bytes(Bytes::from(bytes)),
        // Just written from memory this process checked: no second pass.
        None => Table::open(py, out.expect("a table written to a file"), false),
    }
}

/// How often the caller's thread looks for a signal while the generation
/// runs.
const SIGNAL_POLL: std::time::Duration = std::time::Duration::from_millis(20);

/// Runs `work` on a thread of its own while this (the caller's) thread,
/// without the GIL between looks, asks Python every [`SIGNAL_POLL`] whether
/// a signal came: Python's own handler notes SIGINT, and only the main
/// thread runs its handlers. An exception from them (KeyboardInterrupt)
/// raises the generation's stop flag; the work then stops at its next
/// chance, keeping a resumable run's progress, and the exception is the
/// one [`generate`] raises.
fn run_interruptibly<T: Send>(py: Python<'_>, reporter: &Reporter, work: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        let (done, mut finished) = std::sync::mpsc::channel::<()>();
        let worker = scope.spawn(move || {
            let result = work();
            let _ = done.send(());
            result
        });
        loop {
            // The receiver goes into the wait and comes back (it may be
            // sent to the thread that waits, not shared with it).
            let over;
            (over, finished) = py.detach(move || (finished.recv_timeout(SIGNAL_POLL).is_ok(), finished));
            if over || worker.is_finished() {
                break;
            }
            if let Err(error) = py.check_signals() {
                reporter.raise(error);
            }
        }
        match worker.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// The puzzle (and patterns) a spec file, or a built-in puzzle's name,
/// describes.
fn load(spec: &Path, metric: godtab_spec::Metric) -> PyResult<(Definition, Option<PatternList>)> {
    if !spec.exists()
        && let Some(b) = spec.to_str().and_then(builtin::by_id)
    {
        return Ok((b.definition(), None));
    }
    match godtab_spec::load_spec(spec, metric) {
        Ok(loaded) => Ok((loaded.definition, loaded.patterns)),
        Err(godtab_spec::SpecError::Io(io) | godtab_spec::SpecError::File(godtab_files::ReadError::Io(io))) => {
            Err(io_error(spec, &io))
        }
        Err(godtab_spec::SpecError::File(e)) => Err(PyOSError::new_err(format!("{}: {e}", spec.display()))),
        Err(e) => Err(PyValueError::new_err(format!("{}: {e}", spec.display()))),
    }
}

/// What to generate and where, as the generator's plan decided.
struct Job<'a> {
    definition: &'a Definition,
    plan: &'a Plan,
    route: Route,
    out: Option<&'a Path>,
    zst: bool,
    resume: bool,
    limit: u64,
}

impl Job<'_> {
    /// Generates and writes the table: `Some(bytes)` for a table kept in
    /// memory, `None` for one written to `out`.
    fn run(&self, reporter: &Reporter) -> PyResult<Option<Vec<u8>>> {
        let report = |progress: &Progress| reporter.level(progress);
        let options = Options {
            max_memory: Some(self.limit),
            on_progress: Some(&report),
            encoding: self.plan.encoding(),
            stop: Some(&reporter.stop),
        };
        if self.route == Route::InPlace {
            let target = self.out.expect("in place means to a file");
            let place = InPlace { target, resume: self.resume, checkpoint_every: None };
            godtab_gen::twobit_table_file(self.definition, &options, &place).map_err(gen_error)?;
            return Ok(None);
        }
        // The temporary file is made before a generation that may take
        // minutes: a folder that cannot take the table is found now.
        let pending = match (self.route, self.out) {
            (Route::ThroughFile, Some(out)) => {
                Some(godtab_files::PendingWrite::create(out).map_err(|e| io_error(out, &e))?)
            }
            _ => None,
        };
        let bytes = self.plan.bytes(self.definition, &options).map_err(gen_error)?;
        let Some(mut pending) = pending else { return Ok(Some(bytes)) };
        let out = self.out.expect("pending means to a file");
        let bytes = if self.zst { godtab_files::compress(&bytes).map_err(|e| io_error(out, &e))? } else { bytes };
        use std::io::Write;
        pending.file().write_all(&bytes).and_then(|()| pending.commit()).map_err(|e| io_error(out, &e))?;
        Ok(None)
    }
}

/// A plan that cannot be carried out: a bad combination of options.
fn plan_error(error: PlanError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

fn io_error(path: &Path, error: &std::io::Error) -> PyErr {
    crate::errors::os_error(error, format!("{}: {error}", path.display()))
}

/// A generator error as the Python exception it is.
fn gen_error(error: GenError) -> PyErr {
    let message = error.to_string();
    match error {
        GenError::TooLarge { .. } | GenError::OutOfMemory { .. } => {
            PyMemoryError::new_err(format!("{message}; raise max_memory"))
        }
        GenError::NoSpace { .. } | GenError::Write(_) => PyOSError::new_err(message),
        GenError::Stopped { .. } => pyo3::exceptions::PyKeyboardInterrupt::new_err(message),
        _ => PyValueError::new_err(message),
    }
}

/// Passes each level to the progress callback (or a tqdm bar), with the
/// GIL taken for the call; the first exception it raises stops the
/// generation.
struct Reporter {
    callback: Option<Py<PyAny>>,
    bar: Option<Py<PyAny>>,
    shown: Mutex<u64>,
    raised: Mutex<Option<PyErr>>,
    stop: AtomicBool,
}

impl Reporter {
    fn new(py: Python<'_>, progress: Option<Bound<'_, PyAny>>, total: u64) -> PyResult<Self> {
        let (callback, bar) = match progress {
            Some(p) if p.is_instance_of::<pyo3::types::PyBool>() => {
                if p.is_truthy()? {
                    (None, tqdm_bar(py, total)?)
                } else {
                    (None, None)
                }
            }
            Some(p) => (Some(p.unbind()), None),
            None => (None, tqdm_bar(py, total)?),
        };
        Ok(Self { callback, bar, shown: Mutex::new(0), raised: Mutex::new(None), stop: AtomicBool::new(false) })
    }

    fn level(&self, level: &Progress) {
        if self.callback.is_none() && self.bar.is_none() {
            return;
        }
        Python::attach(|py| {
            if let Err(error) = self.call(py, level) {
                self.raise(error);
            }
        });
    }

    /// Stops the generation at its next chance with `error`, unless an
    /// earlier one stopped it already.
    fn raise(&self, error: PyErr) {
        self.stop.store(true, Ordering::Relaxed);
        if let Ok(mut raised) = self.raised.lock() {
            raised.get_or_insert(error);
        }
    }

    fn call(&self, py: Python<'_>, level: &Progress) -> PyResult<()> {
        if self.stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        if let Some(callback) = &self.callback {
            let dict = PyDict::new(py);
            let (part, pattern) = match level.part {
                Part::States => ("states", None),
                Part::Pattern { index, .. } => ("pattern", Some(index)),
            };
            dict.set_item("part", part)?;
            dict.set_item("pattern", pattern)?;
            dict.set_item("depth", level.depth)?;
            dict.set_item("found", level.found)?;
            dict.set_item("reached", level.reached)?;
            dict.set_item("total", level.total)?;
            dict.set_item("before", level.before)?;
            dict.set_item("pull", level.pull)?;
            dict.set_item("elapsed", level.elapsed.as_secs_f64())?;
            callback.call1(py, (dict,))?;
        }
        if let Some(bar) = &self.bar {
            let done = level.before + level.reached;
            let mut shown = self.shown.lock().map_err(|_| PyValueError::new_err("progress bar poisoned"))?;
            bar.call_method1(py, "update", (done.saturating_sub(*shown),))?;
            *shown = done.max(*shown);
        }
        Ok(())
    }

    fn finish(&self, py: Python<'_>) {
        if let Some(bar) = &self.bar {
            let _ = bar.call_method0(py, "close");
        }
    }
}

/// A tqdm bar of `total` states, if tqdm is installed.
fn tqdm_bar(py: Python<'_>, total: u64) -> PyResult<Option<Py<PyAny>>> {
    let Ok(tqdm) = py.import("tqdm") else { return Ok(None) };
    let keywords = PyDict::new(py);
    keywords.set_item("total", total)?;
    keywords.set_item("unit", "states")?;
    keywords.set_item("unit_scale", true)?;
    Ok(Some(tqdm.getattr("tqdm")?.call((), Some(&keywords))?.unbind()))
}
