//! Broken XQF files: each fault is a diagnostic with its byte place, its ply and its reason,
//! and the game is kept up to it.

mod common;

use common::xqf::{HandXqf, Keys, point};
use common::{GameTree, codes, movetext, replay};
use notation_traits::{Diagnostic, FormatGame, Severity};
use xiangqi_archive::Xqf;
use xiangqi_board::Position;

const MOVES: [&str; 4] = ["h2e2", "h9g7", "h0g2", "i9h9"];

fn gbk(text: &str) -> Vec<u8> {
    encoding_rs::GBK.encode(text).0.into_owned()
}

/// The four opening moves as a hand-made file of `version` (UnitTest's keys from 0x0B).
fn file(version: u8) -> HandXqf {
    let keys = if version <= 0x0A {
        Keys::ZERO
    } else {
        Keys::UNIT_TEST
    };
    let mut f = HandXqf::new(version, keys, Position::START_FEN);
    let moves: Vec<String> = MOVES.iter().map(|m| (*m).to_owned()).collect();
    f.tree(&GameTree::line(&moves, None), gbk);
    f
}

fn texts(game: &FormatGame<Position>) -> Vec<&str> {
    game.raw
        .record
        .main
        .moves
        .iter()
        .map(|m| m.text.as_str())
        .collect()
}

/// The one diagnostic of a game.
fn only(game: &FormatGame<Position>) -> &Diagnostic {
    assert_eq!(game.raw.diagnostics.len(), 1, "{:?}", game.raw.diagnostics);
    &game.raw.diagnostics[0]
}

fn at(d: &Diagnostic) -> (usize, usize) {
    let s = d.span.expect("a place");
    assert!(s.start.is_byte(), "a byte place");
    (s.start.offset, s.end.offset)
}

#[test]
fn not_an_xqf_file() {
    let game = Xqf.read_bytes(b"PK\x03\x04 a zip");
    let d = game.start.unwrap_err();
    assert_eq!(d.code, "bad-header");
    assert_eq!(
        d.message,
        "not an XQF file: it starts with `PK` where XQF has its signature `XQ`"
    );
    assert_eq!(at(&d), (0, 2));
    let empty = Xqf.read_bytes(b"");
    assert_eq!(
        empty.start.unwrap_err().message,
        "not an XQF file: it starts with `` where XQF has its signature `XQ`"
    );
}

#[test]
fn a_truncated_header() {
    let mut bytes = file(0x12).bytes();
    bytes.truncate(700);
    let game = Xqf.read_bytes(&bytes);
    let d = game.start.unwrap_err();
    assert_eq!(d.code, "truncated-file");
    assert_eq!(
        d.message,
        "the file ends at byte 700 inside the XQF header, which takes 1024 bytes"
    );
}

#[test]
fn a_file_cut_inside_a_record() {
    for (version, record) in [(0x0A, 8), (0x12, 4)] {
        let mut bytes = file(version).bytes();
        // The root, two moves, and two bytes of the third.
        let third = 1024 + 3 * record;
        bytes.truncate(third + 2);
        let game = Xqf.read_bytes(&bytes);
        assert_eq!(texts(&game), ["h2e2", "h9g7"], "{version:#x}");
        let d = only(&game);
        assert_eq!(d.code, "truncated-file");
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(d.ply, Some(3));
        assert_eq!(at(d), (third, third));
        assert_eq!(
            d.message,
            format!(
                "the file ends inside the four move bytes of the record at byte {third}: the moves end here"
            )
        );
        assert!(game.start.is_ok());
    }
}

#[test]
fn a_comment_longer_than_the_file() {
    let mut f = HandXqf::new(0x12, Keys::UNIT_TEST, Position::START_FEN);
    f.record(None, true, false, None, 0, 0);
    f.record(
        Some((point("h2"), point("e2"))),
        false,
        false,
        Some(&gbk("中炮")),
        0,
        0,
    );
    let mut bytes = f.bytes();
    bytes.truncate(bytes.len() - 1);
    let game = Xqf.read_bytes(&bytes);
    assert!(texts(&game).is_empty());
    let d = only(&game);
    assert_eq!(d.code, "truncated-file");
    assert_eq!(d.ply, Some(1));
    assert_eq!(at(d), (1028, 1036));
    assert_eq!(
        d.message,
        "the record at byte 1028 gives a comment of 4 bytes, but only 3 follow: the moves end here"
    );
}

#[test]
fn a_negative_comment_length() {
    let mut f = file(0x12);
    // h9g7 (the third record) claims a comment, its length word below KeyRMKSize (30348).
    f.records[2].bytes[2] |= 0x20;
    f.records[2].length = Some(30343);
    let game = Xqf.read_bytes(&f.bytes());
    assert_eq!(texts(&game), ["h2e2"]);
    let d = only(&game);
    assert_eq!(d.code, "truncated-file");
    assert_eq!(d.ply, Some(2));
    assert_eq!(
        d.message,
        "the record at byte 1032 gives a comment length of -5: the moves end here"
    );
}

#[test]
fn a_record_off_the_board() {
    for (version, record) in [(0x0A, 8), (0x12, 4)] {
        let mut f = file(version);
        // The third move's to-point becomes 95.
        let (_, _, kt, _) = common::xqf::derived(version, &f.keys);
        f.records[3].bytes[1] = 95u8.wrapping_add(0x20).wrapping_add(kt);
        let game = Xqf.read_bytes(&f.bytes());
        assert_eq!(texts(&game), ["h2e2", "h9g7"], "{version:#x}");
        let d = only(&game);
        let third = 1024 + 3 * record;
        assert_eq!(d.code, "bad-move-record");
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(d.ply, Some(3));
        assert_eq!(at(d), (third, third + record));
        assert_eq!(
            d.message,
            format!(
                "the record at byte {third} gives 95 as its to-point, which is off the board (0-89): it and the 1 record below it are not used"
            )
        );
    }
}

#[test]
fn a_bad_record_gives_way_to_its_alternative() {
    let mut f = HandXqf::new(0x12, Keys::UNIT_TEST, Position::START_FEN);
    f.record(None, true, false, None, 0, 0);
    f.record(Some((point("h2"), point("e2"))), true, false, None, 0, 0);
    // A bad reply with an alternative after it.
    f.record(Some((200, point("g7"))), false, true, None, 0, 0);
    f.record(Some((point("b9"), point("c7"))), false, false, None, 0, 0);
    let game = Xqf.read_bytes(&f.bytes());
    assert_eq!(movetext(&game.raw.record.main), "h2e2 b9c7");
    let d = only(&game);
    assert_eq!(
        d.message,
        "the record at byte 1032 gives 200 as its from-point, which is off the board (0-89): the record is not used; its line goes on with its next alternative"
    );
}

#[test]
fn bytes_after_the_last_record() {
    let mut f = file(0x12);
    f.trailing = vec![1, 2, 3, 4, 5];
    let bytes = f.bytes();
    let game = Xqf.read_bytes(&bytes);
    assert_eq!(texts(&game), MOVES);
    let d = only(&game);
    assert_eq!(d.code, "trailing-bytes");
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(at(d), (1044, 1049));
    assert_eq!(
        d.message,
        "5 bytes after the last record (from byte 1044) belong to no move: they are not read"
    );
}

#[test]
fn two_pieces_on_one_point() {
    let mut f = file(0x0C);
    // The second red chariot (slot 8) onto the king's point.
    let king = f.slots[4];
    f.slots[8] = king;
    let game = Xqf.read_bytes(&f.bytes());
    let d = game.start.as_ref().unwrap_err();
    assert_eq!(d.code, "bad-piece-table");
    assert!(
        d.message
            .starts_with("the piece table puts two pieces on e0: the red "),
        "{}",
        d.message
    );
    // The moves are kept.
    assert_eq!(texts(&game), MOVES);
}

#[test]
fn a_table_without_a_king() {
    let mut f = file(0x12);
    f.slots[20] = None;
    let game = Xqf.read_bytes(&f.bytes());
    let d = game.start.as_ref().unwrap_err();
    assert_eq!(d.code, "bad-piece-table");
    assert_eq!(
        d.message,
        "the piece table (bytes 0x10-0x2F) is no legal start position: black has 0 kings: expected exactly 1"
    );
    assert_eq!(at(d), (0x10, 0x30));
    assert_eq!(
        d.position.as_deref(),
        Some("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
    );
}

#[test]
fn header_fields_out_of_range() {
    let mut f = file(0x12);
    f.result = 7;
    f.who_play = 5;
    f.strings.push((0x130, vec![b'a'; 15]));
    let mut bytes = f.bytes();
    bytes[0x130] = 40;
    let game = Xqf.read_bytes(&bytes);
    let messages: Vec<(&str, &str)> = game
        .raw
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.message.as_str()))
        .collect();
    assert_eq!(
        messages,
        [
            (
                "bad-header",
                "the RedPlayer field (byte 0x130) gives a length of 40, more than its 15 bytes: cut to 15"
            ),
            (
                "bad-header",
                "the result byte (0x33) is 7, none of 0 (unknown), 1 (Red won), 2 (Black won), 3 (draw): read as unknown"
            ),
            (
                "bad-header",
                "WhoPlay (byte 0x32) is 5, neither 0 (Red) nor 1 (Black): red is to move, whose piece makes the first move"
            ),
        ]
    );
    assert_eq!(game.raw.record.tag("Red"), Some("a".repeat(15).as_str()));
    assert_eq!(game.raw.record.tag("Result"), Some("*"));
}

#[test]
fn a_first_move_by_the_other_side() {
    let mut f = file(0x12);
    f.who_play = 1;
    let game = Xqf.read_bytes(&f.bytes());
    let d = only(&game);
    assert_eq!(d.code, "bad-header");
    assert_eq!(at(d), (0x32, 0x33));
    assert_eq!(
        d.message,
        "WhoPlay (byte 0x32) says black is to move, but the first move is red's: red is to move"
    );
    assert_eq!(game.start.as_ref().unwrap(), &Position::new());
}

#[test]
fn a_newer_version_and_a_bad_checksum_are_read_on() {
    // Keys whose checksum is 1, made into the file as they are.
    let keys = Keys {
        sum: Keys::UNIT_TEST.sum.wrapping_add(1),
        ..Keys::UNIT_TEST
    };
    let mut f = HandXqf::new(0x12, keys, Position::START_FEN);
    let moves: Vec<String> = MOVES.iter().map(|m| (*m).to_owned()).collect();
    f.tree(&GameTree::line(&moves, None), gbk);
    let mut bytes = f.bytes();
    bytes[2] = 0x13;
    let game = Xqf.read_bytes(&bytes);
    let messages: Vec<&str> = game
        .raw
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "version 0x13 is newer than 0x12, the newest XQStudio (1.63) knows: read as 0x12",
            "the key checksum (bytes 0x0C-0x0F) adds up to 0x01, not 0: XQStudio refuses the file; kifu reads it, since decoding does not depend on the checksum",
        ]
    );
    assert!(game.raw.diagnostics.iter().all(|d| d.is_error()));
    assert_eq!(texts(&game), MOVES);
}

#[test]
fn text_that_does_not_decode() {
    let mut f = HandXqf::new(0x12, Keys::ZERO, Position::START_FEN);
    f.record(None, true, false, Some(&[0xC6, 0xE5, 0xFF, 0x20]), 0, 0);
    f.record(Some((point("h2"), point("e2"))), false, false, None, 0, 0);
    let game = Xqf.read_bytes(&f.bytes());
    let d = only(&game);
    assert_eq!(d.code, "undecodable-text");
    assert_eq!(at(d), (1032, 1036));
    assert_eq!(
        d.message,
        "the comment of the record at byte 1024 holds bytes that are not GBK or GB18030 text: they read as U+FFFD"
    );
    assert_eq!(game.raw.record.main.comments, ["棋\u{FFFD} "]);
}

#[test]
fn the_root_alternative_flag_is_ignored() {
    let mut f = file(0x12);
    f.records[0].bytes[2] |= 0x40;
    let game = Xqf.read_bytes(&f.bytes());
    assert_eq!(texts(&game), MOVES);
    let d = only(&game);
    assert_eq!(d.code, "bad-move-record");
    assert_eq!(d.severity, Severity::Warning);
}

#[test]
fn a_full_game_type_with_a_set_up_table() {
    let mut f = HandXqf::new(0x12, Keys::ZERO, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    f.record(None, false, false, None, 0, 0);
    let game = Xqf.read_bytes(&f.bytes());
    let d = only(&game);
    assert_eq!(
        d.message,
        "the record type (bytes 0x40-0x41) is full game (0), but the piece table is not the standard array: readers that trust the type (ElephantEye's xqf2pgn) assume the standard array"
    );
    assert_eq!(game.raw.record.tag("RecordType"), Some("full game"));
}

/// A record that does not apply (its point of departure is empty) stays as text; the replay
/// reports it at the record's bytes and ply, and the game stops before it.
#[test]
fn an_illegal_move_is_reported_by_the_replay() {
    let mut f = HandXqf::new(0x12, Keys::UNIT_TEST, Position::START_FEN);
    f.record(None, true, false, None, 0, 0);
    f.record(Some((point("h2"), point("e2"))), true, false, None, 0, 0);
    f.record(Some((point("e5"), point("e4"))), true, false, None, 0, 0);
    f.record(Some((point("h0"), point("g2"))), false, false, None, 0, 0);
    let game = Xqf.read_bytes(&f.bytes());
    assert_eq!(codes(&game), Vec::<String>::new());
    assert_eq!(texts(&game), ["h2e2", "e5e4", "h0g2"]);
    let replayed = replay(&game);
    assert_eq!(replayed.record.main.moves.len(), 1);
    let d = &replayed.diagnostics[0];
    assert_eq!(d.code, "no-such-piece");
    assert_eq!(d.ply, Some(2));
    assert_eq!(at(d), (1032, 1036));
    assert_eq!(replayed.unread.len(), 2);
}
