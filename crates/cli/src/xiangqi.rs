//! Xiangqi games: the start position, the notation (given, named by the file's tags, or
//! detected), checking every move, and writing PGN or JSON.

use iccs_algebraic::{Algebraic, AlgebraicRanks, Iccs, IccsRanks, IccsStyle};
use notation_traits::{
    Diagnostic, GameRecord, GameResult, MoveNumbering, RawGame, ReplayOptions, Severity,
    Termination, TextNotation, position_command, replay_with, write_movetext,
};
use serde_json::json;
use wxf_notation::{Chinese, ChineseStyle, Sideways, Wxf, WxfStyle};
use xiangqi_board::{Language, Position};

use crate::common::{self, Score};
use crate::{DialectArg, InputNotation, ReadOptions};

/// A xiangqi notation with the words that name it.
pub(crate) type Reading = common::Reading<Position>;

/// A checked xiangqi game.
pub(crate) type Checked = common::Checked<Position>;

fn language_name(l: Language) -> &'static str {
    match l {
        Language::English => "English",
        Language::Finnish => "Finnish",
        Language::German => "German",
    }
}

/// The reading of `kind` in `language` (ICCS: `language` None, ranks 0-9; see
/// [`fairy_uci`]; WinBoard: English letters unless others are given).
pub(crate) fn reading(
    kind: InputNotation,
    language: Option<Language>,
    dialect: wxf_notation::Dialect,
) -> Reading {
    match kind {
        InputNotation::Wxf => {
            let l = language.unwrap_or_default();
            Reading {
                notation: Box::new(Wxf::new(l).with_dialect(dialect)),
                name: format!("WXF descriptive notation, {} letters", language_name(l)),
            }
        }
        InputNotation::Chinese => Reading {
            notation: Box::new(Chinese::default()),
            name: "Chinese characters".to_owned(),
        },
        InputNotation::Algebraic => {
            let l = language.unwrap_or_default();
            Reading {
                notation: Box::new(Algebraic::new(l)),
                name: format!("algebraic notation, {} letters", language_name(l)),
            }
        }
        InputNotation::Winboard => {
            let l = language.unwrap_or_default();
            Reading {
                notation: Box::new(Algebraic::new(l).with_ranks(AlgebraicRanks::ZeroBased)),
                name: format!(
                    "WinBoard algebraic notation, ranks 0-9, {} letters",
                    language_name(l)
                ),
            }
        }
        InputNotation::Uci => fairy_uci(),
        // The shogi notations are filtered out before (`readings_to_try`): ICCS is the
        // reading of last resort.
        InputNotation::Iccs | InputNotation::Psn | InputNotation::Usi => Reading {
            notation: Box::new(Iccs::new(IccsStyle::Engine)),
            name: "ICCS coordinates, ranks 0-9".to_owned(),
        },
    }
}

fn fairy_uci() -> Reading {
    Reading {
        notation: Box::new(Iccs::new(IccsStyle::Engine).with_ranks(IccsRanks::OneBased)),
        name: "Fairy-Stockfish UCI coordinates, ranks 1-10".to_owned(),
    }
}

/// The readings to try for a game: the one given on the command line, else the one its
/// `[Format]` and `[Language]` tags name, else all (WinBoard's algebraic in English letters
/// only, unless other letters are given: WinBoard writes no others).
fn readings_to_try(
    opts: &ReadOptions,
    record: &GameRecord<()>,
) -> Result<Vec<Reading>, Box<Diagnostic>> {
    let tag_kind = match record.tag("Format").map(str::to_ascii_lowercase).as_deref() {
        None => None,
        Some("wxf") => Some(InputNotation::Wxf),
        Some("iccs") => Some(InputNotation::Iccs),
        Some("uci") => Some(InputNotation::Uci),
        Some("algebraic") => Some(InputNotation::Algebraic),
        Some("winboard") => Some(InputNotation::Winboard),
        Some("chinese") => Some(InputNotation::Chinese),
        // An unknown [Format] is no reason to give up: detect as if it were absent.
        Some(_) => None,
    };
    let language_tag = record
        .tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case("Language"));
    let tag_language = match language_tag {
        None => None,
        Some(t) => Some(t.value.parse::<Language>().map_err(|e| {
            Box::new(
                Diagnostic::new(Severity::Error, "bad-tag", format!("[Language]: {e}")).at(t.span),
            )
        })?),
    };
    let from = opts.from.filter(|f| f.variant() == crate::Variant::Xiangqi);
    let kinds = match from.or(tag_kind) {
        Some(k) => vec![k],
        // In this order, the first wins where readings give the same moves (or none): plain
        // coordinates (`h2h8`) are ICCS before they are WinBoard's long algebraic.
        None => vec![
            InputNotation::Wxf,
            InputNotation::Chinese,
            InputNotation::Algebraic,
            InputNotation::Iccs,
            InputNotation::Uci,
            InputNotation::Winboard,
        ],
    };
    let given_language = opts.lang.or(tag_language);
    let languages: Vec<Language> = match given_language {
        Some(l) => vec![l],
        None => Language::ALL.to_vec(),
    };
    // The dialect: --dialect, else the [Dialect] tag kifu writes for the 2018 style, else the
    // game's own forms (fitted below).
    let tag_dialect = match record
        .tag("Dialect")
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("wxf") => Some(DialectArg::Wxf),
        Some("wxr2018") => Some(DialectArg::Wxr2018),
        Some("xqbase") => Some(DialectArg::Xqbase),
        _ => None,
    };
    let given_dialect = opts.dialect.or(tag_dialect);
    let dialect = given_dialect.map_or(wxf_notation::Dialect::Wxf, DialectArg::dialect);
    // The game's own sideways sign, and its dialect unless one is given.
    let texts: Vec<&str> = record.main.moves.iter().map(|m| m.text.as_str()).collect();
    let fit = |wxf: Wxf| wxf.fitted_to(texts.iter().copied(), given_dialect.is_none());
    let mut out = Vec::new();
    for kind in kinds {
        match kind {
            InputNotation::Iccs | InputNotation::Uci | InputNotation::Chinese => {
                out.push(reading(kind, None, dialect));
            }
            InputNotation::Winboard => out.push(reading(kind, given_language, dialect)),
            InputNotation::Wxf => out.extend(languages.iter().map(|&l| {
                let mut r = reading(kind, Some(l), dialect);
                let wxf = match given_dialect {
                    Some(_) => Wxf::new(l).with_declared_dialect(dialect),
                    None => Wxf::new(l).with_dialect(dialect),
                };
                r.notation = Box::new(fit(wxf));
                r
            })),
            _ => out.extend(languages.iter().map(|&l| reading(kind, Some(l), dialect))),
        }
    }
    Ok(out)
}

/// The start position of a record: its `[FEN]` tag, else the standard start.
pub(crate) fn start_position(record: &GameRecord<()>) -> Result<Position, Box<Diagnostic>> {
    match record
        .tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case("FEN"))
    {
        None => Ok(Position::new()),
        Some(tag) => Position::from_fen(&tag.value).map_err(|e| {
            Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "bad-fen",
                    format!("[FEN \"{}\"]: {e}", tag.value),
                )
                .at(tag.span),
            )
        }),
    }
}

/// Chooses the reading of a game: the only one to try, or the one under which the most plies
/// read legally. A tie between readings that give different moves is an error naming them.
pub(crate) fn choose_reading(
    opts: &ReadOptions,
    start: &Position,
    record: &GameRecord<()>,
) -> Result<(Reading, Option<String>), Box<Diagnostic>> {
    let mut tries = readings_to_try(opts, record)?;
    if tries.len() == 1 {
        return Ok((tries.remove(0), None));
    }
    let names: Vec<String> = tries.iter().map(|r| r.name.clone()).collect();
    let scored: Vec<(Score<xiangqi_board::Move>, Reading)> = tries
        .into_iter()
        .map(|r| (common::score(start, record, r.notation.as_ref()), r))
        .collect();
    let key = |s: &Score<xiangqi_board::Move>| s.key();
    let best = scored.iter().map(|(s, _)| key(s)).max().unwrap_or((0, 0));
    let total = record.main.moves.len();
    let mut top: Vec<(Score<xiangqi_board::Move>, Reading)> =
        scored.into_iter().filter(|(s, _)| key(s) == best).collect();
    if best == (0, 0) && total > 0 {
        let first = &record.main.moves[0];
        let other_letters = opts.lang.and_then(|given| {
            Language::ALL
                .into_iter()
                .filter(|&l| l != given)
                .find(|&l| {
                    let mut other = opts.clone();
                    other.lang = Some(l);
                    readings_to_try(&other, record).is_ok_and(|tries| {
                        tries.iter().any(|r| {
                            !common::score(start, record, r.notation.as_ref())
                                .moves
                                .is_empty()
                        })
                    })
                })
        });
        let help = if let Some(l) = other_letters {
            format!(
                "the moves read in {} letters: --lang sets the letters of the input too; --out-lang sets only the output's",
                language_name(l)
            )
        } else if opts.from.is_some() {
            "the moves are not in the notation given with --from (or its letters: --lang en, fi, de)"
                .to_owned()
        } else {
            "give the notation with --from (wxf, chinese, iccs, uci, algebraic, winboard) and the letters with --lang (en, fi, de); a shogi game with --variant shogi (--from psn or usi)"
                .to_owned()
        };
        return Err(Box::new(
            Diagnostic::new(
                Severity::Error,
                "notation-not-detected",
                format!(
                    "no move of the game reads as a move in any notation tried ({})",
                    names.join("; ")
                ),
            )
            .at(first.span)
            .with_text(first.text.clone())
            .with_help(help),
        ));
    }
    // Readings that give the same moves are one reading: the first named wins.
    let mut distinct: Vec<(Score<xiangqi_board::Move>, Reading)> = Vec::new();
    for (s, r) in top.drain(..) {
        if !distinct.iter().any(|(d, _)| d.moves == s.moves) {
            distinct.push((s, r));
        }
    }
    if distinct.len() == 1 {
        let (s, reading) = distinct.remove(0);
        let note = if total == 0 {
            format!(
                "read as {}: the game has no move outside its variations and comments",
                reading.name
            )
        } else if s.moves.is_empty() {
            format!(
                "read as {}: {} of {total} moves are well formed in it, but none reads in turn from the start",
                reading.name, s.parsed
            )
        } else {
            format!(
                "detected {} ({} of {total} plies read)",
                reading.name,
                s.moves.len()
            )
        };
        return Ok((reading, Some(note)));
    }
    let names: Vec<String> = distinct.iter().map(|(_, r)| r.name.clone()).collect();
    Err(Box::new(
        Diagnostic::new(
            Severity::Error,
            "notation-tie",
            format!(
                "the game reads as well ({} of {total} plies) but differently as {}",
                best.0,
                names.join(" and as ")
            ),
        )
        .with_help("give the notation with --from and the letters with --lang"),
    ))
}

/// How well xiangqi reads a game: the best of its notations (for choosing the game).
pub(crate) fn fit(raw: &RawGame, opts: &ReadOptions) -> (usize, usize) {
    let command =
        position_command(&raw.record).map(|c| common::record_from_command(&raw.record, c, "FEN"));
    let record = command.as_ref().unwrap_or(&raw.record);
    let Ok(start) = start_position(record) else {
        return (0, 0);
    };
    readings_to_try(opts, record)
        .unwrap_or_default()
        .iter()
        .map(|r| common::score(&start, record, r.notation.as_ref()).key())
        .max()
        .unwrap_or((0, 0))
}

/// A game ready to compare or check.
pub(crate) struct Prepared {
    /// The record (an engine line turned into one).
    pub(crate) record: GameRecord<()>,
    pub(crate) start: Position,
    pub(crate) reading: Reading,
    /// What detection said.
    pub(crate) detected: Option<String>,
}

/// Prepares a game: its record, start position and reading.
pub(crate) fn prepare(raw: &RawGame, opts: &ReadOptions) -> Result<Prepared, Box<Diagnostic>> {
    let record = position_command(&raw.record)
        .map(|c| common::record_from_command(&raw.record, c, "FEN"))
        .unwrap_or_else(|| raw.record.clone());
    let start = start_position(&record)?;
    let (reading, detected) = choose_reading(opts, &start, &record)?;
    Ok(Prepared {
        record,
        start,
        reading,
        detected,
    })
}

/// When `--lang` was given and the game reads further in other letters, says so: `--lang` sets
/// the input's letters too, `--out-lang` only the output's.
fn language_hint(
    opts: &ReadOptions,
    given: Language,
    start: &Position,
    record: &GameRecord<()>,
    replayed: &mut notation_traits::Replayed<Position>,
) {
    let read = replayed.record.main.moves.len();
    let best = Language::ALL
        .into_iter()
        .filter(|&l| l != given)
        .filter_map(|l| {
            let mut other = opts.clone();
            other.lang = Some(l);
            let tries = readings_to_try(&other, record).ok()?;
            tries
                .iter()
                .map(|r| {
                    common::score(start, record, r.notation.as_ref())
                        .moves
                        .len()
                })
                .max()
                .map(|n| (n, l))
        })
        .max_by_key(|(n, _)| *n);
    if let Some((n, l)) = best
        && n > read
    {
        replayed.diagnostics.push(
            Diagnostic::new(
                Severity::Warning,
                "language-hint",
                format!(
                    "the game reads further in {} letters ({n} of {} plies) than in {} letters ({read})",
                    language_name(l),
                    record.main.moves.len(),
                    language_name(given)
                ),
            )
            .with_help("--lang sets the letters of the input too; --out-lang sets only the output's"),
        );
    }
}

/// Reads and checks one game.
pub(crate) fn check(raw: &RawGame, opts: &ReadOptions) -> Result<Checked, Box<Diagnostic>> {
    let Prepared {
        record,
        start,
        reading,
        detected,
    } = prepare(raw, opts)?;
    let record = &record;
    let options = ReplayOptions {
        repair: opts.repair,
        ..ReplayOptions::default()
    };
    let mut replayed = replay_with(record, start, reading.notation.as_ref(), options);
    if let Some(given) = opts.lang
        && replayed.has_errors()
    {
        language_hint(opts, given, &start, record, &mut replayed);
    }
    Ok(Checked::new(replayed, detected, raw))
}

/// An output notation with the tags that describe it.
pub(crate) struct Output {
    pub(crate) notation: Box<dyn TextNotation<Position>>,
    /// The `[Format]` value: `WXF`, `Chinese`, `ICCS`, `UCI`, `Algebraic` or `WinBoard`.
    pub(crate) format: &'static str,
    /// The letters, when not English.
    pub(crate) language: Option<Language>,
    /// The `[Dialect]` value, for WXF in the 2018 rules' style: how to read it back (the WXF
    /// style writes `[Dialect "wxf"]` only for a game that holds a spelling the 2018 rules
    /// read as another move).
    pub(crate) dialect: Option<&'static str>,
}

impl Output {
    pub(crate) fn wxf(language: Language, sideways: Option<Sideways>, style: WxfStyle) -> Output {
        // The 2018 style is read back in its own dialect (the [Dialect] tag says so).
        let mut wxf = Wxf::new(language)
            .with_style(style)
            .with_dialect(match style {
                WxfStyle::Wxr2018 => wxf_notation::Dialect::Wxr2018,
                _ => wxf_notation::Dialect::Wxf,
            });
        if let Some(s) = sideways {
            wxf = wxf.with_sideways(s);
        }
        Output {
            notation: Box::new(wxf),
            format: "WXF",
            language: Some(language),
            dialect: (style == WxfStyle::Wxr2018).then_some("wxr2018"),
        }
    }

    pub(crate) fn chinese(style: ChineseStyle) -> Output {
        Output {
            notation: Box::new(Chinese::new(style)),
            format: "Chinese",
            language: None,
            dialect: None,
        }
    }

    pub(crate) fn algebraic(language: Language) -> Output {
        Output {
            notation: Box::new(Algebraic::new(language)),
            format: "Algebraic",
            language: Some(language),
            dialect: None,
        }
    }

    /// WinBoard's algebraic (ranks 0-9): English letters unless the user gives others.
    pub(crate) fn winboard(language: Language) -> Output {
        Output {
            notation: Box::new(Algebraic::new(language).with_ranks(AlgebraicRanks::ZeroBased)),
            format: "WinBoard",
            language: (language != Language::English).then_some(language),
            dialect: None,
        }
    }

    pub(crate) fn iccs(style: IccsStyle) -> Output {
        Output {
            notation: Box::new(Iccs::new(style)),
            format: "ICCS",
            language: None,
            dialect: None,
        }
    }

    /// Fairy-Stockfish's UCI coordinates, ranks 1-10 (`h3e3`), under `[Format "UCI"]`.
    pub(crate) fn uci() -> Output {
        Output {
            notation: Box::new(Iccs::new(IccsStyle::Engine).with_ranks(IccsRanks::OneBased)),
            format: "UCI",
            language: None,
            dialect: None,
        }
    }
}

/// The tags that come first, in this order, after `[Game]` (the xqbase PGN layout).
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "Red", "Black", "Result"];

/// The game as a xiangqi PGN file (xqbase layout): `[Game]` first, the roster, the other tags,
/// an explicit `[Format]`, `[Language]` for Finnish or German letters, `[FEN]` when the game
/// does not start from the standard position; one numbered move pair a line.
pub(crate) fn write_pgn(checked: &Checked, out: &Output) -> String {
    let r = &checked.replayed;
    let record = &r.record;
    let result = checked
        .result()
        .map_or_else(|| "*".to_owned(), |r| r.as_str().to_owned());
    let movetext = write_movetext(
        record,
        &r.start,
        out.notation.as_ref(),
        MoveNumbering::PerPair,
        checked.unread_comment().as_deref(),
        Some(&result),
    );
    // The WXF page's `33.4` is another move by the 2018 rules: a file that holds one says
    // which rules it follows, so that it reads back without a `dialect-collision` warning.
    let dialect = out.dialect.or_else(|| {
        (out.format == "WXF" && movetext.split_whitespace().any(equal_digit_pawn)).then_some("wxf")
    });
    let mut text = String::new();
    let mut tag = |name: &str, value: &str| text.push_str(&common::tag_line(name, value));
    tag("Game", record.tag("Game").unwrap_or("Chinese Chess"));
    for name in ROSTER {
        if name == "Result" {
            tag("Result", &result);
            continue;
        }
        // Every tag of that name: a file may repeat one, and nothing is dropped.
        for t in record
            .tags
            .iter()
            .filter(|t| t.name.eq_ignore_ascii_case(name))
        {
            tag(name, &t.value);
        }
    }
    let skip = |n: &str| {
        ["Game", "Format", "Language", "Dialect", "FEN"]
            .iter()
            .chain(ROSTER.iter())
            .any(|k| k.eq_ignore_ascii_case(n))
    };
    for t in record.tags.iter().filter(|t| !skip(&t.name)) {
        tag(&t.name, &t.value);
    }
    tag("Format", out.format);
    if out.format == "WinBoard" && record.tag("Variant").is_none() {
        tag("Variant", "xiangqi");
    }
    if let Some(l) = out.language.filter(|&l| l != Language::English) {
        tag("Language", l.code());
    }
    if let Some(d) = dialect {
        tag("Dialect", d);
    }
    if r.start != Position::new() {
        tag("FEN", &r.start.to_fen());
    }
    text.push('\n');
    text.push_str(&movetext);
    text
}

/// Whether a WXF move text is a pawn named by two equal digits (`33.4`, `55+1`): the WXF
/// page's middle pawn, the 2018 rules' third pawn from the front.
fn equal_digit_pawn(token: &str) -> bool {
    let b = token.as_bytes();
    // A move ends with its number; a move number (`11.`, `22...`) ends with a dot.
    b.len() >= 3
        && b[0].is_ascii_digit()
        && b[1] == b[0]
        && b[b.len() - 1].is_ascii_digit()
        // `33.4`, `33+1`, or `334` with `--sideways none`.
        && (matches!(b[2], b'.' | b'=' | b'+' | b'-') || (b.len() == 3 && b[2].is_ascii_digit()))
}

/// How the game ended: on the board (no legal move), else a `[Termination]` tag, else a
/// comment after the last move or the result that says a player resigned.
fn termination(checked: &Checked) -> Option<Termination> {
    let r = &checked.replayed;
    if r.unread.is_empty()
        && let Some((_, t)) = r.end.outcome()
    {
        return Some(t);
    }
    if let Some(t) = r.record.tag("Termination") {
        let t = t.to_ascii_lowercase();
        for (word, term) in [
            ("mate", Termination::Checkmate),
            ("stalemate", Termination::Stalemate),
            ("resign", Termination::Resignation),
            ("time", Termination::Time),
            ("repetition", Termination::Repetition),
        ] {
            if t.contains(word) {
                return Some(term);
            }
        }
    }
    let last_comments = r.record.main.moves.last().map(|m| m.comments.as_slice());
    r.record
        .trailing_comments
        .iter()
        .chain(last_comments.unwrap_or_default())
        .any(|c| c.to_ascii_lowercase().contains("resign"))
        .then_some(Termination::Resignation)
}

/// The game as one JSON object (CLI.md, "JSON game record").
pub(crate) fn write_json(checked: &Checked) -> String {
    let r = &checked.replayed;
    let record = &r.record;
    let mut obj = json!({
        "variant": "xiangqi",
        "tags": common::tags_json(&record.tags),
        "start": r.start.to_fen(),
        "comments": record.main.comments,
        "moves": null,
        "result": checked.result().map(GameResult::as_str),
    });
    if let Some(t) = termination(checked) {
        obj["termination"] = json!(t.as_str());
    }
    if !record.trailing_comments.is_empty() {
        obj["result_comments"] = json!(record.trailing_comments);
    }
    if let Some(rest) = checked.unread_comment() {
        obj["unread"] = json!(rest);
    }
    obj["final"] = json!(r.end.to_fen());
    common::game_json(&obj, &record.main.moves, &r.start)
}

/// A game that could not be read at all (no notation, a bad FEN), kept as written.
pub(crate) fn write_failed_pgn(raw: &RawGame, error: &Diagnostic) -> String {
    common::write_failed(raw, error, Some(("Game", "Chinese Chess")))
}
