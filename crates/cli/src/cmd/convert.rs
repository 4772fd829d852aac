//! `kifu convert`: read, check, write in another notation.

use std::io::Write;
use std::path::PathBuf;

use iccs_algebraic::IccsStyle;
use wxf_notation::{ChineseStyle, WxfStyle};
use xiangqi_board::Language;

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

pub(crate) fn run(o: Options) -> u8 {
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
        |_, _, checked, clean, rep| {
            if !clean {
                match o.on_error {
                    OnError::Skip => return true,
                    OnError::Stop => return false,
                    OnError::Keep => {}
                }
            }
            let text = match &output {
                Some(output) => {
                    let pgn = xiangqi::write_pgn(checked, output);
                    if first { pgn } else { format!("\n{pgn}") }
                }
                None => format!("{}\n", xiangqi::write_json(checked)),
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
