//! `kifu convert`: read, check, write in another notation or format.

use std::io::Write;
use std::path::PathBuf;

use kifu_records::{Notation, Style, Target, WriteError, WriteOptions, Writer};
use xiangqi_board::Language;

use crate::cmd::After;
use crate::report::Reporter;
use crate::{OnError, ReadOptions, SquaresArg};

pub(crate) struct Options {
    pub(crate) read: ReadOptions,
    pub(crate) to: Target,
    pub(crate) out_lang: Option<Language>,
    pub(crate) style: Option<Style>,
    pub(crate) squares: Option<SquaresArg>,
    pub(crate) sideways: Option<wxf_notation::Sideways>,
    pub(crate) on_error: OnError,
    pub(crate) output_encoding: &'static encoding_rs::Encoding,
    pub(crate) output_dir: Option<PathBuf>,
    pub(crate) output: Option<PathBuf>,
    pub(crate) force: bool,
    pub(crate) format_version: Option<String>,
    pub(crate) omit: kifu_records::Omit,
    pub(crate) files: Vec<PathBuf>,
}

pub(crate) fn run(o: Options) -> u8 {
    if let Some(code) = super::folder_without_recursive(&o.files, o.read.recursive) {
        return code;
    }
    if let Some(style) = o.style
        && !o.to.notation.is_some_and(|n| style.fits(n))
    {
        errln!(
            "error: --style {style} is not a style of --to {} (wxf: wxf, wxr2018; chinese: simplified, traditional; iccs: pgn, engine, position; usi: position; psn: short, long)",
            o.to.name,
        );
        return 2;
    }
    let is = |n: Notation| o.to.notation == Some(n);
    let misplaced = [
        (
            o.sideways.is_some() && !is(Notation::Wxf),
            "--sideways",
            "wxf",
        ),
        (
            o.squares.is_some() && !is(Notation::Psn),
            "--squares",
            "psn",
        ),
        (
            o.out_lang.is_some()
                && !(is(Notation::Wxf) || is(Notation::Algebraic) || is(Notation::Winboard)),
            "--out-lang",
            "wxf, algebraic or winboard",
        ),
    ];
    if let Some((_, flag, notations)) = misplaced.iter().find(|(bad, _, _)| *bad) {
        errln!("error: {flag} applies to --to {notations} only");
        return 2;
    }
    let mut reporter =
        Reporter::new(o.read.format, o.read.strict).with_codes(&o.read.allow, &o.read.deny);
    let writer = Writer::new(WriteOptions {
        target: o.to,
        language: o.out_lang.or(o.read.lang),
        style: o.style,
        squares: o.squares.map(|s| match s {
            SquaresArg::Letters => psn::Squares::Letters,
            SquaresArg::Digits => psn::Squares::Digits,
        }),
        sideways: o.sideways,
        encoding: o.output_encoding,
        version: o.format_version.clone(),
        omit: o.omit,
    });
    let mut sink = match Sink::new(
        o.output_dir.clone(),
        o.output.clone(),
        writer.extension(),
        &o.files,
        o.read.recursive,
        o.force,
    ) {
        Ok(sink) => sink,
        Err(e) => {
            errln!("error: {e}");
            return 2;
        }
    };
    let mut write_failed = false;
    super::for_each_game(
        &o.files,
        &o.read,
        &mut reporter,
        |name, game, clean, rep| {
            if !clean {
                match o.on_error {
                    OnError::Skip => return After::Next,
                    OnError::Stop => return After::Stop,
                    OnError::Keep => {}
                }
            }
            let (target, index) = match sink.select(name) {
                Ok(t) => t,
                Err(failed) => {
                    failed.report(rep);
                    return After::Stop;
                }
            };
            let written = match writer.write(game, index) {
                Ok(w) => w,
                Err(WriteError::Encoding(message)) => {
                    rep.io_error(
                        &target,
                        &format!("game {} of {name}: {message}", game.index),
                    );
                    return After::Failed;
                }
                Err(WriteError::WrongVariant(d) | WriteError::Refused(d)) => {
                    rep.emit(&d.in_file(name).in_game(game.index), None, None);
                    return After::Failed;
                }
            };
            for what in &written.lost {
                rep.note(&format!("{name}: game {}: not kept: {what}", game.index));
            }
            if let Err(e) = sink.write(&written.bytes) {
                if !write_failed {
                    rep.io_error(&target, &e.to_string());
                }
                write_failed = true;
                // The output file is not kept: none of its games was converted.
                rep.converted -= sink.abandon();
                return After::Stop;
            }
            sink.wrote();
            rep.converted += 1;
            After::Next
        },
    );
    if let Err(failed) = sink.finish()
        && !write_failed
    {
        failed.report(&mut reporter);
    }
    reporter.finish("convert")
}

/// An output that failed: the file's name, the error, and how many games it held (counted
/// converted before, now lost).
struct Failed {
    name: String,
    error: String,
    games: usize,
}

impl Failed {
    fn report(self, rep: &mut Reporter) {
        rep.io_error(&self.name, &self.error);
        rep.converted -= self.games;
    }
}

/// Where converted games go: standard output, the `--output` file, or one file per input file
/// under a folder ([`kifu_records::plan_outputs`]); each file is written to a temporary file and
/// renamed into place when complete ([`kifu_records::OutputFile`]).
struct Sink {
    stdout: Option<std::io::BufWriter<std::io::Stdout>>,
    /// Under `--output-dir`: each input's output file, by the input's name.
    targets: std::collections::HashMap<String, PathBuf>,
    /// `--output`: one file for every input.
    one_file: bool,
    /// The inputs, which no output may replace.
    inputs: kifu_records::Inputs,
    /// Whether existing outputs are replaced (`--force`).
    replace: kifu_records::Replace,
    /// The input being written, and its output file.
    current: Option<(String, kifu_records::OutputFile)>,
    /// Games written to the current output so far.
    written: usize,
}

/// An output error as the summary says it.
fn output_error(e: kifu_records::OutputError) -> String {
    match e {
        kifu_records::OutputError::Io(_, e) => e.to_string(),
        other => other.to_string(),
    }
}

impl Sink {
    /// Standard output, the file `output`, or under `dir` one output file per input of `files`.
    ///
    /// # Errors
    ///
    /// A usage error when two inputs would write one output file, an output file would
    /// overwrite an input, or an output file exists and `force` is not given.
    fn new(
        dir: Option<PathBuf>,
        output: Option<PathBuf>,
        extension: &str,
        files: &[PathBuf],
        recursive: bool,
        force: bool,
    ) -> Result<Sink, String> {
        let mut sink = Sink {
            stdout: (dir.is_none() && output.is_none())
                .then(|| std::io::BufWriter::new(std::io::stdout())),
            targets: std::collections::HashMap::new(),
            one_file: false,
            inputs: kifu_records::Inputs::default(),
            replace: if force {
                kifu_records::Replace::Existing
            } else {
                kifu_records::Replace::Never
            },
            current: None,
            written: 0,
        };
        let items: Vec<kifu_records::InputPath> = kifu_records::expand(files, recursive)
            .into_iter()
            .flatten()
            .collect();
        sink.inputs = kifu_records::Inputs::new(items.iter().map(|i| i.path.as_path()));
        if let Some(path) = output {
            let file = kifu_records::OutputFile::create(&path, &sink.inputs, sink.replace)
                .map_err(|e| format!("--output {}: {}", path.display(), output_error(e)))?;
            sink.current = Some((String::new(), file));
            sink.one_file = true;
            return Ok(sink);
        }
        let Some(dir) = dir else {
            return Ok(sink);
        };
        sink.targets = kifu_records::plan_outputs(&items, &dir, extension)?;
        let mut planned: Vec<&PathBuf> = sink.targets.values().collect();
        planned.sort();
        for path in planned {
            kifu_records::check_output(path, &sink.inputs, sink.replace)
                .map_err(|e| e.to_string())?;
        }
        Ok(sink)
    }

    /// Makes the output of the input `input` (its name) current; returns the target's name
    /// and how many games were written to it before.
    fn select(&mut self, input: &str) -> Result<(String, usize), Failed> {
        if self.stdout.is_some() {
            return Ok(("<stdout>".to_owned(), self.written));
        }
        if let Some((name, out)) = &self.current
            && (name == input || self.one_file)
        {
            return Ok((out.target().display().to_string(), self.written));
        }
        self.commit()?;
        let Some(path) = self.targets.get(input).cloned() else {
            return Err(Failed {
                name: input.to_owned(),
                error: "no output file planned for this input".to_owned(),
                games: 0,
            });
        };
        let shown = path.display().to_string();
        let file =
            kifu_records::OutputFile::create(&path, &self.inputs, self.replace).map_err(|e| {
                Failed {
                    name: shown.clone(),
                    error: match e {
                        kifu_records::OutputError::Io(_, e) => e.to_string(),
                        other => other.to_string(),
                    },
                    games: 0,
                }
            })?;
        self.current = Some((input.to_owned(), file));
        self.written = 0;
        Ok((shown, 0))
    }

    /// Renames the current output file into place.
    fn commit(&mut self) -> Result<(), Failed> {
        let games = std::mem::take(&mut self.written);
        match self.current.take() {
            Some((_, out)) => {
                let name = out.target().display().to_string();
                out.commit().map_err(|e| Failed {
                    name,
                    error: match e {
                        kifu_records::OutputError::Io(_, e) => e.to_string(),
                        other => other.to_string(),
                    },
                    games,
                })
            }
            None => Ok(()),
        }
    }

    /// Drops the current output file (its temporary file removed); returns how many games it
    /// held.
    fn abandon(&mut self) -> usize {
        self.current = None;
        std::mem::take(&mut self.written)
    }

    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        match (&mut self.stdout, &mut self.current) {
            (Some(_), _) if crate::stdout::closed() => Err(crate::stdout::closed_error()),
            (Some(out), _) => closed_pipe(out.write_all(bytes)),
            (None, Some((_, w))) => w.write_all(bytes),
            (None, None) => Ok(()),
        }
    }

    /// Counts a game written to the current output.
    fn wrote(&mut self) {
        self.written += 1;
    }

    fn finish(mut self) -> Result<(), Failed> {
        if let Some(out) = &mut self.stdout {
            closed_pipe(out.flush()).map_err(|e| Failed {
                name: "<stdout>".to_owned(),
                error: e.to_string(),
                games: 0,
            })?;
        }
        self.commit()
    }
}

/// A closed standard output pipe (`kifu convert ... | head`) ends the program quietly
/// ([`crate::report::stdout_failed`]); any other result is returned.
fn closed_pipe(result: std::io::Result<()>) -> std::io::Result<()> {
    if let Err(e) = &result
        && e.kind() == std::io::ErrorKind::BrokenPipe
    {
        crate::report::stdout_failed(e);
    }
    result
}
