//! Which notation, letter set and tandem-pawn dialect a game's moves are read in: the ones the
//! user gives, else the ones the game's tags name (`[Format]`, `[Language]`, `[Dialect]`), else
//! the reading under which the most plies are legal.
//!
//! Rule: NOTATIONS.md, "Xiangqi descriptive notation" (letter sets collide across languages,
//! so the reader detects the set per game as the one under which the most plies read legally;
//! a tie is an error) and "Xiangqi files" (`[Format]` names the movetext notation).

use std::sync::Mutex;

use iccs_algebraic::{Algebraic, AlgebraicRanks, Iccs, IccsRanks, IccsStyle};
use notation_traits::{
    Diagnostic, Fit, GameRecord, MoveNotation, Replayed, Resolved, Severity, TextNotation,
    best_fits, moves_in_turn, texts_parsed,
};
use wxf_notation::{Chinese, Dialect, Wxf};
use xiangqi_board::{Language, Move, Position};

use crate::XiangqiNotation;

/// What the user fixed about how a game's moves are written; what is `None` is taken from the
/// game's tags or detected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// The notation.
    pub notation: Option<XiangqiNotation>,
    /// The piece letters of WXF and algebraic notation.
    pub language: Option<Language>,
    /// The tandem-pawn dialect of WXF.
    pub dialect: Option<Dialect>,
}

/// A notation to read a game in, with the words that name it (`WXF descriptive notation,
/// Finnish letters`).
pub struct Reading {
    /// The notation.
    pub notation: Box<dyn TextNotation<Position> + Send + Sync>,
    /// Which notation it is.
    pub kind: XiangqiNotation,
    /// Its piece letters, for the notations that have them.
    pub language: Option<Language>,
    /// What to call it in messages.
    pub name: String,
    /// The game's main line as detection read it with `notation`, for the checked replay to
    /// take instead of reading it again (taken by the first check; empty when not detected).
    pub(crate) read: Mutex<Vec<Resolved<Move>>>,
    /// A WXF reading not fitted to the game's own forms yet (see [`readings`]), and whether
    /// fitting may choose its dialect: it reads no move, since the game's first text does not
    /// parse in its letters, so fitting could change nothing but its warnings; done if chosen.
    unfitted: Option<(Wxf, bool)>,
}

impl std::fmt::Debug for Reading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reading")
            .field("kind", &self.kind)
            .field("language", &self.language)
            .field("name", &self.name)
            .finish()
    }
}

fn language_name(l: Language) -> &'static str {
    match l {
        Language::English => "English",
        Language::Finnish => "Finnish",
        Language::German => "German",
    }
}

impl Reading {
    /// The reading of `kind` in `language` (English when `None`; ICCS, UCI and Chinese have no
    /// letters) and, for WXF, `dialect`.
    pub fn new(kind: XiangqiNotation, language: Option<Language>, dialect: Dialect) -> Reading {
        let l = language.unwrap_or_default();
        let (notation, name): (Box<dyn TextNotation<Position> + Send + Sync>, String) = match kind {
            XiangqiNotation::Wxf => (
                Box::new(Wxf::new(l).with_dialect(dialect)),
                format!("WXF descriptive notation, {} letters", language_name(l)),
            ),
            XiangqiNotation::Chinese => (
                Box::new(Chinese::default()),
                "Chinese characters".to_owned(),
            ),
            XiangqiNotation::Algebraic => (
                Box::new(Algebraic::new(l)),
                format!("algebraic notation, {} letters", language_name(l)),
            ),
            XiangqiNotation::Winboard => (
                Box::new(Algebraic::new(l).with_ranks(AlgebraicRanks::ZeroBased)),
                format!(
                    "WinBoard algebraic notation, ranks 0-9, {} letters",
                    language_name(l)
                ),
            ),
            XiangqiNotation::Uci => (
                Box::new(Iccs::new(IccsStyle::Engine).with_ranks(IccsRanks::OneBased)),
                "Fairy-Stockfish UCI coordinates, ranks 1-10".to_owned(),
            ),
            XiangqiNotation::Iccs => (
                Box::new(Iccs::new(IccsStyle::Engine)),
                "ICCS coordinates, ranks 0-9".to_owned(),
            ),
        };
        Reading {
            notation,
            kind,
            language: kind.has_letters().then_some(l),
            name,
            read: Mutex::new(Vec::new()),
            unfitted: None,
        }
    }

    /// Fits a WXF reading left unfitted by [`readings_lazily`] to the game's forms.
    fn fit(&mut self, record: &GameRecord<()>) {
        if let Some((wxf, dialect)) = self.unfitted.take() {
            let texts = record.main.moves.iter().map(|m| m.text.as_str());
            self.notation = Box::new(wxf.fitted_to(texts, dialect));
        }
    }
}

/// The readings to try for a game: the one `hints` give, else the one its `[Format]` and
/// `[Language]` tags name, else every notation in every letter set (WinBoard's algebraic in
/// English letters only, unless other letters are given: WinBoard writes no others). WXF
/// readings take their dialect from `hints`, else the `[Dialect]` tag, else the game's own
/// forms (2018 ordinals: wxr2018; `P.`, `Pa`: xqbase), else the WXF page's, and their sideways
/// sign from the game.
///
/// # Errors
///
/// A `bad-tag` diagnostic at a `[Language]` tag that names no letter set.
pub fn readings(record: &GameRecord<()>, hints: Hints) -> Result<Vec<Reading>, Box<Diagnostic>> {
    let mut out = readings_lazily(record, hints)?;
    for r in &mut out {
        r.fit(record);
    }
    Ok(out)
}

/// [`readings`], except that a WXF reading in letters the game's first move text does not
/// parse in is not fitted to the game's forms (a pass over every text): it reads no move in
/// any dialect, so it can win only where nothing reads, and [`Reading::fit`] fits it then.
fn readings_lazily(record: &GameRecord<()>, hints: Hints) -> Result<Vec<Reading>, Box<Diagnostic>> {
    let tag_kind = record
        .tag("Format")
        .and_then(XiangqiNotation::from_format_tag);
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
    let kinds = match hints.notation.or(tag_kind) {
        Some(k) => vec![k],
        None => XiangqiNotation::ALL.to_vec(),
    };
    let given_language = hints.language.or(tag_language);
    let languages: Vec<Language> = match given_language {
        Some(l) => vec![l],
        None => Language::ALL.to_vec(),
    };
    let tag_dialect = match record
        .tag("Dialect")
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("wxf") => Some(Dialect::Wxf),
        Some("wxr2018") => Some(Dialect::Wxr2018),
        Some("xqbase") => Some(Dialect::Xqbase),
        _ => None,
    };
    let given_dialect = hints.dialect.or(tag_dialect);
    let dialect = given_dialect.unwrap_or(Dialect::Wxf);
    // The game's own sideways sign, and its dialect unless one is given.
    let texts: Vec<&str> = record.main.moves.iter().map(|m| m.text.as_str()).collect();
    let mut out = Vec::new();
    for kind in kinds {
        match kind {
            XiangqiNotation::Iccs | XiangqiNotation::Uci | XiangqiNotation::Chinese => {
                out.push(Reading::new(kind, None, dialect));
            }
            XiangqiNotation::Winboard => out.push(Reading::new(kind, given_language, dialect)),
            XiangqiNotation::Wxf => out.extend(languages.iter().map(|&l| {
                let mut r = Reading::new(kind, Some(l), dialect);
                let wxf = match given_dialect {
                    Some(_) => Wxf::new(l).with_declared_dialect(dialect),
                    None => Wxf::new(l).with_dialect(dialect),
                };
                let first_parses = texts
                    .first()
                    .is_none_or(|t| MoveNotation::<Position>::parse_quickly(&wxf, t).is_ok());
                if first_parses {
                    r.notation =
                        Box::new(wxf.fitted_to(texts.iter().copied(), given_dialect.is_none()));
                } else {
                    r.notation = Box::new(wxf);
                    r.unfitted = Some((wxf, given_dialect.is_none()));
                }
                r
            })),
            XiangqiNotation::Algebraic => out.extend(
                languages
                    .iter()
                    .map(|&l| Reading::new(kind, Some(l), dialect)),
            ),
        }
    }
    Ok(out)
}

/// The best fit of any reading of `record` from `start` (for choosing the game of a record
/// when its tags do not say).
pub fn best_fit(start: &Position, record: &GameRecord<()>, hints: Hints) -> (usize, usize) {
    let tries = readings_lazily(record, hints).unwrap_or_default();
    // The whole key: the texts that parse count where this key is compared with another
    // game's, even when one reading alone read the most moves.
    best_fits(start, record, tries.iter().map(|r| r.notation.as_ref()))
        .first()
        .map_or((0, 0), |b| {
            let parsed = texts_parsed(record, tries[b.index].notation.as_ref());
            (b.fit.moves.len(), parsed)
        })
}

/// Chooses the reading of a game: the only one to try, or the one under which the most plies
/// read legally (then the most texts parse). Readings that give the same moves are one
/// reading (the first tried wins). A WXF reading in no given dialect that stops before the
/// end is tried in each tandem-pawn dialect, and the one that reads furthest wins: a game
/// written in one dialect reads cleanly. Returns the reading and, when it was detected, a note that
/// says so (`detected WXF descriptive notation, Finnish letters (80 of 80 plies read)`).
///
/// # Errors
///
/// `notation-not-detected` when no reading reads a single move (the help says what to give),
/// `notation-tie` when readings that give different moves read equally far, and the `bad-tag`
/// of [`readings`].
pub fn choose_reading(
    start: &Position,
    record: &GameRecord<()>,
    hints: Hints,
) -> Result<(Reading, Option<String>), Box<Diagnostic>> {
    let (reading, read, note) = choose_among(start, record, hints)?;
    Ok(decide_dialect(start, record, hints, reading, read, note))
}

/// A WXF reading whose dialect nobody gave (no `hints.dialect`, no `[Dialect]` tag) and that
/// does not read the whole game, read again in the other tandem-pawn dialects: where one reads
/// further (a spelling such as `33=4` is one pawn by the WXF page and another by the 2018 rules,
/// and the moves after it decide), the game is read in that dialect, and the note says so.
/// `read` is how many plies `reading` reads in turn, where detection counted them.
fn decide_dialect(
    start: &Position,
    record: &GameRecord<()>,
    hints: Hints,
    reading: Reading,
    read: Option<usize>,
    note: Option<String>,
) -> (Reading, Option<String>) {
    if reading.kind != XiangqiNotation::Wxf
        || hints.dialect.is_some()
        || record.tag("Dialect").is_some()
    {
        return (reading, note);
    }
    let total = record.main.moves.len();
    let read =
        read.unwrap_or_else(|| moves_in_turn(start, record, reading.notation.as_ref()).len());
    if read == total {
        return (reading, note);
    }
    let language = reading.language.unwrap_or_default();
    let texts: Vec<&str> = record.main.moves.iter().map(|m| m.text.as_str()).collect();
    let best = [Dialect::Wxf, Dialect::Wxr2018, Dialect::Xqbase]
        .into_iter()
        .map(|d| {
            let wxf = Wxf::new(language)
                .with_declared_dialect(d)
                .fitted_to(texts.iter().copied(), false);
            (moves_in_turn(start, record, &wxf).len(), d, wxf)
        })
        .max_by_key(|(n, _, _)| *n);
    match best {
        Some((n, d, wxf)) if n > read => {
            let rules = match d {
                Dialect::Wxf => "the WXF page's",
                Dialect::Wxr2018 => "the 2018 rules'",
                Dialect::Xqbase => "xqbase's",
            };
            let name = format!("{}, {rules} tandem forms", reading.name);
            let note = format!(
                "detected {name} ({n} of {total} plies read; {read} in the dialect its own forms suggest)"
            );
            (
                Reading {
                    notation: Box::new(wxf),
                    name,
                    read: Mutex::new(Vec::new()),
                    ..reading
                },
                Some(note),
            )
        }
        _ => (reading, note),
    }
}

/// [`choose_reading`] before the dialect is decided, with the plies the reading read in turn
/// where it was detected.
fn choose_among(
    start: &Position,
    record: &GameRecord<()>,
    hints: Hints,
) -> Result<(Reading, Option<usize>, Option<String>), Box<Diagnostic>> {
    let mut tries = readings_lazily(record, hints)?;
    if tries.len() == 1 {
        let mut only = tries.remove(0);
        only.fit(record);
        return Ok((only, None, None));
    }
    let names: Vec<String> = tries.iter().map(|r| r.name.clone()).collect();
    let fits = best_fits(start, record, tries.iter().map(|r| r.notation.as_ref()));
    let best = fits.first().map_or((0, 0), |b| b.fit.key());
    let total = record.main.moves.len();
    let mut tries: Vec<Option<Reading>> = tries.into_iter().map(Some).collect();
    let top: Vec<(Fit<Move>, Reading)> = fits
        .into_iter()
        .filter_map(|b| {
            let mut reading = tries[b.index].take()?;
            reading.read = Mutex::new(b.read);
            Some((b.fit, reading))
        })
        .collect();
    if best == (0, 0) && total > 0 {
        let first = &record.main.moves[0];
        let other_letters = hints.language.and_then(|given| {
            Language::ALL
                .into_iter()
                .filter(|&l| l != given)
                .find(|&l| {
                    let other = Hints {
                        language: Some(l),
                        ..hints
                    };
                    readings_lazily(record, other).is_ok_and(|tries| {
                        tries
                            .iter()
                            .any(|r| !moves_in_turn(start, record, r.notation.as_ref()).is_empty())
                    })
                })
        });
        let help = if let Some(l) = other_letters {
            format!(
                "the moves read in {} letters: --lang sets the letters of the input too; --out-lang sets only the output's",
                language_name(l)
            )
        } else if hints.notation.is_some() {
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
    let mut distinct: Vec<(Fit<Move>, Reading)> = Vec::new();
    for (s, r) in top {
        if !distinct.iter().any(|(d, _)| d.moves == s.moves) {
            distinct.push((s, r));
        }
    }
    if distinct.len() == 1 {
        let (s, mut reading) = distinct.remove(0);
        reading.fit(record);
        let note = if total == 0 {
            format!(
                "read as {}: the game has no move outside its variations and comments",
                reading.name
            )
        } else if s.moves.is_empty() {
            format!(
                "read as {}: {} of {total} {} {} well formed in it, but none reads in turn from the start",
                reading.name,
                s.parsed,
                if total == 1 { "move" } else { "moves" },
                if s.parsed == 1 { "is" } else { "are" }
            )
        } else {
            format!(
                "detected {} ({} of {total} {} read)",
                reading.name,
                s.moves.len(),
                if total == 1 { "ply" } else { "plies" }
            )
        };
        return Ok((reading, Some(s.moves.len()), Some(note)));
    }
    let names: Vec<String> = distinct.iter().map(|(_, r)| r.name.clone()).collect();
    Err(Box::new(
        Diagnostic::new(
            Severity::Error,
            "notation-tie",
            format!(
                "the game reads as well ({} of {total} {}) but differently as {}",
                best.0,
                if total == 1 { "ply" } else { "plies" },
                names.join(" and as ")
            ),
        )
        .with_help("give the notation with --from and the letters with --lang"),
    ))
}

/// When the letters were given (`hints.language`) and the game reads further in other
/// letters, a `language-hint` warning that says so: the letters given apply to the input too.
/// `replayed` is the game as checked in the letters given.
pub fn language_hint(
    start: &Position,
    record: &GameRecord<()>,
    hints: Hints,
    replayed: &Replayed<Position>,
) -> Option<Diagnostic> {
    let given = hints.language?;
    let read = replayed.record.main.moves.len();
    let (n, l) = Language::ALL
        .into_iter()
        .filter(|&l| l != given)
        .filter_map(|l| {
            let other = Hints {
                language: Some(l),
                ..hints
            };
            let tries = readings_lazily(record, other).ok()?;
            tries
                .iter()
                .map(|r| moves_in_turn(start, record, r.notation.as_ref()).len())
                .max()
                .map(|n| (n, l))
        })
        .max_by_key(|(n, _)| *n)?;
    (n > read).then(|| {
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
        .with_help("--lang sets the letters of the input too; --out-lang sets only the output's")
    })
}
