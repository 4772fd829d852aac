//! `kifu`: read, check, convert and compare shogi and xiangqi game records.
//!
//! The command-line contract (subcommands, options, JSON shapes, exit codes) is docs/cli.md;
//! this binary is a thin layer over the library crates.

/// Set when writing to standard output or standard error failed (a closed pipe, a full
/// disk): the exit code becomes 3 and nothing panics.
pub(crate) static OUTPUT_FAILED: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// `println!` that never panics: a failed write sets [`OUTPUT_FAILED`].
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            $crate::OUTPUT_FAILED.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }};
}

/// `eprintln!` that never panics: a failed write sets [`OUTPUT_FAILED`].
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stderr().lock(), $($arg)*).is_err() {
            $crate::OUTPUT_FAILED.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }};
}

mod cmd;
mod common;
mod input;
mod report;
mod shogi;
mod xiangqi;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use xiangqi_board::Language;

/// Read, check, convert and compare shogi and xiangqi game records.
#[derive(Debug, Parser)]
#[command(name = "kifu", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Read game records, check every move, write them in another notation.
    Convert(ConvertArgs),
    /// Read and check only: diagnostics on stderr.
    Check(CheckArgs),
    /// Two transcriptions of the same game: report where they differ, and resolve each one's
    /// ambiguous or faulty moves with the other.
    Compare(CompareArgs),
    /// Count the legal move sequences of a given length (the last line is the bare count).
    Perft(PerftArgs),
}

/// A notation kifu reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum InputNotation {
    /// Xiangqi descriptive notation (C2.5, H8+7, R+.3).
    Wxf,
    /// Xiangqi descriptive notation in Chinese characters (炮二平五, 马８进７).
    Chinese,
    /// Xiangqi ICCS coordinates (h2e2, H2-E2), ranks 0-9.
    Iccs,
    /// Xiangqi coordinates as Fairy-Stockfish's UCI mode writes them (h3e3), ranks 1-10.
    Uci,
    /// Xiangqi algebraic notation (Che3, The3, V10h7), ranks 1-10.
    Algebraic,
    /// Xiangqi algebraic notation as WinBoard/XBoard write it (Che2, Rb0, c5), ranks 0-9.
    Winboard,
    /// Shogi: Portable Shogi Notation (P-7f, G6i-5h, P7g-7f, P*5e), PSN2 with USI moves too.
    Psn,
    /// Shogi: USI moves (7g7f, 8h2b+, P*5e).
    Usi,
}

impl InputNotation {
    /// The game the notation belongs to.
    pub(crate) fn variant(self) -> Variant {
        match self {
            InputNotation::Psn | InputNotation::Usi => Variant::Shogi,
            _ => Variant::Xiangqi,
        }
    }
}

/// A notation kifu writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum OutputNotation {
    /// Xiangqi descriptive notation, in a PGN file.
    Wxf,
    /// Xiangqi descriptive notation in Chinese characters, in a PGN file.
    Chinese,
    /// Xiangqi ICCS coordinates, in a PGN file.
    Iccs,
    /// Xiangqi coordinates with ranks 1-10 as Fairy-Stockfish's UCI mode writes them (h3e3),
    /// in a PGN file.
    Uci,
    /// Xiangqi algebraic notation, in a PGN file.
    Algebraic,
    /// Xiangqi algebraic notation with ranks 0-9 as WinBoard/XBoard write it, in a PGN file.
    Winboard,
    /// Shogi: Portable Shogi Notation, in a PSN file.
    Psn,
    /// Shogi: USI moves, in a PSN2 file (`[Black]`, `[White]` first).
    Usi,
    /// One JSON object per game (JSON Lines), as docs/cli.md defines it.
    Json,
}

/// The game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Variant {
    /// Xiangqi (Chinese chess).
    Xiangqi,
    /// Shogi (Japanese chess).
    Shogi,
}

impl Variant {
    /// `xiangqi` or `shogi`, as JSON names it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Variant::Xiangqi => "xiangqi",
            Variant::Shogi => "shogi",
        }
    }
}

/// A tandem-pawn convention of WXF input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub(crate) enum DialectArg {
    /// The WXF page: `P+`, `P5`, `P-`, `++`, `--`, `7+`, `77`, `7-`.
    #[default]
    Wxf,
    /// The 2018 World Xiangqi Rules as Fairy-Stockfish writes them: `15=6`.
    Wxr2018,
    /// xqbase / ElephantEye: `P+`, `P.`, `P-`, `Pa`..`Pe`.
    Xqbase,
}

impl DialectArg {
    pub(crate) fn dialect(self) -> wxf_notation::Dialect {
        match self {
            DialectArg::Wxf => wxf_notation::Dialect::Wxf,
            DialectArg::Wxr2018 => wxf_notation::Dialect::Wxr2018,
            DialectArg::Xqbase => wxf_notation::Dialect::Xqbase,
        }
    }
}

/// How diagnostics are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub(crate) enum Format {
    /// Text with the source line and a caret under the column.
    #[default]
    Text,
    /// One JSON object per line, the summary last.
    Json,
}

/// What convert writes for a game with an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub(crate) enum OnError {
    /// The game up to the bad move, the rest kept as a comment.
    #[default]
    Keep,
    /// Nothing for that game.
    Skip,
    /// Nothing more at all: stop at the first game with an error.
    Stop,
}

/// An output style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Style {
    /// WXF: the WXF page's tandem rules.
    Wxf,
    /// WXF: the 2018 World Xiangqi Rules as Fairy-Stockfish writes them (`15=6`).
    Wxr2018,
    /// Chinese: simplified characters.
    Simplified,
    /// Chinese: traditional characters.
    Traditional,
    /// ICCS as xqbase PGN writes it: `H2-E2`.
    Pgn,
    /// ICCS as engines write it: `h2e2`.
    Engine,
    /// PSN: the origin only where two pieces can reach the square (`P-7f`, `G6i-5h`).
    Short,
    /// PSN: the origin always (`P7g-7f`), as Shogidokoro and strict readers expect.
    Long,
}

/// How PSN output writes squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub(crate) enum SquaresArg {
    /// A file digit and a rank letter: `7f`.
    #[default]
    Letters,
    /// Two digits: `76`.
    Digits,
}

fn parse_language(s: &str) -> Result<Language, String> {
    s.parse()
        .map_err(|e: xiangqi_board::ParseLanguageError| e.to_string())
}

fn parse_sideways(s: &str) -> Result<wxf_notation::Sideways, String> {
    match s {
        "." => Ok(wxf_notation::Sideways::Dot),
        "=" => Ok(wxf_notation::Sideways::Equals),
        "none" => Ok(wxf_notation::Sideways::Omitted),
        _ => Err(format!("expected `.`, `=` or `none`, found `{s}`")),
    }
}

/// A diagnostic code of `--allow` / `--deny`: one of [`notation_traits::CODES`], else a usage
/// error naming the nearest codes (a misspelt code must not silently allow nothing).
fn parse_code(s: &str) -> Result<String, String> {
    if notation_traits::CODES.contains(&s) {
        return Ok(s.to_owned());
    }
    let chars: Vec<char> = s.chars().collect();
    let distance =
        |code: &str| notation_traits::edit_distance(&chars, &code.chars().collect::<Vec<_>>());
    let best = notation_traits::CODES
        .iter()
        .map(|c| distance(c))
        .min()
        .unwrap_or(0);
    let mut near: Vec<&str> = notation_traits::CODES
        .iter()
        .copied()
        .filter(|c| distance(c) == best && best <= (s.len() / 3).max(1))
        .collect();
    let containing: Vec<&str> = notation_traits::CODES
        .iter()
        .copied()
        .filter(|c| !s.is_empty() && (c.contains(s) || s.contains(*c)) && !near.contains(c))
        .collect();
    near.extend(containing);
    Err(match near.as_slice() {
        [] => format!("no diagnostic code `{s}` (the codes are in docs/codes.md)"),
        [one] => format!("no diagnostic code `{s}`: did you mean `{one}`?"),
        many => format!(
            "no diagnostic code `{s}`: did you mean one of {}?",
            many.iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })
}

/// Options for reading and checking, shared by convert, check and compare.
#[derive(Debug, Clone, Args)]
pub(crate) struct ReadOptions {
    /// The notation of the input (detected per game when absent).
    #[arg(long, value_enum)]
    pub(crate) from: Option<InputNotation>,
    /// The game (detected from the notation when absent).
    #[arg(long, value_enum)]
    pub(crate) variant: Option<Variant>,
    /// Piece letters of WXF and algebraic notation: en, fi, de (input and output).
    #[arg(long, value_parser = parse_language)]
    pub(crate) lang: Option<Language>,
    /// WXF tandem-pawn convention of the input: wxf (the WXF page), wxr2018 (Fairy-Stockfish),
    /// xqbase.
    /// Without it, each game's own forms decide (2018 ordinals: wxr2018; `P.`, `Pa`: xqbase),
    /// else wxf.
    #[arg(long, value_enum)]
    pub(crate) dialect: Option<DialectArg>,
    /// Repair faulty or ambiguous moves that the rest of the game decides.
    #[arg(long)]
    pub(crate) repair: bool,
    /// Warnings become errors.
    #[arg(long)]
    pub(crate) strict: bool,
    /// A warning code not to report (repeatable): `--allow move-number-mismatch`; the codes are
    /// in docs/codes.md (errors cannot be allowed).
    #[arg(long, value_name = "CODE", value_parser = parse_code)]
    pub(crate) allow: Vec<String>,
    /// A warning code to treat as an error (repeatable): `--deny tandem-file-digit`.
    #[arg(long, value_name = "CODE", value_parser = parse_code)]
    pub(crate) deny: Vec<String>,
    /// How diagnostics are written.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub(crate) format: Format,
    /// Read the files in folders given as inputs, and in their subfolders.
    #[arg(long)]
    pub(crate) recursive: bool,
    /// The encoding of the input: utf-8, gbk, gb18030, big5, shift_jis, euc-jp or another
    /// WHATWG label (detected when absent).
    #[arg(long, value_parser = input::parse_encoding)]
    pub(crate) encoding: Option<&'static encoding_rs::Encoding>,
}

#[derive(Debug, Args)]
struct ConvertArgs {
    #[command(flatten)]
    read: ReadOptions,
    /// The notation to write.
    #[arg(long, value_enum)]
    to: OutputNotation,
    /// Piece letters for the output only (en, fi, de).
    #[arg(long, value_parser = parse_language)]
    out_lang: Option<Language>,
    /// Output style: wxf or wxr2018 (WXF), simplified or traditional (Chinese), pgn or engine
    /// (ICCS), short or long (PSN).
    #[arg(long, value_enum)]
    style: Option<Style>,
    /// How PSN output writes squares: letters (7f, the default) or digits (76).
    #[arg(long, value_enum)]
    squares: Option<SquaresArg>,
    /// The sideways sign of WXF output: `.`, `=` or `none` (default `.` for English letters, `=`
    /// for Finnish and German and for `--style wxr2018`, as Fairy-Stockfish writes it).
    #[arg(long, value_parser = parse_sideways)]
    sideways: Option<wxf_notation::Sideways>,
    /// What to write for a game with an error.
    #[arg(long, value_enum, default_value_t = OnError::Keep)]
    on_error: OnError,
    /// The encoding of the output: utf-8 (default), gbk, gb18030, big5, shift_jis, euc-jp or
    /// another WHATWG label.
    #[arg(long, value_parser = input::parse_encoding)]
    output_encoding: Option<&'static encoding_rs::Encoding>,
    /// Write one output file per input file into this folder (subfolders as with
    /// `--recursive`; extension .pgn, .psn or .jsonl), instead of standard output.
    #[arg(long, value_name = "DIR")]
    output_dir: Option<PathBuf>,
    /// Input files; none or `-` reads standard input.
    files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
struct CheckArgs {
    #[command(flatten)]
    read: ReadOptions,
    /// Input files; none or `-` reads standard input.
    files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
#[command(
    mut_arg("repair", |a| a.hide(true)),
    mut_arg("recursive", |a| a.hide(true)),
    mut_arg("allow", |a| a.hide(true)),
    mut_arg("deny", |a| a.hide(true))
)]
struct CompareArgs {
    #[command(flatten)]
    read: ReadOptions,
    /// The first transcription.
    file_a: PathBuf,
    /// The second transcription.
    file_b: PathBuf,
}

#[derive(Debug, Args)]
struct PerftArgs {
    /// The game.
    #[arg(long, value_enum)]
    variant: Variant,
    /// The start position: a FEN for xiangqi, an SFEN for shogi (the standard start when
    /// absent).
    #[arg(long)]
    fen: Option<String>,
    /// Print one line per root move first.
    #[arg(long)]
    divide: bool,
    /// The number of plies (at most 30).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=30))]
    depth: u32,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let read = match &cli.command {
        Command::Convert(a) => Some(&a.read),
        Command::Check(a) => Some(&a.read),
        Command::Compare(a) => Some(&a.read),
        Command::Perft(_) => None,
    };
    if let Some(ReadOptions {
        from: Some(from),
        variant: Some(variant),
        ..
    }) = read
        && from.variant() != *variant
    {
        errln!(
            "error: --from {} is a {} notation, but --variant is {}",
            from.to_possible_value()
                .map_or_else(String::new, |v| v.get_name().to_owned()),
            from.variant().name(),
            variant.name()
        );
        return ExitCode::from(2);
    }
    let code = match cli.command {
        Command::Convert(a) => cmd::convert::run(cmd::convert::Options {
            read: a.read,
            to: a.to,
            out_lang: a.out_lang,
            style: a.style,
            squares: a.squares,
            sideways: a.sideways,
            on_error: a.on_error,
            output_encoding: a.output_encoding.unwrap_or(encoding_rs::UTF_8),
            output_dir: a.output_dir,
            files: a.files,
        }),
        Command::Check(a) => cmd::check::run(&a.read, &a.files),
        Command::Compare(a) => cmd::compare::run(&a.read, &a.file_a, &a.file_b),
        Command::Perft(a) => cmd::perft::run(a.variant, a.fen.as_deref(), a.depth, a.divide),
    };
    if OUTPUT_FAILED.load(std::sync::atomic::Ordering::Relaxed) {
        return ExitCode::from(report::EXIT_IO);
    }
    ExitCode::from(code)
}
