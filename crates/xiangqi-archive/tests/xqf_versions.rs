//! XQF files of every version and key case, made by hand from ../shared/research/xqf-format.md
//! (tests/common/xqf.rs), read to the moves, start position, header and variations they hold,
//! and replayed against the fixture games' moves and final positions.

mod common;

use common::xqf::{HandXqf, Keys, derived, point, stream_key};
use common::{Fixture, GameTree, codes, fixtures, movetext, replay, with_variations};
use rstest::rstest;
use xiangqi_archive::Xqf;
use xiangqi_board::Position;

fn gbk(text: &str) -> Vec<u8> {
    encoding_rs::GBK.encode(text).0.into_owned()
}

/// The fixture games the version tests use: every 25th, plus the first ones that start with
/// Black to move and with another move number than 1.
fn sample() -> Vec<Fixture> {
    let all = fixtures();
    let mut out: Vec<Fixture> = all.iter().step_by(25).cloned().collect();
    for pick in [
        |f: &Fixture| f.start_fen.split(' ').nth(1) == Some("b"),
        |f: &Fixture| !f.start_fen.ends_with(" 0 1"),
    ] {
        let f = all.iter().find(|f| pick(f)).expect("such a fixture");
        if !out.iter().any(|o| o.id == f.id) {
            out.push(f.clone());
        }
    }
    out
}

/// The worked example of xqf-format.md §5-§7.5 (UnitTest.xqf, version 0x12): the bytes the
/// description gives, made from its formulas, read back.
#[test]
fn the_worked_example() {
    let keys = Keys::UNIT_TEST;
    assert_eq!(derived(0x12, &keys), (39, 37, 127, 30348));
    assert_eq!(
        stream_key(&keys)[..8],
        [0x13, 0x28, 0x02, 0x29, 0x20, 0x40, 0x0E, 0x60]
    );
    let mut file = HandXqf::new(0x12, keys, Position::START_FEN);
    // UnitTest.xqf keeps Red's first chariot (slot 0) on i0 and the second (slot 8) on a0.
    file.slots[0] = Some(point("i0"));
    file.slots[8] = Some(point("a0"));
    // The root: flag byte BE (continuation, comment, noise 0x1E), reserved 0x91, and the
    // comment 棋局注解 plus CR LF.
    file.record(None, true, false, Some(&gbk("棋局注解\r\n")), 0x1E, 0x91);
    // h2e2: flag byte EC (continuation, alternative, comment, noise 0x0C), reserved 0x99.
    file.record(
        Some((point("h2"), point("e2"))),
        true,
        true,
        Some(&gbk("炮二平五好棋\r\n")),
        0x0C,
        0x99,
    );
    file.record(
        Some((point("h9"), point("g7"))),
        false,
        false,
        None,
        0x13,
        0x55,
    );
    file.record(
        Some((point("b2"), point("e2"))),
        false,
        false,
        None,
        0x01,
        0x00,
    );
    let bytes = file.bytes();
    // The bytes the description quotes.
    assert_eq!(bytes[0x10], 0x27);
    assert_eq!(bytes[0x10 + 24], 0x77);
    assert_eq!(bytes[0x10 + 28], 0x4F);
    assert_eq!(
        bytes[0x400..0x408],
        [0x6B, 0x79, 0xC0, 0xBA, 0xB6, 0xB6, 0x0E, 0x60]
    );
    let f = stream_key(&keys);
    let plain: Vec<u8> = (0x412..0x41A)
        .map(|p| bytes[p].wrapping_sub(f[p % 32]))
        .collect();
    assert_eq!(plain, [0x85, 0xC9, 0xEC, 0x99, 0x9A, 0x76, 0x00, 0x00]);

    let game = Xqf.read_bytes(&bytes);
    assert_eq!(codes(&game), Vec::<String>::new());
    assert_eq!(game.start.clone().unwrap(), Position::new());
    assert_eq!(
        movetext(&game.raw.record.main),
        "{棋局注解} h2e2 {炮二平五好棋} (b2e2) h9g7"
    );
    let first = &game.raw.record.main.moves[0];
    assert_eq!(first.span.start.offset, 0x412);
    assert_eq!(first.span.end.offset, 0x412 + 8 + 14);
    let replayed = replay(&game);
    assert!(!replayed.has_errors(), "{:?}", replayed.diagnostics);
}

/// The plain example of §7.5 (test1.xqf at 0x5C8): `67 63 F0 00 BE 01 00 00` is h9g7,
/// continued, with a 446-byte comment.
#[test]
fn the_plain_example_record() {
    let mut file = HandXqf::new(0x0A, Keys::ZERO, Position::START_FEN);
    file.record(None, true, false, None, 0, 0xFF);
    file.record(Some((point("h2"), point("e2"))), true, false, None, 0, 0);
    let comment = vec![b'a'; 446];
    file.record(
        Some((point("h9"), point("g7"))),
        true,
        false,
        Some(&comment),
        0,
        0,
    );
    file.record(Some((point("h0"), point("g2"))), false, false, None, 0, 0);
    let bytes = file.bytes();
    let at = 0x400 + 8 + 8;
    assert_eq!(
        bytes[at..at + 8],
        [0x67, 0x63, 0xF0, 0x00, 0xBE, 0x01, 0x00, 0x00]
    );
    let game = Xqf.read_bytes(&bytes);
    let moves: Vec<&str> = game
        .raw
        .record
        .main
        .moves
        .iter()
        .map(|m| m.text.as_str())
        .collect();
    assert_eq!(moves, ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(game.raw.record.main.moves[1].comments, ["a".repeat(446)]);
}

/// The key cases: none; the worked example's; seeds with a full mask and no OR keys; a zero
/// mask with OR keys only; seeds whose derived keys wrap.
fn key_cases() -> [Keys; 5] {
    [
        Keys::ZERO,
        Keys::UNIT_TEST,
        Keys::seeded([1, 2, 3], 0xFF, [0; 4]),
        Keys::seeded([0xFE, 0x80, 0x01], 0x00, [0xAA, 0x55, 0x0F, 0xF0]),
        Keys::seeded([0xC3, 0x5A, 0x99], 0xAA | 0x41, [0x12, 0x34, 0x56, 0x00]),
    ]
}

#[rstest]
#[case::below_1_0(0x08)]
#[case::xqf_1_0(0x0A)]
#[case::v0b(0x0B)]
#[case::v0c(0x0C)]
#[case::v0d(0x0D)]
#[case::v0e(0x0E)]
#[case::v0f(0x0F)]
#[case::v10(0x10)]
#[case::v11(0x11)]
#[case::v12(0x12)]
fn every_version_and_key_case_reads_the_fixture_games(#[case] version: u8) {
    let cases: Vec<Keys> = if version <= 0x0A {
        vec![Keys::ZERO]
    } else {
        key_cases().to_vec()
    };
    let games = sample();
    assert!(games.len() >= 12);
    for keys in cases {
        for f in &games {
            let tree = with_variations(f);
            let mut file = HandXqf::new(version, keys, &f.start_fen);
            file.string(0x050, &gbk("全国象棋个人赛"));
            file.string(0x130, &gbk("胡荣华"));
            file.string(0x140, &gbk("Black"));
            file.result = 2;
            file.code_a = if f.start_fen == Position::START_FEN {
                0
            } else {
                3
            };
            file.tree(&tree, gbk);
            let bytes = file.bytes();
            let game = Xqf.read_bytes(&bytes);
            let what = format!("{} version {version:#04x} keys {keys:?}", f.id);
            assert_eq!(codes(&game), Vec::<String>::new(), "{what}");
            let start = game.start.clone().unwrap_or_else(|d| panic!("{what}: {d}"));
            assert_eq!(start.to_fen(), f.start_fen, "{what}");
            assert_eq!(movetext(&game.raw.record.main), tree.movetext(), "{what}");
            let record = &game.raw.record;
            assert_eq!(record.tag("Title"), Some("全国象棋个人赛"), "{what}");
            assert_eq!(record.tag("Red"), Some("胡荣华"), "{what}");
            assert_eq!(record.tag("Black"), Some("Black"), "{what}");
            assert_eq!(record.tag("Result"), Some("0-1"), "{what}");
            let expected_type = (f.start_fen != Position::START_FEN).then_some("endgame");
            assert_eq!(record.tag("RecordType"), expected_type, "{what}");
            let replayed = replay(&game);
            assert!(!replayed.has_errors(), "{what}: {:?}", replayed.diagnostics);
            let moves: Vec<String> = replayed
                .record
                .main
                .moves
                .iter()
                .map(|m| m.mv.to_string())
                .collect();
            assert_eq!(moves, f.moves, "{what}");
            assert_eq!(replayed.end.to_fen(), f.final_fen, "{what}");
        }
    }
}

/// Key bytes set in a plain file: XQStudio builds its stream key from them anyway, and so does
/// kifu, with a warning.
#[test]
fn a_plain_file_with_key_bytes_is_decoded_with_them() {
    let f = &fixtures()[3];
    let tree = GameTree::line(&f.moves, Some("说明"));
    let mut file = HandXqf::new(
        0x0A,
        Keys::seeded([9, 8, 7], 0xFF, [1, 2, 3, 4]),
        &f.start_fen,
    );
    assert_ne!(stream_key(&file.keys), [0; 32]);
    file.tree(&tree, gbk);
    let game = Xqf.read_bytes(&file.bytes());
    assert_eq!(codes(&game), ["bad-header"]);
    let d = &game.raw.diagnostics[0];
    assert_eq!(
        d.message,
        "version 0x0A is not encrypted, but key bytes 0x03 and 0x08-0x0F are set: the moves are decoded with the stream key they give, as XQStudio does"
    );
    assert_eq!(movetext(&game.raw.record.main), tree.movetext());
}

/// Every header text field lands in its tag.
#[test]
fn every_header_field_is_a_tag() {
    let fields = [
        (0x050, "Title", "标题"),
        (0x090, "Subtitle", "副标题"),
        (0x0D0, "Event", "比赛"),
        (0x110, "Date", "2001.04.16"),
        (0x120, "Site", "上海"),
        (0x130, "Red", "胡荣华"),
        (0x140, "Black", "杨官璘"),
        (0x150, "TimeControl", "60分钟"),
        (0x190, "RedTime", "0:45"),
        (0x1A0, "BlackTime", "0:50"),
        (0x1D0, "Annotator", "评注"),
        (0x1E0, "Author", "作者"),
    ];
    let mut file = HandXqf::new(0x12, Keys::UNIT_TEST, Position::START_FEN);
    for (offset, _, value) in fields {
        file.string(offset, &gbk(value));
    }
    file.result = 3;
    file.record(None, false, false, None, 0, 0);
    let game = Xqf.read_bytes(&file.bytes());
    let tags: Vec<(&str, &str)> = game
        .raw
        .record
        .tags
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_str()))
        .collect();
    let mut expected: Vec<(&str, &str)> = fields.iter().map(|(_, t, v)| (*t, *v)).collect();
    expected.push(("Result", "1/2-1/2"));
    assert_eq!(tags, expected);
    assert_eq!(game.raw.record.tags[0].span.start.offset, 0x050);
    assert!(game.raw.record.main.moves.is_empty());
}
