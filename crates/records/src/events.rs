//! Every game of a list of inputs, read and checked in order, as `kifu check` and `kifu
//! convert` read them: files and folders expanded ([`expand`]), ZIP and compressed files
//! opened member by member ([`Members`]), each input's encoding and format detected, and what
//! cannot be read said in its place, so that a program sees what the command line reports.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::{
    Game, GameBody, Games, InputPath, Members, ReadOptions, Unchecked, expand, total_size,
};

/// What reading a batch of inputs finds, in input order: one [`Event::Game`] per game, and in
/// their places what was said about the inputs.
#[derive(Debug)]
pub enum Event {
    /// A note on an input: its detected encoding (`game.pgn: read as GBK (detected)`), or a
    /// file of a folder that is not read because it is no regular file (a named pipe, a
    /// device).
    Note(String),
    /// An input that could not be read: its name, the message, and why it counts among the
    /// skipped files of the [`Summary`](crate::Summary) (`empty`, `missing`, `unreadable`, `of a
    /// kind kifu does not read`, `in no encoding kifu reads`); `None` for a folder that could
    /// not be listed.
    InputError {
        /// The input's name as messages give it ([`display_name`](crate::display_name)).
        name: String,
        /// What went wrong.
        message: String,
        /// Why the file is counted as skipped.
        skipped: Option<&'static str>,
    },
    /// A game whose bytes could not be decoded: it counts as a game with errors, numbered so
    /// that the next game's number matches the summary.
    GameError {
        /// The input's name.
        name: String,
        /// The game's number in its input, from 1.
        game: usize,
        /// What went wrong.
        message: String,
    },
    /// A game, read and checked (its diagnostics in [`Game::diagnostics`]).
    Game {
        /// The input's name.
        name: String,
        /// The game.
        game: Box<Game>,
        /// Whether the game before it in the same input was read the same way (game and
        /// notation): the command line notes the detection once per run of such games.
        same_reading: bool,
    },
}

/// The input being read: its games, its name, the bytes read of it, and what was read of it.
struct Current {
    games: Games,
    name: String,
    read: Arc<AtomicU64>,
    count: usize,
    /// The input's number in the batch, from 1.
    input: usize,
}

/// What the batch reader yields before checking: an event, or a game to check.
pub(crate) enum Item {
    /// An event that needs no check.
    Event(Event),
    /// A game read, to be checked: the input's name and number.
    Game {
        name: String,
        input: usize,
        game: Box<Unchecked>,
    },
}

/// The reading of the last game checked, for [`Event::Game`]'s `same_reading`.
#[derive(Default)]
pub(crate) struct Readings {
    input: usize,
    last: Option<String>,
}

impl Readings {
    /// The event of `game`, the next game in order, of input `input` named `name`.
    pub(crate) fn event(&mut self, name: String, input: usize, game: Game) -> Event {
        if input != self.input {
            self.input = input;
            self.last = None;
        }
        let reading = reading_of(&game);
        let same_reading = reading.is_some() && reading == self.last;
        self.last = reading;
        Event::Game {
            name,
            game: Box::new(game),
            same_reading,
        }
    }
}

/// Every game of a list of paths, as [`Event`]s in order. A path `-` is standard input; no
/// paths is standard input; a folder is walked when `recursive` (else it is read as a file,
/// which fails: the command line refuses a folder without `--recursive` before this).
///
/// Memory holds one game at a time (and a ZIP member's bytes): a batch streams any number of
/// games.
///
/// ```
/// use kifu_records::{Batch, Event, ReadOptions};
///
/// let paths = ["../../testdata/xiangqi/xiangqi-chinese-1.pgn".into()];
/// let mut games = 0;
/// for event in Batch::new(&paths, true, ReadOptions::default()) {
///     match event {
///         Event::Game { game, .. } => {
///             assert!(game.diagnostics.iter().all(|d| !d.is_error()));
///             games += 1;
///         }
///         Event::Note(note) => println!("{note}"),
///         other => panic!("{other:?}"),
///     }
/// }
/// assert_eq!(games, 1);
/// ```
pub struct Batch {
    items: std::vec::IntoIter<Result<InputPath, (String, io::Error)>>,
    options: ReadOptions,
    members: Option<Members>,
    current: Option<Current>,
    done_before: u64,
    total: u64,
    files: usize,
    /// Inputs opened so far.
    opened: usize,
    readings: Readings,
}

impl Batch {
    /// The games of `paths` (folders walked when `recursive`), read with `options`.
    pub fn new(paths: &[PathBuf], recursive: bool, options: ReadOptions) -> Batch {
        let items = expand(paths, recursive);
        Batch {
            total: total_size(&items),
            files: items.len(),
            items: items.into_iter(),
            options,
            members: None,
            current: None,
            done_before: 0,
            opened: 0,
            readings: Readings::default(),
        }
    }

    /// The size of the files to read, in bytes (standard input counts nothing), for a
    /// progress bar.
    pub fn total_bytes(&self) -> u64 {
        self.total
    }

    /// How many inputs the paths name (files, and the files found in folders).
    pub fn files(&self) -> usize {
        self.files
    }

    /// The bytes read so far, over every input, for a progress bar against
    /// [`Batch::total_bytes`].
    pub fn bytes_read(&self) -> u64 {
        self.done_before
            + self
                .current
                .as_ref()
                .map_or(0, |c| c.read.load(Ordering::Relaxed))
    }

    /// The next item of the input being read, or `None` when it is done.
    fn next_of_current(&mut self) -> Option<Item> {
        let current = self.current.as_mut()?;
        match current.games.next_unchecked() {
            Some(Err(e)) => {
                current.count += 1;
                Some(Item::Event(Event::GameError {
                    name: current.name.clone(),
                    game: current.count,
                    message: e.to_string(),
                }))
            }
            Some(Ok(game)) => {
                current.count += 1;
                Some(Item::Game {
                    name: current.name.clone(),
                    input: current.input,
                    game: Box::new(game),
                })
            }
            None => {
                let done = self.current.take()?;
                self.done_before += done.read.load(Ordering::Relaxed);
                (done.count == 0).then(|| {
                    Item::Event(Event::InputError {
                        name: done.name,
                        message: "no game in it (the file is empty or blank)".to_owned(),
                        skipped: Some("empty"),
                    })
                })
            }
        }
    }

    /// The next item in input order: an event, or a game read and not yet checked.
    pub(crate) fn next_item(&mut self) -> Option<Item> {
        loop {
            if self.current.is_some() {
                match self.next_of_current() {
                    Some(item) => return Some(item),
                    None => continue,
                }
            }
            if let Some(members) = &mut self.members {
                match members.next() {
                    Some(Ok(input)) => {
                        let note = (input.encoding_detected)
                            .then_some(input.encoding)
                            .flatten()
                            .map(|e| format!("{}: read as {} (detected)", input.name, e.name()));
                        self.opened += 1;
                        self.current = Some(Current {
                            name: input.name.clone(),
                            read: Arc::clone(&input.read),
                            games: Games::new(input, self.options),
                            count: 0,
                            input: self.opened,
                        });
                        if let Some(note) = note {
                            return Some(Item::Event(Event::Note(note)));
                        }
                    }
                    Some(Err(e)) => {
                        let message = e.error.to_string();
                        let skipped = if message.starts_with("this looks like") {
                            "of a kind kifu does not read"
                        } else if e.error.kind() == io::ErrorKind::InvalidData {
                            "in no encoding kifu reads"
                        } else if e.error.kind() == io::ErrorKind::NotFound {
                            "missing"
                        } else {
                            "unreadable"
                        };
                        return Some(Item::Event(Event::InputError {
                            name: e.name,
                            message,
                            skipped: Some(skipped),
                        }));
                    }
                    None => self.members = None,
                }
                continue;
            }
            match self.items.next()? {
                Err((name, e)) => {
                    return Some(Item::Event(Event::InputError {
                        name,
                        message: e.to_string(),
                        skipped: None,
                    }));
                }
                Ok(item) => match item.skipped {
                    Some(why) => return Some(Item::Event(Event::Note(why))),
                    None => self.members = Some(Members::open(&item.path, &self.options)),
                },
            }
        }
    }
}

impl std::fmt::Debug for Batch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batch")
            .field("files", &self.files)
            .field("total_bytes", &self.total)
            .field("bytes_read", &self.bytes_read())
            .finish_non_exhaustive()
    }
}

impl Iterator for Batch {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        Some(match self.next_item()? {
            Item::Event(event) => event,
            Item::Game { name, input, game } => self.readings.event(name, input, game.check()),
        })
    }
}

/// How a game was read, for telling whether two games of a file read the same way: its game
/// and notation; `None` for a game that could not be read.
fn reading_of(game: &Game) -> Option<String> {
    match &game.body {
        GameBody::Xiangqi(c) => Some(format!("xiangqi {}", c.notation_name)),
        GameBody::Shogi(c) => Some(format!("shogi {}", c.notation_name)),
        GameBody::Unreadable { .. } => None,
    }
}
