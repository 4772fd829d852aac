//! Writing a checked game as a xiangqi PGN file in the xqbase layout, in any notation.
//!
//! - Tags: `[Game "Chinese Chess"]` first, then `[Event]`, `[Site]`, `[Date]`, `[Round]`,
//!   `[Red]`, `[Black]`, `[Result]` (every tag of these names, in file order), then every other
//!   tag in its order and spelling (but `[Variant "xiangqi"]`, WinBoard's, only in WinBoard
//!   files, which always carry it), then `[Format]` naming the notation, `[Language]` for
//!   Finnish or German letters, `[Dialect]` where a reader needs it, `[FEN]` when the game does
//!   not start from the standard position.
//! - Moves: one numbered move pair a line (`1. C2.5 H8+7`), each with its glyphs (`$n`),
//!   comments and variations; the result last.
//!
//! Rule: NOTATIONS.md, "Xiangqi files" (the xqbase PGN layout and kifu's extensions).

use iccs_algebraic::{Algebraic, AlgebraicRanks, Iccs, IccsRanks, IccsStyle};
use notation_traits::{
    CheckedGame, MoveNumbering, RawGame, Tag, TextNotation, tag_pair, write_movetext,
    write_unreadable_game,
};
use wxf_notation::{Chinese, ChineseStyle, Sideways, Wxf, WxfStyle};
use xiangqi_board::{Language, Position};

use crate::XiangqiNotation;

/// An output notation with the tags that describe it.
pub struct Output {
    /// The notation the moves are written in.
    pub notation: Box<dyn TextNotation<Position> + Send + Sync>,
    /// Which it is (its `[Format]` value).
    pub kind: XiangqiNotation,
    /// The letters, when not English (its `[Language]` value).
    pub language: Option<Language>,
    /// The `[Dialect]` value, for WXF in the 2018 rules' style: how to read it back (the WXF
    /// style writes `[Dialect "wxf"]` only for a game that holds a spelling the 2018 rules
    /// read as another move).
    pub dialect: Option<&'static str>,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Output")
            .field("kind", &self.kind)
            .field("language", &self.language)
            .field("dialect", &self.dialect)
            .finish()
    }
}

impl Output {
    /// WXF descriptive notation in `language`, with `sideways` (the language's default when
    /// `None`) and `style` (the WXF page's tandem forms, or the 2018 rules' as Fairy-Stockfish
    /// writes them, read back in their own dialect).
    pub fn wxf(language: Language, sideways: Option<Sideways>, style: WxfStyle) -> Output {
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
            kind: XiangqiNotation::Wxf,
            language: Some(language),
            dialect: (style == WxfStyle::Wxr2018).then_some("wxr2018"),
        }
    }

    /// Chinese characters in `style`.
    pub fn chinese(style: ChineseStyle) -> Output {
        Output {
            notation: Box::new(Chinese::new(style)),
            kind: XiangqiNotation::Chinese,
            language: None,
            dialect: None,
        }
    }

    /// Algebraic notation (ranks 1-10) in `language`.
    pub fn algebraic(language: Language) -> Output {
        Output {
            notation: Box::new(Algebraic::new(language)),
            kind: XiangqiNotation::Algebraic,
            language: Some(language),
            dialect: None,
        }
    }

    /// WinBoard's algebraic (ranks 0-9) in `language` (WinBoard itself writes English).
    pub fn winboard(language: Language) -> Output {
        Output {
            notation: Box::new(Algebraic::new(language).with_ranks(AlgebraicRanks::ZeroBased)),
            kind: XiangqiNotation::Winboard,
            language: (language != Language::English).then_some(language),
            dialect: None,
        }
    }

    /// ICCS coordinates in `style` (`H2-E2` or `h2e2`).
    pub fn iccs(style: IccsStyle) -> Output {
        Output {
            notation: Box::new(Iccs::new(style)),
            kind: XiangqiNotation::Iccs,
            language: None,
            dialect: None,
        }
    }

    /// Fairy-Stockfish's UCI coordinates, ranks 1-10 (`h3e3`), under `[Format "UCI"]`.
    pub fn uci() -> Output {
        Output {
            notation: Box::new(Iccs::new(IccsStyle::Engine).with_ranks(IccsRanks::OneBased)),
            kind: XiangqiNotation::Uci,
            language: None,
            dialect: None,
        }
    }
}

/// The tags that come first, in this order, after `[Game]` (the xqbase PGN layout).
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "Red", "Black", "Result"];

/// Writes a checked game as a xiangqi PGN file in `out`'s notation (see the module docs). A
/// game that could not be read to its end keeps the rest as written in `;` comment lines
/// ([`CheckedGame::unread_comment`]).
///
/// # Examples
///
/// ```
/// use notation_traits::{GameReader, ReplayOptions};
/// use xiangqi_board::Language;
/// use xiangqi_pgn::{Hints, Output, PgnGame, write_game};
///
/// let text = "[Red \"Tang\"]\n[Format \"ICCS\"]\n1. h2e2 h9g7 0-1\n";
/// let game = PgnGame::new(GameReader::new(text.as_bytes()).next().unwrap()?);
/// let (reading, _) = game.reading(Hints::default()).map_err(|d| d.to_string())?;
/// let checked = game.check(&reading, Hints::default(), ReplayOptions::default()).map_err(|d| d.to_string())?;
/// let out = Output::wxf(Language::Finnish, None, wxf_notation::WxfStyle::Wxf);
/// assert_eq!(
///     write_game(&checked, &out),
///     "[Game \"Chinese Chess\"]\n[Red \"Tang\"]\n[Result \"0-1\"]\n[Format \"WXF\"]\n[Language \"fi\"]\n\n1. T2=5 H8+7\n0-1\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_game(checked: &CheckedGame<Position>, out: &Output) -> String {
    write_parts(
        checked,
        out.notation.as_ref(),
        out.kind,
        out.language,
        out.dialect,
    )
}

/// [`write_game`] from the parts of an [`Output`].
pub(crate) fn write_parts(
    checked: &CheckedGame<Position>,
    notation: &dyn TextNotation<Position>,
    kind: XiangqiNotation,
    language: Option<Language>,
    dialect: Option<&str>,
) -> String {
    let r = &checked.replayed;
    let record = &r.record;
    let result = checked
        .result()
        .map_or_else(|| "*".to_owned(), |r| r.as_str().to_owned());
    let movetext = write_movetext(
        record,
        &r.start,
        notation,
        MoveNumbering::PerPair,
        checked.unread_comment().as_deref(),
        Some(&result),
    );
    // The WXF page's `33.4` is another move by the 2018 rules: a file that holds one says
    // which rules it follows, so that it reads back without a `dialect-collision` warning.
    let dialect = dialect.or_else(|| {
        (kind == XiangqiNotation::Wxf && movetext.split_whitespace().any(equal_digit_pawn))
            .then_some("wxf")
    });
    let mut text = String::new();
    let mut tag = |name: &str, value: &str| text.push_str(&tag_pair(name, value));
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
    let skip = |t: &Tag| {
        ["Game", "Format", "Language", "Dialect", "FEN"]
            .iter()
            .chain(ROSTER.iter())
            .any(|k| k.eq_ignore_ascii_case(&t.name))
            // `[Variant "xiangqi"]` is WinBoard's word for what `Game` says: the WinBoard
            // writer puts it, the others leave it out, so that it does not stick to the game
            // through a conversion out of WinBoard (issue 18 item 9).
            || (kind != XiangqiNotation::Winboard
                && t.name.eq_ignore_ascii_case("Variant")
                && t.value.eq_ignore_ascii_case("xiangqi"))
    };
    for t in record.tags.iter().filter(|t| !skip(t)) {
        tag(&t.name, &t.value);
    }
    tag("Format", kind.format_tag());
    if kind == XiangqiNotation::Winboard && record.tag("Variant").is_none() {
        tag("Variant", "xiangqi");
    }
    if let Some(l) = language.filter(|&l| l != Language::English) {
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

/// A game that could not be read at all (no notation fits, a bad FEN), kept as written under
/// `[Game "Chinese Chess"]` ([`write_unreadable_game`]); `reason` says why.
pub fn write_unreadable(raw: &RawGame, reason: &str) -> String {
    write_unreadable_game(raw, reason, Some(("Game", "Chinese Chess")))
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
