//! Diagrams pinned byte for byte in testdata/diagram/: the seed game at plies 0, 32 and 106 (its
//! end) in each piece style, its ply 37 (a check) flipped with every kind of mark, the lance
//! handicap game at its start and end, and a position with both hands full; each as SVG and as
//! text.
//!
//! The bytes were written by this crate (`KIFU_BLESS=1 cargo test -p kifu-diagram --test
//! pinned` rewrites them) and then checked: every SVG rendered by chromium and looked at, what
//! was checked is said at each case; every text diagram read line by line against the FEN or
//! SFEN. Independently of that look, each case also asserts what the rules of the diagram
//! decide (the pieces and their squares read from the FEN/SFEN by the format's own rule, the
//! title, the marked squares), so a pinned file that drifts from the position fails twice.

mod common;

use kifu_diagram::{
    Arrow, Brush, Caption, Check, Diagram, Kings, Mark, Orientation, Players, Promoted,
    ShogiCoordinates, ShogiOptions, ShogiPieces, XiangqiCoordinates, XiangqiOptions, XiangqiPieces,
    shogi_svg, shogi_text, xiangqi_svg, xiangqi_text,
};
use notation_traits::TextNotation;
use rstest::rstest;
use wxf_notation::{Chinese, ChineseStyle, Wxf};
use xiangqi_board::Language;

/// The piece elements of an SVG as (data-square, data-piece), in the order written.
fn svg_pieces(svg: &str) -> Vec<(String, String)> {
    svg.match_indices("<g class=\"piece ")
        .map(|(i, _)| {
            let rest = &svg[i..];
            let attr = |name: &str| {
                let key = format!("{name}=\"");
                let from = rest.find(&key).expect("attribute") + key.len();
                rest[from..from + rest[from..].find('"').expect("closed")].to_owned()
            };
            (attr("data-square"), attr("data-piece"))
        })
        .collect()
}

/// The seed's position after `ply` plies, the move that led there and its text in the style's
/// own notation (Chinese characters for characters, English WXF for letters).
fn seed_at(
    ply: usize,
    pieces: XiangqiPieces,
) -> (
    xiangqi_board::Position,
    Option<xiangqi_board::Move>,
    Option<String>,
) {
    let game = common::seed();
    let positions = common::positions(&game);
    let (pos, mv) = positions[ply];
    let text = mv.map(|mv| {
        let before = &positions[ply - 1].0;
        match pieces {
            XiangqiPieces::Traditional => Chinese::new(ChineseStyle::Traditional).write(before, mv),
            XiangqiPieces::Simplified => Chinese::new(ChineseStyle::Simplified).write(before, mv),
            XiangqiPieces::Letters(_) => Wxf::new(Language::English).write(before, mv),
        }
    });
    (pos, mv, text)
}

/// The options of a pinned seed diagram: the style, WXF coordinates for characters and ICCS
/// for letters, the last move, a caption with the ply and the move's text.
fn seed_options(
    ply: usize,
    pieces: XiangqiPieces,
    mv: Option<xiangqi_board::Move>,
    text: Option<String>,
) -> XiangqiOptions {
    let mut options = XiangqiOptions::new();
    options.pieces = pieces;
    options.coordinates = match pieces {
        XiangqiPieces::Letters(_) => XiangqiCoordinates::Iccs,
        _ => XiangqiCoordinates::Wxf,
    };
    options.view.last_move = mv.map(<xiangqi_board::Position as Diagram>::move_squares);
    options.view.caption = Some(Caption {
        ply: Some(ply as u32),
        last_move: text,
        title: None,
    });
    options
}

// Looked at (chromium, 388 × 498 px, each style): the river breaking the inner files between
// ranks 4 and 5, with 楚河 漢界 (楚河 汉界 simplified; blank for letters); both palaces'
// diagonals; the marks of the cannon and pawn points, half marks on the edge files; Red's
// pieces red, Black's black, characters upright in their discs (帥仕相傌俥炮兵 / 將士象馬車砲卒;
// 帅仕相马车炮兵 / 将士象马车炮卒; letters K A E H R C P in both colours). Ply 0: the start array,
// nothing highlighted, caption `第0步 · 紅方走` (`红方走`, `ply 0 · Red to move`). Ply 32
// (16...Tgg7, 砲７進２, C7+2): the black cannon on g6 (ICCS), blue corner brackets around it and
// around its old point g8, Red to move. Ply 106 (53...Kxf10, 將５平６, K5.6): the black king on f9 after taking the
// chariot, brackets around f9 and its old point e9, Red to move. WXF coordinates: Black's 1 .. 9 along the
// top from the left and Red's 九 .. 一 along the bottom; letters: ICCS a .. i above and below,
// 9 .. 0 down both sides. The text files were read against the FEN rank by rank.
#[rstest]
fn seed_diagrams_are_pinned(
    #[values(0, 32, 106)] ply: usize,
    #[values(
        XiangqiPieces::Traditional,
        XiangqiPieces::Simplified,
        XiangqiPieces::Letters(Language::English)
    )]
    pieces: XiangqiPieces,
) {
    let (pos, mv, text) = seed_at(ply, pieces);
    let options = seed_options(ply, pieces, mv, text);
    let style = match pieces {
        XiangqiPieces::Traditional => "traditional",
        XiangqiPieces::Simplified => "simplified",
        XiangqiPieces::Letters(_) => "letters",
    };
    let svg = xiangqi_svg(&pos, &options);
    let text = xiangqi_text(&pos, &options);
    // What the FEN decides, read from the FEN's text.
    let fen = pos.to_fen();
    assert!(svg.contains(&format!("<title>{fen}</title>")));
    let board = fen.split(' ').next().expect("a board field");
    let mut expected: Vec<(String, String)> = common::board_field(board)
        .into_iter()
        .map(|(col, row, letter)| {
            (
                format!("{}{}", char::from(b'a' + col as u8), 9 - row),
                letter,
            )
        })
        .collect();
    let mut drawn = svg_pieces(&svg);
    expected.sort();
    drawn.sort();
    assert_eq!(drawn, expected);
    if let Some(mv) = mv {
        for sq in [mv.from(), mv.to()] {
            assert!(
                svg.contains(&format!("class=\"square sq-{sq} lastmove\"")),
                "{sq}"
            );
        }
    }
    assert_eq!(
        svg.matches(" lastmove\"").count(),
        if ply == 0 { 0 } else { 2 }
    );
    common::pinned(&format!("seed-ply-{ply:03}-{style}.svg"), &svg);
    common::pinned(&format!("seed-ply-{ply:03}-{style}.txt"), &text);
}

// Looked at: ply 37 (19.Txe7+, 炮七平五: the red cannon from c6 to e6 (ICCS), checking through
// the elephant on e7): flipped, so Black's side at the bottom, ICCS letters i .. a from the
// left and ranks 0 .. 9 from the top, characters still upright; the red glow under the black
// king on e9 (the check, found by the position); the short green arrow e9 -> f9 and the blue
// one h9 -> g7 (a horse's move, drawn straight); the red ring around e7, the yellow disc on f8;
// brackets around the cannon's two points; caption `第37步 · 炮七平五 · 黑方走`.
#[test]
fn a_check_with_every_mark_flipped_is_pinned() {
    let (pos, mv, text) = seed_at(37, XiangqiPieces::Simplified);
    assert!(pos.is_check());
    let mut options = seed_options(37, XiangqiPieces::Simplified, mv, text);
    options.coordinates = XiangqiCoordinates::Iccs;
    options.view.orientation = Orientation::Flipped;
    let sq = |s: &str| s.parse::<xiangqi_board::Square>().expect("a square");
    options.view.arrows = vec![
        Arrow {
            from: sq("e9"),
            to: sq("f9"),
            brush: Brush::Green,
        },
        Arrow {
            from: sq("h9"),
            to: sq("g7"),
            brush: Brush::Blue,
        },
    ];
    options.view.circles = vec![Mark {
        at: sq("e7"),
        brush: Brush::Red,
    }];
    options.view.marked = vec![Mark {
        at: sq("f8"),
        brush: Brush::Yellow,
    }];
    let svg = xiangqi_svg(&pos, &options);
    assert_eq!(svg.matches("<circle class=\"check\"").count(), 1);
    assert!(svg.contains("class=\"square sq-f8 marked yellow\""));
    assert!(svg.contains("data-from=\"h9\" data-to=\"g7\""));
    common::pinned("seed-ply-037-marks-flipped.svg", &svg);
    common::pinned(
        "seed-ply-037-marks-flipped.txt",
        &xiangqi_text(&pos, &options),
    );
}

/// The lance handicap game (testdata/shogi/shogi-handicap-lance.psn) after `ply` plies, with the
/// move that led there written in PSN.
fn handicap_at(
    ply: usize,
) -> (
    shogi_board::Position,
    Option<shogi_board::Move>,
    Option<String>,
) {
    let game = common::shogi_game("shogi/shogi-handicap-lance.psn");
    let positions = common::positions(&game);
    let ply = ply.min(positions.len() - 1);
    let (pos, mv) = positions[ply];
    let text = mv.map(|mv| psn::Psn::default().write(&positions[ply - 1].0, mv));
    (pos, mv, text)
}

// Looked at (chromium, 510 × 464 px): ply 0: White (上手, gote) without the lance on 1a (the
// handicap), pieces upside down on ranks a-c, Black (下手) upright on g-i, both hands なし
// (`☖上手なし` top left, `☗下手なし` bottom right), caption `0手目　上手番` (the handicap giver
// moves first); files ９ .. １ along the top, 一 .. 九 down the right. The end (ply 97,
// 49...G-5h): the gold's old square 4g and new square 5h highlighted orange (5h's corners
// around the piece), the red glow under Black's king on 6i (in check), `☖上手歩三` with the
// count smaller, `☗下手なし`, caption `97手目 △G-5hまで　下手番`; letters: the same squares
// with `P`, red `+P`, `G`, White's pieces upside down, hands `P3` under `△ Uwate` and `-` under
// `▲ Shitate`. The KIF texts were read against the SFEN row by row (see also tests/bod.rs).
#[rstest]
fn handicap_diagrams_are_pinned(
    #[values(0, usize::MAX)] ply: usize,
    #[values(ShogiPieces::Kanji, ShogiPieces::Letters)] pieces: ShogiPieces,
) {
    let (pos, mv, text) = handicap_at(ply);
    let mut options = ShogiOptions::new();
    options.pieces = pieces;
    options.players = Players::ShitateUwate;
    options.view.last_move = mv.map(<shogi_board::Position as Diagram>::move_squares);
    options.view.caption = Some(Caption {
        ply: Some(pos.ply() - 1),
        last_move: text,
        title: None,
    });
    let svg = shogi_svg(&pos, &options);
    let sfen = pos.to_sfen();
    assert!(svg.contains(&format!("<title>{sfen}</title>")));
    let board = sfen.split(' ').next().expect("a board field");
    let mut expected: Vec<(String, String)> = common::board_field(board)
        .into_iter()
        .map(|(col, row, letter)| {
            (
                format!("{}{}", 9 - col, char::from(b'a' + row as u8)),
                letter,
            )
        })
        .collect();
    let mut drawn = svg_pieces(&svg);
    expected.sort();
    drawn.sort();
    assert_eq!(drawn, expected);
    let name = if ply == 0 { "start" } else { "end" };
    let style = match pieces {
        ShogiPieces::Kanji => "kanji",
        ShogiPieces::Letters => "letters",
    };
    common::pinned(&format!("handicap-lance-{name}-{style}.svg"), &svg);
    if pieces == ShogiPieces::Kanji {
        common::pinned(
            &format!("handicap-lance-{name}.kif.txt"),
            &shogi_text(&pos, &options),
        );
    }
}

/// A position with both hands full: every kind in Black's hand, six of seven in White's, and a
/// promoted piece of four kinds on the board (tokin 4c and promoted lance 1c for Black,
/// promoted silver 9g and horse 6g for White); all 40 pieces accounted for.
const FULL_HANDS: &str = "4k4/9/5+P2+L/9/9/9/+s2+b5/9/4K4 b RB2G2S2NL8Pr2gs2n2l9p 1";

// Looked at: standard: `☖後手飛金二銀桂二香二歩九` down the left from the top, `☗先手飛角金二
// 銀二桂二香歩八` down the right ending at the bottom rank, counts smaller; と and 杏 red and
// upright on 4c and 1c, 全 and 馬 red and upside down on 9g and 6g; 玉 for Black, 王 for White.
// Flipped, two glyphs, both kings 王: Black's hand now at the top left, White's at the bottom
// right, files 1 .. 9 from the left and 九 .. 一 down, White's pieces upright, Black's upside
// down, 成銀 (9g) and 成香 (1c) stacked in two small red characters; the green arrow 5i -> 5h,
// the red ring on 5a, the blue square 4c. Letters with digit coordinates: `+P` `+L` `+S` `+B`
// red, hands `R G2 S N2 L2 P9` under `△ White` and `R B G2 S2 N2 L P8` under `▲ Black`, digits
// 1 .. 9 down the right.
#[rstest]
#[case::kanji("full-hands-kanji", ShogiPieces::Kanji, Orientation::Standard)]
#[case::flipped_two_glyphs("full-hands-flipped", ShogiPieces::Kanji, Orientation::Flipped)]
#[case::letters("full-hands-letters", ShogiPieces::Letters, Orientation::Standard)]
fn full_hands_are_pinned(
    #[case] name: &str,
    #[case] pieces: ShogiPieces,
    #[case] orientation: Orientation,
) {
    let pos = shogi_board::Position::from_sfen(FULL_HANDS).expect("a legal position");
    let mut options = ShogiOptions::new();
    options.pieces = pieces;
    options.view.orientation = orientation;
    let sq = |s: &str| s.parse::<shogi_board::Square>().expect("a square");
    if orientation == Orientation::Flipped {
        options.promoted = Promoted::TwoGlyphs;
        options.kings = Kings::Ou;
        options.view.arrows = vec![Arrow {
            from: sq("5i"),
            to: sq("5h"),
            brush: Brush::Green,
        }];
        options.view.circles = vec![Mark {
            at: sq("5a"),
            brush: Brush::Red,
        }];
        options.view.marked = vec![Mark {
            at: sq("4c"),
            brush: Brush::Blue,
        }];
        options.view.check = Check::Off;
    }
    if pieces == ShogiPieces::Letters {
        options.coordinates = ShogiCoordinates::Digits;
    }
    let svg = shogi_svg(&pos, &options);
    // The hands as the SFEN's hand field says, read from it: counts before letters.
    let hand_field = FULL_HANDS.split(' ').nth(2).expect("a hand field");
    let mut expected = Vec::new();
    let mut count = 0;
    for c in hand_field.chars() {
        if let Some(d) = c.to_digit(10) {
            count = count * 10 + d;
        } else {
            expected.push(format!("{c}{}", count.max(1)));
            count = 0;
        }
    }
    let mut drawn: Vec<String> = svg
        .match_indices("<g class=\"hand-piece\"")
        .map(|(i, _)| {
            let rest = &svg[i..];
            let attr = |name: &str| {
                let key = format!("{name}=\"");
                let from = rest.find(&key).expect("attribute") + key.len();
                rest[from..from + rest[from..].find('"').expect("closed")].to_owned()
            };
            format!("{}{}", attr("data-piece"), attr("data-count"))
        })
        .collect();
    expected.sort();
    drawn.sort();
    assert_eq!(drawn, expected);
    common::pinned(&format!("{name}.svg"), &svg);
}

#[test]
fn the_full_hands_bod_is_pinned() {
    // Read against the SFEN by hand: 後手の持駒 r 2g s 2n 2l 9p in the order 飛 角 金 銀 桂 香
    // 歩; row 三 has と on 4c and 杏 on 1c (Black's, a space before), row 七 v全 on 9g and v馬 on
    // 6g; no 手番 line, Black is to move.
    let pos = shogi_board::Position::from_sfen(FULL_HANDS).expect("a legal position");
    let bod = shogi_text(&pos, &ShogiOptions::new());
    assert_eq!(
        bod.lines().next(),
        Some("後手の持駒：飛　金二　銀　桂二　香二　歩九　")
    );
    assert_eq!(bod.lines().nth(5), Some("| ・ ・ ・ ・ ・ と ・ ・ 杏|三"));
    assert_eq!(bod.lines().nth(9), Some("|v全 ・ ・v馬 ・ ・ ・ ・ ・|七"));
    common::pinned("full-hands.kif.txt", &bod);
}
