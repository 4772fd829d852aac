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
    pub(crate) format_version: Option<String>,
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
    });
    let mut sink = match Sink::new(
        o.output_dir.clone(),
        o.output.clone(),
        writer.extension(),
        &o.files,
        o.read.recursive,
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
                Err((name, e)) => {
                    rep.io_error(&name, &e.to_string());
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
                    rep.emit(&d.in_file(name).in_game(game.index), None);
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
                return After::Stop;
            }
            sink.wrote();
            rep.converted += 1;
            After::Next
        },
    );
    if let Err((name, e)) = sink.finish()
        && !write_failed
    {
        reporter.io_error(&name, &e.to_string());
    }
    reporter.finish("convert")
}

/// Where converted games go: standard output, or one file per input file under a folder
/// ([`kifu_records::plan_outputs`]).
struct Sink {
    /// Everything to one output: standard output (`<stdout>`) or the `--output` file, by name.
    single: Option<(String, Box<dyn Write>)>,
    /// Under `--output-dir`: each input's output file, by the input's name.
    targets: std::collections::HashMap<String, PathBuf>,
    /// The input being written, and its output file.
    current: Option<(String, PathBuf, std::io::BufWriter<std::fs::File>)>,
    /// Games written to the current output so far.
    written: usize,
}

impl Sink {
    /// Standard output, or under `dir` one output file per input of `files`.
    ///
    /// # Errors
    ///
    /// A usage error when two inputs would write one output file, or an output file would
    /// overwrite an input.
    fn new(
        dir: Option<PathBuf>,
        output: Option<PathBuf>,
        extension: &str,
        files: &[PathBuf],
        recursive: bool,
    ) -> Result<Sink, String> {
        let mut sink = Sink {
            single: None,
            targets: std::collections::HashMap::new(),
            current: None,
            written: 0,
        };
        if let Some(path) = output {
            let shown = path.display().to_string();
            let same = |a: &std::path::Path| {
                a.canonicalize()
                    .ok()
                    .is_some_and(|a| path.canonicalize().ok() == Some(a))
            };
            if files.iter().any(|f| same(f)) {
                return Err(format!(
                    "--output {shown} is one of the inputs: kifu never overwrites an input"
                ));
            }
            let file =
                std::fs::File::create(&path).map_err(|e| format!("--output {shown}: {e}"))?;
            sink.single = Some((shown, Box::new(std::io::BufWriter::new(file))));
            return Ok(sink);
        }
        let Some(dir) = dir else {
            sink.single = Some((
                "<stdout>".to_owned(),
                Box::new(std::io::BufWriter::new(std::io::stdout())),
            ));
            return Ok(sink);
        };
        let items: Vec<kifu_records::InputPath> = kifu_records::expand(files, recursive)
            .into_iter()
            .flatten()
            .collect();
        sink.targets = kifu_records::plan_outputs(&items, &dir, extension)?;
        Ok(sink)
    }

    /// Makes the output of the input `input` (its name) current; returns the target's name
    /// and how many games were written to it before.
    fn select(&mut self, input: &str) -> Result<(String, usize), (String, std::io::Error)> {
        if let Some((name, _)) = &self.single {
            return Ok((name.clone(), self.written));
        }
        if let Some((name, path, _)) = &self.current
            && name == input
        {
            return Ok((path.display().to_string(), self.written));
        }
        if let Some((_, p, mut w)) = self.current.take() {
            w.flush().map_err(|e| (p.display().to_string(), e))?;
        }
        let Some(path) = self.targets.get(input).cloned() else {
            return Err((
                input.to_owned(),
                std::io::Error::other("no output file planned for this input"),
            ));
        };
        let shown = path.display().to_string();
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| (parent.display().to_string(), e))?;
        }
        let file = std::fs::File::create(&path).map_err(|e| (shown.clone(), e))?;
        self.current = Some((input.to_owned(), path, std::io::BufWriter::new(file)));
        self.written = 0;
        Ok((shown, 0))
    }

    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let written = match (&mut self.single, &mut self.current) {
            (Some((_, out)), _) => out.write_all(bytes),
            (None, Some((_, _, w))) => w.write_all(bytes),
            (None, None) => Ok(()),
        };
        self.closed_pipe(written)
    }

    /// A closed standard output ends the program quietly ([`crate::report::stdout_failed`]).
    fn closed_pipe(&self, result: std::io::Result<()>) -> std::io::Result<()> {
        if let (Err(e), Some((name, _))) = (&result, &self.single)
            && name == "<stdout>"
            && e.kind() == std::io::ErrorKind::BrokenPipe
        {
            crate::report::stdout_failed(e);
        }
        result
    }

    /// Counts a game written to the current output.
    fn wrote(&mut self) {
        self.written += 1;
    }

    fn finish(mut self) -> Result<(), (String, std::io::Error)> {
        if let Some((name, out)) = &mut self.single {
            let flushed = out.flush();
            let name = name.clone();
            self.closed_pipe(flushed).map_err(|e| (name, e))?;
        }
        if let Some((_, p, mut w)) = self.current.take() {
            w.flush().map_err(|e| (p.display().to_string(), e))?;
        }
        Ok(())
    }
}
