//! [`HtmlPage`]: a game as one self-contained HTML file, a write-only record format of both
//! games.
//!
//! The page holds the SVG board of every position of the game (the main line and every
//! variation, each drawn by this crate with the move just played marked and a caption), the
//! tags as a header, and the movetext with every move a button that shows its position;
//! comments, glyphs, clock times and variations stand where the record has them. Buttons and
//! the arrow keys step through the line shown (`←` `→`, `Home`, `End`). It needs nothing from
//! the network: no external script, style or font, so it works from a `file://` URL; a
//! Content-Security-Policy allows only its own inline script and style (by their SHA-256),
//! and every text of the record is escaped.

use std::fmt::Write as _;
use std::io::BufRead;

use notation_traits::{
    CheckedGame, Confidence, Diagnostic, FormatGames, FormatInfo, GameRecord, Line, MoveNumbering,
    RecordFormat, TextNotation, WriteSettings, Written, WrittenGame,
};

use crate::csp::hash_source;
use crate::{Caption, Diagram, Escaped, ShogiOptions, XiangqiOptions};

/// The page's script.
const SCRIPT: &str = include_str!("../assets/page.js");
/// The page's style sheet.
const STYLE: &str = include_str!("../assets/page.css");

/// What the format is: `html`, written only.
static INFO: FormatInfo = FormatInfo {
    name: "html",
    title: "HTML game page (kifu)",
    extensions: &["html"],
    binary: false,
    writes: true,
    default_encoding: None,
    source: "kifu's own: one self-contained HTML page a game (HTML Living Standard, SVG 1.1, CSP Level 3)",
};

/// A game as a self-contained HTML page: a write-only [`RecordFormat`] of xiangqi and shogi
/// (name `html`, extension `html`; it sniffs nothing and reads nothing).
///
/// [`RecordFormat::write`] replays the checked record from its start (every move of the main
/// line and of every variation) and writes one page; the move texts are
/// [`WriteSettings::notation`]'s, or the coordinate form (`h2e2`, `7g7f`) without one. The
/// boards are drawn with [`HtmlPage::xiangqi`] or [`HtmlPage::shogi`] (their last move,
/// caption, check marker and id prefix are set per position).
///
/// # Examples
///
/// ```
/// use iccs_algebraic::Algebraic;
/// use kifu_diagram::HtmlPage;
/// use notation_traits::{CheckedGame, RecordFormat, WriteSettings, Written, parse_game_text, replay};
/// use xiangqi_board::Position;
///
/// let raw = parse_game_text("[Red \"A\"]\n[Black \"B\"]\n1. The3 {<script>alert(1)</script>} Hg8 *\n");
/// let replayed = replay(&raw.record, Position::new(), &Algebraic::FINNISH);
/// let game = CheckedGame::new(replayed, &raw, None);
/// let settings = WriteSettings { notation: Some(&Algebraic::FINNISH), ..WriteSettings::default() };
/// let written = RecordFormat::<Position>::write(&HtmlPage::new(), &game, &settings)?;
/// let Written::Text(html) = written.output else { unreachable!() };
/// assert!(html.starts_with("<!DOCTYPE html>"));
/// assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
/// assert!(!html.contains("<script>alert"));
/// assert_eq!(html.matches("<div class=\"position\"").count(), 3);
/// assert!(html.contains(">The3</button>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HtmlPage {
    /// How xiangqi boards are drawn.
    pub xiangqi: XiangqiOptions,
    /// How shogi boards are drawn.
    pub shogi: ShogiOptions,
}

impl HtmlPage {
    /// A page writer with the default options of both games.
    pub const fn new() -> HtmlPage {
        HtmlPage {
            xiangqi: XiangqiOptions::new(),
            shogi: ShogiOptions::new(),
        }
    }
}

impl RecordFormat<xiangqi_board::Position> for HtmlPage {
    fn info(&self) -> &'static FormatInfo {
        &INFO
    }

    fn sniff(&self, _prefix: &[u8]) -> Confidence {
        Confidence::NONE
    }

    fn read<'a>(
        &'a self,
        _input: Box<dyn BufRead + Send + 'a>,
    ) -> FormatGames<'a, xiangqi_board::Position> {
        Box::new(std::iter::empty())
    }

    fn write(
        &self,
        game: &CheckedGame<xiangqi_board::Position>,
        settings: &WriteSettings<'_, xiangqi_board::Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        Ok(write_page(game, settings, &self.xiangqi, &Xiangqi))
    }
}

impl RecordFormat<shogi_board::Position> for HtmlPage {
    fn info(&self) -> &'static FormatInfo {
        &INFO
    }

    fn sniff(&self, _prefix: &[u8]) -> Confidence {
        Confidence::NONE
    }

    fn read<'a>(
        &'a self,
        _input: Box<dyn BufRead + Send + 'a>,
    ) -> FormatGames<'a, shogi_board::Position> {
        Box::new(std::iter::empty())
    }

    fn write(
        &self,
        game: &CheckedGame<shogi_board::Position>,
        settings: &WriteSettings<'_, shogi_board::Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        Ok(write_page(game, settings, &self.shogi, &Shogi))
    }
}

/// What differs between the games' pages.
trait Game<P> {
    /// `xiangqi` or `shogi`.
    fn name(&self) -> &'static str;
    /// How the movetext numbers its moves.
    fn numbering(&self) -> MoveNumbering;
    /// The players' names from the tags: the first player's, the second's.
    fn players(&self, record: &GameRecord<impl Sized>) -> (Option<String>, Option<String>);
    /// The language of the boards' characters.
    fn lang(&self, options: &P) -> &'static str;
}

/// Xiangqi's page.
struct Xiangqi;

impl Game<XiangqiOptions> for Xiangqi {
    fn name(&self) -> &'static str {
        "xiangqi"
    }

    fn numbering(&self) -> MoveNumbering {
        MoveNumbering::PerPair
    }

    fn players(&self, record: &GameRecord<impl Sized>) -> (Option<String>, Option<String>) {
        (tag(record, &["Red"]), tag(record, &["Black"]))
    }

    fn lang(&self, options: &XiangqiOptions) -> &'static str {
        match options.pieces {
            crate::XiangqiPieces::Traditional => "zh-Hant",
            crate::XiangqiPieces::Simplified => "zh-Hans",
            crate::XiangqiPieces::Letters(_) => "en",
        }
    }
}

/// Shogi's page.
struct Shogi;

impl Game<ShogiOptions> for Shogi {
    fn name(&self) -> &'static str {
        "shogi"
    }

    fn numbering(&self) -> MoveNumbering {
        MoveNumbering::PerPly
    }

    fn players(&self, record: &GameRecord<impl Sized>) -> (Option<String>, Option<String>) {
        (
            tag(record, &["Sente", "Black"]),
            tag(record, &["Gote", "White"]),
        )
    }

    fn lang(&self, options: &ShogiOptions) -> &'static str {
        match options.pieces {
            crate::ShogiPieces::Kanji => "ja",
            crate::ShogiPieces::Letters => "en",
        }
    }
}

/// The first non-empty value of the tags `names` (compared without case), in that order.
fn tag(record: &GameRecord<impl Sized>, names: &[&str]) -> Option<String> {
    names
        .iter()
        .find_map(|name| record.tag(name).filter(|v| !v.trim().is_empty()))
        .map(str::to_owned)
}

/// One position of the page.
struct Node {
    /// The node before (none for the start).
    prev: Option<usize>,
    /// The node after on the same line.
    next: Option<usize>,
    /// The number of the move that led here (0 at the start).
    ply: u32,
    /// Whether it is on the main line.
    main: bool,
    /// The board.
    svg: String,
}

/// Writes the page while walking the record.
struct Writer<'a, P: Diagram> {
    notation: Option<&'a dyn TextNotation<P>>,
    options: &'a P::Options,
    numbering: MoveNumbering,
    nodes: Vec<Node>,
    moves: String,
    lost: Vec<String>,
}

impl<P: Diagram> Writer<'_, P> {
    /// The board of `pos`, reached by `mv` (written `text`) as the move numbered `ply`.
    fn board(&self, id: usize, pos: &P, last: Option<(P::Move, &str)>, ply: u32) -> String {
        let mut options = self.options.clone();
        let view = P::view_mut(&mut options);
        view.id_prefix = format!("n{id}-");
        view.last_move = last.map(|(mv, _)| P::move_squares(mv));
        let caption = view.caption.get_or_insert_with(Caption::default);
        caption.ply = Some(ply);
        caption.last_move = last.map(|(_, text)| text.to_owned());
        pos.svg_diagram(&options)
    }

    /// Writes `line` (played from `pos`, after `previous`, whose position is node `from`) into
    /// the movetext and its positions into the nodes.
    fn line(
        &mut self,
        line: &Line<P::Move>,
        mut pos: P,
        mut previous: Option<P::Move>,
        from: usize,
        main: bool,
    ) {
        for comment in &line.comments {
            let _ = write!(
                self.moves,
                "<span class=\"comment\">{}</span> ",
                Escaped(comment)
            );
        }
        let mut at = from;
        let mut interrupted = true;
        for (i, entry) in line.moves.iter().enumerate() {
            let mv = entry.mv;
            if !pos.is_legal(mv) {
                self.lost.push(format!(
                    "moves from `{}` on: not legal in their position",
                    entry.text
                ));
                break;
            }
            let text = match self.notation {
                Some(n) => n.write_after(&pos, previous, mv),
                None => mv.to_string(),
            };
            let first = P::is_first_player(pos.side_to_move());
            let number = match self.numbering {
                MoveNumbering::PerPly => Some(format!("{}.", pos.ply_number())),
                MoveNumbering::PerPair if first => Some(format!("{}.", pos.move_number())),
                MoveNumbering::PerPair if interrupted => Some(format!("{}...", pos.move_number())),
                MoveNumbering::PerPair => None,
            };
            let ply = pos.ply_number();
            let before = pos.clone();
            pos.play_unchecked(mv);
            let id = self.nodes.len();
            let svg = self.board(id, &pos, Some((mv, &text)), ply);
            self.nodes.push(Node {
                prev: Some(at),
                next: None,
                ply,
                main,
                svg,
            });
            if i > 0 || main {
                self.nodes[at].next = Some(id);
            }
            self.moves.push_str("<span class=\"ply\">");
            if let Some(number) = number {
                let _ = write!(self.moves, "<span class=\"num\">{number}</span>");
            }
            let _ = write!(
                self.moves,
                "<button type=\"button\" class=\"move\" data-node=\"{id}\" data-ply=\"{ply}\">{}</button>",
                Escaped(&text)
            );
            for &nag in &entry.nags {
                let _ = write!(
                    self.moves,
                    "<span class=\"nag\">{}</span>",
                    Escaped(&glyph(nag))
                );
            }
            if let Some(clock) = &entry.clock {
                let _ = write!(
                    self.moves,
                    "<span class=\"clock\">({})</span>",
                    Escaped(clock)
                );
            }
            self.moves.push_str("</span> ");
            interrupted = false;
            for comment in &entry.comments {
                let _ = write!(
                    self.moves,
                    "<span class=\"comment\">{}</span> ",
                    Escaped(comment)
                );
                interrupted = true;
            }
            for variation in &entry.variations {
                self.moves.push_str("<span class=\"variation\">( ");
                self.line(variation, before.clone(), previous, at, false);
                self.moves.push_str(")</span> ");
                interrupted = true;
            }
            previous = Some(mv);
            at = id;
        }
    }
}

/// A numeric annotation glyph as readers know it: `!` `?` `!!` `??` `!?` `?!` for 1-6, `$n`
/// for the others (PGN standard, section 10).
fn glyph(nag: u16) -> String {
    match nag {
        1 => "!".to_owned(),
        2 => "?".to_owned(),
        3 => "!!".to_owned(),
        4 => "??".to_owned(),
        5 => "!?".to_owned(),
        6 => "?!".to_owned(),
        n => format!(" ${n}"),
    }
}

/// The page of `game`.
fn write_page<P, G>(
    game: &CheckedGame<P>,
    settings: &WriteSettings<'_, P>,
    options: &P::Options,
    kind: &G,
) -> WrittenGame
where
    P: Diagram,
    G: Game<P::Options>,
{
    let replayed = &game.replayed;
    let record = &replayed.record;
    let mut writer = Writer::<P> {
        notation: settings.notation,
        options,
        numbering: kind.numbering(),
        nodes: Vec::new(),
        moves: String::new(),
        lost: Vec::new(),
    };
    let start = replayed.start.clone();
    let start_svg = {
        let mut options = options.clone();
        let view = P::view_mut(&mut options);
        view.id_prefix = "n0-".to_owned();
        view.last_move = None;
        let caption = view.caption.get_or_insert_with(Caption::default);
        caption.ply = Some(0);
        caption.last_move = None;
        start.svg_diagram(&options)
    };
    writer.nodes.push(Node {
        prev: None,
        next: None,
        ply: 0,
        main: true,
        svg: start_svg,
    });
    writer.line(&record.main, start, None, 0, true);
    if let Some(t) = &game.terminal {
        let _ = write!(
            writer.moves,
            "<span class=\"terminal\">{}</span> ",
            Escaped(&t.text)
        );
    }
    let result = game
        .result()
        .map(|r| r.to_string())
        .or_else(|| record.result_token.clone());
    if let Some(result) = &result {
        let _ = write!(
            writer.moves,
            "<span class=\"result\">{}</span> ",
            Escaped(result)
        );
    }
    for comment in &record.trailing_comments {
        let _ = write!(
            writer.moves,
            "<span class=\"comment\">{}</span> ",
            Escaped(comment)
        );
    }
    let unread = game.unread_comment();

    let (first, second) = kind.players(record);
    let heading = match (&first, &second) {
        (None, None) => "Game".to_owned(),
        (a, b) => format!(
            "{} – {}",
            a.as_deref().unwrap_or("?"),
            b.as_deref().unwrap_or("?")
        ),
    };
    let subtitle: Vec<String> = ["Event", "Site", "Date", "Round"]
        .iter()
        .filter_map(|&name| {
            let value = record.tag(name)?.trim();
            let known = !value.is_empty() && !value.chars().all(|c| matches!(c, '?' | '-' | '.'));
            known.then(|| match name {
                "Round" => format!("round {value}"),
                _ => value.to_owned(),
            })
        })
        .collect();
    let mut title = heading.clone();
    if let Some(event) = record.tag("Event").filter(|v| !v.trim().is_empty()) {
        let _ = write!(title, " · {event}");
    }

    let mut html = String::with_capacity(64 * 1024 + writer.nodes.len() * 20 * 1024);
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src {}; style-src {}; \
img-src 'none'; base-uri 'none'; form-action 'none'\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"kifu\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n\
<body class=\"kifu-game {}\" data-node=\"0\">\n<header>\n<h1>{}</h1>\n",
        hash_source(SCRIPT),
        hash_source(STYLE),
        Escaped(&title),
        kind.name(),
        Escaped(&heading),
    );
    if !subtitle.is_empty() {
        let _ = writeln!(
            html,
            "<p class=\"subtitle\">{}</p>",
            Escaped(&subtitle.join(" · "))
        );
    }
    if !record.tags.is_empty() {
        html.push_str("<dl class=\"tags\">\n");
        for tag in &record.tags {
            let _ = writeln!(
                html,
                "<div><dt>{}</dt><dd>{}</dd></div>",
                Escaped(&tag.name),
                Escaped(&tag.value)
            );
        }
        html.push_str("</dl>\n");
    }
    let _ = write!(
        html,
        "</header>\n<main>\n<section class=\"viewer\" aria-label=\"board\">\n<div class=\"boards\" lang=\"{}\">\n",
        kind.lang(options)
    );
    for (id, node) in writer.nodes.iter().enumerate() {
        let _ = write!(
            html,
            "<div class=\"position\" data-node=\"{id}\" data-prev=\"{}\" data-next=\"{}\" \
data-ply=\"{}\" data-line=\"{}\" hidden>\n{}</div>\n",
            node.prev.map(|n| n.to_string()).unwrap_or_default(),
            node.next.map(|n| n.to_string()).unwrap_or_default(),
            node.ply,
            if node.main { "main" } else { "variation" },
            node.svg
        );
    }
    html.push_str(
        "</div>\n<div class=\"controls\">\
<button type=\"button\" id=\"first\" title=\"start (Home)\" aria-label=\"start\">«</button>\
<button type=\"button\" id=\"prev\" title=\"back (←)\" aria-label=\"back\">‹</button>\
<button type=\"button\" id=\"next\" title=\"forward (→)\" aria-label=\"forward\">›</button>\
<button type=\"button\" id=\"last\" title=\"end (End)\" aria-label=\"end\">»</button></div>\n\
<p class=\"help\">← → step · Home End · click a move</p>\n</section>\n",
    );
    let _ = write!(
        html,
        "<section class=\"movetext\" id=\"movetext\" aria-label=\"moves\">\n<p>{}</p>\n",
        writer.moves.trim_end()
    );
    if let Some(unread) = &unread {
        let _ = writeln!(html, "<p class=\"unread\">{}</p>", Escaped(unread));
    }
    let _ = write!(
        html,
        "</section>\n</main>\n<footer>Written by kifu.</footer>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
    );
    WrittenGame {
        output: Written::Text(html),
        lost: writer.lost,
    }
}

#[cfg(test)]
mod tests {
    use super::{SCRIPT, STYLE};

    #[test]
    fn the_assets_hold_no_closing_tag_of_their_element() {
        // An inline script or style ends at the first `</script` or `</style` (HTML Living
        // Standard, 13.2.6.4.6 and 13.2.5.3): neither may hold one.
        assert!(!SCRIPT.to_ascii_lowercase().contains("</script"));
        assert!(!STYLE.to_ascii_lowercase().contains("</style"));
    }
}
