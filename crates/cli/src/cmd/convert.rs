//! `kifu convert`: read, check, write in another notation.

use std::io::Write;

use clap::ValueEnum;
use std::path::PathBuf;

use iccs_algebraic::IccsStyle;
use wxf_notation::{ChineseStyle, WxfStyle};
use xiangqi_board::Language;

use crate::cmd::Game;
use crate::report::Reporter;
use crate::xiangqi::{self, Output};
use crate::{OnError, OutputNotation, ReadOptions, Style};

pub(crate) struct Options {
    pub(crate) read: ReadOptions,
    pub(crate) to: OutputNotation,
    pub(crate) out_lang: Option<Language>,
    pub(crate) style: Option<Style>,
    pub(crate) sideways: Option<wxf_notation::Sideways>,
    pub(crate) on_error: OnError,
    pub(crate) output_encoding: &'static encoding_rs::Encoding,
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
    )
}

pub(crate) fn run(o: Options) -> u8 {
    if let Some(style) = o.style
        && !style_fits(o.to, style)
    {
        eprintln!(
            "error: --style {} is not a style of --to {} (wxf: wxf, wxr2018; chinese: simplified, traditional; iccs: pgn, engine)",
            style
                .to_possible_value()
                .map_or_else(String::new, |v| v.get_name().to_owned()),
            o.to.to_possible_value()
                .map_or_else(String::new, |v| v.get_name().to_owned()),
        );
        return 2;
    }
    let mut reporter = Reporter::new(o.read.format, o.read.strict);
    let language = o.out_lang.or(o.read.lang).unwrap_or_default();
    let output = match o.to {
        OutputNotation::Wxf => Some(Output::wxf(
            language,
            o.sideways,
            if o.style == Some(Style::Wxr2018) {
                WxfStyle::Wxr2018
            } else {
                WxfStyle::Wxf
            },
        )),
        OutputNotation::Algebraic => Some(Output::algebraic(language)),
        OutputNotation::Chinese => Some(Output::chinese(match o.style {
            Some(Style::Traditional) => ChineseStyle::Traditional,
            _ => ChineseStyle::Simplified,
        })),
        OutputNotation::Iccs => Some(Output::iccs(match o.style {
            Some(Style::Engine) => IccsStyle::Engine,
            _ => IccsStyle::Pgn,
        })),
        OutputNotation::Json => None,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut first = true;
    let mut write_failed = false;
    super::for_each_game(
        &o.files,
        &o.read,
        &mut reporter,
        |_, _, game, clean, rep| {
            if !clean {
                match o.on_error {
                    OnError::Skip => return true,
                    OnError::Stop => return false,
                    OnError::Keep => {}
                }
            }
            let text = match (&output, game) {
                (Some(output), Game::Checked(checked)) => xiangqi::write_pgn(checked, output),
                (Some(_), Game::Failed { raw, error }) => xiangqi::write_failed_pgn(raw, error),
                (None, Game::Checked(checked)) => format!("{}\n", xiangqi::write_json(checked)),
                (None, Game::Failed { raw, error }) => {
                    format!(
                        "{}\n",
                        crate::common::write_failed_json(raw, error, "xiangqi")
                    )
                }
            };
            let text = if first || output.is_none() {
                text
            } else {
                format!("\n{text}")
            };
            let bytes = match crate::input::encode(&text, o.output_encoding) {
                Ok(b) => b,
                Err(message) => {
                    rep.io_error("<stdout>", &message);
                    return true;
                }
            };
            first = false;
            if let Err(e) = out.write_all(&bytes) {
                if !write_failed {
                    rep.io_error("<stdout>", &e.to_string());
                }
                write_failed = true;
                return false;
            }
            rep.converted += 1;
            true
        },
    );
    if let Err(e) = out.flush()
        && !write_failed
    {
        reporter.io_error("<stdout>", &e.to_string());
    }
    reporter.finish("convert")
}
