//! Heartbeats while a process waits at a barrier: a second small dataflow
//! whose records (`(to, from)`) tell each other process that this one is
//! alive, at most once every [`BEAT`]. Its epochs advance on every beat,
//! which is what sends the records (timely holds an exchange's records
//! until the epoch ends), independently of the link's epochs.
//!
//! The watchdog ([`failure`]) names the processes not heard from: by the
//! ends of the awaited epoch first, and when every end came (a cut link
//! can deliver a process's end and lose the progress that follows it) by
//! who has said nothing lately.

use timely::container::CapacityContainerBuilder;
use timely::dataflow::InputHandle;
use timely::dataflow::channels::pact::Exchange as ByProcess;
use timely::dataflow::operators::Input;
use timely::dataflow::operators::generic::operator::Operator;
use timely::worker::Worker;

use crate::failure;

/// The most often a process beats.
pub(crate) const BEAT: std::time::Duration = std::time::Duration::from_secs(1);

type Records = Vec<(u32, u32)>;

/// This process's heartbeats.
pub(crate) struct Beats {
    input: InputHandle<u64, CapacityContainerBuilder<Records>>,
    process: u32,
    processes: u32,
    last: Option<std::time::Instant>,
}

impl Beats {
    /// Builds the heartbeats' dataflow on `worker` (after the link's: every
    /// process builds its dataflows in one order).
    pub(crate) fn new(worker: &mut Worker) -> Self {
        let (process, processes) = (worker.index() as u32, worker.peers() as u32);
        let mut input = InputHandle::<u64, CapacityContainerBuilder<Records>>::new();
        worker.dataflow::<u64, _, _>(|scope| {
            scope.input_from(&mut input).unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                ByProcess::new(|record: &(u32, u32)| u64::from(record.0)),
                "Beats",
                |_capability, _info| {
                    |input, _output| {
                        input.for_each(|_time, records| {
                            for (_, from) in records.drain(..) {
                                failure::alive(from as usize);
                            }
                        });
                    }
                },
            );
        });
        Self { input, process, processes, last: None }
    }

    /// Tells every other process that this one is alive, unless it did
    /// less than [`BEAT`] ago.
    pub(crate) fn beat(&mut self) {
        if self.last.is_some_and(|last| last.elapsed() < BEAT) {
            return;
        }
        for to in (0..self.processes).filter(|&p| p != self.process) {
            self.input.send((to, self.process));
        }
        let epoch = *self.input.time();
        self.input.advance_to(epoch + 1);
        self.last = Some(std::time::Instant::now());
    }
}
