//! A cluster run from start to end on one process: connect, shake hands,
//! search this process's share, send its entries to process 0, which
//! writes the table, and hear from process 0 that it did.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use godtab_gen::{GenError, Options, Progress, Ranges, ShareOf, TableAssembly, share_search};
use godtab_puzzles::Definition;
use godtab_runtime::Encoding;

use crate::secret::SecretSource;
use crate::{ClusterError, Hosts, LevelBytes, Link, failure};

/// Bytes of a piece of the table sent to process 0.
const PIECE: usize = 8 << 20;
/// Pieces each process sends in one round (what process 0 holds at most
/// is a round from every process).
const PIECES_PER_ROUND: usize = 8;

/// Reports a level's progress.
pub type OnProgress = Box<dyn Fn(&Progress) + Send + Sync>;

/// One process's part in a cluster run: everything it needs, owned (it
/// runs on timely's worker thread).
pub struct ClusterRun {
    /// The puzzle.
    pub definition: Definition,
    /// Compact or parity.
    pub encoding: Encoding,
    /// Only count the states at each distance: no table is written (the
    /// puzzle's moves need not be undone by moves), the parts are kept
    /// beside `target` all the same.
    pub histogram_only: bool,
    /// Refuse, before allocating, a share that needs more bytes.
    pub max_memory: Option<u64>,
    /// Raised to stop the run (every process stops at the same level and
    /// keeps its part).
    pub stop: Option<&'static AtomicBool>,
    /// Called after every level.
    pub on_progress: Option<OnProgress>,
    /// Threads searching this process's share (rayon's global pool, if
    /// the program has not sized it already).
    pub threads: usize,
    /// This process, from 0.
    pub process: usize,
    /// Every process's address (line `i` for process `i`).
    pub hosts: Hosts,
    /// Where process 0 writes the table (every process keeps its part
    /// beside it: [`ClusterRun::part_path`]).
    pub target: PathBuf,
    /// Continue from the parts of a stopped run.
    pub resume: bool,
    /// Keep the parts at most this often (see [`ShareOf`]).
    pub checkpoint_every: Option<Duration>,
    /// How long to wait for the other processes at a level's end before
    /// giving up (`None`: forever).
    pub stall_timeout: Option<Duration>,
    /// How long to wait for every process to connect (`None`: forever).
    pub connect_timeout: Option<Duration>,
    /// The secret a process must know to join the run (see
    /// [`SecretSource`]).
    pub secret: SecretSource,
}

impl ClusterRun {
    /// How many processes.
    #[must_use]
    pub fn processes(&self) -> usize {
        self.hosts.0.len()
    }

    /// Where this process keeps its part of the run: beside the target,
    /// named by the process and their number.
    #[must_use]
    pub fn part_path(&self) -> PathBuf {
        let mut name = self.target.as_os_str().to_os_string();
        name.push(format!(".{}-of-{}.partial", self.process, self.processes()));
        PathBuf::from(name)
    }
}

/// What a cluster run did.
pub struct Generated {
    /// States at each distance.
    pub histogram: Vec<u64>,
    /// The table's size, on process 0 (none for
    /// [`ClusterRun::histogram_only`]).
    pub table_bytes: Option<u64>,
    /// What the processes exchanged at each level.
    pub levels: Vec<LevelBytes>,
    /// The depth the run was continued from.
    pub resumed_from: Option<u8>,
    /// This process's states' predecessors, and those that lay in another
    /// process's range.
    pub predecessors: (u64, u64),
    /// Times the part was kept, and the time it took.
    pub checkpoints: u32,
    /// The time keeping the part took.
    pub checkpoint_time: Duration,
    /// The search's time, and the time sending the entries to process 0
    /// and writing the table took.
    pub search_time: Duration,
    /// See [`Generated::search_time`].
    pub gather_time: Duration,
    /// The part of the search's time spent in the exchange: sending, and
    /// waiting at each round's end for the other processes.
    pub exchange_time: Duration,
}

/// Runs this process's part of a cluster generation (see [`ClusterRun`]):
/// connects, searches its share, and (process 0) writes the table.
///
/// This installs [`failure`]'s panic hook: a lost connection or a silent
/// process ends the program.
///
/// # Errors
///
/// [`ClusterError::Setup`], [`ClusterError::Connect`], [`ClusterError::Join`],
/// [`ClusterError::Mismatch`], and the search's or the table's
/// [`GenError`]: every process fails when one does.
pub fn generate(run: ClusterRun) -> Result<Generated, ClusterError> {
    let processes = run.processes();
    if run.process >= processes {
        return Err(ClusterError::Setup(format!(
            "--process {}: the processes of --processes {processes} are numbered 0 to {}",
            run.process,
            processes - 1
        )));
    }
    if !matches!(run.encoding, Encoding::Compact | Encoding::Parity) {
        return Err(GenError::Encoding("a table made by several processes is compact or parity").into());
    }
    // The share is searched on rayon's global pool (timely's worker thread
    // belongs to no pool): sized here, unless the program sized it before.
    let _ = rayon::ThreadPoolBuilder::new().num_threads(run.threads.max(1)).build_global();
    failure::install(run.process);
    let digest = run_digest(&run)?;
    let deadline = run.connect_timeout.map(|limit| Instant::now() + limit);
    // Process 0's shared secret, removed at the end of the run.
    let mut shared_secret = None;
    let (builders, others) = if processes == 1 {
        timely::CommunicationConfig::Thread.try_build().map_err(ClusterError::Connect)?
    } else {
        let (secret, shared) = run.secret.resolve(run.process, &run.target, deadline, run.stop)?;
        shared_secret = shared;
        if let Some(weak) = secret.weakness() {
            eprintln!("process {}: {weak}", run.process);
        }
        let peers = crate::net::Peers {
            process: run.process,
            addresses: &run.hosts.0,
            digest,
            secret,
            deadline,
            stop: run.stop,
        };
        crate::net::connect(peers)?
    };
    // Timely runs the worker on a thread of its own, with what it is given
    // to own: the run, taken once.
    let job = Mutex::new(Some(run));
    let (result_in, result_out) = std::sync::mpsc::channel();
    let guards = timely::execute::execute_from(builders, others, timely::WorkerConfig::default(), move |worker| {
        let taken = job.lock().ok().and_then(|mut j| j.take());
        let result = match taken {
            Some(run) => run_worker(worker, &run, digest),
            None => Err(ClusterError::Connect("timely started more than one worker".into())),
        };
        let _ = result_in.send(result);
    })
    .map_err(ClusterError::Connect)?;
    let result = result_out.recv().unwrap_or_else(|_| Err(ClusterError::Connect("the worker ended early".into())));
    if failure::is_telling() {
        // The connections the others closed on leaving failed timely's
        // networking threads, which it would join on their panics: this
        // process ends with its own error instead.
        std::mem::forget(guards);
    } else {
        drop(guards.join());
    }
    drop(shared_secret);
    result
}

/// The digest of what every process of a run must agree on: the
/// generator's version, the puzzle, the encoding, a count or a table, and
/// the number of processes.
fn run_digest(run: &ClusterRun) -> Result<u64, ClusterError> {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    hasher.update(godtab_gen::GENERATOR.as_bytes());
    // A count's digest is that of another table than any table run's:
    // processes that mix the two disagree here.
    hasher.update(&godtab_gen::share_digest(&run.definition, run.encoding, run.histogram_only)?.to_le_bytes());
    hasher.update(&(run.processes() as u64).to_le_bytes());
    Ok(hasher.digest())
}

fn run_worker(worker: &mut timely::worker::Worker, run: &ClusterRun, digest: u64) -> Result<Generated, ClusterError> {
    let processes = run.processes();
    let definition = &run.definition;
    let report = |progress: &Progress| {
        if let Some(on_progress) = &run.on_progress {
            on_progress(progress);
        }
    };
    let options =
        &Options { max_memory: run.max_memory, on_progress: Some(&report), encoding: run.encoding, stop: run.stop };
    let mut link = Link::new(worker, digest, run.stall_timeout).map_err(|e| ClusterError::Mismatch(e.to_string()))?;
    let part = run.part_path();
    let share = ShareOf {
        process: run.process,
        processes,
        part: &part,
        resume: run.resume,
        checkpoint_every: run.checkpoint_every,
        count_only: run.histogram_only,
    };
    let started = Instant::now();
    let mut done = match share_search(definition, options, &share, &mut link) {
        Ok(done) => done,
        Err(e) => {
            // A stop every process agreed on is no failure to tell.
            if !matches!(e, GenError::Stopped { .. }) {
                link.tell_failure(&e.to_string());
            }
            return Err(e.into());
        }
    };
    let search_time = started.elapsed();
    let gathering = Instant::now();
    // The first exchanges were the parts' agreement on where to start.
    let levels = link.levels().get(godtab_gen::SHARE_AGREEMENTS..).unwrap_or_default().to_vec();
    // Process 0 starts the table; a failure here is every process's, told
    // at the end.
    let mut table = if run.process == 0 && !run.histogram_only {
        Some(TableAssembly::create(&run.target, definition, options.encoding, &done.histogram))
    } else {
        None
    };
    let ranges = Ranges::new(definition.puzzle().slots(), processes);
    let payload_len = |p: usize| {
        let len = ranges.range(p).end - ranges.range(p).start;
        match options.encoding {
            Encoding::Parity => len.div_ceil(64) * 8,
            _ => len.div_ceil(32) * 8,
        }
    };
    let largest = (0..processes).map(payload_len).max().unwrap_or(0);
    let round = (PIECE * PIECES_PER_ROUND) as u64;
    let rounds = if run.histogram_only { 0 } else { largest.div_ceil(round) };
    let mut offset = done.payload_offset();
    let mut pieces = done.payload(PIECE);
    let mut problem: Option<String> = None;
    for _ in 0..rounds {
        for piece in pieces.by_ref().take(PIECES_PER_ROUND) {
            let len = piece.len() as u64;
            link.send_piece(offset, piece);
            offset += len;
        }
        link.end_piece_round(&mut |at, bytes| {
            if let Some(Ok(table)) = &mut table {
                if let Err(e) = table.write_at(at, bytes) {
                    problem.get_or_insert(e.to_string());
                }
            }
        })?;
    }
    drop(pieces);
    let mut table_bytes = None;
    if let Some(table) = table {
        match table.and_then(TableAssembly::finish) {
            Ok(bytes) if problem.is_none() => table_bytes = Some(bytes),
            Ok(_) => {}
            Err(e) => {
                problem.get_or_insert(e.to_string());
            }
        }
    }
    let word = link.finish(problem)?;
    if let Some(problem) = word {
        return Err(ClusterError::Gen(GenError::Cluster(if run.process == 0 {
            problem
        } else {
            format!("process 0 could not write the table: {problem}")
        })));
    }
    Ok(Generated {
        histogram: std::mem::take(&mut done.histogram),
        table_bytes,
        levels,
        resumed_from: done.resumed_from,
        predecessors: (done.predecessors, done.remote),
        checkpoints: done.checkpoints,
        checkpoint_time: done.checkpoint_time,
        search_time,
        gather_time: gathering.elapsed(),
        exchange_time: done.exchange_time,
    })
}
