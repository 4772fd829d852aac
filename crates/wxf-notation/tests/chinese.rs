//! The Chinese-character notation against testdata/xiangqi/xiangqi-chinese-multipawn.jsonl
//! (copied from the shared specimens, see testdata/README.md: every fixture move of a piece sharing its file with a like
//! piece, with its canonical Chinese text by the rules of NOTATIONS.md) and the fixture games.

use notation_traits::MoveNotation;
use serde_json::Value;
use wxf_notation::{Chinese, ChineseStyle};
use xiangqi_board::{Move, Position};

fn testdata(name: &str) -> String {
    let path = format!(
        "{}/../../testdata/xiangqi/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn rows(name: &str) -> Vec<Value> {
    testdata(name)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

#[test]
fn every_tandem_move_is_written_and_read_as_the_table_says() {
    let chinese = Chinese::new(ChineseStyle::Simplified);
    let mut n = 0;
    let mut cchess_read = 0;
    for row in rows("xiangqi-chinese-multipawn.jsonl") {
        let source = row["source"].as_str().unwrap();
        let pos = Position::from_fen(row["fen"].as_str().unwrap()).unwrap();
        let mv: Move = row["iccs"].as_str().unwrap().parse().unwrap();
        let expected = row["chinese"].as_str().unwrap();
        assert_eq!(chinese.write_move(&pos, mv), expected, "{source}");
        let read = chinese
            .read_move(&pos, expected)
            .unwrap_or_else(|e| panic!("{source} `{expected}`: {e}"));
        assert_eq!(read.mv, mv, "{source} `{expected}`");
        assert!(read.warnings.is_empty(), "{source}: {:?}", read.warnings);
        // cchess spells Black's ordinals with digits (３卒平６): the same move, with a warning.
        if row["cchess_note"] == "black-ordinal-spelling" {
            let text = row["cchess"].as_str().unwrap();
            let read = chinese.read_move(&pos, text).unwrap();
            assert_eq!(read.mv, mv, "{source} `{text}`");
            cchess_read += 1;
        }
        // cchess's two-file spellings (前兵平六) name a pawn on either doubled file: never a
        // guess, either the one legal reading (with a warning) or an error.
        if row["cchess_note"] == "two-file-pawns" {
            let text = row["cchess"].as_str().unwrap();
            match chinese.read_move(&pos, text) {
                Ok(read) => {
                    assert_eq!(read.mv, mv, "{source} `{text}`");
                    assert!(!read.warnings.is_empty(), "{source} `{text}`");
                }
                Err(e) => assert!(e.to_string().contains("ambiguous"), "{source}: {e}"),
            }
        }
        n += 1;
    }
    // testdata/README.md: 5,153 moves; 18 Black ordinals spelt differently by cchess.
    assert_eq!(n, 5_153);
    assert_eq!(cchess_read, 18);
}

#[test]
fn every_fixture_game_round_trips_in_both_styles() {
    for style in [ChineseStyle::Simplified, ChineseStyle::Traditional] {
        let chinese = Chinese::new(style);
        for game in rows("xiangqi-games.jsonl").iter().step_by(2) {
            let mut pos = Position::from_fen(game["start_fen"].as_str().unwrap()).unwrap();
            for coord in game["moves_iccs"].as_array().unwrap() {
                for &mv in pos.legal_moves().iter() {
                    let text = chinese.write_move(&pos, mv);
                    let read = chinese
                        .read_move(&pos, &text)
                        .unwrap_or_else(|e| panic!("{} `{text}`: {e}", pos.to_fen()));
                    assert_eq!(read.mv, mv, "{} `{text}`", pos.to_fen());
                    assert!(read.warnings.is_empty(), "`{text}`: {:?}", read.warnings);
                }
                pos.play_unchecked(coord.as_str().unwrap().parse().unwrap());
            }
        }
    }
}

#[test]
fn lenient_forms_read_with_warnings() {
    let chinese = Chinese::default();
    let pos = Position::new();
    // Red's numbers written as digits.
    let read = chinese.read_move(&pos, "炮2平5").unwrap();
    assert_eq!(read.mv.to_string(), "h2e2");
    assert_eq!(read.warnings[0].code, "numeral-style");
    // A black piece character in a Red move.
    let read = chinese.read_move(&pos, "將五进一").unwrap();
    assert_eq!(read.mv.to_string(), "e0e1");
    assert_eq!(read.warnings[0].code, "piece-character-color");
    // Research edge case 15: 马8进7 = 马８进７ = 馬8進7 after 炮二平五.
    let pos = pos.play("h2e2".parse().unwrap()).unwrap();
    for text in ["马8进7", "马８进７", "馬8進7", "马８進７"] {
        let read = chinese.read_move(&pos, text).unwrap();
        assert_eq!(read.mv.to_string(), "h9g7", "{text}");
        assert!(read.warnings.is_empty(), "{text}: {:?}", read.warnings);
    }
}

#[test]
fn errors_name_the_piece_and_the_rule() {
    let chinese = Chinese::default();
    let pos = Position::new();
    // Red's file 4 is the f-file.
    let e = chinese.read_move(&pos, "兵五平四").unwrap_err().to_string();
    assert!(
        e.starts_with(
            "illegal move: the red pawn on file 5 (e3) to f3: a pawn moves sideways only after crossing the river: write "
        ),
        "{e}"
    );
    let e = chinese.read_move(&pos, "前车进一").unwrap_err().to_string();
    assert_eq!(e, "no file holds the red chariots that `前车进一` names");
    // Two red chariots on file 5 (e3 and e1): the plain file names neither.
    let pos = Position::from_fen("5k3/9/9/9/9/9/4R4/9/4R4/3K5 w - - 0 1").unwrap();
    let e = chinese.read_move(&pos, "车五平三").unwrap_err().to_string();
    assert_eq!(
        e,
        "ambiguous move: two red chariots can make the move `车五平三`: write 前车平三 or 后车平三"
    );
}

#[test]
fn xqbase_ordinals_count_over_every_doubled_file() {
    // Research note, edge case 8 (3 + 2 pawns): xqbase's 一兵..五兵 count files from Red's
    // right, each front to back: g8, g7, g6, then c7, c6. 二兵..四兵 mean the same as DPXQ's
    // per-file ordinals where one file holds four or five pawns, and xqbase's count otherwise.
    let chinese = Chinese::new(ChineseStyle::Simplified);
    let pos = Position::from_fen("3k5/6P2/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    for (text, iccs) in [
        ("一兵平四", "g8f8"),
        ("二兵平四", "g7f7"),
        ("三兵平四", "g6f6"),
        ("四兵平六", "c7d7"),
        ("五兵平六", "c6d6"),
    ] {
        let read = chinese.read_move(&pos, text).unwrap();
        assert_eq!(read.mv.to_string(), iccs, "{text}");
        let codes: Vec<&str> = read.warnings.iter().map(|w| w.code).collect();
        assert_eq!(codes, ["xqbase-form"], "{text}");
    }
    // Edge case 9 (2 + 2): files 5 then 7.
    let pos = Position::from_fen("5k3/9/2P1P4/2P1P4/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    assert_eq!(
        chinese.read_move(&pos, "三兵平六").unwrap().mv.to_string(),
        "c7d7"
    );
    // Black counts from Black's right: pawns on c and e are Black's files 3 and 5, each front
    // (rank 3) to back: c3, c4, then e3, so 三卒 is e3.
    let pos = Position::from_fen("4k4/9/9/9/9/2p1p4/2p1p4/9/9/3K5 b - - 0 1").unwrap();
    assert_eq!(
        chinese.read_move(&pos, "三卒平６").unwrap().mv.to_string(),
        "e3f3"
    );
    // Five pawns on one file: 二兵 is the second from the front either way.
    let pos = Position::from_fen("3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1").unwrap();
    let read = chinese.read_move(&pos, "二兵平六").unwrap();
    assert_eq!(read.mv.to_string(), "e7d7");
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
}
