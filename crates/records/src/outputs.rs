//! Where converted games go, as `kifu convert` writes them: one stream (standard output), one
//! file for every input (`--output`), or one file per input file under a folder
//! (`--output-dir`, planned by [`plan_outputs`]). Every file is written to a temporary file
//! and renamed into place when complete ([`OutputFile`]): no link, existing file or input is
//! ever truncated, and a failed write leaves nothing half-written behind.

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::PathBuf;

use crate::{InputPath, Inputs, OutputError, OutputFile, Replace, check_output, plan_outputs};

/// How many bytes of games [`Outputs`] gathers before handing them to a stream (and flushing
/// it).
const STREAM_BATCH: usize = 64 * 1024;

/// Where [`Outputs`] writes.
pub enum Destination {
    /// A stream, named in messages by `name` (`<stdout>`).
    Stream {
        /// The stream's name in messages.
        name: String,
        /// The stream.
        writer: Box<dyn Write>,
    },
    /// One file for the games of every input.
    File(PathBuf),
    /// One file per input below this folder, its path planned by [`plan_outputs`].
    Folder(PathBuf),
}

impl std::fmt::Debug for Destination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Destination::Stream { name, .. } => f.debug_tuple("Stream").field(name).finish(),
            Destination::File(p) => f.debug_tuple("File").field(p).finish(),
            Destination::Folder(p) => f.debug_tuple("Folder").field(p).finish(),
        }
    }
}

/// An output that failed: the output's name, the error, and how many games written to it are
/// lost with it (counted converted before, not kept now).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFailure {
    /// The output file's path as messages give it (or the input's name when no output was
    /// planned for it).
    pub name: String,
    /// What went wrong.
    pub error: String,
    /// Games written to the output before, lost with it.
    pub games: usize,
}

/// An output error as a message says it: an I/O error's own words, else the whole error.
fn message(e: OutputError) -> String {
    match e {
        OutputError::Io(_, e) => e.to_string(),
        other => other.to_string(),
    }
}

/// Converted games on their way to a [`Destination`]: call [`Outputs::select`] with the
/// input's name before each game, [`Outputs::write_game`] with its bytes, and
/// [`Outputs::finish`] at the end (a file not finished is removed, never left half-written; a
/// file no game was written to is not made).
///
/// ```
/// use kifu_records::{Batch, Destination, Event, Outputs, ReadOptions, Replace, Target};
/// use kifu_records::{WriteOptions, Writer};
///
/// let dir = std::env::temp_dir().join(format!("kifu-outputs-doc-{}", std::process::id()));
/// let input = std::path::PathBuf::from("../../testdata/xiangqi/xiangqi-chinese-1.pgn");
/// let writer = Writer::new(WriteOptions::new(Target::named("iccs").unwrap()));
/// let files = [input];
/// let mut outputs =
///     Outputs::new(Destination::Folder(dir.clone()), writer.extension(), &files, false, Replace::Never)?;
/// for event in Batch::new(&files, false, ReadOptions::default()) {
///     if let Event::Game { name, game, .. } = event {
///         let (_, index) = outputs.select(&name).unwrap();
///         outputs.write_game(&writer.write(&game, index).unwrap().bytes)?;
///     }
/// }
/// assert_eq!(outputs.finish(), Ok(1));
/// let written = std::fs::read_to_string(dir.join("xiangqi-chinese-1.pgn"))?;
/// assert!(written.contains("[Format \"ICCS\"]\n\n1. H2-H6 C9-A7\n"), "{written}");
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Outputs {
    stream: Option<(String, Box<dyn Write>)>,
    /// The stream's games not handed to it yet, and how many games they are: written out
    /// together and flushed, [`STREAM_BATCH`] bytes at a time, so that a write that fails (a
    /// full disk) loses a known number of games, which are then not counted converted.
    batch: (Vec<u8>, usize),
    /// Under a folder: each input's output file, by the input's name.
    targets: HashMap<String, PathBuf>,
    /// One file for every input.
    one_file: bool,
    /// The inputs, which no output may replace.
    inputs: Inputs,
    /// Whether existing outputs are replaced.
    replace: Replace,
    /// The output file being written, and its path (empty for the one `--output` file).
    current: Option<(PathBuf, OutputFile)>,
    /// Games written to the current output so far.
    written: usize,
    /// Games written and kept so far.
    kept: usize,
}

impl std::fmt::Debug for Outputs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outputs")
            .field("targets", &self.targets)
            .field("one_file", &self.one_file)
            .field("written", &self.written)
            .finish_non_exhaustive()
    }
}

impl Outputs {
    /// The outputs of the games of `files` (folders walked when `recursive`, as [`Batch`]
    /// reads them) written to `destination`; `extension` is the output files' (`pgn`, from
    /// [`Writer::extension`](crate::Writer::extension)).
    ///
    /// [`Batch`]: crate::Batch
    ///
    /// # Errors
    ///
    /// Said before anything is written: two inputs would write one output file, an output file
    /// would overwrite an input (by name or through a link), or an output file exists and
    /// `replace` is [`Replace::Never`].
    pub fn new(
        destination: Destination,
        extension: &str,
        files: &[PathBuf],
        recursive: bool,
        replace: Replace,
    ) -> Result<Outputs, String> {
        let items: Vec<InputPath> = crate::expand(files, recursive)
            .into_iter()
            .flatten()
            .collect();
        let mut outputs = Outputs {
            stream: None,
            batch: (Vec::new(), 0),
            targets: HashMap::new(),
            one_file: false,
            inputs: Inputs::new(items.iter().map(|i| i.path.as_path())),
            replace,
            current: None,
            written: 0,
            kept: 0,
        };
        match destination {
            Destination::Stream { name, writer } => outputs.stream = Some((name, writer)),
            Destination::File(path) => {
                let file = OutputFile::create(&path, &outputs.inputs, replace)
                    .map_err(|e| format!("--output {}: {}", path.display(), message(e)))?;
                outputs.current = Some((PathBuf::new(), file));
                outputs.one_file = true;
            }
            Destination::Folder(dir) => {
                outputs.targets = plan_outputs(&items, &dir, extension)?;
                let mut planned: Vec<&PathBuf> = outputs.targets.values().collect();
                planned.sort();
                for path in planned {
                    check_output(path, &outputs.inputs, replace).map_err(|e| e.to_string())?;
                }
            }
        }
        Ok(outputs)
    }

    /// Makes the output of the input named `input` current (committing the one before);
    /// returns the output's name and how many games were written to it before (the index a
    /// [`Writer`](crate::Writer) takes).
    ///
    /// # Errors
    ///
    /// The output before could not be renamed into place, or this one could not be created.
    pub fn select(&mut self, input: &str) -> Result<(String, usize), OutputFailure> {
        if let Some((name, _)) = &self.stream {
            return Ok((name.clone(), self.written));
        }
        if self.one_file
            && let Some((_, out)) = &self.current
        {
            return Ok((out.target().display().to_string(), self.written));
        }
        let Some(path) = self.target_of(input).cloned() else {
            return Err(OutputFailure {
                name: input.to_owned(),
                error: "no output file planned for this input".to_owned(),
                games: 0,
            });
        };
        let shown = path.display().to_string();
        // The members of one ZIP archive go to the archive's output file, one after another.
        if let Some((current, _)) = &self.current
            && *current == path
        {
            return Ok((shown, self.written));
        }
        self.commit()?;
        let file =
            OutputFile::create(&path, &self.inputs, self.replace).map_err(|e| OutputFailure {
                name: shown.clone(),
                error: message(e),
                games: 0,
            })?;
        self.current = Some((path, file));
        self.written = 0;
        Ok((shown, 0))
    }

    /// The output file planned for the input named `input`: its own, or for a member of an
    /// archive (`games.zip:a.pgn`, `games.zip:#2`) the archive's.
    fn target_of(&self, input: &str) -> Option<&PathBuf> {
        self.targets.get(input).or_else(|| {
            let mut cut = input.len();
            // An archive's name may hold `:` itself: try each `:` from the right.
            while let Some(at) = input[..cut].rfind(':') {
                if let Some(path) = self.targets.get(&input[..at]) {
                    return Some(path);
                }
                cut = at;
            }
            None
        })
    }

    /// Writes one game's bytes to the current output and counts it. On a stream the games are
    /// gathered and handed over 64 KiB at a time, then flushed, so that a
    /// failure tells which games did not reach it ([`Outputs::abandon`]).
    ///
    /// # Errors
    ///
    /// The write failed (a full disk, a closed stream); the caller then drops the output with
    /// [`Outputs::abandon`].
    pub fn write_game(&mut self, bytes: &[u8]) -> io::Result<()> {
        match (&mut self.stream, &mut self.current) {
            (Some(_), _) => {
                self.batch.0.extend_from_slice(bytes);
                self.batch.1 += 1;
            }
            (None, Some((_, w))) => w.write_all(bytes)?,
            (None, None) => {}
        }
        self.written += 1;
        self.kept += 1;
        if self.batch.0.len() >= STREAM_BATCH
            && let Err(e) = self.write_batch()
        {
            // This game is not written, and the caller does not count it: the games before
            // it in the batch are the ones [`Outputs::abandon`] gives back.
            self.written -= 1;
            self.kept -= 1;
            self.batch.1 -= 1;
            return Err(e);
        }
        Ok(())
    }

    /// Hands the batch of games to the stream and flushes it.
    fn write_batch(&mut self) -> io::Result<()> {
        if let Some((_, out)) = &mut self.stream {
            out.write_all(&self.batch.0)?;
            out.flush()?;
        }
        self.batch = (Vec::with_capacity(STREAM_BATCH), 0);
        Ok(())
    }

    /// Drops the current output file (its temporary file removed), or on a stream the games
    /// not known to have been written whole; returns how many games that is, which are not
    /// converted now.
    pub fn abandon(&mut self) -> usize {
        if self.stream.is_some() {
            let lost = std::mem::take(&mut self.batch).1;
            self.kept -= lost;
            return lost;
        }
        self.current = None;
        let lost = std::mem::take(&mut self.written);
        self.kept -= lost;
        lost
    }

    /// Renames the current output file into place; one that no game reached (each failed to
    /// be written: a shogi game as XQF) is removed instead, so that no empty file stands for
    /// an input and an existing file is not replaced by nothing.
    fn commit(&mut self) -> Result<(), OutputFailure> {
        let games = std::mem::take(&mut self.written);
        match self.current.take() {
            Some(_) if games == 0 => Ok(()),
            Some((_, out)) => {
                let name = out.target().display().to_string();
                out.commit().map_err(|e| {
                    self.kept -= games;
                    OutputFailure {
                        name,
                        error: message(e),
                        games,
                    }
                })
            }
            None => Ok(()),
        }
    }

    /// Flushes the stream or renames the last output file into place; returns how many games
    /// were written and kept.
    ///
    /// # Errors
    ///
    /// The flush or the rename failed: the games of that output are lost.
    pub fn finish(mut self) -> Result<usize, OutputFailure> {
        if self.stream.is_some()
            && let Err(e) = self.write_batch()
        {
            let games = self.abandon();
            let name = self
                .stream
                .as_ref()
                .map_or_else(String::new, |(n, _)| n.clone());
            return Err(OutputFailure {
                name,
                error: e.to_string(),
                games,
            });
        }
        self.commit()?;
        Ok(self.kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stream that takes `room` bytes, then fails as a full disk does.
    struct Full {
        room: usize,
    }

    impl Write for Full {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if bytes.len() > self.room {
                return Err(io::Error::from(io::ErrorKind::StorageFull));
            }
            self.room -= bytes.len();
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn stream(room: usize) -> Outputs {
        let destination = Destination::Stream {
            name: "<full>".to_owned(),
            writer: Box::new(Full { room }),
        };
        Outputs::new(destination, "pgn", &[], false, Replace::Never).unwrap()
    }

    #[test]
    fn a_full_stream_loses_only_the_games_not_handed_to_it() {
        // Issue 18 item 9: a full disk counted every game converted. Games of 30 KiB: the
        // first three go out together (90 KiB), the next three do not fit in the 100 KiB.
        let game = vec![b'x'; 30 * 1024];
        let mut out = stream(100 * 1024);
        for _ in 0..5 {
            out.write_game(&game).unwrap();
        }
        let e = out.write_game(&game).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::StorageFull);
        // The two games before the failed one in its batch were counted and are lost.
        assert_eq!(out.abandon(), 2);
        assert_eq!(out.finish(), Ok(3));
        // One game larger than a batch on a full stream: it alone fails, nothing was counted.
        let mut out = stream(10);
        let big = vec![b'x'; 70 * 1024];
        assert!(out.write_game(&big).is_err());
        assert_eq!(out.abandon(), 0);
        assert_eq!(out.finish(), Ok(0));
        // The games of the last batch fail at the end: none of them is kept.
        let mut out = stream(10);
        out.write_game(b"1. C2.5 *\n").unwrap();
        out.write_game(b"1. P7+1 *\n").unwrap();
        let failed = out.finish().unwrap_err();
        assert_eq!((failed.name.as_str(), failed.games), ("<full>", 2));
    }
}
