//! The processes' link on timely: one dataflow, built once, whose input
//! takes `(process, message)` records, exchanges each to its process and
//! puts it in that process's inbox, keyed by epoch (another process may
//! already send the next epoch's records while this one waits for the
//! current epoch's end). One epoch is one step of the run: the handshake,
//! a level, a round of the table's pieces.
//!
//! Ranks travel as batches: ascending, as the deltas between them in
//! postcard's varint encoding (a rank a few positions from the last takes
//! a byte), in a byte buffer serde writes whole.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::Duration;

use godtab_gen::{Exchange, GenError, LevelEnd};
use serde::{Deserialize, Serialize};
use serde_bytes::ByteBuf;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange as ByProcess;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

use crate::beat::{BEAT, Beats};
use crate::failure;

/// What processes send each other.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Message {
    /// The handshake: the digest of the binary's version, the puzzle and
    /// the options that must agree.
    Hello { from: u32, digest: u64 },
    /// Ranks for the receiver: found in its range, asked about, or
    /// answered.
    Ranks { from: u32, ranks: ByteBuf },
    /// A process's end of a round within a level, with its number.
    Round { from: u32, value: u64 },
    /// A process's end of a level (or of the handshake).
    End { from: u32, count: u64, flags: u64, bytes: u64, ranks: u64 },
    /// Bytes of the table's distance section, at their offset.
    Piece { offset: u64, bytes: ByteBuf },
    /// Process 0's word at the end: the table is written, or why not.
    Status { problem: Option<String> },
    /// A process's word that it fails, and why: the others stop too.
    Failed { from: u32, problem: String },
}

type Records = Vec<(u32, Message)>;
type Inbox = Rc<RefCell<BTreeMap<u64, Vec<Message>>>>;

/// Bytes and ranks exchanged in one level, every process together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelBytes {
    /// Ranks sent to another process.
    pub ranks: u64,
    /// Their encoded bytes.
    pub bytes: u64,
}

/// This process's end of the link (see the module docs).
pub struct Link<'w> {
    worker: &'w mut Worker,
    input: InputHandle<u64, CapacityContainerBuilder<Records>>,
    probe: ProbeHandle<u64>,
    inbox: Inbox,
    process: usize,
    processes: usize,
    stall: Option<Duration>,
    /// This level's sends so far.
    sent: LevelBytes,
    /// Every level's, all processes together.
    levels: Vec<LevelBytes>,
    /// Messages of this epoch taken early (while sending).
    early: Vec<Message>,
    /// Sent while waiting at a barrier.
    beats: Beats,
}

/// How long a failing process waits for the others to leave after telling
/// them (longer than they wait for its word once its connection closes).
const TELLING_TIME: Duration = Duration::from_secs(6);

/// Acts on a message as it arrives: a process's failure ends this one
/// (naming it and why); an epoch's end is noted for the watchdog.
fn heed(message: &Message, epoch: u64) {
    match message {
        Message::Failed { from, problem } => failure::fail(&format!("process {from} stopped: {problem}")),
        Message::Hello { from, .. } | Message::Round { from, .. } | Message::End { from, .. } => {
            failure::heard(*from as usize, epoch);
            failure::alive(*from as usize);
        }
        Message::Ranks { from, .. } => failure::alive(*from as usize),
        _ => {}
    }
}

fn lost(what: &str) -> GenError {
    GenError::Cluster(format!("the other processes' {what} did not all arrive"))
}

impl<'w> Link<'w> {
    /// Builds the dataflow on `worker` (this process's only worker) and
    /// shakes hands: every process sends its `digest`, and all must agree.
    ///
    /// # Errors
    ///
    /// [`GenError::Cluster`] naming the first process whose digest differs.
    pub fn new(worker: &'w mut Worker, digest: u64, stall: Option<Duration>) -> Result<Self, GenError> {
        let (process, processes) = (worker.index(), worker.peers());
        let mut input = InputHandle::<u64, CapacityContainerBuilder<Records>>::new();
        let probe = ProbeHandle::new();
        let inbox: Inbox = Rc::new(RefCell::new(BTreeMap::new()));
        let keep = Rc::clone(&inbox);
        worker.dataflow::<u64, _, _>(|scope| {
            scope
                .input_from(&mut input)
                .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    ByProcess::new(|record: &(u32, Message)| u64::from(record.0)),
                    "Inbox",
                    move |_capability, _info| {
                        move |input, _output| {
                            input.for_each(|time, records| {
                                let epoch = time.least().copied().unwrap_or_default();
                                let mut inbox = keep.borrow_mut();
                                let arrived = inbox.entry(epoch).or_default();
                                for (_, message) in records.drain(..) {
                                    heed(&message, epoch);
                                    arrived.push(message);
                                }
                            });
                        }
                    },
                )
                .probe_with(&probe);
        });
        let beats = Beats::new(worker);
        let mut link = Self {
            worker,
            input,
            probe,
            inbox,
            process,
            processes,
            stall,
            sent: LevelBytes::default(),
            levels: Vec::new(),
            early: Vec::new(),
            beats,
        };
        for to in 0..processes {
            link.input.send((to as u32, Message::Hello { from: process as u32, digest }));
        }
        failure::expect(processes);
        let mut hellos = 0;
        for message in link.barrier("the handshake", true)? {
            if let Message::Hello { from, digest: theirs } = message {
                hellos += 1;
                if theirs != digest {
                    return Err(GenError::Cluster(format!(
                        "process {from} runs another godtab version, puzzle or options than this one (digest \
                         {theirs:016x}, here {digest:016x}): start every process with the same binary and options"
                    )));
                }
            }
        }
        if hellos != processes {
            return Err(lost("handshakes"));
        }
        Ok(link)
    }

    /// This process.
    #[must_use]
    pub fn process(&self) -> usize {
        self.process
    }

    /// How many processes.
    #[must_use]
    pub fn processes(&self) -> usize {
        self.processes
    }

    /// Bytes and ranks exchanged at each level so far.
    #[must_use]
    pub fn levels(&self) -> &[LevelBytes] {
        &self.levels
    }

    /// Ends the epoch: advances the input and works until every process's
    /// records of it have arrived (the watchdog armed meanwhile); what came
    /// for this process.
    /// `ends`: every process sends its end of the epoch (the watchdog
    /// then names the processes not heard from).
    fn barrier(&mut self, what: &str, ends: bool) -> Result<Vec<Message>, GenError> {
        let epoch = *self.input.time();
        self.input.advance_to(epoch + 1);
        let stall = self.stall;
        failure::arm(stall, ends.then_some(epoch), || {
            format!(
                "no word from the other processes for {} s while waiting for {what}: stopped, hung or cut off \
                 (the limit is --stall-timeout)",
                stall.map_or(0, |s| s.as_secs())
            )
        });
        while self.probe.less_than(self.input.time()) {
            self.beats.beat();
            self.worker.step_or_park(Some(BEAT));
        }
        failure::disarm();
        let mut messages = std::mem::take(&mut self.early);
        messages.extend(self.inbox.borrow_mut().remove(&epoch).unwrap_or_default());
        Ok(messages)
    }

    /// Takes what has come for this epoch so far, handing ranks to `take`
    /// and keeping the rest for the epoch's end.
    fn take_early(&mut self, take: &mut dyn FnMut(usize, u64)) {
        let epoch = *self.input.time();
        let arrived = self.inbox.borrow_mut().remove(&epoch).unwrap_or_default();
        for message in arrived {
            match message {
                Message::Ranks { from, ranks } => decode(&ranks, &mut |r| take(from as usize, r)),
                other => self.early.push(other),
            }
        }
    }

    /// Tells every other process that this one fails, and why (they stop
    /// and name it), and waits a moment for them to leave; from now on a
    /// lost connection is no error of this process's (see [`failure`]).
    pub fn tell_failure(&mut self, problem: &str) {
        if self.processes < 2 {
            return;
        }
        failure::telling();
        let from = self.process as u32;
        for to in (0..self.processes).filter(|&p| p != self.process) {
            self.input.send((to as u32, Message::Failed { from, problem: problem.to_string() }));
        }
        // Timely holds an exchange's records until their epoch ends (a
        // flush alone leaves them until the input closes, at the exit):
        // ending it sends the word now.
        let epoch = *self.input.time();
        self.input.advance_to(epoch + 1);
        let started = std::time::Instant::now();
        while failure::lost_while_telling() < self.processes - 1 && started.elapsed() < TELLING_TIME {
            self.worker.step_or_park(Some(Duration::from_millis(10)));
        }
    }

    /// Sends a piece of the table (bytes of its distance section at
    /// `offset`) to process 0.
    pub fn send_piece(&mut self, offset: u64, bytes: Vec<u8>) {
        self.input.send((0, Message::Piece { offset, bytes: ByteBuf::from(bytes) }));
        self.worker.step();
    }

    /// Ends a round of pieces: on process 0, hands each piece that came to
    /// `write` (its offset and bytes).
    ///
    /// # Errors
    ///
    /// [`GenError::Cluster`] if the round cannot end.
    pub fn end_piece_round(&mut self, write: &mut dyn FnMut(u64, &[u8])) -> Result<(), GenError> {
        for message in self.barrier("the table's pieces", false)? {
            if let Message::Piece { offset, bytes } = message {
                write(offset, &bytes);
            }
        }
        Ok(())
    }

    /// Process 0 tells every process whether the table was written
    /// (`problem` says why not); every process returns the word.
    ///
    /// # Errors
    ///
    /// [`GenError::Cluster`] if process 0's word did not come.
    pub fn finish(&mut self, problem: Option<String>) -> Result<Option<String>, GenError> {
        if self.process == 0 {
            for to in 0..self.processes {
                self.input.send((to as u32, Message::Status { problem: problem.clone() }));
            }
        }
        self.barrier("process 0 to write the table", false)?
            .into_iter()
            .find_map(|m| match m {
                Message::Status { problem } => Some(problem),
                _ => None,
            })
            .ok_or_else(|| lost("word on the table"))
    }
}

impl Exchange for Link<'_> {
    fn send(&mut self, to: usize, ranks: &[u64], take: &mut dyn FnMut(usize, u64)) -> Result<(), GenError> {
        let bytes = encode(ranks);
        self.sent.ranks += ranks.len() as u64;
        self.sent.bytes += bytes.len() as u64;
        let from = self.process as u32;
        self.input.send((to as u32, Message::Ranks { from, ranks: ByteBuf::from(bytes) }));
        // Move what is sent on, and take what has come.
        self.worker.step();
        self.take_early(take);
        Ok(())
    }

    fn end_round(&mut self, mine: u64, take: &mut dyn FnMut(usize, u64)) -> Result<Vec<u64>, GenError> {
        let from = self.process as u32;
        for to in 0..self.processes {
            self.input.send((to as u32, Message::Round { from, value: mine }));
        }
        let mut values = vec![None; self.processes];
        for message in self.barrier("the end of a round", true)? {
            match message {
                Message::Ranks { from, ranks } => decode(&ranks, &mut |r| take(from as usize, r)),
                Message::Round { from, value } => {
                    if let Some(v) = values.get_mut(from as usize) {
                        *v = Some(value);
                    }
                }
                _ => {}
            }
        }
        values.into_iter().map(|v| v.ok_or_else(|| lost("round ends"))).collect()
    }

    fn end_level(&mut self, mine: LevelEnd, take: &mut dyn FnMut(usize, u64)) -> Result<Vec<LevelEnd>, GenError> {
        let from = self.process as u32;
        let LevelBytes { ranks, bytes } = std::mem::take(&mut self.sent);
        for to in 0..self.processes {
            let end = Message::End { from, count: mine.count, flags: mine.flags, bytes, ranks };
            self.input.send((to as u32, end));
        }
        let mut ends = vec![None; self.processes];
        let mut level = LevelBytes::default();
        for message in self.barrier("the end of a level", true)? {
            match message {
                Message::Ranks { from, ranks } => decode(&ranks, &mut |r| take(from as usize, r)),
                Message::End { from, count, flags, bytes, ranks } => {
                    if let Some(end) = ends.get_mut(from as usize) {
                        *end = Some(LevelEnd { count, flags });
                        level.bytes += bytes;
                        level.ranks += ranks;
                    }
                }
                _ => {}
            }
        }
        self.levels.push(level);
        ends.into_iter().map(|e| e.ok_or_else(|| lost("level ends"))).collect()
    }
}

/// A batch of ranks (ascending) as varint deltas.
fn encode(ranks: &[u64]) -> Vec<u8> {
    let mut last = 0;
    let deltas: Vec<u64> = ranks
        .iter()
        .map(|&r| {
            let delta = r.wrapping_sub(last);
            last = r;
            delta
        })
        .collect();
    postcard::to_allocvec(&deltas).unwrap_or_default()
}

/// The ranks of a batch, each handed to `take`.
fn decode(bytes: &[u8], take: &mut dyn FnMut(u64)) {
    let Ok(deltas) = postcard::from_bytes::<Vec<u64>>(bytes) else {
        failure::fail("a batch of ranks came damaged");
    };
    let mut rank = 0u64;
    for delta in deltas {
        rank = rank.wrapping_add(delta);
        take(rank);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_round_trip_in_about_a_byte_a_close_rank() {
        let ranks: Vec<u64> = (0..10_000u64).map(|i| 1_000_000_000 + i * 3).chain([u64::MAX - 1]).collect();
        let bytes = encode(&ranks);
        assert!(bytes.len() < 10_030, "{}", bytes.len());
        let mut back = Vec::new();
        decode(&bytes, &mut |r| back.push(r));
        assert_eq!(back, ranks);
    }
}
