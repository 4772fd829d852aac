//! A batch's games checked on several threads and handed out in input order: one thread
//! reads (in order, as [`Batch`] does), a pool checks (detection and the checked replay, most
//! of the work), and the events come out exactly as one thread gives them.
//!
//! Games go to the pool in chunks, since handing over one short game at a time cost more in
//! waking threads than checking it. A chunk is sent as soon as any of these holds:
//! - fewer chunks are in flight than there are threads (a thread would wait: so the first
//!   games, and games that arrive slowly through a pipe, go on at once);
//! - its games would take about [`CHUNK_COST`] to check, by the average of the games checked so
//!   far (expensive games go one by one, and spread over the threads);
//! - it holds [`CHUNK_GAMES`] games or [`CHUNK_BYTES`] of text.
//!
//! Memory stays bounded: at most three chunks per thread are in flight.

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::events::{Item, Readings};
use crate::{Batch, Event, Game, Unchecked};

/// The most threads a batch starts, whatever `jobs` asks for: more only cost memory (each
/// may hold three chunks), and thousands fail to start on an ordinary system.
const MAX_JOBS: usize = 256;

/// The most games in one chunk.
const CHUNK_GAMES: usize = 32;
/// A chunk ends once its games' text reaches this many bytes.
const CHUNK_BYTES: usize = 1 << 20;
/// About how long the games of one chunk should take to check.
const CHUNK_COST: Duration = Duration::from_millis(2);

/// What the reading thread and the pool tell each other about the work.
#[derive(Default)]
struct Load {
    /// Chunks sent and not yet handed out by the consumer.
    in_flight: AtomicUsize,
    /// The average time a game took to check, in nanoseconds (0: none checked yet).
    game_ns: AtomicU64,
}

impl Load {
    /// How many games make a chunk, by the average so far (one until a game was checked).
    fn chunk_games(&self) -> usize {
        match self.game_ns.load(Ordering::Relaxed) {
            0 => 1,
            ns => (CHUNK_COST.as_nanos() as u64 / ns).clamp(1, CHUNK_GAMES as u64) as usize,
        }
    }

    /// Takes a game's check time into the average (races between threads lose a sample).
    fn checked(&self, took: Duration) {
        let took = u64::try_from(took.as_nanos()).unwrap_or(u64::MAX).max(1);
        let old = self.game_ns.load(Ordering::Relaxed);
        let new = if old == 0 {
            took
        } else {
            (old.saturating_mul(7).saturating_add(took)) / 8
        };
        self.game_ns.store(new.max(1), Ordering::Relaxed);
    }
}

/// An event in input order, or the place of a game being checked.
enum Entry {
    Event(Event),
    Game {
        name: String,
        input: usize,
        index: usize,
    },
}

/// Entries in input order, and where the checked games among them come from, in their order
/// (none when the chunk holds no game).
struct Slot {
    entries: Vec<Entry>,
    result: Option<Receiver<Vec<Option<Game>>>>,
}

/// Games to check and where their results go (`None` for a game whose check panicked).
type Job = (Vec<Box<Unchecked>>, SyncSender<Vec<Option<Game>>>);

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
    /// Events of the last chunk not handed out yet.
    pending: VecDeque<Event>,
    total: u64,
    files: usize,
}

enum Mode {
    /// One thread: the batch itself.
    One(Box<Batch>),
    Threads {
        order: Receiver<Slot>,
        bytes: Arc<AtomicU64>,
        load: Arc<Load>,
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
    /// started; at most 256, and fewer where the system starts no more), handed out in input
    /// order.
    pub fn jobs(self, jobs: usize) -> Pipeline {
        let (total, files) = (self.total_bytes(), self.files());
        let jobs = jobs.min(MAX_JOBS);
        if jobs <= 1 {
            return Pipeline {
                mode: Mode::One(Box::new(self)),
                readings: Readings::default(),
                pending: VecDeque::new(),
                total,
                files,
            };
        }
        // Slots wait for the consumer; jobs for a worker. A slot is sent before its job, so
        // the chunk the consumer waits for is always on its way to a worker.
        let (order_tx, order) = sync_channel::<Slot>(2 * jobs);
        let (job_tx, job_rx) = sync_channel::<Job>(jobs);
        let job_rx = Arc::new(Mutex::new(job_rx));
        let load = Arc::new(Load::default());
        // Workers the system will not start are done without (at least one is needed).
        let mut threads: Vec<JoinHandle<()>> = (0..jobs)
            .map_while(|_| {
                let jobs = Arc::clone(&job_rx);
                let load = Arc::clone(&load);
                std::thread::Builder::new()
                    .spawn(move || {
                        loop {
                            let job = jobs.lock().unwrap_or_else(PoisonError::into_inner).recv();
                            let Ok((games, result)) = job else { break };
                            // A game whose check panics is that game's error, not its chunk's.
                            let checked = games
                                .into_iter()
                                .map(|g| {
                                    let start = Instant::now();
                                    let game = catch_unwind(AssertUnwindSafe(|| g.check())).ok();
                                    load.checked(start.elapsed());
                                    game
                                })
                                .collect();
                            // The consumer may have stopped: nobody waits for the games then.
                            let _ = result.send(checked);
                        }
                    })
                    .ok()
            })
            .collect();
        drop(job_rx);
        if threads.is_empty() {
            // No thread could be started: this thread reads and checks, as with one job.
            return Pipeline {
                mode: Mode::One(Box::new(self)),
                readings: Readings::default(),
                pending: VecDeque::new(),
                total,
                files,
            };
        }
        let jobs = threads.len();
        let bytes = Arc::new(AtomicU64::new(0));
        let read = Arc::clone(&bytes);
        let mut batch = self;
        let reading_load = Arc::clone(&load);
        threads.push(std::thread::spawn(move || {
            let load = reading_load;
            let send = |entries: Vec<Entry>, games: Vec<Box<Unchecked>>| -> bool {
                load.in_flight.fetch_add(1, Ordering::Relaxed);
                if games.is_empty() {
                    return order_tx
                        .send(Slot {
                            entries,
                            result: None,
                        })
                        .is_ok();
                }
                let (result_tx, result) = sync_channel(1);
                order_tx
                    .send(Slot {
                        entries,
                        result: Some(result),
                    })
                    .is_ok()
                    && job_tx.send((games, result_tx)).is_ok()
            };
            let (mut entries, mut games, mut size) = (Vec::new(), Vec::new(), 0usize);
            while let Some(item) = batch.next_item() {
                read.store(batch.bytes_read(), Ordering::Relaxed);
                match item {
                    Item::Event(event) => entries.push(Entry::Event(event)),
                    Item::Game { name, input, game } => {
                        size += game.text_len();
                        entries.push(Entry::Game {
                            name,
                            input,
                            index: game.index(),
                        });
                        games.push(game);
                    }
                }
                let starved = load.in_flight.load(Ordering::Relaxed) < jobs;
                if (starved || games.len() >= load.chunk_games() || size >= CHUNK_BYTES)
                    && !send(std::mem::take(&mut entries), std::mem::take(&mut games))
                {
                    return;
                }
                if entries.is_empty() {
                    size = 0;
                }
            }
            if !entries.is_empty() {
                send(entries, games);
            }
            read.store(batch.bytes_read(), Ordering::Relaxed);
        }));
        Pipeline {
            mode: Mode::Threads {
                order,
                bytes,
                load,
                _threads: threads,
            },
            readings: Readings::default(),
            pending: VecDeque::new(),
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
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Some(event);
            }
            let (order, load) = match &mut self.mode {
                Mode::One(batch) => return batch.next(),
                Mode::Threads { order, load, .. } => (order, load),
            };
            let slot = order.recv().ok()?;
            let mut games = slot
                .result
                .and_then(|r| r.recv().ok())
                .unwrap_or_default()
                .into_iter();
            load.in_flight.fetch_sub(1, Ordering::Relaxed);
            for entry in slot.entries {
                let event = match entry {
                    Entry::Event(event) => event,
                    Entry::Game { name, input, index } => match games.next().flatten() {
                        Some(game) => self.readings.event(name, input, game),
                        // The check panicked (or its thread ended).
                        None => Event::GameError {
                            name,
                            game: index,
                            message: "internal error: checking this game failed (please report it)"
                                .to_owned(),
                        },
                    },
                };
                self.pending.push_back(event);
            }
        }
    }
}
