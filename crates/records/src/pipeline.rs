//! A batch's games checked on several threads and handed out in input order: one thread
//! reads (in order, as [`Batch`] does), a pool checks (detection and the checked replay, most
//! of the work), and the events come out exactly as one thread gives them. Memory stays
//! bounded: at most a few games per thread are in flight.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use crate::events::{Item, Readings};
use crate::{Batch, Event, Game, Unchecked};

/// An event in input order, or the place of a game being checked.
enum Slot {
    Event(Event),
    Game {
        name: String,
        input: usize,
        index: usize,
        result: Receiver<Game>,
    },
}

/// A game to check and where its result goes.
type Job = (Box<Unchecked>, SyncSender<Game>);

/// The events of a [`Batch`], its games checked on `jobs` threads ([`Batch::jobs`]); the
/// same events in the same order as the batch itself gives.
///
/// ```
/// use kifu_records::{Batch, Event, ReadOptions};
///
/// let paths = ["../../testdata/xiangqi".into(), "../../testdata/shogi".into()];
/// let plies = |events: &mut dyn Iterator<Item = Event>| -> Vec<(String, usize)> {
///     events
///         .filter_map(|e| match e {
///             Event::Game { name, game, .. } => Some((name, game.coordinates().len())),
///             _ => None,
///         })
///         .collect()
/// };
/// let one = plies(&mut Batch::new(&paths, true, ReadOptions::default()));
/// let three = plies(&mut Batch::new(&paths, true, ReadOptions::default()).jobs(3));
/// assert!(one.len() > 20);
/// assert_eq!(one, three);
/// ```
pub struct Pipeline {
    mode: Mode,
    readings: Readings,
    total: u64,
    files: usize,
}

enum Mode {
    /// One thread: the batch itself.
    One(Box<Batch>),
    Threads {
        order: Receiver<Slot>,
        bytes: Arc<AtomicU64>,
        _threads: Vec<JoinHandle<()>>,
    },
}

impl std::fmt::Debug for Pipeline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pipeline")
            .field("files", &self.files)
            .field("total_bytes", &self.total)
            .field("threads", &matches!(self.mode, Mode::Threads { .. }))
            .finish_non_exhaustive()
    }
}

impl Batch {
    /// The batch's games checked on `jobs` threads (0 or 1: this thread only, no other
    /// started), handed out in input order.
    pub fn jobs(self, jobs: usize) -> Pipeline {
        let (total, files) = (self.total_bytes(), self.files());
        if jobs <= 1 {
            return Pipeline {
                mode: Mode::One(Box::new(self)),
                readings: Readings::default(),
                total,
                files,
            };
        }
        // Slots wait for the consumer; jobs for a worker. A slot is sent before its job, so
        // the game the consumer waits for is always on its way to a worker.
        let (order_tx, order) = sync_channel::<Slot>(2 * jobs);
        let (job_tx, job_rx) = sync_channel::<Job>(jobs);
        let job_rx = Arc::new(Mutex::new(job_rx));
        let mut threads: Vec<JoinHandle<()>> = (0..jobs)
            .map(|_| {
                let jobs = Arc::clone(&job_rx);
                std::thread::spawn(move || {
                    loop {
                        let job = jobs.lock().unwrap_or_else(PoisonError::into_inner).recv();
                        let Ok((game, result)) = job else { break };
                        // The consumer may have stopped: nobody waits for the game then.
                        let _ = result.send(game.check());
                    }
                })
            })
            .collect();
        drop(job_rx);
        let bytes = Arc::new(AtomicU64::new(0));
        let read = Arc::clone(&bytes);
        let mut batch = self;
        threads.push(std::thread::spawn(move || {
            while let Some(item) = batch.next_item() {
                read.store(batch.bytes_read(), Ordering::Relaxed);
                let sent = match item {
                    Item::Event(event) => order_tx.send(Slot::Event(event)).is_ok(),
                    Item::Game { name, input, game } => {
                        let (result_tx, result) = sync_channel(1);
                        let index = game.index();
                        order_tx
                            .send(Slot::Game {
                                name,
                                input,
                                index,
                                result,
                            })
                            .is_ok()
                            && job_tx.send((game, result_tx)).is_ok()
                    }
                };
                if !sent {
                    break;
                }
            }
            read.store(batch.bytes_read(), Ordering::Relaxed);
        }));
        Pipeline {
            mode: Mode::Threads {
                order,
                bytes,
                _threads: threads,
            },
            readings: Readings::default(),
            total,
            files,
        }
    }
}

impl Pipeline {
    /// The size of the files to read, in bytes ([`Batch::total_bytes`]).
    pub fn total_bytes(&self) -> u64 {
        self.total
    }

    /// How many inputs the paths name ([`Batch::files`]).
    pub fn files(&self) -> usize {
        self.files
    }

    /// The bytes read so far ([`Batch::bytes_read`]); with threads, the reading thread may be
    /// a few games ahead of the events handed out.
    pub fn bytes_read(&self) -> u64 {
        match &self.mode {
            Mode::One(batch) => batch.bytes_read(),
            Mode::Threads { bytes, .. } => bytes.load(Ordering::Relaxed),
        }
    }
}

impl Iterator for Pipeline {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        let order = match &mut self.mode {
            Mode::One(batch) => return batch.next(),
            Mode::Threads { order, .. } => order,
        };
        Some(match order.recv().ok()? {
            Slot::Event(event) => event,
            Slot::Game {
                name,
                input,
                index,
                result,
            } => match result.recv() {
                Ok(game) => self.readings.event(name, input, game),
                // The checking thread ended without a game: it panicked.
                Err(_) => Event::GameError {
                    name,
                    game: index,
                    message: "internal error: checking this game failed (please report it)"
                        .to_owned(),
                },
            },
        })
    }
}
