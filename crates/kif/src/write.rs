//! Writing a legal move as KIF (`７六歩(77)`, `同　歩(76)`, `５五角打`, `２二角成(88)`) or KI2
//! (`▲７六歩`, `△同　歩`, `▲５二金右`, `▲３三桂不成`, `▲５五角打`).
//!
//! KIF, as Kifu for Windows writes it: the square, or `同　` (with U+3000) when the previous
//! move went to the same square; the piece as it stands before the move (歩 香 桂 銀 金 角 飛
//! 玉 と 成香 成桂 成銀 馬 竜, as Kifu for Windows (Pro) writes them); `成` on a promotion; the
//! origin `(77)`, or `打` for every drop.
//! A declined promotion is not written (the Kakinoki page: 不成 is not noted).
//!
//! KI2, by the JSA rules: ▲ or △; the square or `同`; the piece; the relative words the move
//! needs ([`Relative::of`]); `成` on a promotion, `不成` where the piece could promote and
//! does not, `打` on a drop only when a board piece of its kind could also go there. Kifu for
//! Windows' spacing: `同　歩` with U+3000 when only the piece name follows, `同飛成`, `同成銀`,
//! `同銀右` without.

use shogi_board::{Move, Piece, Position, Relative};

use crate::names::move_name;
use crate::syntax::{KifMove, Promotion};

/// The KIF spelling of the legal move `mv` of `pos`, after `previous`.
pub(crate) fn describe_kif(pos: &Position, previous: Option<Move>, mv: Move) -> KifMove {
    let same = previous.is_some_and(|p| p.to() == mv.to());
    match mv {
        Move::Normal { from, to, promote } => {
            let kind = pos
                .piece_at(from)
                .map_or(shogi_board::PieceKind::Pawn, |p| p.kind);
            KifMove {
                color: None,
                to: (!same).then_some(to),
                same,
                same_space: true,
                piece: kind,
                piece_name: move_name(kind),
                relative: Relative::NONE,
                promotion: if promote {
                    Promotion::Promote
                } else {
                    Promotion::Unmarked
                },
                from: Some(from),
                other_numerals: false,
            }
        }
        Move::Drop { kind, to } => KifMove {
            color: None,
            to: (!same).then_some(to),
            same,
            same_space: true,
            piece: kind,
            piece_name: move_name(kind),
            relative: Relative {
                drop: true,
                ..Relative::NONE
            },
            promotion: Promotion::Unmarked,
            from: None,
            other_numerals: false,
        },
    }
}

/// The KI2 spelling of the legal move `mv` of `pos`, after `previous`.
pub(crate) fn describe_ki2(pos: &Position, previous: Option<Move>, mv: Move) -> KifMove {
    let same = previous.is_some_and(|p| p.to() == mv.to());
    let side = pos.side_to_move();
    let relative = Relative::of(pos, mv);
    let (kind, promotion) = match mv {
        Move::Normal { from, to, promote } => {
            let kind = pos
                .piece_at(from)
                .map_or(shogi_board::PieceKind::Pawn, |p| p.kind);
            let promotion = if promote {
                Promotion::Promote
            } else if Piece::new(side, kind).can_promote(from, to) {
                Promotion::Decline
            } else {
                Promotion::Unmarked
            };
            (kind, promotion)
        }
        Move::Drop { kind, .. } => (kind, Promotion::Unmarked),
    };
    let name = move_name(kind);
    let alone =
        name.chars().count() == 1 && relative.is_empty() && promotion == Promotion::Unmarked;
    KifMove {
        color: Some(side),
        to: (!same).then_some(mv.to()),
        same,
        same_space: same && alone,
        piece: kind,
        piece_name: name,
        relative,
        promotion,
        from: None,
        other_numerals: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(Position::START_SFEN, None, "7g7f", "７六歩(77)", "▲７六歩")]
    #[case(Position::START_SFEN, None, "8h2b+", "２二角成(88)", "▲２二角成")]
    // The white horse that took on 8h is taken back.
    #[case(
        "lnsgkgsnl/1r7/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1+b5R1/LNSGKGSNL b B 4",
        Some("2b8h"),
        "7i8h",
        "同　銀(79)",
        "▲同　銀"
    )]
    #[case("4k4/9/9/9/9/9/9/9/4K4 b B 1", None, "B*5e", "５五角打", "▲５五角")]
    #[case("4k4/9/9/9/9/5S3/9/9/4K4 b S 1", None, "S*5e", "５五銀打", "▲５五銀打")]
    // A silver that could promote on 3c and does not: 不成 in KI2, nothing in KIF.
    #[case(
        "4k4/9/9/6S2/9/9/9/9/4K4 b - 1",
        None,
        "3d3c",
        "３三銀(34)",
        "▲３三銀不成"
    )]
    #[case(
        "4k4/9/9/6S2/9/9/9/9/4K4 b - 1",
        Some("3c3c"),
        "3d3c+",
        "同　銀成(34)",
        "▲同銀成"
    )]
    fn moves_are_written(
        #[case] sfen: &str,
        #[case] previous: Option<&str>,
        #[case] mv: &str,
        #[case] kif: &str,
        #[case] ki2: &str,
    ) {
        let pos = Position::from_sfen(sfen).unwrap();
        let previous: Option<Move> = previous.map(|p| {
            // A previous move is only looked at for its square.
            let to = &p[2..4];
            Move::Drop {
                kind: shogi_board::PieceKind::Pawn,
                to: to.parse().unwrap(),
            }
        });
        let mv: Move = mv.parse().unwrap();
        assert_eq!(describe_kif(&pos, previous, mv).to_string(), kif);
        assert_eq!(describe_ki2(&pos, previous, mv).to_string(), ki2);
    }
}
