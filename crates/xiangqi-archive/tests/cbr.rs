//! CCBridge records and libraries made by hand from the layout description
//! (tests/common/ccbridge.rs): read to their tags, start positions, moves, variations and
//! comments, replayed against the fixture games; broken ones reported with their byte places.

mod common;

use std::io::Cursor;

use common::ccbridge::{
    HandCbr, V2_BLACK, V2_COMMENTATOR, V2_DATE, V2_ENDING, V2_EVENT, V2_RED, V2_RED_TEAM, V2_ROUND,
    V2_SITE, V2_TITLE, library,
};
use common::{GameTree, codes, fixtures, movetext, replay, with_variations};
use notation_traits::{Confidence, FormatGame, RecordFormat, WriteSettings};
use rstest::rstest;
use xiangqi_archive::{Cbl, Cbr};
use xiangqi_board::Position;

fn read_library(bytes: Vec<u8>) -> Vec<FormatGame<Position>> {
    Cbl.read(Box::new(Cursor::new(bytes)))
        .collect::<Result<_, _>>()
        .expect("read")
}

#[rstest]
#[case::version_2(2)]
#[case::version_1(1)]
fn records_read_to_the_fixture_games(#[case] version: u8) {
    for f in fixtures().iter().step_by(20) {
        let tree = with_variations(f);
        let mut cbr = HandCbr::new(version, &f.start_fen);
        if version == 2 {
            cbr.strings.push((V2_TITLE, "第一局 许银川 胜 吕钦".into()));
            cbr.strings.push((V2_EVENT, "全国象棋个人赛".into()));
            cbr.strings.push((V2_RED, "许银川".into()));
            cbr.strings.push((V2_BLACK, "吕钦".into()));
            cbr.strings.push((V2_ENDING, "认输".into()));
        }
        cbr.result = 1;
        cbr.tree(&tree);
        let game = Cbr.read_bytes(&cbr.bytes());
        let what = format!("{} v{version}", f.id);
        assert_eq!(codes(&game), Vec::<String>::new(), "{what}");
        assert_eq!(game.start.clone().unwrap().to_fen(), f.start_fen, "{what}");
        assert_eq!(movetext(&game.raw.record.main), tree.movetext(), "{what}");
        let record = &game.raw.record;
        assert_eq!(record.tag("Result"), Some("1-0"), "{what}");
        if version == 2 {
            assert_eq!(record.tag("Title"), Some("第一局 许银川 胜 吕钦"));
            assert_eq!(record.tag("Event"), Some("全国象棋个人赛"));
            assert_eq!(record.tag("Red"), Some("许银川"));
            assert_eq!(record.tag("Black"), Some("吕钦"));
            assert_eq!(record.tag("Termination"), Some("认输"));
        }
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

#[test]
fn every_version_2_text_field_is_a_tag() {
    let mut cbr = HandCbr::new(2, Position::START_FEN);
    let fields = [
        (V2_TITLE, "Title", "标题"),
        (V2_EVENT, "Event", "赛事"),
        (V2_ROUND, "Round", "第3轮"),
        (V2_DATE, "Date", "2024-05-01"),
        (V2_SITE, "Site", "广州"),
        (V2_RED, "Red", "红方"),
        (V2_RED_TEAM, "RedTeam", "广东"),
        (V2_BLACK, "Black", "黑方"),
        (V2_COMMENTATOR, "Annotator", "评注者"),
        (V2_ENDING, "Termination", "超时"),
    ];
    for (field, _, value) in fields {
        cbr.strings.push((field, value.into()));
    }
    cbr.kind = 2;
    cbr.record(0x01, 0, 0, Some("开局说明"));
    let game = Cbr.read_bytes(&cbr.bytes());
    let record = &game.raw.record;
    for (_, tag, value) in fields {
        assert_eq!(record.tag(tag), Some(value), "{tag}");
    }
    assert_eq!(record.tag("GameKind"), Some("2"));
    assert_eq!(record.main.comments, ["开局说明"]);
    assert!(record.main.moves.is_empty());
    let title = &record.tags[0];
    assert_eq!((title.span.start.offset, title.span.end.offset), (180, 308));
}

#[test]
fn black_to_move_and_the_move_number() {
    let f = fixtures()
        .into_iter()
        .find(|f| f.start_fen.split(' ').nth(1) == Some("b"))
        .unwrap();
    let mut cbr = HandCbr::new(2, &f.start_fen);
    cbr.number = 12;
    cbr.tree(&GameTree::line(&f.moves, None));
    let game = Cbr.read_bytes(&cbr.bytes());
    let fen = game.start.clone().unwrap().to_fen();
    assert!(fen.ends_with(" b - - 0 12"), "{fen}");
    // A side byte that contradicts the first move: the move's side is to move.
    cbr.side = 1;
    let game = Cbr.read_bytes(&cbr.bytes());
    assert_eq!(codes(&game), ["bad-header"]);
    assert_eq!(
        game.raw.diagnostics[0].message,
        "the side byte says red moves first, but the first move is black's: black is to move"
    );
    assert_eq!(game.raw.diagnostics[0].span.unwrap().start.offset, 2112);
    cbr.side = 0;
    let game = Cbr.read_bytes(&cbr.bytes());
    assert_eq!(
        game.raw.diagnostics[0].message,
        "the side byte is 0, neither 1 (Red) nor 2 (Black): black is to move"
    );
}

/// A stream without the start position's record (its first record is a move), as vschess
/// reads it.
#[test]
fn a_stream_without_a_start_record() {
    let mut cbr = HandCbr::new(2, Position::START_FEN);
    let (h2, e2, h9, g7) = (
        cbr.point("h2"),
        cbr.point("e2"),
        cbr.point("h9"),
        cbr.point("g7"),
    );
    cbr.record(0x00, h2, e2, Some("中炮"));
    cbr.record(0x01, h9, g7, None);
    let game = Cbr.read_bytes(&cbr.bytes());
    assert_eq!(codes(&game), Vec::<String>::new());
    assert_eq!(movetext(&game.raw.record.main), "h2e2 {中炮} h9g7");
}

#[test]
fn broken_records() {
    let base = || {
        let mut cbr = HandCbr::new(2, Position::START_FEN);
        let (h2, e2, h9, g7) = (
            cbr.point("h2"),
            cbr.point("e2"),
            cbr.point("h9"),
            cbr.point("g7"),
        );
        cbr.record(0x00, 0, 0, None);
        cbr.record(0x00, h2, e2, None);
        cbr.record(0x01, h9, g7, None);
        cbr
    };
    // A point off the board.
    let mut cbr = base();
    cbr.stream[8 + 3] = 95;
    let game = Cbr.read_bytes(&cbr.bytes());
    let d = &game.raw.diagnostics[0];
    assert_eq!(d.code, "bad-move-record");
    assert_eq!(d.ply, Some(2));
    assert_eq!(d.span.unwrap().start.offset, 2214 + 8);
    assert_eq!(
        d.message,
        "the record at byte 2222 gives 95 (0x5F) as its to-point, which is off the board: the record is not used"
    );
    // A comment running past the end.
    let mut cbr = base();
    cbr.stream[4] |= 0x04;
    cbr.stream.splice(8..8, [200, 0, 0, 0]);
    let game = Cbr.read_bytes(&cbr.bytes());
    let d = &game.raw.diagnostics[0];
    assert_eq!(d.code, "truncated-file");
    assert_eq!(d.ply, Some(1));
    assert_eq!(
        d.message,
        "the move record at byte 2218 gives a comment of 200 bytes, but only 4 follow: the moves end here"
    );
    // The stream ends before the line does.
    let mut cbr = base();
    cbr.stream[8] = 0x00;
    let game = Cbr.read_bytes(&cbr.bytes());
    let d = &game.raw.diagnostics[0];
    assert_eq!(d.code, "truncated-file");
    assert_eq!(d.ply, Some(3));
    assert_eq!(movetext(&game.raw.record.main), "h2e2 h9g7");
    // A blank record where a move was due.
    let mut cbr = base();
    cbr.stream[8] = 0x00;
    cbr.record(0x00, 5, 5, None);
    let game = Cbr.read_bytes(&cbr.bytes());
    assert_eq!(
        game.raw.diagnostics[0].message,
        "the record at byte 2226 gives the same point twice, a blank record: the moves end here"
    );
    // A board byte that is no piece.
    let mut cbr = base();
    cbr.board[40] = 0x38;
    let game = Cbr.read_bytes(&cbr.bytes());
    let d = game.start.as_ref().unwrap_err();
    assert_eq!(d.code, "bad-piece-table");
    assert_eq!(
        d.message,
        "board byte 2160 is 0x38, no piece (0x11-0x17 Red, 0x21-0x27 Black)"
    );
    assert_eq!(movetext(&game.raw.record.main), "h2e2 h9g7");
    // A record version kifu does not know.
    let mut bytes = base().bytes();
    bytes[19] = 3;
    let d = Cbr.read_bytes(&bytes).start.unwrap_err();
    assert_eq!(d.code, "bad-header");
    assert_eq!(
        d.message,
        "CCBridge record version 3 (byte 19) is not one kifu reads: it knows versions 1 and 2"
    );
    // A result of several games.
    let mut cbr = base();
    cbr.result = 4;
    let game = Cbr.read_bytes(&cbr.bytes());
    assert_eq!(codes(&game), ["bad-header"]);
    assert_eq!(game.raw.record.tag("Result"), Some("*"));
    // Cut inside the header.
    let bytes = base().bytes();
    let d = Cbr.read_bytes(&bytes[..1000]).start.unwrap_err();
    assert_eq!(d.code, "truncated-file");
    assert_eq!(
        d.message,
        "the record ends at byte 1000 inside the record's header"
    );
}

/// A library built for `slots` slots with three games, the second longer than a slot.
fn three_game_library(slots: u32) -> (Vec<u8>, Vec<GameTree>, Vec<usize>) {
    let fx = fixtures();
    let mut trees = Vec::new();
    let mut records = Vec::new();
    for (i, f) in [&fx[0], &fx[1], &fx[2]].into_iter().enumerate() {
        let mut tree = GameTree::line(&f.moves, None);
        if i == 1 {
            tree.nodes[1].comment = Some("长评".repeat(1500));
        }
        let mut cbr = HandCbr::new(2, &f.start_fen);
        cbr.strings.push((V2_TITLE, format!("第{}局", i + 1)));
        cbr.tree(&tree);
        records.push(cbr.bytes());
        trees.push(tree);
    }
    assert!(records[1].len() > 4096);
    let slots_taken = records.iter().map(|r| r.len().div_ceil(4096)).collect();
    (
        library(&records, slots, "东萍大师棋谱", 0xCD),
        trees,
        slots_taken,
    )
}

#[rstest]
#[case::slots_128(128)]
#[case::slots_140(140)]
#[case::slots_1024(1024)]
fn a_library_reads_game_by_game(#[case] slots: u32) {
    let (bytes, trees, taken) = three_game_library(slots);
    assert_eq!(taken[1], 3);
    let games = read_library(bytes);
    assert_eq!(games.len(), 3);
    let first = 66624 + slots as usize * 276;
    let mut at = first;
    for (i, (game, tree)) in games.iter().zip(&trees).enumerate() {
        assert_eq!(codes(game), Vec::<String>::new(), "game {i}");
        assert_eq!(movetext(&game.raw.record.main), tree.movetext(), "game {i}");
        let record = &game.raw.record;
        assert_eq!(record.tag("Title"), Some(format!("第{}局", i + 1).as_str()));
        assert_eq!(record.tag("Library"), Some("东萍大师棋谱"));
        assert_eq!(record.span.start.offset, at, "game {i}");
        // Moves are placed in the file.
        assert_eq!(record.main.moves[0].span.start.offset, at + 2218);
        at += taken[i] * 4096;
        assert!(!replay(game).has_errors());
    }
}

#[test]
fn a_library_whose_records_are_not_where_the_index_says() {
    let (bytes, trees, _) = three_game_library(128);
    // Claim 100 slots: the records stand 28 · 276 bytes after where that puts them.
    let mut bytes = bytes;
    bytes[60..64].copy_from_slice(&100u32.to_le_bytes());
    let games = read_library(bytes);
    assert_eq!(games.len(), 3);
    assert_eq!(codes(&games[0]), ["bad-header"]);
    assert_eq!(
        games[0].raw.diagnostics[0].message,
        "the index of 100 slots puts the first record at byte 94224, but it stands at byte 101952: read from there"
    );
    for (game, tree) in games.iter().zip(&trees) {
        assert_eq!(movetext(&game.raw.record.main), tree.movetext());
    }
}

#[test]
fn broken_and_empty_libraries() {
    // No games.
    assert!(read_library(library(&[], 128, "空", 0)).is_empty());
    // Not a library.
    let games = read_library(b"CCBridge Record\0".to_vec());
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0].start.as_ref().unwrap_err().message,
        "not a CCBridge library: it does not start with `CCBridgeLibrary`"
    );
    // Cut inside the header.
    let bytes = library(&[], 128, "空", 0);
    let games = read_library(bytes[..5000].to_vec());
    assert_eq!(
        games[0].start.as_ref().unwrap_err().message,
        "the library ends at byte 5000 inside its 66624-byte header"
    );
    // An index that runs past the end.
    let mut bytes = library(&[], 1, "空", 0);
    bytes[60..64].copy_from_slice(&1000u32.to_le_bytes());
    let games = read_library(bytes);
    assert_eq!(
        games[0].start.as_ref().unwrap_err().message,
        "the library's index of 1000 slots (byte 60) runs past its end at byte 66900: it holds no record"
    );
}

#[test]
fn ccbridge_is_read_only_and_sniffed_by_its_magic() {
    let game = common::checked(Position::START_FEN, &GameTree::line(&[], None), &[]);
    let settings = WriteSettings::default();
    for format in [&Cbr as &dyn RecordFormat<Position>, &Cbl] {
        let e = format.write(&game, &settings).unwrap_err();
        assert_eq!(e.code, "not-writable");
        assert!(!format.info().writes);
    }
    assert_eq!(Cbr.sniff(b"CCBridge Record\0\x00\x00"), Confidence::CERTAIN);
    assert_eq!(Cbr.sniff(b"CCBridgeLibrary\0"), Confidence::NONE);
    assert_eq!(Cbl.sniff(b"CCBridgeLibrary\0"), Confidence::CERTAIN);
    assert_eq!(Cbl.sniff(b"XQ\x0a"), Confidence::NONE);
}
