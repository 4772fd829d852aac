//! How a record says its game ended in its own words: a terminal word in place of a move.
//!
//! Every shogi format has such words, and they name the same events: PSN `Resigns`, KIF
//! `投了`, CSA `%TORYO`, JKF `{"special": "TORYO"}`. [`TerminalKind`] is that shared vocabulary
//! (the CSA V3.0 special moves, which JKF takes over, plus the KIF words CSA has no name for);
//! each format maps its own words to a kind and back, and [`Terminal`] carries one as read:
//! the kind, the text as written, where it stands, its clock time. Whether a word fits the
//! position the moves reach (a `Mate` that is no checkmate, a repetition that did not happen) is
//! the game's rule, judged by the board crate (`shogi_board::judge_terminal`).
//!
//! Rule: CSA standard file format V3.0 (special moves `%TORYO` ... `%ERROR`); the Kakinoki KIF
//! page (terminal words 中断 投了 持将棋 千日手 詰み 切れ負け 反則勝ち 反則負け 入玉勝ち 不戦勝
//! 不戦敗 封じ手 不詰); the PSN words of Shogidokoro and MyShogi's PSN2.

use std::fmt;

use crate::{GameResult, MoveNumber, Span, Termination};

/// An event that ends a record in place of a move.
///
/// The result each implies is given from the side to move after the last move (the side whose
/// turn it is when the word is written): it resigns, is mated, runs out of time.
///
/// # Examples
///
/// ```
/// use notation_traits::{GameResult, Termination, TerminalKind};
///
/// let kind = TerminalKind::from_csa("%TORYO").unwrap();
/// assert_eq!(kind, TerminalKind::Resignation);
/// assert_eq!(kind.termination(), Termination::Resignation);
/// // The second player is to move and resigns.
/// assert_eq!(kind.result(false), Some(GameResult::FirstPlayerWins));
/// assert_eq!(kind.csa(), Some("%TORYO"));
/// assert_eq!(TerminalKind::Interrupted.result(true), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TerminalKind {
    /// The side to move resigns and loses: 投了, `%TORYO`, `Resigns`.
    Resignation,
    /// The game was stopped; no result: 中断, `%CHUDAN`, `Interrupt`.
    Interrupted,
    /// Fourfold repetition (sennichite): 千日手, `%SENNICHITE`, `Sennichite`. A draw, unless
    /// one side gave check with every move of the cycle (then that side loses): the moves decide.
    Repetition,
    /// A draw by repetition, said explicitly (PSN2 `RepetitionDraw`).
    RepetitionDraw,
    /// The side to move wins by repetition: the other side gave perpetual check (PSN2
    /// `RepetitionWin`).
    RepetitionWin,
    /// An impasse (jishogi) without a declared winner: 持将棋, `%JISHOGI`, `Jishogi`.
    Impasse,
    /// The side to move declares an entering-king win (入玉宣言): 入玉勝ち, `%KACHI`, PSN2
    /// `DeclarationWin`.
    Declaration,
    /// A draw at the maximum number of moves (PSN2 `MaxMovesDraw`).
    MaxMoves,
    /// The side to move ran out of time and loses: 切れ負け, `%TIME_UP`, `Timeup`.
    Timeup,
    /// The side to move loses by an illegal move: 反則負け, `%ILLEGAL_MOVE`, `IllegalMove`.
    IllegalMove,
    /// The side to move wins: the other side's last move was illegal (反則勝ち).
    IllegalWin,
    /// The first player (sente) lost by an illegal action (`%+ILLEGAL_ACTION`).
    IllegalActionFirst,
    /// The second player (gote) lost by an illegal action (`%-ILLEGAL_ACTION`).
    IllegalActionSecond,
    /// The side to move is checkmated and loses: 詰み (詰), `%TSUMI`, `Mate`.
    Checkmate,
    /// A mating problem with no mate (不詰, `%FUZUMI`); no result.
    NoMate,
    /// A draw (引き分け, `%HIKIWAKE`).
    Draw,
    /// A move taken back (待った, `%MATTA`); no result.
    Matta,
    /// An error ended the game (`%ERROR`); no result.
    Error,
    /// The game was adjourned with a sealed move (封じ手); no result yet.
    Sealed,
    /// The side to move wins by default (不戦勝).
    DefaultWin,
    /// The side to move loses by default (不戦敗).
    DefaultLoss,
}

impl TerminalKind {
    /// Every kind.
    pub const ALL: [TerminalKind; 21] = [
        TerminalKind::Resignation,
        TerminalKind::Interrupted,
        TerminalKind::Repetition,
        TerminalKind::RepetitionDraw,
        TerminalKind::RepetitionWin,
        TerminalKind::Impasse,
        TerminalKind::Declaration,
        TerminalKind::MaxMoves,
        TerminalKind::Timeup,
        TerminalKind::IllegalMove,
        TerminalKind::IllegalWin,
        TerminalKind::IllegalActionFirst,
        TerminalKind::IllegalActionSecond,
        TerminalKind::Checkmate,
        TerminalKind::NoMate,
        TerminalKind::Draw,
        TerminalKind::Matta,
        TerminalKind::Error,
        TerminalKind::Sealed,
        TerminalKind::DefaultWin,
        TerminalKind::DefaultLoss,
    ];

    /// The CSA V3.0 special move (`%TORYO`), for the kinds CSA names; JKF's `special` is the
    /// same word without the `%`.
    pub const fn csa(self) -> Option<&'static str> {
        Some(match self {
            TerminalKind::Resignation => "%TORYO",
            TerminalKind::Interrupted => "%CHUDAN",
            TerminalKind::Repetition | TerminalKind::RepetitionDraw => "%SENNICHITE",
            TerminalKind::Impasse => "%JISHOGI",
            TerminalKind::Declaration => "%KACHI",
            TerminalKind::Timeup => "%TIME_UP",
            TerminalKind::IllegalMove => "%ILLEGAL_MOVE",
            TerminalKind::IllegalActionFirst => "%+ILLEGAL_ACTION",
            TerminalKind::IllegalActionSecond => "%-ILLEGAL_ACTION",
            TerminalKind::Checkmate => "%TSUMI",
            TerminalKind::NoMate => "%FUZUMI",
            TerminalKind::Draw | TerminalKind::MaxMoves => "%HIKIWAKE",
            TerminalKind::Matta => "%MATTA",
            TerminalKind::Error => "%ERROR",
            TerminalKind::RepetitionWin
            | TerminalKind::IllegalWin
            | TerminalKind::Sealed
            | TerminalKind::DefaultWin
            | TerminalKind::DefaultLoss => return None,
        })
    }

    /// The kind of a CSA special move (`%TORYO`; the `%` may be left out, as JKF writes it).
    pub fn from_csa(text: &str) -> Option<TerminalKind> {
        let word = text.strip_prefix('%').unwrap_or(text);
        [
            TerminalKind::Resignation,
            TerminalKind::Interrupted,
            TerminalKind::Repetition,
            TerminalKind::Impasse,
            TerminalKind::Declaration,
            TerminalKind::Timeup,
            TerminalKind::IllegalMove,
            TerminalKind::IllegalActionFirst,
            TerminalKind::IllegalActionSecond,
            TerminalKind::Checkmate,
            TerminalKind::NoMate,
            TerminalKind::Draw,
            TerminalKind::Matta,
            TerminalKind::Error,
        ]
        .into_iter()
        .find(|k| k.csa().is_some_and(|c| &c[1..] == word))
    }

    /// The KIF terminal word (`投了`), for the kinds KIF names.
    pub const fn kif(self) -> Option<&'static str> {
        Some(match self {
            TerminalKind::Resignation => "投了",
            TerminalKind::Interrupted => "中断",
            TerminalKind::Repetition
            | TerminalKind::RepetitionDraw
            | TerminalKind::RepetitionWin => "千日手",
            TerminalKind::Impasse | TerminalKind::MaxMoves => "持将棋",
            TerminalKind::Declaration => "入玉勝ち",
            TerminalKind::Timeup => "切れ負け",
            TerminalKind::IllegalMove => "反則負け",
            TerminalKind::IllegalWin => "反則勝ち",
            TerminalKind::Checkmate => "詰み",
            TerminalKind::NoMate => "不詰",
            TerminalKind::Sealed => "封じ手",
            TerminalKind::DefaultWin => "不戦勝",
            TerminalKind::DefaultLoss => "不戦敗",
            TerminalKind::IllegalActionFirst
            | TerminalKind::IllegalActionSecond
            | TerminalKind::Draw
            | TerminalKind::Matta
            | TerminalKind::Error => return None,
        })
    }

    /// The kind of a KIF terminal word (`投了`; `詰` is `詰み`).
    pub fn from_kif(text: &str) -> Option<TerminalKind> {
        // A move (`７六歩(77)`, `同　歩`) is no terminal word: told by its first character.
        if text.starts_with(|c: char| ('１'..='９').contains(&c) || c.is_ascii_digit() || c == '同')
        {
            return None;
        }
        if text == "詰" {
            return Some(TerminalKind::Checkmate);
        }
        [
            TerminalKind::Resignation,
            TerminalKind::Interrupted,
            TerminalKind::Repetition,
            TerminalKind::Impasse,
            TerminalKind::Declaration,
            TerminalKind::Timeup,
            TerminalKind::IllegalMove,
            TerminalKind::IllegalWin,
            TerminalKind::Checkmate,
            TerminalKind::NoMate,
            TerminalKind::Sealed,
            TerminalKind::DefaultWin,
            TerminalKind::DefaultLoss,
        ]
        .into_iter()
        .find(|k| k.kif() == Some(text))
    }

    /// How the game ended.
    pub const fn termination(self) -> Termination {
        match self {
            TerminalKind::Resignation | TerminalKind::DefaultWin | TerminalKind::DefaultLoss => {
                Termination::Resignation
            }
            TerminalKind::Interrupted
            | TerminalKind::Sealed
            | TerminalKind::Matta
            | TerminalKind::Error
            | TerminalKind::NoMate => Termination::Interrupted,
            TerminalKind::Repetition
            | TerminalKind::RepetitionDraw
            | TerminalKind::RepetitionWin => Termination::Repetition,
            TerminalKind::Impasse | TerminalKind::Declaration => Termination::Declaration,
            TerminalKind::MaxMoves | TerminalKind::Draw => Termination::MoveRule,
            TerminalKind::Timeup => Termination::Time,
            TerminalKind::IllegalMove
            | TerminalKind::IllegalWin
            | TerminalKind::IllegalActionFirst
            | TerminalKind::IllegalActionSecond => Termination::IllegalMove,
            TerminalKind::Checkmate => Termination::Checkmate,
        }
    }

    /// The result the kind implies when the first player (Red, sente) is to move after the
    /// last move (`first_to_move`), else the second; `None` where it names no winner
    /// (`Interrupted`, `Impasse`, `NoMate`, `Matta`, `Error`, `Sealed`). `Repetition` is read
    /// as a draw: the moves decide whether it was a perpetual-check loss.
    pub const fn result(self, first_to_move: bool) -> Option<GameResult> {
        let to_move_wins = if first_to_move {
            GameResult::FirstPlayerWins
        } else {
            GameResult::SecondPlayerWins
        };
        let to_move_loses = if first_to_move {
            GameResult::SecondPlayerWins
        } else {
            GameResult::FirstPlayerWins
        };
        match self {
            TerminalKind::Resignation
            | TerminalKind::Checkmate
            | TerminalKind::Timeup
            | TerminalKind::IllegalMove
            | TerminalKind::DefaultLoss => Some(to_move_loses),
            TerminalKind::RepetitionWin
            | TerminalKind::Declaration
            | TerminalKind::IllegalWin
            | TerminalKind::DefaultWin => Some(to_move_wins),
            TerminalKind::IllegalActionFirst => Some(GameResult::SecondPlayerWins),
            TerminalKind::IllegalActionSecond => Some(GameResult::FirstPlayerWins),
            TerminalKind::Repetition
            | TerminalKind::RepetitionDraw
            | TerminalKind::MaxMoves
            | TerminalKind::Draw => Some(GameResult::Draw),
            TerminalKind::Interrupted
            | TerminalKind::Impasse
            | TerminalKind::NoMate
            | TerminalKind::Matta
            | TerminalKind::Error
            | TerminalKind::Sealed => None,
        }
    }

    /// A name in English for messages: `resignation`, `interruption`, `repetition`, ...
    pub const fn name(self) -> &'static str {
        match self {
            TerminalKind::Resignation => "resignation",
            TerminalKind::Interrupted => "interruption",
            TerminalKind::Repetition => "repetition",
            TerminalKind::RepetitionDraw => "draw by repetition",
            TerminalKind::RepetitionWin => "win by repetition",
            TerminalKind::Impasse => "impasse",
            TerminalKind::Declaration => "entering-king declaration",
            TerminalKind::MaxMoves => "draw at the move limit",
            TerminalKind::Timeup => "loss on time",
            TerminalKind::IllegalMove => "loss by an illegal move",
            TerminalKind::IllegalWin => "win by the opponent's illegal move",
            TerminalKind::IllegalActionFirst => "illegal action by the first player",
            TerminalKind::IllegalActionSecond => "illegal action by the second player",
            TerminalKind::Checkmate => "checkmate",
            TerminalKind::NoMate => "no mate",
            TerminalKind::Draw => "draw",
            TerminalKind::Matta => "move taken back",
            TerminalKind::Error => "error",
            TerminalKind::Sealed => "sealed move",
            TerminalKind::DefaultWin => "win by default",
            TerminalKind::DefaultLoss => "loss by default",
        }
    }
}

impl fmt::Display for TerminalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The terminal word of a record, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terminal {
    /// What it says.
    pub kind: TerminalKind,
    /// The word as written (`Resign`, `投了`, `%TORYO`).
    pub text: String,
    /// Where it stands (a byte span in a binary file).
    pub span: Span,
    /// The move number written before it (`182.`, KIF's `  65 `), if any.
    pub number: Option<MoveNumber>,
    /// The clock time written with it, as written (`00:03 / 00:11:50`, `T12`), if any.
    pub clock: Option<String>,
    /// Whether the first player (Red, sente) is to move after the last move: the side that
    /// resigned, was mated, ran out of time.
    pub first_to_move: bool,
}

impl Terminal {
    /// The result the word implies ([`TerminalKind::result`]).
    pub fn result(&self) -> Option<GameResult> {
        self.kind.result(self.first_to_move)
    }

    /// How the game ended ([`TerminalKind::termination`]).
    pub fn termination(&self) -> Termination {
        self.kind.termination()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_csa_and_kif_word_reads_back_to_its_kind() {
        for kind in TerminalKind::ALL {
            if let Some(word) = kind.csa() {
                let back = TerminalKind::from_csa(word).unwrap();
                assert_eq!(back.csa(), Some(word), "{kind:?}");
            }
            if let Some(word) = kind.kif() {
                let back = TerminalKind::from_kif(word).unwrap();
                assert_eq!(back.kif(), Some(word), "{kind:?}");
            }
        }
        assert_eq!(
            TerminalKind::from_csa("+ILLEGAL_ACTION"),
            Some(TerminalKind::IllegalActionFirst)
        );
        assert_eq!(TerminalKind::from_kif("詰"), Some(TerminalKind::Checkmate));
        assert_eq!(TerminalKind::from_csa("%BOGUS"), None);
    }

    #[test]
    fn results_follow_the_side_to_move() {
        // CSA V3.0: %TORYO is written by the side to move, which loses.
        assert_eq!(
            TerminalKind::Resignation.result(true),
            Some(GameResult::SecondPlayerWins)
        );
        // %KACHI: the side to move declares and wins.
        assert_eq!(
            TerminalKind::Declaration.result(true),
            Some(GameResult::FirstPlayerWins)
        );
        assert_eq!(
            TerminalKind::IllegalActionFirst.result(false),
            Some(GameResult::SecondPlayerWins)
        );
        assert_eq!(TerminalKind::Sealed.result(false), None);
    }
}
