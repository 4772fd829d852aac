//! What the rules of a diagram decide about its SVG, over every position of the fixture games
//! (300 xiangqi and 300 shogi games played by Fairy-Stockfish, ../shared/fixtures/README.md):
//!
//! - the pieces drawn, with their squares, are the FEN's (SFEN's), read from its text;
//! - the flipped board is the standard one turned half a turn: a square's centre goes to the
//!   point mirrored through the board's centre;
//! - the hands are the SFEN's, in the order 飛 角 金 銀 桂 香 歩;
//! - the check marker stands under the king exactly when the side to move is in check;
//! - the document is well formed (every element closed), its ids unique and prefixed.
//!
//! And per option: coordinates in each convention, a drop marking only its target, the size,
//! text escaped.

mod common;

use std::collections::HashSet;

use kifu_diagram::{
    Caption, Check, Diagram, LastMove, Orientation, ShogiCoordinates, ShogiOptions, ShogiPieces,
    XiangqiCoordinates, XiangqiOptions, XiangqiPieces, shogi_svg, xiangqi_svg,
};
use rstest::rstest;
use serde_json::Value;
use xiangqi_board::Language;

/// Every element of the SVG as (name, attributes text), in order, checking on the way that the
/// elements nest and close; panics with the place of the first fault.
fn elements(svg: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut open: Vec<String> = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        let end = rest.find('>').expect("a closed tag");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop().as_deref(), Some(name), "closing </{name}>");
            continue;
        }
        let closed = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let (name, attrs) = tag.split_once(' ').unwrap_or((tag, ""));
        assert!(
            name.chars().all(|c| c.is_ascii_alphabetic()),
            "an element name, found `{name}`"
        );
        assert_eq!(attrs.matches('"').count() % 2, 0, "<{name} {attrs}>");
        out.push((name.to_owned(), attrs.to_owned()));
        if !closed {
            open.push(name.to_owned());
        }
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
    out
}

/// The value of attribute `name` in an attributes text.
fn attr<'a>(attrs: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("{name}=\"");
    let from = attrs
        .find(&key)
        .filter(|&i| i == 0 || attrs.as_bytes()[i - 1] == b' ')?
        + key.len();
    Some(&attrs[from..from + attrs[from..].find('"')?])
}

/// The pieces of an SVG: (data-square, data-piece, centre).
fn pieces(svg: &str) -> Vec<(String, String, (f64, f64))> {
    elements(svg)
        .into_iter()
        .filter(|(name, attrs)| name == "g" && attrs.starts_with("class=\"piece "))
        .map(|(_, attrs)| {
            let transform = attr(&attrs, "transform").expect("a transform");
            let inner = transform
                .strip_prefix("translate(")
                .and_then(|t| t.split(')').next())
                .expect("a translation");
            let (x, y) = inner.split_once(' ').expect("two numbers");
            (
                attr(&attrs, "data-square").expect("a square").to_owned(),
                attr(&attrs, "data-piece").expect("a piece").to_owned(),
                (x.parse().expect("x"), y.parse().expect("y")),
            )
        })
        .collect()
}

/// Checks the ids: unique, each starting with `prefix`.
fn check_ids(svg: &str, prefix: &str) {
    let mut seen = HashSet::new();
    for (_, attrs) in elements(svg) {
        if let Some(id) = attr(&attrs, "id") {
            assert!(id.starts_with(prefix), "{id}");
            assert!(seen.insert(id.to_owned()), "{id} twice");
        }
    }
    assert!(seen.len() >= 81);
}

fn games(path: &str) -> Vec<Value> {
    common::read(path)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

#[test]
fn xiangqi_pictures_hold_the_fens_pieces_in_both_orientations() {
    let mut checked = 0;
    for game in games("xiangqi/xiangqi-games.jsonl").iter().step_by(3) {
        let mut pos: xiangqi_board::Position = game["start_fen"]
            .as_str()
            .expect("a FEN")
            .parse()
            .expect("a position");
        let moves: Vec<xiangqi_board::Move> = game["moves_iccs"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("text").parse().expect("an ICCS move"))
            .collect();
        for (i, mv) in std::iter::once(None)
            .chain(moves.into_iter().map(Some))
            .enumerate()
        {
            if let Some(mv) = mv {
                pos.play_unchecked(mv);
            }
            if i % 4 != 0 {
                continue;
            }
            let mut options = XiangqiOptions::new();
            options.view.id_prefix = format!("g{i}-");
            let standard = xiangqi_svg(&pos, &options);
            options.view.orientation = Orientation::Flipped;
            let flipped = xiangqi_svg(&pos, &options);
            check_ids(&standard, &format!("g{i}-"));
            let fen = pos.to_fen();
            let mut expected: Vec<(String, String)> =
                common::board_field(fen.split(' ').next().expect("a board"))
                    .into_iter()
                    .map(|(c, r, l)| (format!("{}{}", char::from(b'a' + c as u8), 9 - r), l))
                    .collect();
            expected.sort();
            let a = pieces(&standard);
            let mut drawn: Vec<(String, String)> =
                a.iter().map(|(s, p, _)| (s.clone(), p.clone())).collect();
            drawn.sort();
            assert_eq!(drawn, expected, "{fen}");
            // Half a turn: x + x' and y + y' are the same for every piece (twice the centre).
            let b = pieces(&flipped);
            let sums: HashSet<(i64, i64)> = a
                .iter()
                .map(|(sq, _, (x, y))| {
                    let (_, _, (fx, fy)) = b.iter().find(|(s, _, _)| s == sq).expect("drawn");
                    ((x + fx).round() as i64, (y + fy).round() as i64)
                })
                .collect();
            assert_eq!(sums.len(), 1, "{fen}: {sums:?}");
            assert_eq!(
                standard.contains("<circle class=\"check\""),
                pos.is_check(),
                "{fen}"
            );
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn shogi_pictures_hold_the_sfens_pieces_and_hands_in_both_orientations() {
    let mut checked = 0;
    for game in games("shogi/shogi-games.jsonl").iter().step_by(3) {
        let mut pos = shogi_board::Position::from_sfen(game["start_sfen"].as_str().expect("SFEN"))
            .expect("a position");
        let moves: Vec<shogi_board::Move> = game["moves_usi"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("text").parse().expect("a USI move"))
            .collect();
        for (i, mv) in std::iter::once(None)
            .chain(moves.into_iter().map(Some))
            .enumerate()
        {
            if let Some(mv) = mv {
                pos.play_unchecked(mv);
            }
            if i % 4 != 0 {
                continue;
            }
            let mut options = ShogiOptions::new();
            options.view.id_prefix = format!("g{i}-");
            let standard = shogi_svg(&pos, &options);
            options.view.orientation = Orientation::Flipped;
            let flipped = shogi_svg(&pos, &options);
            check_ids(&standard, &format!("g{i}-"));
            let sfen = pos.to_sfen();
            let mut fields = sfen.split(' ');
            let mut expected: Vec<(String, String)> =
                common::board_field(fields.next().expect("a board"))
                    .into_iter()
                    .map(|(c, r, l)| (format!("{}{}", 9 - c, char::from(b'a' + r as u8)), l))
                    .collect();
            expected.sort();
            let a = pieces(&standard);
            let mut drawn: Vec<(String, String)> =
                a.iter().map(|(s, p, _)| (s.clone(), p.clone())).collect();
            drawn.sort();
            assert_eq!(drawn, expected, "{sfen}");
            let b = pieces(&flipped);
            let sums: HashSet<(i64, i64)> = a
                .iter()
                .map(|(sq, _, (x, y))| {
                    let (_, _, (fx, fy)) = b.iter().find(|(s, _, _)| s == sq).expect("drawn");
                    ((x + fx).round() as i64, (y + fy).round() as i64)
                })
                .collect();
            assert_eq!(sums.len(), 1, "{sfen}: {sums:?}");
            // The hands: the SFEN's third field, counts before letters, Black's (upper case)
            // first, each side in the order R B G S N L P.
            let field = fields.nth(1).expect("a hand field");
            let mut hand = Vec::new();
            let mut count = 0;
            for c in field.chars().filter(|&c| c != '-') {
                match c.to_digit(10) {
                    Some(d) => count = count * 10 + d,
                    None => {
                        hand.push(format!("{c}{}", count.max(1)));
                        count = 0;
                    }
                }
            }
            let drawn_hand: Vec<String> = elements(&standard)
                .into_iter()
                .filter(|(name, attrs)| name == "g" && attrs.starts_with("class=\"hand-piece\""))
                .map(|(_, attrs)| {
                    format!(
                        "{}{}",
                        attr(&attrs, "data-piece").expect("a piece"),
                        attr(&attrs, "data-count").expect("a count")
                    )
                })
                .collect();
            // Standard view: White's hand (lower case) is drawn first, then Black's.
            let (black, white): (Vec<String>, Vec<String>) = hand
                .into_iter()
                .partition(|h| h.starts_with(|c: char| c.is_ascii_uppercase()));
            let expected_hand: Vec<String> = white.into_iter().chain(black).collect();
            assert_eq!(drawn_hand, expected_hand, "{sfen}");
            assert_eq!(
                standard.contains("<circle class=\"check\""),
                pos.is_check(),
                "{sfen}"
            );
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// The labels of a picture's coordinates group, in order.
fn labels(svg: &str) -> Vec<String> {
    let from = svg.find("<g class=\"coordinates\"").expect("coordinates");
    let to = from + svg[from..].find("</g>").expect("closed");
    svg[from..to]
        .split("</text>")
        .filter_map(|t| t.rsplit('>').next())
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect()
}

#[rstest]
#[case::japanese(
    ShogiCoordinates::Japanese,
    Orientation::Standard,
    "９８７６５４３２１",
    "一二三四五六七八九"
)]
#[case::japanese_flipped(
    ShogiCoordinates::Japanese,
    Orientation::Flipped,
    "１２３４５６７８９",
    "九八七六五四三二一"
)]
#[case::digits(
    ShogiCoordinates::Digits,
    Orientation::Standard,
    "987654321",
    "123456789"
)]
#[case::letters(
    ShogiCoordinates::Letters,
    Orientation::Standard,
    "987654321",
    "abcdefghi"
)]
fn shogi_coordinates(
    #[case] coordinates: ShogiCoordinates,
    #[case] orientation: Orientation,
    #[case] files: &str,
    #[case] ranks: &str,
) {
    // Files along the top counted from Black's right (9 at the left), ranks down the right
    // side from White's edge (一 / 1 / a at the top); turned when flipped.
    let mut options = ShogiOptions::new();
    options.coordinates = coordinates;
    options.view.orientation = orientation;
    let svg = shogi_svg(&shogi_board::Position::new(), &options);
    let all = labels(&svg).concat();
    assert_eq!(all, format!("{files}{ranks}"));
}

#[rstest]
#[case::wxf(
    XiangqiCoordinates::Wxf,
    Orientation::Standard,
    XiangqiPieces::Traditional,
    "1九2八3七4六5五6四7三8二9一"
)]
#[case::wxf_flipped(
    XiangqiCoordinates::Wxf,
    Orientation::Flipped,
    XiangqiPieces::Traditional,
    "一9二8三7四6五5六4七3八2九1"
)]
#[case::wxf_letters(
    XiangqiCoordinates::Wxf,
    Orientation::Standard,
    XiangqiPieces::Letters(Language::English),
    "192837465564738291"
)]
#[case::iccs(
    XiangqiCoordinates::Iccs,
    Orientation::Standard,
    XiangqiPieces::Traditional,
    "aabbccddeeffgghhii99887766554433221100"
)]
#[case::iccs_flipped(
    XiangqiCoordinates::Iccs,
    Orientation::Flipped,
    XiangqiPieces::Simplified,
    "iihhggffeeddccbbaa00112233445566778899"
)]
fn xiangqi_coordinates(
    #[case] coordinates: XiangqiCoordinates,
    #[case] orientation: Orientation,
    #[case] pieces: XiangqiPieces,
    #[case] expected: &str,
) {
    // Labels in drawing order: for each column from the left its top and bottom label, then
    // (ICCS) each row's left and right label. WXF: each side's files from its own right, Black's
    // in digits at Black's edge, Red's in Chinese numerals (digits for letters) at Red's.
    let mut options = XiangqiOptions::new();
    options.coordinates = coordinates;
    options.pieces = pieces;
    options.view.orientation = orientation;
    let svg = xiangqi_svg(&xiangqi_board::Position::new(), &options);
    assert_eq!(labels(&svg).concat(), expected);
}

#[test]
fn a_drop_marks_only_its_target() {
    let mut pos = shogi_board::Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").expect("SFEN");
    let mv: shogi_board::Move = "P*5e".parse().expect("a drop");
    pos.play_unchecked(mv);
    let mut options = ShogiOptions::new();
    options.view.last_move = Some(<shogi_board::Position as Diagram>::move_squares(mv));
    assert_eq!(
        options.view.last_move,
        Some(LastMove {
            from: None,
            to: "5e".parse().expect("5e")
        })
    );
    let svg = shogi_svg(&pos, &options);
    let marked: Vec<&str> = svg
        .match_indices(" lastmove\"")
        .map(|(i, _)| {
            let start = svg[..i].rfind("sq-").expect("a square class");
            &svg[start..i]
        })
        .collect();
    assert_eq!(marked, ["sq-5e"]);
}

#[test]
fn the_check_marker_follows_the_option() {
    // Black's king on 5i checked by a White gold on 5h: Auto and At mark 5i, Off nothing.
    let pos = shogi_board::Position::from_sfen("4k4/9/9/9/9/9/9/4g4/4K4 b - 1").expect("SFEN");
    assert!(pos.is_check());
    let centre = |svg: &str| {
        let i = svg.find("<circle class=\"check\"").map(|i| &svg[i..])?;
        Some(i[..i.find("/>")?].to_owned())
    };
    let mut options = ShogiOptions::new();
    let auto = centre(&shogi_svg(&pos, &options)).expect("a marker");
    options.view.check = Check::At("5i".parse().expect("5i"));
    assert_eq!(centre(&shogi_svg(&pos, &options)), Some(auto.clone()));
    // The square 5i: column 4 from the left, row 8 from the top: 8 + 46 + 10 + 4.5 × 40 across,
    // 8 + 22 + 8.5 × 44 down.
    assert!(auto.contains("cx=\"244\" cy=\"404\""), "{auto}");
    options.view.check = Check::Off;
    assert_eq!(centre(&shogi_svg(&pos, &options)), None);
}

#[test]
fn a_mating_problem_is_drawn_without_a_sente_king() {
    // tsumeshogi.csa's problem (看寿賞 平成元年) after its last move: White's king on 6d mated
    // (the check marked), Black without a king; at the start, Black to move, no marker.
    let pos =
        shogi_board::Position::from_sfen("9/2+L6/2+Rpp4/+r2k1p3/4+p4/1n7/B8/B8/9 w 4g4s3n3l14p 4")
            .expect("SFEN");
    let svg = shogi_svg(&pos, &ShogiOptions::new());
    let drawn = pieces(&svg);
    assert_eq!(drawn.len(), 11, "{drawn:?}");
    let kings: Vec<(&str, &str)> = drawn
        .iter()
        .filter(|(_, piece, _)| piece.eq_ignore_ascii_case("k"))
        .map(|(square, piece, _)| (square.as_str(), piece.as_str()))
        .collect();
    assert_eq!(kings, [("6d", "k")]);
    assert!(svg.contains("<circle class=\"check\""));
    let black_to_move =
        shogi_board::Position::from_sfen("9/9/3pp4/+r2k1p3/2L1+p4/2+R6/B8/B8/9 b 4g4s4n3l14p 1")
            .expect("SFEN");
    assert!(!shogi_svg(&black_to_move, &ShogiOptions::new()).contains("<circle class=\"check\""));
}

#[test]
fn size_sets_the_width_and_keeps_the_proportions() {
    let mut options = XiangqiOptions::new();
    let natural = xiangqi_svg(&xiangqi_board::Position::new(), &options);
    // 2 × (8 + 26) + 8 × 40 = 388 wide, 2 × (8 + 20 + 26) + 9 × 40 = 468 high.
    assert!(natural.contains("width=\"388\" height=\"468\" viewBox=\"0 0 388 468\""));
    options.view.size = Some(194);
    let half = xiangqi_svg(&xiangqi_board::Position::new(), &options);
    assert!(half.contains("width=\"194\" height=\"234\" viewBox=\"0 0 388 468\""));
}

#[test]
fn texts_are_escaped() {
    let mut options = ShogiOptions::new();
    options.pieces = ShogiPieces::Letters;
    options.view.id_prefix = "a\"b<".to_owned();
    options.view.caption = Some(Caption {
        ply: None,
        last_move: Some("<script>&".to_owned()),
        title: Some("\"quoted\"".to_owned()),
    });
    let svg = shogi_svg(&shogi_board::Position::new(), &options);
    elements(&svg);
    assert!(svg.contains("&quot;quoted&quot; · &lt;script&gt;&amp; · Black to move"));
    assert!(svg.contains("id=\"a&quot;b&lt;sq-1a\""));
    assert!(!svg.contains("<script"));
}
