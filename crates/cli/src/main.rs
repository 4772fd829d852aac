//! `kifu`: read, check, convert and compare shogi and xiangqi game records.
//!
//! The command-line contract (subcommands, options, JSON shapes, exit codes) is docs/cli.md;
//! this binary is a thin layer over the library crates.

/// Set when writing to standard output or standard error failed (a closed pipe, a full
/// disk): the exit code becomes 3 and nothing panics.
pub(crate) static OUTPUT_FAILED: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// `println!` that never panics: a failed write sets [`OUTPUT_FAILED`]; a closed pipe ends the
/// program quietly ([`report::stdout_failed`]).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if $crate::stdout::closed() {
            $crate::OUTPUT_FAILED.store(true, std::sync::atomic::Ordering::Relaxed);
        } else if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            $crate::report::stdout_failed(&e);
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
mod report;
mod stdout;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use kifu_records::{FormatRef, Notation, Style, Target, Variant};
use xiangqi_board::Language;

/// Read, check, convert and compare shogi and xiangqi game records.
#[derive(Debug, Parser)]
#[command(name = "kifu", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// No notes (what was detected, what a format cannot keep): diagnostics and the summary
    /// only.
    #[arg(short, long, global = true, display_order = 100)]
    quiet: bool,
    /// Colors in diagnostics: auto (when standard error is a terminal and `NO_COLOR` is not
    /// set), always, never.
    #[arg(
        long,
        value_enum,
        global = true,
        default_value_t = ColorArg::Auto,
        value_name = "WHEN",
        display_order = 101
    )]
    color: ColorArg,
}

/// When diagnostics are colored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub(crate) enum ColorArg {
    /// When standard error is a terminal and the `NO_COLOR` variable is unset or empty.
    #[default]
    Auto,
    /// Always, also into a file or a pipe and under `NO_COLOR`.
    Always,
    /// Never.
    Never,
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
    /// Board diagrams (SVG or text) of a game's positions, or of a bare position.
    Diagram(DiagramArgs),
    /// A web page on this machine to paste a record into: checked, repaired, converted,
    /// compared and shown on a board.
    Serve(ServeArgs),
}

/// What `--from` names: a notation of PGN-style files, or a record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum From {
    /// The moves of a PGN or PSN file are in this notation.
    Notation(Notation),
    /// The files are in this format.
    Format(FormatRef),
}

impl From {
    /// The game it belongs to, if one.
    pub(crate) fn variant(self) -> Option<Variant> {
        match self {
            From::Notation(n) => Some(n.variant()),
            From::Format(f) => f.variant(),
        }
    }

    fn name(self) -> &'static str {
        match self {
            From::Notation(n) => n.name(),
            From::Format(f) => f.name(),
        }
    }
}

/// `--from`'s values: the notations, then every format that reads and is not PGN-style.
fn from_parser() -> impl TypedValueParser<Value = From> {
    let mut values: Vec<PossibleValue> = Notation::ALL
        .into_iter()
        .map(|n| PossibleValue::new(n.name()).help(n.description()))
        .collect();
    values.extend(
        kifu_records::formats()
            .iter()
            .filter(|f| !f.is_pgn_style() && f.reads())
            .map(|f| PossibleValue::new(f.name()).help(f.info().title)),
    );
    PossibleValuesParser::new(values).map(|name: String| match name.parse::<Notation>() {
        Ok(n) => From::Notation(n),
        Err(_) => From::Format(kifu_records::format(&name).expect("a listed format")),
    })
}

/// `--to`'s values: [`kifu_records::targets`].
fn to_parser() -> impl TypedValueParser<Value = Target> {
    let values: Vec<PossibleValue> = kifu_records::targets()
        .into_iter()
        .map(|t| PossibleValue::new(t.name).help(t.description()))
        .collect();
    PossibleValuesParser::new(values)
        .map(|name: String| Target::named(&name).expect("a listed target"))
}

/// `--style`'s values.
fn style_parser() -> impl TypedValueParser<Value = Style> {
    PossibleValuesParser::new(Style::ALL.map(|s| PossibleValue::new(s.name())))
        .map(|name: String| name.parse::<Style>().expect("a listed style"))
}

/// The game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum VariantArg {
    /// Xiangqi (Chinese chess).
    Xiangqi,
    /// Shogi (Japanese chess).
    Shogi,
}

impl VariantArg {
    pub(crate) fn variant(self) -> Variant {
        match self {
            VariantArg::Xiangqi => Variant::Xiangqi,
            VariantArg::Shogi => Variant::Shogi,
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

/// A warning code of `--allow`: an error code cannot be allowed (a usage error), any other
/// string is refused as by [`parse_code`].
fn parse_warning_code(s: &str) -> Result<String, String> {
    let code = parse_code(s)?;
    if kifu_records::is_warning_code(&code) {
        Ok(code)
    } else {
        Err(format!(
            "`{code}` is an error, and errors cannot be allowed (--allow takes a warning code; docs/codes.md gives each code's severity)"
        ))
    }
}

/// Options for reading and checking, shared by convert, check and compare.
#[derive(Debug, Clone, Args)]
pub(crate) struct ReadOptions {
    /// The notation of the input (detected per game when absent), or its format.
    #[arg(short, long, value_parser = from_parser(), display_order = 1)]
    pub(crate) from: Option<From>,
    /// The game (detected from the notation when absent).
    #[arg(long, value_enum)]
    pub(crate) variant: Option<VariantArg>,
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
    #[arg(long, value_name = "CODE", value_parser = parse_warning_code)]
    pub(crate) allow: Vec<String>,
    /// A warning code to treat as an error (repeatable): `--deny tandem-file-digit`.
    #[arg(long, value_name = "CODE", value_parser = parse_code)]
    pub(crate) deny: Vec<String>,
    /// How diagnostics are written (`--format` is another name for it).
    #[arg(
        long = "message-format",
        alias = "format",
        value_name = "FORMAT",
        value_enum,
        default_value_t = Format::Text
    )]
    pub(crate) format: Format,
    /// Read the files in folders given as inputs, and in their subfolders.
    #[arg(long)]
    pub(crate) recursive: bool,
    /// The encoding of the input: utf-8, gbk, gb18030, big5, shift_jis, euc-jp or another
    /// WHATWG label (detected when absent).
    #[arg(long, value_parser = kifu_records::parse_encoding)]
    pub(crate) encoding: Option<&'static encoding_rs::Encoding>,
    /// Threads that read and check games (default: the machine's cores); any number gives
    /// the same output, in input order.
    #[arg(short = 'j', long, value_name = "N", value_parser = parse_jobs, allow_negative_numbers = true)]
    pub(crate) jobs: Option<u16>,
    /// The game detection takes when only the moves could tell (`--to psn`: shogi).
    #[arg(skip)]
    pub(crate) detect: Option<Variant>,
}

impl ReadOptions {
    /// The threads that check games: `--jobs`, else the machine's cores.
    pub(crate) fn jobs(&self) -> usize {
        self.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            usize::from,
        )
    }

    /// The library's options.
    pub(crate) fn library(&self) -> kifu_records::ReadOptions {
        kifu_records::ReadOptions {
            variant: self.variant.map(VariantArg::variant),
            format: match self.from {
                Some(From::Format(f)) => Some(f),
                _ => None,
            },
            notation: match self.from {
                Some(From::Notation(n)) => Some(n),
                _ => None,
            },
            language: self.lang,
            dialect: self.dialect.map(DialectArg::dialect),
            encoding: self.encoding,
            repair: self.repair,
            detect_variant: self.detect,
            max_expanded: None,
        }
    }
}

#[derive(Debug, Args)]
struct ConvertArgs {
    #[command(flatten)]
    read: ReadOptions,
    /// The notation to write.
    #[arg(short, long, value_parser = to_parser(), display_order = 0)]
    to: Target,
    /// Piece letters for the output only (en, fi, de).
    #[arg(long, value_parser = parse_language)]
    out_lang: Option<Language>,
    /// Output style: wxf or wxr2018 (WXF), simplified or traditional (Chinese), pgn or engine
    /// (ICCS), short or long (PSN).
    #[arg(long, value_parser = style_parser())]
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
    #[arg(long, value_parser = kifu_records::parse_encoding)]
    output_encoding: Option<&'static encoding_rs::Encoding>,
    /// Write one output file per input file into this folder (subfolders as with
    /// `--recursive`; extension .pgn, .psn or .jsonl), instead of standard output.
    #[arg(long, value_name = "DIR")]
    output_dir: Option<PathBuf>,
    /// Write the output to this file instead of standard output.
    #[arg(short, long, value_name = "FILE", conflicts_with = "output_dir")]
    output: Option<PathBuf>,
    /// Replace output files that exist already (never an input, nor through a link).
    #[arg(long)]
    force: bool,
    /// The version of the output format where it has several: XQF `10` (plain) to `18` (the
    /// default), CSA `2.2` or `3.0` (the default).
    #[arg(long, value_name = "VERSION")]
    format_version: Option<String>,
    /// Leave out the comments (before and after moves, before variations, after the result).
    #[arg(long)]
    no_comments: bool,
    /// Leave out the variations.
    #[arg(long)]
    no_variations: bool,
    /// Leave out the annotation glyphs (`$1`, `!`, `?`).
    #[arg(long)]
    no_nags: bool,
    /// Leave out the clock times.
    #[arg(long)]
    no_clocks: bool,
    /// Input files; none or `-` reads standard input.
    files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
struct CheckArgs {
    #[command(flatten)]
    read: ReadOptions,
    /// Draw the position before each faulty move under its note: KIF's board diagram for
    /// shogi, a character board for xiangqi (with --format json, the `board` field).
    #[arg(long)]
    show_board: bool,
    /// Input files; none or `-` reads standard input.
    files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
#[command(
    mut_arg("repair", |a| a.hide(true)),
    mut_arg("recursive", |a| a.hide(true)),
    mut_arg("allow", |a| a.hide(true)),
    mut_arg("deny", |a| a.hide(true)),
    mut_arg("jobs", |a| a.hide(true))
)]
struct CompareArgs {
    #[command(flatten)]
    read: ReadOptions,
    /// The first transcription.
    file_a: PathBuf,
    /// The second transcription.
    file_b: PathBuf,
    /// Write the first transcription to this file with each faulty move the second resolved
    /// replaced by the move it resolved to (in the first's notation).
    #[arg(long, value_name = "FILE")]
    write: Option<PathBuf>,
}

/// What `kifu diagram` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
enum DiagramFormatArg {
    /// An SVG picture.
    #[default]
    Svg,
    /// Text: KIF's board diagram for shogi, a character board for xiangqi.
    Text,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("which").args(["ply", "every_ply", "at_comments"])))]
#[command(group(clap::ArgGroup::new("bare").args(["fen", "sfen"]).conflicts_with("file")))]
struct DiagramArgs {
    /// The game file (none or `-`: standard input).
    file: Option<PathBuf>,
    /// The game of the file, from 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    game: u64,
    /// The position after this ply (0: the start); the last position read when no ply option
    /// is given.
    #[arg(long)]
    ply: Option<usize>,
    /// Every position, from the start (SVG needs --output-dir).
    #[arg(long)]
    every_ply: bool,
    /// The position after each commented move (SVG needs --output-dir when there are several).
    #[arg(long)]
    at_comments: bool,
    /// SVG or text.
    #[arg(long, value_enum, default_value_t = DiagramFormatArg::Svg)]
    format: DiagramFormatArg,
    /// Seen from the second player's side.
    #[arg(long)]
    flip: bool,
    /// The piece style: kanji or letters (shogi); traditional, simplified, letters,
    /// letters-fi, letters-de (xiangqi).
    #[arg(long)]
    pieces: Option<String>,
    /// The coordinates: japanese, digits, letters, none (shogi); wxf, iccs, none (xiangqi).
    #[arg(long)]
    coordinates: Option<String>,
    /// The width of an SVG picture, in pixels.
    #[arg(long)]
    size: Option<u32>,
    /// Write one file per diagram into this folder (`game-1-ply-032.svg`).
    #[arg(long, value_name = "DIR")]
    output_dir: Option<PathBuf>,
    /// Replace diagram files that exist already (never the input, nor through a link).
    #[arg(long, requires = "output_dir")]
    force: bool,
    /// A bare xiangqi position (a FEN, or `startpos`) instead of a file.
    #[arg(long)]
    fen: Option<String>,
    /// A bare shogi position (an SFEN, or `startpos`) instead of a file.
    #[arg(long)]
    sfen: Option<String>,
    /// The notation of the input (detected per game when absent), or its format.
    #[arg(long, value_parser = from_parser())]
    from: Option<From>,
    /// The game (detected when absent).
    #[arg(long, value_enum)]
    variant: Option<VariantArg>,
    /// Piece letters of WXF and algebraic input: en, fi, de.
    #[arg(long, value_parser = parse_language)]
    lang: Option<Language>,
    /// The encoding of the input (detected when absent).
    #[arg(long, value_parser = kifu_records::parse_encoding)]
    encoding: Option<&'static encoding_rs::Encoding>,
}

#[derive(Debug, Args)]
struct ServeArgs {
    /// The address to listen on; anything but a loopback address lets other machines use the
    /// server (a warning says so).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: std::net::IpAddr,
    /// The port; 0 takes any free port (the address is printed on standard error).
    #[arg(long, value_name = "N", default_value_t = kifu_serve::DEFAULT_PORT)]
    port: u16,
    /// Open the page in a browser (xdg-open, open); says so when it cannot.
    #[arg(long)]
    open: bool,
}

#[derive(Debug, Args)]
struct PerftArgs {
    /// The game.
    #[arg(long, value_enum)]
    variant: VariantArg,
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

/// `--to` of the other game than `--from` or `--variant` is a usage error (exit 2), said before
/// anything is read.
fn other_game_refused(a: &ConvertArgs) -> Option<u8> {
    let to = a.to.variant()?;
    let (given, what) = match (a.read.from, a.read.variant) {
        (Some(from), _) if from.variant().is_some() => (
            from.variant()?,
            format!(
                "--from {} is a {} notation",
                from.name(),
                from.variant()?.name()
            ),
        ),
        (_, Some(v)) => (v.variant(), format!("--variant is {}", v.variant().name())),
        _ => return None,
    };
    if given == to {
        return None;
    }
    errln!(
        "error: {what}, but --to {} writes {} (a {} game can be written as json or in a {} notation)",
        a.to.name,
        to.name(),
        given.name(),
        given.name()
    );
    Some(2)
}

fn main() -> ExitCode {
    stdout::guard();
    let cli = Cli::parse();
    report::set_printing(report::Printing {
        quiet: cli.quiet,
        color: match cli.color {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => {
                use std::io::IsTerminal as _;
                std::io::stderr().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        },
    });
    let read = match &cli.command {
        Command::Convert(a) => Some(&a.read),
        Command::Check(a) => Some(&a.read),
        Command::Compare(a) => Some(&a.read),
        Command::Perft(_) | Command::Diagram(_) | Command::Serve(_) => None,
    };
    if let Some(ReadOptions {
        from: Some(from),
        variant: Some(variant),
        ..
    }) = read
        && let Some(own) = from.variant()
        && own != variant.variant()
    {
        errln!(
            "error: --from {} is a {} notation, but --variant is {}",
            from.name(),
            own.name(),
            variant.variant().name()
        );
        return ExitCode::from(2);
    }
    if let Command::Convert(a) = &cli.command
        && let Some(code) = other_game_refused(a)
    {
        return ExitCode::from(code);
    }
    let code = match cli.command {
        Command::Convert(mut a) => cmd::convert::run(cmd::convert::Options {
            read: {
                // `--to psn` reads shogi only: detection does not try xiangqi's notations.
                a.read.detect = a.to.variant();
                a.read
            },
            to: a.to,
            out_lang: a.out_lang,
            style: a.style,
            squares: a.squares,
            sideways: a.sideways,
            on_error: a.on_error,
            output_encoding: a.output_encoding.unwrap_or(encoding_rs::UTF_8),
            output_dir: a.output_dir,
            output: a.output,
            force: a.force,
            format_version: a.format_version,
            omit: kifu_records::Omit {
                comments: a.no_comments,
                variations: a.no_variations,
                nags: a.no_nags,
                clocks: a.no_clocks,
            },
            files: a.files,
        }),
        Command::Check(a) => cmd::check::run(&a.read, &a.files, a.show_board),
        Command::Compare(a) => cmd::compare::run(&a.read, &a.file_a, &a.file_b, a.write.as_deref()),
        Command::Diagram(a) => cmd::diagram::run(cmd::diagram::Options {
            read: kifu_records::ReadOptions {
                variant: a.variant.map(VariantArg::variant),
                format: match a.from {
                    Some(From::Format(f)) => Some(f),
                    _ => None,
                },
                notation: match a.from {
                    Some(From::Notation(n)) => Some(n),
                    _ => None,
                },
                language: a.lang,
                encoding: a.encoding,
                ..kifu_records::ReadOptions::default()
            },
            game: a.game as usize,
            plies: match (a.ply, a.every_ply, a.at_comments) {
                (Some(n), _, _) => kifu_records::Plies::At(n),
                (_, true, _) => kifu_records::Plies::Every,
                (_, _, true) => kifu_records::Plies::AtComments,
                _ => kifu_records::Plies::End,
            },
            position: a
                .fen
                .map(|f| (Variant::Xiangqi, f))
                .or(a.sfen.map(|s| (Variant::Shogi, s))),
            diagram: kifu_records::DiagramOptions {
                format: match a.format {
                    DiagramFormatArg::Svg => kifu_records::DiagramFormat::Svg,
                    DiagramFormatArg::Text => kifu_records::DiagramFormat::Text,
                },
                flip: a.flip,
                pieces: a.pieces,
                coordinates: a.coordinates,
                size: a.size,
                last_move: None,
            },
            output_dir: a.output_dir,
            force: a.force,
            file: a.file,
        }),
        Command::Perft(a) => {
            cmd::perft::run(a.variant.variant(), a.fen.as_deref(), a.depth, a.divide)
        }
        Command::Serve(a) => cmd::serve::run(a.bind, a.port, a.open),
    };
    if OUTPUT_FAILED.load(std::sync::atomic::Ordering::Relaxed) {
        if stdout::closed() {
            errln!("error: standard output is closed: nothing written to it");
        }
        return ExitCode::from(report::EXIT_IO);
    }
    ExitCode::from(code)
}

/// `--jobs N`: a whole number of threads from 1 to 65,535 (of which at most 256 are started).
/// Any other text, a negative or too large number included, is refused with the range, where
/// clap's own parser said "number too large to fit in target type" or took `-1` for an option.
fn parse_jobs(text: &str) -> Result<u16, String> {
    let range = "a number of threads from 1 to 65535 (at most 256 are started)";
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected {range}"));
    }
    match text.parse::<u16>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{text} is out of range: expected {range}")),
    }
}
