//! XQF written by kifu: the bytes the format description gives for the same game, read back
//! identically, and a report of what XQF cannot hold.

mod common;

use common::xqf::{HandXqf, Keys};
use common::{GameTree, checked, fixtures, movetext, replay, resolved_movetext, with_variations};
use iccs_algebraic::Iccs;
use notation_traits::{
    CheckedGame, RecordFormat, WriteSettings, Written, parse_game_text, replay as replay_text,
};
use rstest::rstest;
use xiangqi_archive::{Xqf, XqfKeys, XqfOptions};
use xiangqi_board::Position;

fn gbk(text: &str) -> Vec<u8> {
    encoding_rs::GBK.encode(text).0.into_owned()
}

fn bytes(written: notation_traits::WrittenGame) -> Vec<u8> {
    match written.output {
        Written::Bytes(b) => b,
        Written::Text(t) => panic!("XQF is bytes, not text: {t}"),
    }
}

fn options(version: u8, keys: Keys) -> XqfOptions {
    XqfOptions {
        version,
        keys: XqfKeys {
            mask: keys.mask,
            or_keys: keys.or_keys,
            sum: keys.sum,
            seeds: keys.seeds,
        },
    }
}

/// The writer's bytes are the description's, outside the piece table (where only the
/// assignment of like pieces to their two slots may differ, which the read-back checks).
#[rstest]
#[case::plain(0x0A, Keys::ZERO)]
#[case::v0b(0x0B, Keys::seeded([1, 2, 3], 0xFF, [0; 4]))]
#[case::v0c(0x0C, Keys::UNIT_TEST)]
#[case::v12_zero(0x12, Keys::ZERO)]
#[case::v12_keys(0x12, Keys::seeded([0xC3, 0x5A, 0x99], 0xEB, [0x12, 0x34, 0x56, 0x00]))]
fn the_writer_writes_the_described_bytes(#[case] version: u8, #[case] keys: Keys) {
    for f in fixtures().iter().step_by(37) {
        let tree = with_variations(f);
        let result = f.result.as_deref().unwrap_or("*");
        let game = checked(
            &f.start_fen,
            &tree,
            &[("Title", "第一局"), ("Red", "许银川"), ("Result", result)],
        );
        let written = bytes(Xqf.write_with(&game, &options(version, keys)).unwrap());
        let mut hand = HandXqf::new(version, keys, &f.start_fen);
        hand.string(0x050, &gbk("第一局"));
        hand.string(0x130, &gbk("许银川"));
        hand.result = match result {
            "1-0" => 1,
            "0-1" => 2,
            "1/2-1/2" => 3,
            _ => 0,
        };
        // A board-decided result counts when the record has none.
        if hand.result == 0
            && let Some(outcome) = Position::from_fen(&f.final_fen).unwrap().outcome()
        {
            hand.result = match outcome.0.as_str() {
                "1-0" => 1,
                "0-1" => 2,
                _ => 3,
            };
        }
        hand.code_a = if f.start_fen == Position::START_FEN {
            0
        } else {
            3
        };
        hand.tree(&tree, gbk);
        let expected = hand.bytes();
        assert_eq!(written.len(), expected.len(), "{}", f.id);
        assert_eq!(written[..0x10], expected[..0x10], "{}", f.id);
        assert_eq!(written[0x30..], expected[0x30..], "{}", f.id);
        // The piece table reads back to the start.
        let back = Xqf.read_bytes(&written);
        assert_eq!(
            back.start.clone().unwrap().to_fen(),
            f.start_fen,
            "{}",
            f.id
        );
    }
}

/// Every fixture game, with variations and comments, written in the default version and as
/// XQF 1.0, reads back to the same start, tags, moves, comments and variations.
#[rstest]
#[case::default(XqfOptions::default())]
#[case::plain(XqfOptions::plain())]
#[case::keyed(XqfOptions { version: 0x10, keys: XqfKeys::with_seeds([77, 5, 200], 0xAB, [9, 8, 7, 6]) })]
fn written_xqf_reads_back_identically(#[case] opts: XqfOptions) {
    for f in fixtures() {
        let tree = with_variations(&f);
        let game = checked(
            &f.start_fen,
            &tree,
            &[("Event", "测试"), ("Date", "2026.12.01"), ("Result", "*")],
        );
        let written = Xqf.write_with(&game, &opts).unwrap();
        assert_eq!(written.lost, Vec::<String>::new(), "{}", f.id);
        let back = Xqf.read_bytes(&bytes(written));
        assert_eq!(common::codes(&back), Vec::<String>::new(), "{}", f.id);
        assert_eq!(
            back.start.clone().unwrap().to_fen(),
            f.start_fen,
            "{}",
            f.id
        );
        assert_eq!(movetext(&back.raw.record.main), tree.movetext(), "{}", f.id);
        assert_eq!(back.raw.record.tag("Event"), Some("测试"));
        assert_eq!(back.raw.record.tag("Date"), Some("2026.12.01"));
        let replayed = replay(&back);
        assert!(!replayed.has_errors(), "{}", f.id);
        assert_eq!(
            resolved_movetext(&replayed.record.main),
            resolved_movetext(&game.replayed.record.main),
            "{}",
            f.id
        );
        assert_eq!(replayed.end.to_fen(), f.final_fen, "{}", f.id);
    }
}

/// A PGN game with tags, comments and variations converts to XQF and back with nothing lost
/// that XQF holds; what it cannot hold is named.
#[test]
fn pgn_to_xqf_and_back() {
    let pgn = "[Game \"Chinese Chess\"]\n[Event \"全国赛\"]\n[Site \"北京\"]\n[Date \"1980.05.01\"]\n\
               [Round \"3\"]\n[Red \"胡荣华\"]\n[Black \"柳大华\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n\n\
               {中炮对屏风马} 1. h2e2 {central cannon} h9g7 (1... h7e7 {also} 2. h0g2 (2. b0c2)) \
               2. h0g2 $1 i9h9 {两行\n注解} {second} 3. i0h0 b9c7 1-0\n";
    let raw = parse_game_text(pgn);
    let replayed = replay_text(&raw.record, Position::new(), &Iccs::ENGINE);
    assert!(!replayed.has_errors(), "{:?}", replayed.diagnostics);
    let game = CheckedGame::new(replayed, &raw, None);
    let written = Xqf
        .write(&game, &WriteSettings::default())
        .expect("written");
    assert_eq!(
        written.lost,
        [
            "move glyphs ($n)",
            "several comments at one place, joined into one",
            "tags XQF has no field for: [Round]",
        ]
    );
    let out = bytes(written);
    assert_eq!(out[2], 0x12);
    let back = Xqf.read_bytes(&out);
    let record = &back.raw.record;
    for (name, value) in [
        ("Event", "全国赛"),
        ("Site", "北京"),
        ("Date", "1980.05.01"),
        ("Red", "胡荣华"),
        ("Black", "柳大华"),
        ("Result", "1-0"),
    ] {
        assert_eq!(record.tag(name), Some(value), "{name}");
    }
    assert_eq!(
        movetext(&record.main),
        "{中炮对屏风马} h2e2 {central cannon} h9g7 (h7e7 {also} h0g2 (b0c2)) h0g2 i9h9 {两行\n注解\nsecond} i0h0 b9c7"
    );
}

#[test]
fn what_xqf_cannot_hold_is_named() {
    let fixture = fixtures()
        .into_iter()
        .find(|f| f.start_fen != Position::START_FEN)
        .unwrap();
    let mut tree = GameTree::line(&fixture.moves[..4], None);
    tree.nodes[1].comment = Some("x".into());
    let mut game = checked(
        &fixture.start_fen,
        &tree,
        &[
            ("Title", &"长".repeat(40)),
            ("ECCO", "A00"),
            ("RecordType", "opening"),
            ("Round", "1"),
        ],
    );
    game.replayed.record.main.moves[0].clock = Some("0:01".into());
    game.replayed.record.trailing_comments = vec!["after".into()];
    let written = Xqf.write_with(&game, &XqfOptions::default()).unwrap();
    assert_eq!(
        written.lost,
        [
            "clock times".to_owned(),
            "comments after the result, joined to the last move's comment".to_owned(),
            "the record type `opening`, written as `endgame`: readers take a full game or an opening to start from the standard array".to_owned(),
            format!(
                "the end of [Title \"{}\"]: XQF holds 63 bytes of it",
                "长".repeat(40)
            ),
            "tags XQF has no field for: [ECCO] [Round]".to_owned(),
        ]
    );
    let back = Xqf.read_bytes(&bytes(written));
    // 31 two-byte characters fit in 63 bytes.
    assert_eq!(back.raw.record.tag("Title"), Some("长".repeat(31).as_str()));
    assert_eq!(back.raw.record.tag("RecordType"), Some("endgame"));
    assert_eq!(back.raw.record.main.moves[3].comments, ["after"]);
}

#[test]
fn the_start_is_written_into_its_fields() {
    let f = fixtures()
        .into_iter()
        .find(|f| f.start_fen.split(' ').nth(1) == Some("b"))
        .unwrap();
    let game = checked(&f.start_fen, &GameTree::line(&f.moves, None), &[]);
    let out = bytes(Xqf.write_with(&game, &XqfOptions::plain()).unwrap());
    let number: u16 = f.start_fen.rsplit(' ').next().unwrap().parse().unwrap();
    assert_eq!(
        u16::from_le_bytes([out[0x30], out[0x31]]),
        2 * (number - 1) + 1
    );
    assert_eq!(out[0x32], 1, "WhoPlay: Black");
    assert_eq!(u16::from_le_bytes([out[0x40], out[0x41]]), 3, "an endgame");
    // The root record of a plain file.
    assert_eq!(out[0x400..0x404], [0x18, 0x20, 0xF0, 0xFF]);
}

#[test]
fn xqf_holds_one_game_per_file() {
    let game = checked(Position::START_FEN, &GameTree::line(&[], None), &[]);
    let second = WriteSettings {
        index: 1,
        ..WriteSettings::default()
    };
    let e = Xqf.write(&game, &second).unwrap_err();
    assert_eq!(e.code, "one-game-per-file");
    assert_eq!(
        e.message,
        "an XQF file holds one game: game 2 is not written to it (write each game to its own file)"
    );
    let plain = WriteSettings {
        version: Some("10"),
        ..WriteSettings::default()
    };
    assert_eq!(bytes(Xqf.write(&game, &plain).unwrap())[2], 0x0A);
    let bad = WriteSettings {
        version: Some("2.0"),
        ..WriteSettings::default()
    };
    assert_eq!(Xqf.write(&game, &bad).unwrap_err().code, "bad-header");
    let keys = XqfOptions {
        version: 0x12,
        keys: XqfKeys {
            sum: 1,
            ..XqfKeys::ZERO
        },
    };
    assert_eq!(Xqf.write_with(&game, &keys).unwrap_err().code, "bad-header");
}
