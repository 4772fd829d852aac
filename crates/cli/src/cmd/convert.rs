//! `kifu convert`: read, check, write in another notation.

use std::io::Write;

use clap::ValueEnum;
use std::path::PathBuf;

use iccs_algebraic::IccsStyle;
use wxf_notation::{ChineseStyle, WxfStyle};
use xiangqi_board::Language;

use notation_traits::{Diagnostic, Severity, TextNotation};
use psn::{Psn, PsnStyle, Squares};

use crate::cmd::{After, Game};
use crate::report::Reporter;
use crate::xiangqi::{self, Output};
use crate::{OnError, OutputNotation, ReadOptions, SquaresArg, Style, Variant, shogi};

pub(crate) struct Options {
    pub(crate) read: ReadOptions,
    pub(crate) to: OutputNotation,
    pub(crate) out_lang: Option<Language>,
    pub(crate) style: Option<Style>,
    pub(crate) squares: Option<SquaresArg>,
    pub(crate) sideways: Option<wxf_notation::Sideways>,
    pub(crate) on_error: OnError,
    pub(crate) output_encoding: &'static encoding_rs::Encoding,
    pub(crate) output_dir: Option<PathBuf>,
    pub(crate) files: Vec<PathBuf>,
}

/// Whether `style` is a style of the notation `to`.
fn style_fits(to: OutputNotation, style: Style) -> bool {
    matches!(
        (to, style),
        (OutputNotation::Wxf, Style::Wxf | Style::Wxr2018)
            | (
                OutputNotation::Chinese,
                Style::Simplified | Style::Traditional
            )
            | (OutputNotation::Iccs, Style::Pgn | Style::Engine)
            | (OutputNotation::Psn, Style::Short | Style::Long)
    )
}

pub(crate) fn run(o: Options) -> u8 {
    if let Some(code) = super::folder_without_recursive(&o.files, o.read.recursive) {
        return code;
    }
    if let Some(style) = o.style
        && !style_fits(o.to, style)
    {
        errln!(
            "error: --style {} is not a style of --to {} (wxf: wxf, wxr2018; chinese: simplified, traditional; iccs: pgn, engine; psn: short, long)",
            style
                .to_possible_value()
                .map_or_else(String::new, |v| v.get_name().to_owned()),
            o.to.to_possible_value()
                .map_or_else(String::new, |v| v.get_name().to_owned()),
        );
        return 2;
    }
    let misplaced = [
        (
            o.sideways.is_some() && o.to != OutputNotation::Wxf,
            "--sideways",
            "wxf",
        ),
        (
            o.squares.is_some() && o.to != OutputNotation::Psn,
            "--squares",
            "psn",
        ),
        (
            o.out_lang.is_some()
                && !matches!(
                    o.to,
                    OutputNotation::Wxf | OutputNotation::Algebraic | OutputNotation::Winboard
                ),
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
    let language = o.out_lang.or(o.read.lang).unwrap_or_default();
    let output = match o.to {
        // The 2018 style is Fairy-Stockfish's spelling, `=` sideways included.
        OutputNotation::Wxf if o.style == Some(Style::Wxr2018) => Writer::Xiangqi(Output::wxf(
            language,
            o.sideways.or(Some(wxf_notation::Sideways::Equals)),
            WxfStyle::Wxr2018,
        )),
        OutputNotation::Wxf => Writer::Xiangqi(Output::wxf(language, o.sideways, WxfStyle::Wxf)),
        OutputNotation::Algebraic => Writer::Xiangqi(Output::algebraic(language)),
        OutputNotation::Winboard => Writer::Xiangqi(Output::winboard(language)),
        OutputNotation::Chinese => Writer::Xiangqi(Output::chinese(match o.style {
            // Plain Big5 has no 俥: the red chariot is written 車, as the black one.
            Some(Style::Traditional) if o.output_encoding == encoding_rs::BIG5 => {
                ChineseStyle::TraditionalBig5
            }
            Some(Style::Traditional) => ChineseStyle::Traditional,
            _ => ChineseStyle::Simplified,
        })),
        OutputNotation::Uci => Writer::Xiangqi(Output::uci()),
        OutputNotation::Iccs => Writer::Xiangqi(Output::iccs(match o.style {
            Some(Style::Engine) => IccsStyle::Engine,
            _ => IccsStyle::Pgn,
        })),
        OutputNotation::Psn => Writer::Shogi(Box::new(Psn::new(
            if o.style == Some(Style::Long) {
                PsnStyle::Long
            } else {
                PsnStyle::Short
            },
            match o.squares.unwrap_or_default() {
                SquaresArg::Letters => Squares::Letters,
                SquaresArg::Digits => Squares::Digits,
            },
        ))),
        OutputNotation::Usi => Writer::Psn2,
        OutputNotation::Json => Writer::Json,
    };
    let read = o.read.clone();
    let extension = match o.to {
        OutputNotation::Json => "jsonl",
        OutputNotation::Psn | OutputNotation::Usi => "psn",
        _ => "pgn",
    };
    let mut sink = match Sink::new(o.output_dir.clone(), extension, &o.files, o.read.recursive) {
        Ok(sink) => sink,
        Err(e) => {
            errln!("error: {e}");
            return 2;
        }
    };
    let mut write_failed = false;
    super::for_each_game(
        &o.files,
        &read,
        &mut reporter,
        |origin, game, clean, rep| {
            if !clean {
                match o.on_error {
                    OnError::Skip => return After::Next,
                    OnError::Stop => return After::Stop,
                    OnError::Keep => {}
                }
            }
            let text = match (&output, game) {
                (Writer::Xiangqi(out), Game::Xiangqi(c)) => xiangqi::write_pgn(c, out),
                (Writer::Shogi(n), Game::Shogi(c)) => shogi::write_psn(c, n.as_ref()),
                (Writer::Psn2, Game::Shogi(c)) => shogi::write_psn2(c),
                (Writer::Json, Game::Xiangqi(c)) => format!("{}\n", xiangqi::write_json(c)),
                (Writer::Json, Game::Shogi(c)) => format!("{}\n", shogi::write_json(c)),
                (
                    Writer::Json,
                    Game::Failed {
                        raw,
                        error,
                        variant,
                    },
                ) => format!(
                    "{}\n",
                    crate::common::write_failed_json(raw, error, variant.name())
                ),
                (
                    Writer::Xiangqi(_),
                    Game::Failed {
                        raw,
                        error,
                        variant: Variant::Xiangqi,
                    },
                ) => xiangqi::write_failed_pgn(raw, error),
                (
                    Writer::Shogi(_) | Writer::Psn2,
                    Game::Failed {
                        raw,
                        error,
                        variant: Variant::Shogi,
                    },
                ) => shogi::write_failed(raw, error),
                (_, game) => {
                    let kind = match game {
                        Game::Xiangqi(_)
                        | Game::Failed {
                            variant: Variant::Xiangqi,
                            ..
                        } => "xiangqi",
                        _ => "shogi",
                    };
                    rep.emit(
                        &Diagnostic::new(
                            Severity::Error,
                            "wrong-variant",
                            format!(
                                "a {kind} game cannot be written as {}: choose --to json or a {kind} notation",
                                o.to.to_possible_value().map_or_else(String::new, |v| v.get_name().to_owned())
                            ),
                        )
                        .in_file(origin.name)
                        .in_game(origin.game_no),
                        None,
                    );
                    return After::Failed;
                }
            };
            let (target, first) = match sink.select(origin.name) {
                Ok(t) => t,
                Err((name, e)) => {
                    rep.io_error(&name, &e.to_string());
                    return After::Stop;
                }
            };
            let text = if first || matches!(output, Writer::Json) {
                text
            } else {
                format!("\n{text}")
            };
            let bytes = match crate::input::encode(&text, o.output_encoding) {
                Ok(b) => b,
                Err(message) => {
                    rep.io_error(
                        &target,
                        &format!("game {} of {}: {message}", origin.game_no, origin.name),
                    );
                    return After::Failed;
                }
            };
            if let Err(e) = sink.write(&bytes) {
                if !write_failed {
                    rep.io_error(&target, &e.to_string());
                }
                write_failed = true;
                return After::Stop;
            }
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

/// What convert writes.
enum Writer {
    /// A xiangqi PGN file.
    Xiangqi(Output),
    /// A shogi PSN file.
    Shogi(Box<dyn TextNotation<shogi_board::Position>>),
    /// A shogi PSN2 file: `[Black]`, `[White]`, USI moves.
    Psn2,
    /// One JSON object per game.
    Json,
}

/// Where converted games go: standard output, or one file per input file under a folder.
struct Sink {
    stdout: Option<std::io::BufWriter<std::io::Stdout>>,
    /// Under `--output-dir`: each input's output file, by the input's name.
    targets: std::collections::HashMap<String, PathBuf>,
    /// The input being written, and its output file.
    current: Option<(String, PathBuf, std::io::BufWriter<std::fs::File>)>,
    /// Whether nothing was written yet to standard output.
    fresh: bool,
}

impl Sink {
    /// Standard output, or under `dir` one output file per input of `files`: the input's path
    /// below the folder given (its name for a file given directly) with `extension`; a second
    /// input with the same stem in one folder (`game.pgn`, `game.txt`) keeps its extension
    /// too (`game.txt.pgn`).
    ///
    /// # Errors
    ///
    /// A usage error when two inputs would write one output file, or an output file would
    /// overwrite an input.
    fn new(
        dir: Option<PathBuf>,
        extension: &'static str,
        files: &[PathBuf],
        recursive: bool,
    ) -> Result<Sink, String> {
        let mut sink = Sink {
            stdout: dir
                .is_none()
                .then(|| std::io::BufWriter::new(std::io::stdout())),
            targets: std::collections::HashMap::new(),
            current: None,
            fresh: true,
        };
        let Some(dir) = dir else {
            return Ok(sink);
        };
        let items: Vec<crate::input::InputPath> = crate::input::expand(files, recursive)
            .into_iter()
            .flatten()
            .collect();
        let canonical = |p: &std::path::Path| std::fs::canonicalize(p).ok();
        let inputs: std::collections::HashMap<PathBuf, String> = items
            .iter()
            .filter_map(|i| Some((canonical(&i.path)?, crate::input::display_name(&i.path))))
            .collect();
        let mut by_output: std::collections::HashMap<PathBuf, String> =
            std::collections::HashMap::new();
        let mut rel_of: std::collections::HashMap<String, PathBuf> =
            std::collections::HashMap::new();
        for item in &items {
            let name = crate::input::display_name(&item.path);
            if sink.targets.contains_key(&name) {
                continue;
            }
            let mut path = dir.join(&item.out_rel).with_extension(extension);
            if let Some(other) = by_output.get(&path)
                && rel_of.get(other) == Some(&item.out_rel)
            {
                return Err(format!(
                    "{other} and {name} would both be written to {}: convert them in separate runs, or give their folder with --recursive",
                    path.display()
                ));
            }
            if by_output.contains_key(&path) {
                let mut longer = item.out_rel.as_os_str().to_owned();
                longer.push(".");
                longer.push(extension);
                path = dir.join(longer);
            }
            if let Some(other) = by_output.get(&path) {
                return Err(format!(
                    "{other} and {name} would both be written to {}: convert them in separate runs, or give their folder with --recursive",
                    path.display()
                ));
            }
            // The output file may not exist yet: compare its folder's real path.
            let real = path
                .parent()
                .and_then(canonical)
                .zip(path.file_name())
                .map(|(d, f)| d.join(f));
            if let Some(input) = real.as_ref().and_then(|r| inputs.get(r)) {
                return Err(format!(
                    "--output-dir would overwrite the input {input} with the output of {name}: choose another folder"
                ));
            }
            by_output.insert(path.clone(), name.clone());
            rel_of.insert(name.clone(), item.out_rel.clone());
            sink.targets.insert(name, path);
        }
        Ok(sink)
    }

    /// Makes the output of the input `input` (its name) current; returns the target's name
    /// and whether nothing was written to it yet.
    fn select(&mut self, input: &str) -> Result<(String, bool), (String, std::io::Error)> {
        if self.stdout.is_some() {
            let fresh = std::mem::replace(&mut self.fresh, false);
            return Ok(("<stdout>".to_owned(), fresh));
        }
        if let Some((name, path, _)) = &self.current
            && name == input
        {
            return Ok((path.display().to_string(), false));
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
        Ok((shown, true))
    }

    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        match (&mut self.stdout, &mut self.current) {
            (Some(out), _) => out.write_all(bytes),
            (None, Some((_, _, w))) => w.write_all(bytes),
            (None, None) => Ok(()),
        }
    }

    fn finish(mut self) -> Result<(), (String, std::io::Error)> {
        if let Some(out) = &mut self.stdout {
            out.flush().map_err(|e| ("<stdout>".to_owned(), e))?;
        }
        if let Some((_, p, mut w)) = self.current.take() {
            w.flush().map_err(|e| (p.display().to_string(), e))?;
        }
        Ok(())
    }
}
