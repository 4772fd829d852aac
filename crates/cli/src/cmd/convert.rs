//! `kifu convert`: read, check, write in another notation or format.

use std::path::PathBuf;

use kifu_records::{
    Destination, Notation, OutputFailure, Outputs, Replace, Style, Target, WriteError,
    WriteOptions, Writer,
};
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
    let destination = match (&o.output, &o.output_dir) {
        (Some(file), _) => Destination::File(file.clone()),
        (None, Some(dir)) => Destination::Folder(dir.clone()),
        (None, None) => Destination::Stream {
            name: "<stdout>".to_owned(),
            writer: Box::new(crate::stdout::Stdout::new()),
        },
    };
    let replace = if o.force {
        Replace::Existing
    } else {
        Replace::Never
    };
    let mut sink = match Outputs::new(
        destination,
        writer.extension(),
        &o.files,
        o.read.recursive,
        replace,
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
                    report_failure(failed, rep);
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
            if let Err(e) = sink.write_game(&written.bytes) {
                if !write_failed {
                    rep.io_error(&target, &e.to_string());
                }
                write_failed = true;
                // The output file is not kept: none of its games was converted.
                rep.converted -= sink.abandon();
                return After::Stop;
            }
            rep.converted += 1;
            After::Next
        },
    );
    if let Err(failed) = sink.finish()
        && !write_failed
    {
        report_failure(failed, &mut reporter);
    }
    reporter.finish("convert")
}

/// Reports an output that failed: its error, and its games no longer counted converted.
fn report_failure(failed: OutputFailure, rep: &mut Reporter) {
    rep.io_error(&failed.name, &failed.error);
    rep.converted -= failed.games;
}
