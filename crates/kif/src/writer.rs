//! Writing checked games as KIF and KI2 files, in the layout Kifu for Windows writes.
//!
//! KIF:
//!
//! ```text
//! #KIF version=2.0 encoding=UTF-8
//! # ---- Kifu for Windows95 V3.53 棋譜ファイル ----
//! 開始日時：1999/07/15(木) 19:07:12
//! 手合割：平手
//! 先手：先手の対局者名
//! 後手：後手の対局者名
//! 手数----指手---------消費時間--
//! *the game's comments
//!    1 ７六歩(77)   ( 0:16/00:00:16)
//!    2 ３四歩(33)   ( 0:00/00:00:00)+
//! *a comment of move 2
//!    3 中断         ( 0:03/ 0:00:19)
//! まで2手で中断
//!
//! 変化：2手
//!    2 ８四歩(83)   ( 0:00/00:00:00)
//! ```
//!
//! - the declaration names [`WriteSettings::encoding`]; the game's leading comments that
//!   start with `#` (program comment lines as read) follow it as `#` lines;
//! - the tags, in order, each `name：value` (a line break in a value as `\n`, as Kifu for
//!   Windows writes 備考); the start position as `手合割：` when it is a standard one (the
//!   record's own `手合割` tag, else one added for a handicap), else as a
//!   BOD diagram after the `手合割` tag or before the players (no 手合割 line means the even
//!   game);
//! - the moves header, the game's other comments (`*`, a bookmark `&` as `&`);
//! - each move: its number, the move in Kifu for Windows' form ([`crate::KifNotation`]), its
//!   clock as written (`( 0:16/00:00:16)`; a CSA time `T12` is turned into one) when it has
//!   one, `+` when variations follow; its comments as `*` lines (a comment of several lines
//!   as several);
//! - the terminal word as a numbered line, its clock; the trailing comments; the ending line
//!   (`まで…`) as read; for a record of another format, one made from its terminal word or
//!   result;
//! - the variations: `変化：N手` blocks after the main line, the last branch first, each
//!   followed by its own (the layout the reader reads), a variation's terminal word back on
//!   its own line.
//!
//! KI2: the same header (declared `#KI2`), no moves header; the moves six to a line in cells
//! twelve columns wide, each with its side mark and the JSA relative words
//! ([`crate::Ki2Notation`]), a comment ending the line; the ending line. KI2 has no times:
//! [`WrittenGame::lost`] says so.
//!
//! Rule: the Kakinoki KIF page; the layout of the Kifu for Windows files of
//! ../shared/specimens/kif-csa and of katsuda.net's "柿木形式V4について" (variations).

use notation_traits::{
    CheckedGame, Diagnostic, GameResult, Line, MoveEntry, MoveNotation, Tag, TerminalKind,
    WriteSettings, Written, WrittenGame,
};
use shogi_board::{Color, Handicap, Move, Position};

use crate::bod;
use crate::ending::{self, parse_terminal_comment};
use crate::names::width;
use crate::notation::{Ki2Notation, KifNotation};
use crate::reader::Kind;

/// The writer's state: the text and what could not be written.
struct Out {
    kind: Kind,
    text: String,
    lost: Vec<String>,
    /// Each side's total time so far, in seconds, for times turned from CSA's `T`.
    totals: [u64; 2],
    /// The moves on the current KI2 line.
    ki2_cells: usize,
}

impl Out {
    fn note(&mut self, what: impl Into<String>) {
        let what = what.into();
        if !self.lost.contains(&what) {
            self.lost.push(what);
        }
    }

    fn line(&mut self, text: &str) {
        self.end_ki2_line();
        self.text.push_str(text);
        self.text.push('\n');
    }

    fn end_ki2_line(&mut self) {
        if self.ki2_cells > 0 {
            let trimmed = self.text.trim_end_matches(' ').len();
            self.text.truncate(trimmed);
            self.text.push('\n');
            self.ki2_cells = 0;
        }
    }

    /// A comment as `*` lines (or a bookmark `&...` as it is).
    fn comment(&mut self, comment: &str) {
        if comment.contains(['\n', '\r']) {
            self.note("comments of several lines: written as one comment per line");
        }
        if comment.starts_with('&') && !comment.contains(['\n', '\r']) {
            self.line(comment);
            return;
        }
        for line in notation_traits::text_lines(comment) {
            self.line(&format!("*{line}"));
        }
    }
}

/// Whether the record names its players 下手/上手 or starts from a handicap.
fn handicap_names(game: &CheckedGame<Position>) -> bool {
    let r = &game.replayed;
    r.record
        .tags
        .iter()
        .any(|t| t.name == "下手" || t.name == "上手")
        || Handicap::detect(&r.start).is_some()
}

/// The standard start `pos` is: 平手 or a handicap's name.
fn preset_name(pos: &Position) -> Option<&'static str> {
    if pos.ply() != 1 {
        return None;
    }
    if pos.same_position(&Position::new()) {
        return Some("平手");
    }
    Handicap::detect(pos).map(Handicap::japanese)
}

/// Writes one game.
pub(crate) fn write(
    kind: Kind,
    game: &CheckedGame<Position>,
    settings: &WriteSettings<'_, Position>,
) -> Result<WrittenGame, Box<Diagnostic>> {
    let mut out = Out {
        kind,
        text: String::new(),
        lost: Vec::new(),
        totals: [0; 2],
        ki2_cells: 0,
    };
    let r = &game.replayed;
    let record = &r.record;
    let encoding = match settings.encoding.to_ascii_lowercase().as_str() {
        "utf-8" | "utf8" => "UTF-8".to_owned(),
        "shift_jis" | "shift-jis" | "sjis" | "cp932" | "windows-31j" | "ms932" => {
            "Shift_JIS".to_owned()
        }
        _ => settings.encoding.to_owned(),
    };
    let tag = if kind == Kind::Kif { "#KIF" } else { "#KI2" };
    out.line(&format!("{tag} version=2.0 encoding={encoding}"));
    let comments = &record.main.comments;
    let lead = comments.iter().take_while(|c| c.starts_with('#')).count();
    for c in &comments[..lead] {
        for line in notation_traits::text_lines(c) {
            out.line(line);
        }
    }
    header(game, &mut out);
    if kind == Kind::Kif {
        out.line("手数----指手---------消費時間--");
    }
    for c in &comments[lead..] {
        out.comment(c);
    }
    if record.main.moves.iter().any(|m| !m.nags.is_empty()) || has_nags(&record.main) {
        out.note("annotation glyphs: KIF and KI2 have none");
    }
    let first_ply = r.start.ply();
    let branches = moves(
        &mut out,
        r.start,
        None,
        first_ply,
        &record.main.moves,
        false,
        false,
    );
    if let Some(c) = game.unread_comment() {
        out.comment(&c);
    }
    let to_move = r.end.side_to_move();
    let moves_played = record.main.moves.len() as u32;
    let mut terminal_written = false;
    // The side the terminal word is against (who resigned, lost on time). Read from a KIF
    // ending line that names the other side than the moves (`まで4手で下手の勝ち` after no
    // move), it is not the side to move: a terminal line would then say the other result on
    // reading back, so the ending line alone carries it.
    let against = match &game.terminal {
        Some(t) if t.first_to_move => Color::Black,
        Some(_) => Color::White,
        None => to_move,
    };
    if let Some(t) = &game.terminal
        && game.is_complete()
        && against == to_move
    {
        let from_token = t.number.is_none() && TerminalKind::from_kif(&t.text).is_some();
        let written_ending = record
            .result_token
            .as_deref()
            .is_some_and(|t| t.starts_with("まで"));
        match kind {
            Kind::Kif => match ending::kif_word(t.kind, to_move) {
                Some(word) => {
                    if t.kind == TerminalKind::MaxMoves {
                        out.note(format!(
                            "the terminal word `{}` (a draw at the move limit): written as 持将棋",
                            t.text
                        ));
                    }
                    terminal_line(&mut out, first_ply + moves_played, word, t.clock.as_deref());
                    terminal_written = true;
                }
                None => {
                    if ending::write(t.kind, moves_played, to_move, false).is_none() {
                        out.note(format!(
                            "the terminal word `{}`: KIF has no word for it",
                            t.text
                        ));
                    }
                }
            },
            Kind::Ki2 => {
                if t.clock.is_some() {
                    out.note("clock times: KI2 has no times");
                }
                if from_token && !written_ending {
                    ki2_cell(&mut out, &t.text);
                    terminal_written = true;
                }
            }
        }
    }
    for c in &record.trailing_comments {
        out.comment(c);
    }
    match record.result_token.as_deref() {
        Some(t) if t.starts_with("まで") => out.line(t),
        other if !terminal_written && (game.terminal.is_some() || other.is_some()) => {
            ending_line(&mut out, game, moves_played, against);
        }
        _ => {}
    }
    out.end_ki2_line();
    variations(&mut out, &branches);
    Ok(WrittenGame {
        output: Written::Text(out.text),
        lost: out.lost,
    })
}

fn has_nags<M>(line: &Line<M>) -> bool {
    line.moves
        .iter()
        .any(|m| !m.nags.is_empty() || m.variations.iter().any(has_nags))
}

/// The ending line made from the terminal word, else from the result the record states (a
/// record of another format: a result token or tag); none from the board alone.
fn ending_line(out: &mut Out, game: &CheckedGame<Position>, moves: u32, to_move: Color) {
    let handicap = handicap_names(game);
    let kind = match (&game.terminal, game.replayed.record.result()) {
        (Some(t), _) if game.is_complete() => Some(t.kind),
        (None, Some(GameResult::Draw)) => Some(TerminalKind::Draw),
        (None, Some(result)) => {
            let winner_moved_last =
                (result == GameResult::FirstPlayerWins) == (to_move == Color::White);
            if winner_moved_last {
                Some(TerminalKind::Resignation)
            } else {
                // The side to move won: the other resigned out of turn, as far as the record
                // says; KIF words it as the side to move's win by default.
                Some(TerminalKind::DefaultWin)
            }
        }
        _ => None,
    };
    let Some(kind) = kind else { return };
    match ending::write(kind, moves, to_move, handicap) {
        Some(line) => out.line(&line),
        None => out.note(format!(
            "the ending `{}`: KIF and KI2 have no words for it",
            kind.name()
        )),
    }
}

/// The record's tags as KIF header lines hold them: under KIF's names
/// ([`shogi_board::kif_tags`]: `Sente` is `先手`, or `下手` in a handicap game), without the tags
/// of the start position (`SFEN`, `FEN`, `Handicap`: the start is written as 手合割 or a board
/// diagram) and without `Result` where the game's ending line says it.
///
/// In a handicap game the even game's `先手` and `後手` become `下手` and `上手`, as the
/// Kakinoki page names the players there (CSA's `N+` and `N-` are read as 先手 and 後手, as JKF's
/// own CSA reader does; JKF keeps them so), unless the record holds those names already.
fn kif_tags(game: &CheckedGame<Position>) -> Vec<Tag> {
    let handicap = handicap_names(game);
    let mut tags = shogi_board::kif_tags(&game.replayed.record.tags, handicap);
    if handicap {
        for (even, named) in [("先手", "下手"), ("後手", "上手")] {
            if !tags.iter().any(|t| t.name == named)
                && let Some(t) = tags.iter_mut().find(|t| t.name == even)
            {
                t.name = named.to_owned();
            }
        }
    }
    tags.retain(|t| {
        let name = t.name.to_ascii_lowercase();
        let start = matches!(name.as_str(), "sfen" | "fen" | "handicap");
        !(start || name == "result" && game.terminal.is_some())
    });
    tags
}

/// The header: tags, with the start position as 手合割 or a diagram.
fn header(game: &CheckedGame<Position>, out: &mut Out) {
    let r = &game.replayed;
    let tags = &kif_tags(game);
    let start = &r.start;
    let handicap_tag = tags.iter().position(|t| t.name == "手合割");
    let named = handicap_tag.map(|i| tags[i].value.trim_matches([' ', '\u{3000}']).to_owned());
    let preset = preset_name(start);
    let diagram = match (&named, preset) {
        (Some(n), Some(p)) if n == p => false,
        (None, Some(_)) => false,
        _ => true,
    };
    // Where the start goes: after 手合割, else before the players, else after the tags.
    let at = handicap_tag.map(|i| i + 1).unwrap_or_else(|| {
        tags.iter()
            .position(|t| matches!(t.name.as_str(), "先手" | "後手" | "下手" | "上手"))
            .unwrap_or(tags.len())
    });
    let handicap = handicap_names(game);
    let start_lines = |out: &mut Out| {
        // Without a 手合割 line KIF means the even game (the Kakinoki page): a handicap gets one.
        if handicap_tag.is_none()
            && let Some(p) = preset.filter(|&p| !diagram && p != "平手")
        {
            out.line(&format!("手合割：{p}"));
        }
        if diagram {
            let mut text = String::new();
            bod::write(start, handicap, &mut text);
            for line in text.lines() {
                out.line(line);
            }
        }
    };
    for (i, t) in tags.iter().enumerate() {
        if i == at {
            start_lines(out);
        }
        let value = t.value.replace('\n', "\\n");
        if value != t.value {
            out.note("tag values of several lines: written with `\\n` for their line breaks");
        }
        let line = format!("{}：{value}", t.name);
        let readable = !t.name.is_empty()
            && !t.name.contains(['：', ':', '\n'])
            && !t.name.starts_with(['#', '*', '&'])
            && crate::reader::is_tag_line(&line, &t.name);
        if readable {
            out.line(&line);
        } else {
            out.note(format!(
                "the tag `{}`: no KIF header line can hold its name",
                t.name
            ));
        }
    }
    if at >= tags.len() {
        start_lines(out);
    }
}

/// A branch point: the alternatives to a move, the position before it, the move before it and
/// its ply.
struct Branch<'a> {
    ply: u32,
    pos: Position,
    previous: Option<Move>,
    alternatives: &'a [Line<Move>],
}

/// Writes the moves of a line from `pos`; returns its branch points. `first_has_siblings`:
/// the first move is a variation's, and more alternatives to it follow (its `+`);
/// `variation`: a terminal word that ends the line is its last move's comment (the reader's
/// form), written back on its own line.
fn moves<'a>(
    out: &mut Out,
    mut pos: Position,
    mut previous: Option<Move>,
    first_ply: u32,
    moves: &'a [MoveEntry<Move>],
    first_has_siblings: bool,
    variation: bool,
) -> Vec<Branch<'a>> {
    let mut branches = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let ply = first_ply + i as u32;
        let plus = !m.variations.is_empty() || (i == 0 && first_has_siblings);
        match out.kind {
            Kind::Kif => {
                let text = KifNotation.describe_after(&pos, previous, m.mv).to_string();
                let clock = m
                    .clock
                    .as_deref()
                    .and_then(|c| kif_clock(out, c, pos.side_to_move()));
                let mut line = format!("{ply:>4} {text}");
                if let Some(c) = clock {
                    line.push_str(&" ".repeat(13usize.saturating_sub(width(&text)).max(1)));
                    line.push_str(&format!("({c})"));
                }
                if plus {
                    line.push('+');
                }
                out.line(&line);
            }
            Kind::Ki2 => {
                if m.clock.is_some() {
                    out.note("clock times: KI2 has no times");
                }
                let text = Ki2Notation.describe_after(&pos, previous, m.mv).to_string();
                ki2_cell(out, &text);
            }
        }
        let (before, terminal, after) = if variation && i + 1 == moves.len() {
            split_variation_terminal(&m.comments)
        } else {
            (&m.comments[..], None, &[][..])
        };
        for c in before {
            out.comment(c);
        }
        if !m.variations.is_empty() {
            branches.push(Branch {
                ply,
                pos,
                previous,
                alternatives: &m.variations,
            });
        }
        pos.play_unchecked(m.mv);
        previous = Some(m.mv);
        if let Some((word, clock)) = terminal {
            variation_terminal(out, ply + 1, word, clock, after);
        }
    }
    branches
}

/// A variation's terminal word back on its line, then the comments after it (its ending line
/// as a line).
fn variation_terminal(out: &mut Out, ply: u32, word: &str, clock: Option<&str>, after: &[String]) {
    match out.kind {
        Kind::Kif => terminal_line(out, ply, word, clock),
        Kind::Ki2 => {
            if clock.is_some() {
                out.note("clock times: KI2 has no times");
            }
            ki2_cell(out, word);
        }
    }
    for c in after {
        if c.starts_with("まで") {
            out.line(c);
        } else {
            out.comment(c);
        }
    }
}

/// A move's comments split at a variation's terminal word: those before it, the word and its
/// clock, those after it.
type Split<'a> = (
    &'a [String],
    Option<(&'a str, Option<&'a str>)>,
    &'a [String],
);

/// The terminal-word comment of a variation's last move, split out.
fn split_variation_terminal(comments: &[String]) -> Split<'_> {
    match comments
        .iter()
        .position(|c| parse_terminal_comment(c).is_some())
    {
        Some(i) => (
            &comments[..i],
            parse_terminal_comment(&comments[i]),
            &comments[i + 1..],
        ),
        None => (comments, None, &[]),
    }
}

/// Writes the variations of `branches`, the last branch first.
fn variations(out: &mut Out, branches: &[Branch<'_>]) {
    for b in branches.iter().rev() {
        alternatives(out, b.ply, b.pos, b.previous, b.alternatives);
    }
}

/// Writes the alternatives to the move of ply `ply`, each followed by its own variations.
fn alternatives(
    out: &mut Out,
    ply: u32,
    pos: Position,
    previous: Option<Move>,
    alts: &[Line<Move>],
) {
    for (j, alt) in alts.iter().enumerate() {
        out.end_ki2_line();
        out.text.push('\n');
        out.line(&format!("変化：{ply}手"));
        let more =
            j + 1 < alts.len() || alt.moves.first().is_some_and(|m| !m.variations.is_empty());
        if alt.moves.is_empty() {
            // A variation of no move: its comments, perhaps its terminal word.
            let (before, terminal, after) = split_variation_terminal(&alt.comments);
            for c in before {
                out.comment(c);
            }
            if let Some((word, clock)) = terminal {
                variation_terminal(out, ply, word, clock, after);
            }
            out.end_ki2_line();
            continue;
        }
        for c in &alt.comments {
            out.comment(c);
        }
        let branches = moves(out, pos, previous, ply, &alt.moves, more, true);
        out.end_ki2_line();
        // The first move's own variations (a nested alternative from another format) are
        // further alternatives to the same move: written after this one's branches.
        let (first, inner) = match branches.first() {
            Some(b) if b.ply == ply => (Some(b), &branches[1..]),
            _ => (None, &branches[..]),
        };
        variations(out, inner);
        if let Some(b) = first {
            alternatives(out, b.ply, b.pos, b.previous, b.alternatives);
        }
    }
}

/// A KIF terminal line.
fn terminal_line(out: &mut Out, ply: u32, word: &str, clock: Option<&str>) {
    let mut line = format!("{ply:>4} {word}");
    if let Some(c) = clock {
        line.push_str(&" ".repeat(13usize.saturating_sub(width(word)).max(1)));
        line.push_str(&format!("({c})"));
    }
    out.line(&line);
}

/// A KI2 move in its cell: six to a line, each twelve columns wide.
fn ki2_cell(out: &mut Out, text: &str) {
    if out.ki2_cells == 6 {
        out.end_ki2_line();
    }
    out.text.push_str(text);
    let pad = 12usize.saturating_sub(width(text));
    out.text.push_str(&" ".repeat(pad));
    out.ki2_cells += 1;
}

/// A clock in KIF's form: as written when it is one (`m:ss/h:mm:ss`, spaces allowed), a CSA
/// time (`T12`, `T6.123`) turned into one with the side's running total; `None` for another.
fn kif_clock(out: &mut Out, clock: &str, side: Color) -> Option<String> {
    if crate::reader::is_kif_clock(clock) {
        if let Some(total) = clock.split('/').nth(1) {
            let parts: Vec<u64> = total
                .trim()
                .split(':')
                .filter_map(|p| p.parse().ok())
                .collect();
            if let [h, m, s] = parts[..] {
                out.totals[side.index()] = h * 3600 + m * 60 + s;
            }
        }
        return Some(clock.to_owned());
    }
    // Another format's time of the move (CSA's `T12`, PSN's `0:12`): KIF adds the total.
    if let Some(millis) = notation_traits::move_time_millis(clock) {
        if millis % 1000 != 0 {
            out.note("fractions of a second of CSA times: KIF times count whole seconds");
        }
        let s = millis / 1000;
        let total = &mut out.totals[side.index()];
        *total += s;
        let t = *total;
        return Some(format!(
            "{:>2}:{:02}/{:02}:{:02}:{:02}",
            s / 60,
            s % 60,
            t / 3600,
            t / 60 % 60,
            t % 60
        ));
    }
    out.note(format!("the clock `{clock}`: not a time KIF can hold"));
    None
}
