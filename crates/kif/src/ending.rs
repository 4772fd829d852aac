//! How KIF and KI2 records end: the terminal word of a KIF move line (`  13 投了`) and the
//! ending line `まで64手で後手の勝ち`, which KI2 ends with and Kifu for Windows writes after a
//! KIF's moves too.
//!
//! The ending line reads `まで` (`まで、` too), the number of moves with `手`, then `で` and
//! the ending (the forms Kifu for Windows and ShogiHome write):
//!
//! | line | kind | side named |
//! |---|---|---|
//! | `まで64手で後手の勝ち` | resignation | the winner (who made the last move) |
//! | `まで64手で時間切れにより後手の勝ち` | loss on time | the winner |
//! | `まで65手で先手の入玉勝ち` | entering-king declaration | the side to move |
//! | `まで65手で先手の反則勝ち` | win by an illegal move | the side to move |
//! | `まで65手で先手の反則負け` | loss by an illegal move | the side to move |
//! | `まで9手詰`, `まで9手で詰み` | checkmate | |
//! | `まで9手で中断`, `千日手`, `持将棋`, `封じ手`, `不詰`, `引き分け` | the word's | |
//!
//! `先手`/`下手` name Black, `後手`/`上手` White.
//!
//! Rule: the Kakinoki KIF page (the terminal words); Kifu for Windows' ending lines, as the
//! files of ../shared/specimens/kif-csa have them and ShogiHome (tsshogi `kakinoki.ts`,
//! MIT) reads and writes them.

use notation_traits::TerminalKind;
use shogi_board::Color;

use crate::names::digits;

/// An ending line as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ending {
    /// The number of moves it counts.
    pub(crate) moves: Option<u32>,
    /// The ending it names, if kifu knows the words.
    pub(crate) kind: Option<TerminalKind>,
    /// The side it names (`後手の勝ち`): the winner where `winner_named`, else the side to
    /// move.
    pub(crate) side: Option<Color>,
    /// Whether `side` is the winner (`後手の勝ち`, `時間切れにより後手の勝ち`) rather than the
    /// side to move (`先手の反則負け`, `後手の切れ負け`).
    pub(crate) winner_named: bool,
}

impl Ending {
    /// Whether Black is to move at the end, as the side named says; `None` where none is named.
    pub(crate) fn first_to_move(&self) -> Option<bool> {
        self.side
            .map(|side| (side == Color::Black) != self.winner_named)
    }
}

/// The side a player name means: 先手 or 下手 Black, 後手 or 上手 White.
fn side_word(text: &str) -> Option<(Color, &str)> {
    for (word, color) in [
        ("先手", Color::Black),
        ("下手", Color::Black),
        ("後手", Color::White),
        ("上手", Color::White),
    ] {
        if let Some(rest) = text.strip_prefix(word) {
            return Some((color, rest));
        }
    }
    None
}

/// Reads an ending line (`まで64手で後手の勝ち`); `None` when the line is no ending line.
pub(crate) fn parse(line: &str) -> Option<Ending> {
    let text: String = line
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{3000}')
        .collect();
    let rest = text.strip_prefix("まで")?;
    let rest = rest.strip_prefix('、').unwrap_or(rest);
    let number_end = rest
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_digit() || ('０'..='９').contains(&c)))
        .map_or(rest.len(), |(i, _)| i);
    let mut moves = None;
    let mut rest = rest;
    if number_end > 0
        && let Some(after) = rest[number_end..].strip_prefix('手')
    {
        moves = digits(&rest[..number_end]);
        rest = after;
    }
    let rest = rest.strip_prefix('で').unwrap_or(rest);
    let mut ending = Ending {
        moves,
        kind: None,
        side: None,
        winner_named: false,
    };
    let simple = match rest {
        "詰" | "詰み" => Some(TerminalKind::Checkmate),
        "中断" => Some(TerminalKind::Interrupted),
        "千日手" => Some(TerminalKind::Repetition),
        "持将棋" => Some(TerminalKind::Impasse),
        "封じ手" => Some(TerminalKind::Sealed),
        "不詰" => Some(TerminalKind::NoMate),
        "引き分け" => Some(TerminalKind::Draw),
        _ => None,
    };
    if simple.is_some() {
        ending.kind = simple;
        return Some(ending);
    }
    let (timeup, named) = match rest.strip_prefix("時間切れにより") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    if let Some((side, word)) = side_word(named) {
        let kind = match word.strip_prefix('の').unwrap_or(word) {
            "勝ち" if timeup => Some(TerminalKind::Timeup),
            "勝ち" => Some(TerminalKind::Resignation),
            "入玉勝ち" => Some(TerminalKind::Declaration),
            "反則勝ち" => Some(TerminalKind::IllegalWin),
            "反則負け" => Some(TerminalKind::IllegalMove),
            "切れ負け" => Some(TerminalKind::Timeup),
            "不戦勝" => Some(TerminalKind::DefaultWin),
            "不戦敗" => Some(TerminalKind::DefaultLoss),
            _ => None,
        };
        if kind.is_some() {
            ending.kind = kind;
            ending.side = Some(side);
            // `後手の勝ち` names the winner; a loss on time named as the loser's
            // (`後手の切れ負け`) names the side to move, as the other words do.
            ending.winner_named = word.trim_start_matches('の') == "勝ち";
        }
    }
    Some(ending)
}

/// The ending line of `kind` after `moves` moves with `to_move` to move; `handicap` names the
/// sides 下手/上手. `None` for the kinds a record cannot end with in words (`Matta`, `Error`).
pub(crate) fn write(
    kind: TerminalKind,
    moves: u32,
    to_move: Color,
    handicap: bool,
) -> Option<String> {
    let name = |c: Color| match (c, handicap) {
        (Color::Black, false) => "先手",
        (Color::White, false) => "後手",
        (Color::Black, true) => "下手",
        (Color::White, true) => "上手",
    };
    let (next, last) = (name(to_move), name(!to_move));
    let tail = match kind {
        TerminalKind::Resignation => format!("{last}の勝ち"),
        TerminalKind::Timeup => format!("時間切れにより{last}の勝ち"),
        TerminalKind::Declaration => format!("{next}の入玉勝ち"),
        TerminalKind::IllegalWin => format!("{next}の反則勝ち"),
        TerminalKind::IllegalMove => format!("{next}の反則負け"),
        TerminalKind::IllegalActionFirst => format!("{}の反則負け", name(Color::Black)),
        TerminalKind::IllegalActionSecond => format!("{}の反則負け", name(Color::White)),
        TerminalKind::DefaultWin => format!("{next}の不戦勝"),
        TerminalKind::DefaultLoss => format!("{next}の不戦敗"),
        TerminalKind::Checkmate => "詰み".to_owned(),
        TerminalKind::Interrupted => "中断".to_owned(),
        TerminalKind::Repetition | TerminalKind::RepetitionDraw | TerminalKind::RepetitionWin => {
            "千日手".to_owned()
        }
        TerminalKind::Impasse | TerminalKind::MaxMoves => "持将棋".to_owned(),
        TerminalKind::Sealed => "封じ手".to_owned(),
        TerminalKind::NoMate => "不詰".to_owned(),
        TerminalKind::Draw => "引き分け".to_owned(),
        _ => return None,
    };
    Some(format!("まで{moves}手で{tail}"))
}

/// The KIF terminal word of `kind` for a move line, with `to_move` to move: its own word, or
/// for the kinds KIF has no word for, the nearest (an illegal action is 反則負け or 反則勝ち
/// from the side to move). `None` where KIF has none (a draw, a move taken back, an error).
pub(crate) fn kif_word(kind: TerminalKind, to_move: Color) -> Option<&'static str> {
    match kind {
        TerminalKind::IllegalActionFirst => Some(if to_move == Color::Black {
            "反則負け"
        } else {
            "反則勝ち"
        }),
        TerminalKind::IllegalActionSecond => Some(if to_move == Color::White {
            "反則負け"
        } else {
            "反則勝ち"
        }),
        _ => kind.kif(),
    }
}

/// The comment a terminal word ending a variation becomes: the word, and its clock in
/// parentheses as written (`投了 ( 0:03/00:00:32)`).
pub(crate) fn terminal_comment(word: &str, clock: Option<&str>) -> String {
    match clock {
        Some(c) => format!("{word} ({c})"),
        None => word.to_owned(),
    }
}

/// The terminal word and clock of a comment made by [`terminal_comment`], if it is one.
pub(crate) fn parse_terminal_comment(comment: &str) -> Option<(&str, Option<&str>)> {
    let (word, clock) = match comment.split_once(" (") {
        Some((w, rest)) => (w, Some(rest.strip_suffix(')')?)),
        None => (comment, None),
    };
    TerminalKind::from_kif(word).map(|_| (word, clock))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(
        "まで64手で後手の勝ち",
        Some(64),
        Some(TerminalKind::Resignation),
        Some(true)
    )]
    #[case(
        "まで104手で下手の勝ち",
        Some(104),
        Some(TerminalKind::Resignation),
        Some(false)
    )]
    #[case("まで9手詰", Some(9), Some(TerminalKind::Checkmate), None)]
    #[case("まで9手で中断", Some(9), Some(TerminalKind::Interrupted), None)]
    #[case("まで2手で封じ手", Some(2), Some(TerminalKind::Sealed), None)]
    #[case(
        "まで80手で時間切れにより先手の勝ち",
        Some(80),
        Some(TerminalKind::Timeup),
        Some(false)
    )]
    #[case(
        "まで80手で後手の切れ負け",
        Some(80),
        Some(TerminalKind::Timeup),
        Some(false)
    )]
    #[case(
        "まで81手で先手の入玉勝ち",
        Some(81),
        Some(TerminalKind::Declaration),
        Some(true)
    )]
    #[case(
        "まで81手で後手の反則負け",
        Some(81),
        Some(TerminalKind::IllegalMove),
        Some(false)
    )]
    #[case("まで、81手で千日手", Some(81), Some(TerminalKind::Repetition), None)]
    #[case("まで64手で後手の大勝利", Some(64), None, None)]
    fn ending_lines(
        #[case] line: &str,
        #[case] moves: Option<u32>,
        #[case] kind: Option<TerminalKind>,
        #[case] first_to_move: Option<bool>,
    ) {
        let ending = parse(line).unwrap();
        assert_eq!((ending.moves, ending.kind), (moves, kind));
        assert_eq!(ending.first_to_move(), first_to_move);
    }

    #[test]
    fn written_endings_read_back() {
        // 千日手 covers the draw and the perpetual-check win alike (the moves decide), 持将棋
        // the draw at the move limit: those kinds read back as 千日手 and 持将棋.
        let shared = [
            TerminalKind::RepetitionDraw,
            TerminalKind::RepetitionWin,
            TerminalKind::MaxMoves,
        ];
        for kind in TerminalKind::ALL
            .into_iter()
            .filter(|k| !shared.contains(k))
        {
            for to_move in Color::ALL {
                let Some(line) = write(kind, 12, to_move, false) else {
                    continue;
                };
                let ending = parse(&line).unwrap();
                assert_eq!(ending.moves, Some(12), "{line}");
                let read = ending.kind.unwrap();
                let first = ending.first_to_move().unwrap_or(to_move == Color::Black);
                assert_eq!(
                    read.result(first),
                    kind.result(to_move == Color::Black),
                    "{line}"
                );
            }
        }
        assert_eq!(parse("手合割：平手"), None);
    }

    #[test]
    fn terminal_comments_read_back() {
        let c = terminal_comment("中断", Some(" 0:03/ 0:00:19"));
        assert_eq!(c, "中断 ( 0:03/ 0:00:19)");
        assert_eq!(
            parse_terminal_comment(&c),
            Some(("中断", Some(" 0:03/ 0:00:19")))
        );
        assert_eq!(parse_terminal_comment("詰み"), Some(("詰み", None)));
        assert_eq!(parse_terminal_comment("いい手"), None);
    }
}
