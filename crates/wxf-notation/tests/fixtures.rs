//! The Fairy-Stockfish fixtures (testdata/xiangqi, copied from the shared fixtures, see testdata/README.md): every game
//! and every single-move case read from its `wxf` and `wxf_std` columns, and kifu's WXF compared
//! with `wxf_std`.

use notation_traits::MoveNotation;
use serde_json::Value;
use wxf_notation::{Dialect, Sideways, Wxf, WxfStyle};
use xiangqi_board::{Language, Move, Position};

fn testdata(name: &str) -> String {
    let path = format!(
        "{}/../../testdata/xiangqi/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn lines(name: &str) -> Vec<Value> {
    testdata(name)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|s| s.as_str().expect("string").to_owned())
        .collect()
}

/// The board and side fields of a FEN (the counters are informative).
fn board_and_side(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

/// The fixture's `wxf_std` uses `=` for sideways; kifu's English profile writes `.`.
fn with_equals() -> Wxf {
    Wxf::new(Language::English).with_sideways(Sideways::Equals)
}

#[test]
fn every_game_writes_wxf_std_and_reads_back() {
    let wxf = with_equals();
    let mut plies = 0;
    for game in lines("xiangqi-games.jsonl") {
        let id = game["id"].as_str().unwrap();
        let mut pos = Position::from_fen(game["start_fen"].as_str().unwrap()).unwrap();
        let iccs = strings(&game["moves_iccs"]);
        let std = strings(&game["wxf_std"]);
        for (i, (coord, expected)) in iccs.iter().zip(&std).enumerate() {
            let mv: Move = coord.parse().unwrap();
            assert!(pos.is_legal(mv), "{id} ply {}: {coord} illegal", i + 1);
            assert_eq!(
                &wxf.write_move(&pos, mv),
                expected,
                "{id} ply {}: {}",
                i + 1,
                pos.to_fen()
            );
            let read = wxf
                .read_move(&pos, expected)
                .unwrap_or_else(|e| panic!("{id} ply {} `{expected}`: {e}", i + 1));
            assert_eq!(read.mv, mv, "{id} ply {} `{expected}`", i + 1);
            // `33.4` is another pawn in the 2018 rules: the reader says so when that pawn
            // could make the move too.
            assert!(
                read.warnings.iter().all(|w| w.code == "dialect-collision"),
                "{id} ply {}: {:?}",
                i + 1,
                read.warnings
            );
            pos.play_unchecked(mv);
            plies += 1;
        }
        assert_eq!(
            board_and_side(&pos.to_fen()),
            board_and_side(game["final_fen"].as_str().unwrap()),
            "{id}"
        );
    }
    assert_eq!(plies, 28_850);
}

#[test]
fn fairy_stockfish_wxf_reads_to_the_same_moves() {
    // Fairy-Stockfish writes the file digit for a doubled piece when the other could not make
    // the move (`H5+6`), read with a warning. Its 2018-rules pawn forms (`15=6`, `33=4`) can
    // mean another pawn under the WXF page's rules (`33.4`, the middle pawn): games holding them
    // need the `wxr2018` reader dialect and are left out here.
    let wxf = with_equals();
    let mut warned = 0;
    let mut games = 0;
    for game in lines("xiangqi-games.jsonl") {
        let id = game["id"].as_str().unwrap();
        if strings(&game["wxf"])
            .iter()
            .any(|t| t.starts_with(|c: char| c.is_ascii_digit()))
        {
            continue;
        }
        games += 1;
        let mut pos = Position::from_fen(game["start_fen"].as_str().unwrap()).unwrap();
        let iccs = strings(&game["moves_iccs"]);
        let fairy = strings(&game["wxf"]);
        let std = strings(&game["wxf_std"]);
        for (i, coord) in iccs.iter().enumerate() {
            let mv: Move = coord.parse().unwrap();
            let read = wxf
                .read_move(&pos, &fairy[i])
                .unwrap_or_else(|e| panic!("{id} ply {} `{}`: {e}", i + 1, fairy[i]));
            assert_eq!(read.mv, mv, "{id} ply {} `{}`", i + 1, fairy[i]);
            if fairy[i] != std[i] {
                assert!(
                    !read.warnings.is_empty(),
                    "{id} ply {} `{}`",
                    i + 1,
                    fairy[i]
                );
                warned += 1;
            }
            pos.play_unchecked(mv);
        }
    }
    assert!(
        games > 200 && warned > 0,
        "{games} games, {warned} warnings"
    );
}

#[test]
fn single_move_cases() {
    let wxf = with_equals();
    for case in lines("xiangqi-cases.jsonl") {
        let id = case["id"].as_str().unwrap();
        let pos = Position::from_fen(case["fen"].as_str().unwrap()).unwrap();
        let mv: Move = case["move_iccs"].as_str().unwrap().parse().unwrap();
        let std = case["expected"]["wxf_std"].as_str().unwrap();
        let fairy = case["expected"]["wxf"].as_str().unwrap();
        assert_eq!(wxf.write_move(&pos, mv), std, "{id}");
        assert_eq!(wxf.read_move(&pos, std).unwrap().mv, mv, "{id} `{std}`");
        if !fairy.starts_with(|c: char| c.is_ascii_digit()) {
            assert_eq!(wxf.read_move(&pos, fairy).unwrap().mv, mv, "{id} `{fairy}`");
        }
    }
}

#[test]
fn every_legal_move_round_trips_in_every_letter_set_and_sign() {
    let notations: Vec<Wxf> = Language::ALL
        .into_iter()
        .flat_map(|l| {
            [Sideways::Dot, Sideways::Equals, Sideways::Omitted]
                .map(|s| Wxf::new(l).with_sideways(s))
        })
        .collect();
    let mut checked = 0u64;
    for game in lines("xiangqi-games.jsonl").iter().step_by(3) {
        let mut pos = Position::from_fen(game["start_fen"].as_str().unwrap()).unwrap();
        for coord in strings(&game["moves_iccs"]) {
            for &mv in pos.legal_moves().iter() {
                for n in &notations {
                    let text = n.write_move(&pos, mv);
                    let read = n
                        .read_move(&pos, &text)
                        .unwrap_or_else(|e| panic!("{} `{text}`: {e}", pos.to_fen()));
                    assert_eq!(read.mv, mv, "{} `{text}`", pos.to_fen());
                    assert!(read.warnings.is_empty(), "`{text}`: {:?}", read.warnings);
                    checked += 1;
                }
            }
            pos.play_unchecked(coord.parse().unwrap());
        }
    }
    assert!(checked > 1_000_000, "{checked}");
}

#[test]
fn the_wxr2018_style_writes_the_fairy_stockfish_column_and_its_dialect_reads_it() {
    // The fixtures' `wxf` column is Fairy-Stockfish's own spelling (pyffish 0.0.90).
    let wxf = with_equals()
        .with_style(WxfStyle::Wxr2018)
        .with_dialect(Dialect::Wxr2018);
    let mut plies = 0;
    for game in lines("xiangqi-games.jsonl") {
        let id = game["id"].as_str().unwrap();
        let mut pos = Position::from_fen(game["start_fen"].as_str().unwrap()).unwrap();
        let iccs = strings(&game["moves_iccs"]);
        let fairy = strings(&game["wxf"]);
        for (i, (coord, expected)) in iccs.iter().zip(&fairy).enumerate() {
            let mv: Move = coord.parse().unwrap();
            assert_eq!(
                &wxf.write_move(&pos, mv),
                expected,
                "{id} ply {}: {}",
                i + 1,
                pos.to_fen()
            );
            let read = wxf
                .read_move(&pos, expected)
                .unwrap_or_else(|e| panic!("{id} ply {} `{expected}`: {e}", i + 1));
            assert_eq!(read.mv, mv, "{id} ply {} `{expected}`", i + 1);
            pos.play_unchecked(mv);
            plies += 1;
        }
    }
    assert_eq!(plies, 28_850);
    for case in lines("xiangqi-cases.jsonl") {
        let pos = Position::from_fen(case["fen"].as_str().unwrap()).unwrap();
        let mv: Move = case["move_iccs"].as_str().unwrap().parse().unwrap();
        let fairy = case["expected"]["wxf"].as_str().unwrap();
        assert_eq!(wxf.write_move(&pos, mv), fairy, "{}", case["id"]);
        assert_eq!(wxf.read_move(&pos, fairy).unwrap().mv, mv, "{}", case["id"]);
    }
}

/// Research note, edge case 8: three red pawns on file 3 (g8, g7, g6) and two on file 7 (c7,
/// c6).
const THREE_AND_TWO: &str = "3k5/6P2/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1";

#[test]
fn a_spelling_two_dialects_read_differently_is_decided_by_the_dialect_with_a_warning() {
    let pos = Position::from_fen(THREE_AND_TWO).unwrap();
    let read = Wxf::new(Language::English).read_move(&pos, "33.4").unwrap();
    assert_eq!(read.mv.to_string(), "g7f7");
    assert_eq!(read.warnings[0].code, "dialect-collision");
    let read = Wxf::new(Language::English)
        .with_dialect(Dialect::Wxr2018)
        .read_move(&pos, "33=4")
        .unwrap();
    assert_eq!(read.mv.to_string(), "g6f6");
    assert!(read.warnings.iter().any(|w| w.code == "dialect-collision"));
}

#[test]
fn equal_digits_naming_no_pawn_in_the_dialect_take_the_other_reading() {
    // Found by fuzzing (xiangqi_roundtrip): Black's pawns doubled on file 1 (a5, a3) and file 7
    // (g5, g4). The 2018 rules write a3a2 as `11+1` (the first pawn from the front of file 1);
    // by the WXF page two equal digits name the middle pawn, and two pawns have none.
    let pos =
        Position::from_fen("2ba2b2/5k1C1/nr3a3/9/p2P2p2/6p2/p8/B3B4/3NK4/9 b - - 3 63").unwrap();
    let wxr2018 = Wxf::new(Language::English)
        .with_style(WxfStyle::Wxr2018)
        .with_dialect(Dialect::Wxr2018);
    let mv = wxr2018.read_move(&pos, "11+1").unwrap();
    assert_eq!(mv.mv.to_string(), "a3a2");
    assert!(mv.warnings.is_empty(), "{:?}", mv.warnings);
    for dialect in [Dialect::Wxf, Dialect::Xqbase] {
        let wxf = Wxf::new(Language::English).with_dialect(dialect);
        let read = wxf.read_move(&pos, "11+1").unwrap();
        assert_eq!(read.mv.to_string(), "a3a2", "{dialect:?}");
        assert_eq!(read.warnings.len(), 1, "{dialect:?}: {:?}", read.warnings);
        assert_eq!(read.warnings[0].code, "wxr2018-form");
        // And what the 2018 style writes reads back in every dialect.
        let written = Wxf::new(Language::English)
            .with_style(WxfStyle::Wxr2018)
            .with_dialect(dialect);
        assert_eq!(written.write_move(&pos, mv.mv), "11+1");
        assert_eq!(written.read_move(&pos, "11+1").unwrap().mv, mv.mv);
    }
    // The other way: three red pawns on file 5 (e8, e7, e6) have no fifth one, so `55` under
    // the 2018 rules can only be the WXF page's middle pawn.
    let pos = Position::from_fen("5k3/4P4/4P4/4P4/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    let read = wxr2018.read_move(&pos, "55.6").unwrap();
    assert_eq!(read.mv.to_string(), "e7d7");
    assert_eq!(read.warnings[0].code, "wxf-form");
    // Neither reading names a pawn: an error that says so.
    let err = wxr2018.read_move(&pos, "44.3").unwrap_err();
    assert!(err.to_string().contains("file 4"), "{err}");
}

#[test]
fn the_2018_style_writes_what_the_readers_dialect_reads_back() {
    // Found by fuzzing (xiangqi_roundtrip): red pawns i8, i6, i5 on file 1. The 2018 rules
    // write i8i9 as `11+1` (the first from the front); the WXF page and xqbase read `11` as the
    // middle pawn, i6, which can move too. A 2018-style writer with such a reader writes the
    // WXF page's `P++1` instead (three pawns: `P+` is the front one), which it reads back.
    let pos =
        Position::from_fen("2b1ka3/3ra3P/9/8P/3n4P/1p2r4/p3n4/3AN4/9/2BAK4 w - - 14 78").unwrap();
    let mv: Move = "i8i9".parse().unwrap();
    let fairy = Wxf::new(Language::English)
        .with_style(WxfStyle::Wxr2018)
        .with_dialect(Dialect::Wxr2018);
    assert_eq!(fairy.write_move(&pos, mv), "11+1");
    for dialect in [Dialect::Wxf, Dialect::Xqbase] {
        let wxf = Wxf::new(Language::English)
            .with_style(WxfStyle::Wxr2018)
            .with_dialect(dialect);
        let text = wxf.write_move(&pos, mv);
        assert_eq!(text, "P++1", "{dialect:?}");
        assert_eq!(wxf.read_move(&pos, &text).unwrap().mv, mv, "{dialect:?}");
    }
}

#[test]
fn xqbase_pawn_forms() {
    // Research note, edge case 8: xqbase counts over both doubled files, right to left, front
    // to back: Pa g8, Pb g7, Pc g6, Pd c7, Pe c6.
    let pos = Position::from_fen(THREE_AND_TWO).unwrap();
    let xqbase = Wxf::new(Language::English).with_dialect(Dialect::Xqbase);
    for (text, iccs) in [
        ("Pa.4", "g8f8"),
        ("Pb.4", "g7f7"),
        ("Pc.4", "g6f6"),
        ("Pd.6", "c7d7"),
        ("Pe.6", "c6d6"),
    ] {
        let read = xqbase.read_move(&pos, text).unwrap();
        assert_eq!(read.mv.to_string(), iccs, "{text}");
        assert!(read.warnings.is_empty(), "{text}: {:?}", read.warnings);
    }
    // Edge case 5: three pawns on file 5 (e8, e7, e6); xqbase writes the middle one `P.`.
    let pos = Position::from_fen("5k3/4P4/4P4/4P4/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    let read = Wxf::new(Language::English).read_move(&pos, "P..6").unwrap();
    assert_eq!(read.mv.to_string(), "e7d7");
    assert_eq!(read.warnings[0].code, "xqbase-form");
    assert!(xqbase.read_move(&pos, "P..6").unwrap().warnings.is_empty());
}

#[test]
fn the_marker_before_the_letter_is_front_and_rear_as_in_chinese() {
    // Research note, edge cases 5 and 6 and section 1.5 (DPXQ): `+P` is 前 (the foremost pawn)
    // and `-P` is 后 (the rearmost), where the WXF page's `P+`/`P-` with four or five pawns on
    // a file are the second from the front or back.
    let pos = Position::from_fen("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1").unwrap();
    let wxf = Wxf::new(Language::English);
    for (text, iccs, read_as) in [
        ("+P.6", "e8d8", "++.6"),
        ("-P.6", "e5d5", "--.6"),
        ("P+.6", "e7d7", ""),
        ("P-.6", "e6d6", ""),
    ] {
        let read = wxf.read_move(&pos, text).unwrap();
        assert_eq!(read.mv.to_string(), iccs, "{text}");
        let messages: Vec<String> = read.warnings.iter().map(|w| w.message.clone()).collect();
        if read_as.is_empty() {
            assert!(messages.is_empty(), "{text}: {messages:?}");
        } else {
            assert_eq!(
                messages,
                [format!(
                    "tandem marker before the letter read as `{read_as}`"
                )],
                "{text}"
            );
        }
    }
    // Two or three pawns: `+P` and `P+` are the same front pawn.
    let pos = Position::from_fen(THREE_AND_TWO).unwrap();
    assert_eq!(wxf.read_move(&pos, "+P.6").unwrap().mv.to_string(), "c7d7");
}

#[test]
fn a_middle_marker_without_a_middle_pawn_says_so() {
    // Edge case 9: pawns doubled on files 5 and 7, two on each: no middle pawn anywhere.
    let pos = Position::from_fen("5k3/9/2P1P4/2P1P4/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    let err = Wxf::new(Language::English)
        .read_move(&pos, "P..6")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("no three or five red pawns stand on one file: `P..6` names a middle one"),
        "{err}"
    );
}

#[test]
fn a_tandem_marker_without_its_file_fits_two_pawns_and_is_an_error() {
    // Research note, edge case 9: red pawns doubled on files 5 (e7, e6) and 7 (c7, c6). `P+.6`
    // names the front pawn of either file; both can go to file 6, so it is no move at all: the
    // error lists the canonical spellings (the file digit replaces the letter).
    let pos = Position::from_fen("5k3/9/2P1P4/2P1P4/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    let wxf = Wxf::new(Language::English);
    let err = wxf.read_move(&pos, "P+.6").unwrap_err().to_string();
    assert_eq!(
        err,
        "ambiguous move: two red pawns can make the move `P+.6`: write 5+.6 or 7+.6"
    );
    assert_eq!(wxf.read_move(&pos, "5+.6").unwrap().mv.to_string(), "e7d7");
    assert_eq!(wxf.read_move(&pos, "7+.6").unwrap().mv.to_string(), "c7d7");
    // Both front pawns can step forward too.
    assert!(wxf.read_move(&pos, "P++1").is_err());
}
