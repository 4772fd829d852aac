//! Whether a record's terminal word fits the game its moves played: a `Mate` after a position
//! that is no checkmate, a declaration the 27-point rule refuses, a repetition that did not
//! happen, are each worth a word, whatever format the record is in (PSN `Mate`, KIF `詰み`, CSA
//! `%TSUMI`).
//!
//! Rule: checkmate; the repetition rule (sennichite: the same position four times is a draw,
//! unless one side gave check with every move of the cycle, and then that side loses: JSA
//! rules, article 7); the entering-king declaration by the CSA 27-point rule
//! ([`Position::declaration`]).

use notation_traits::{Diagnostic, GameResult, Replayed, Severity, Terminal, TerminalKind};

use crate::{Color, Move, Position, repetition};

/// Why the terminal word `kind` does not fit the game that `moves` play
/// from `start`, whose stated result is `result`; `None` when it fits or the rules cannot
/// tell (resignation, time, interruption, impasse: what happened off the board).
///
/// - [`TerminalKind::Checkmate`]: the side to move must be checkmated.
/// - [`TerminalKind::Declaration`]: the side to move must meet the 27-point rule.
/// - [`TerminalKind::Repetition`] (a draw or a perpetual-check loss alike, as Shogidokoro and
///   KIF's `千日手` write it), [`TerminalKind::RepetitionDraw`], [`TerminalKind::RepetitionWin`]:
///   the last position must have stood on the board four times; a draw must not follow
///   perpetual check (then the checker loses), a win must; `Repetition` after perpetual check
///   fits only when `result` says the checker lost, and without perpetual check only a draw
///   (or no result).
///
/// The messages name the sides by colour (`black`, `white`).
///
/// # Examples
///
/// ```
/// use notation_traits::TerminalKind;
/// use shogi_board::{Move, Position, judge_terminal};
///
/// let start = Position::new();
/// let moves: Vec<Move> = ["7g7f", "3c3d"].iter().map(|m| m.parse().unwrap()).collect();
/// let why = judge_terminal(TerminalKind::Checkmate, &start, &moves, None);
/// assert_eq!(why.as_deref(), Some("the black king is not checkmated"));
/// assert_eq!(judge_terminal(TerminalKind::Resignation, &start, &moves, None), None);
/// ```
pub fn judge_terminal(
    kind: TerminalKind,
    start: &Position,
    moves: &[Move],
    result: Option<GameResult>,
) -> Option<String> {
    let end = || {
        let mut end = *start;
        for &m in moves {
            end.play_unchecked(m);
        }
        end
    };
    match kind {
        TerminalKind::Checkmate => {
            let end = end();
            (!end.is_checkmate())
                .then(|| format!("the {} king is not checkmated", end.side_to_move()))
        }
        TerminalKind::Declaration => {
            let end = end();
            end.declaration().err().map(|why| {
                format!(
                    "{} cannot declare a win by the 27-point rule: {why}",
                    end.side_to_move()
                )
            })
        }
        TerminalKind::Repetition | TerminalKind::RepetitionDraw | TerminalKind::RepetitionWin => {
            repetition_mismatch(kind, start, moves, result)
        }
        _ => None,
    }
}

/// A `terminal-mismatch` warning at the terminal word `t` when it does not fit the game
/// `replayed` played ([`judge_terminal`]); `None` when it fits, or when the game was not read
/// to its end (its last position is not known).
pub fn check_terminal(t: &Terminal, replayed: &Replayed<Position>) -> Option<Diagnostic> {
    if !replayed.unread.is_empty() {
        return None;
    }
    let moves: Vec<Move> = replayed.record.main.moves.iter().map(|m| m.mv).collect();
    let why = judge_terminal(t.kind, &replayed.start, &moves, replayed.record.result())?;
    Some(
        Diagnostic::new(
            Severity::Warning,
            "terminal-mismatch",
            format!("`{}` written, but {why}", t.text),
        )
        .at(t.span)
        .with_position(replayed.end.to_sfen()),
    )
}

/// Why a repetition word does not fit the game by the repetition rule.
fn repetition_mismatch(
    kind: TerminalKind,
    start: &Position,
    moves: &[Move],
    result: Option<GameResult>,
) -> Option<String> {
    let r = repetition(start, moves).ok()?;
    if !r.is_sennichite() {
        let times = match r.occurrences {
            1 => "once".to_owned(),
            2 => "twice".to_owned(),
            n => format!("{n} times"),
        };
        return Some(format!(
            "the last position stood on the board {times} only: repetition (sennichite) needs the same position four times"
        ));
    }
    let mut end = *start;
    for &m in moves {
        end.play_unchecked(m);
    }
    let to_move = end.side_to_move();
    match (kind, r.perpetual_check_by) {
        (TerminalKind::RepetitionDraw, Some(checker)) => Some(format!(
            "{checker} gave check with every move of the repetition: by the rule {checker} loses (a win by repetition for {})",
            !checker
        )),
        (TerminalKind::RepetitionWin, None) => Some(format!(
            "no side gave check with every move of the repetition: it is a draw, not a win for {to_move}"
        )),
        (TerminalKind::RepetitionWin, Some(checker)) if checker == to_move => Some(format!(
            "{checker} gave the perpetual check and loses: {} wins",
            !checker
        )),
        // A plain repetition word covers the perpetual-check loss: the result must say it.
        (TerminalKind::Repetition, Some(checker)) => {
            let loss = GameResult::win_for(checker == Color::White);
            (result != Some(loss)).then(|| {
                format!(
                    "{checker} gave check with every move of the repetition: by the rule {checker} loses ({loss}), which the result does not say"
                )
            })
        }
        // Without perpetual check the repetition is a draw, whatever the result says.
        (TerminalKind::Repetition, None) => result.filter(|&r| r != GameResult::Draw).map(|r| {
            format!(
                "no side gave check with every move of the repetition: it is a draw, but the result says {r}"
            )
        }),
        _ => None,
    }
}
