//! The KIF board diagram (BOD) against what Kifu for Windows writes and what KIF readers read.
//!
//! - Byte for byte against the diagrams Kifu for Windows V6.65 wrote into two real files
//!   (../shared/specimens/kif-csa/kif/everyday_*.kifu), their positions taken from the JKF
//!   answers beside them.
//! - The start position, written out by hand from the layout (Kakinoki's KIF page and the
//!   Kifu for Windows files above): the rows of the SFEN, `v` before White's pieces.
//! - Read back by a reader written here from the same layout rules (mozuyama, "kif形式詳細 (1)",
//!   2003: ` ・` empty, ` 駒` Black's, `v駒` White's, the hands, `後手番`): every position of
//!   the 300 fixture games (testdata/shogi/shogi-games.jsonl) reads back as its SFEN.

mod common;

use std::path::PathBuf;

use kifu_diagram::{Caption, Players, ShogiOptions, shogi_text};
use serde_json::Value;
use shogi_board::{Color, Move, Position};

/// The start position's diagram, written by hand from the SFEN
/// `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`: ranks a .. i as rows 一 ..
/// 九, files 9 .. 1 from the left, `v` before White's (lower case) pieces, ` ・` for each empty
/// square, both hands なし, no 手番 line (Black moves).
const START: &str = "\
後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂v銀v金v玉v金v銀v桂v香|一
| ・v飛 ・ ・ ・ ・ ・v角 ・|二
|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七
| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八
| 香 桂 銀 金 玉 金 銀 桂 香|九
+---------------------------+
先手の持駒：なし
";

#[test]
fn the_start_position_is_as_written_by_hand() {
    assert_eq!(shogi_text(&Position::new(), &ShogiOptions::new()), START);
}

#[test]
fn a_caption_adds_the_move_count_line_and_white_to_move_the_turn_line() {
    // After 1.P-7f (KIF `７六歩(77)`): `手数＝1  ▲７六歩(77)  まで`, then `後手番`, as Kifu for
    // Windows 5.13 ends a diagram (mozuyama: `手数＝171　▲６二角成　まで` ... `後手番`).
    let mut pos = Position::new();
    pos.play_unchecked("7g7f".parse().expect("a USI move"));
    let mut options = ShogiOptions::new();
    options.view.caption = Some(Caption {
        ply: Some(1),
        last_move: Some("７六歩(77)".to_owned()),
        title: None,
    });
    let bod = shogi_text(&pos, &options);
    let tail: Vec<&str> = bod.lines().skip(14).collect();
    assert_eq!(tail, ["手数＝1  ▲７六歩(77)  まで", "後手番"]);
    // A handicap game names the players 上手 and 下手.
    options.players = Players::ShitateUwate;
    let bod = shogi_text(&pos, &options);
    assert!(bod.starts_with("上手の持駒：なし\n"));
    assert!(bod.contains("\n下手の持駒：なし\n"));
    assert!(bod.ends_with("\n上手番\n"));
}

/// The specimens' KIF folder, if there: `shared/specimens/kif-csa/kif` where `KIFU_SHARED`
/// says, beside the repository clone, or beside the folder of worktrees a clone's worktree
/// sits in (one level up), as crates/kif/tests/common/mod.rs looks.
fn specimens() -> Option<PathBuf> {
    let root = common::root();
    std::env::var_os("KIFU_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .chain([root.join("../shared"), root.join("../../shared")])
        .map(|dir| dir.join("specimens/kif-csa/kif"))
        .find(|dir| dir.is_dir())
}

/// The SFEN of a JKF `initial.data` (board[x-1][y-1] is file x, rank y; color 0 Black; CSA
/// piece codes; hands Black's first).
fn jkf_sfen(data: &Value) -> String {
    let letter = |kind: &str| match kind {
        "FU" => "p",
        "KY" => "l",
        "KE" => "n",
        "GI" => "s",
        "KI" => "g",
        "KA" => "b",
        "HI" => "r",
        "OU" => "k",
        "TO" => "+p",
        "NY" => "+l",
        "NK" => "+n",
        "NG" => "+s",
        "UM" => "+b",
        "RY" => "+r",
        other => panic!("a CSA piece code, found {other}"),
    };
    let mut ranks = Vec::new();
    for y in 0..9 {
        let mut rank = String::new();
        let mut empty = 0;
        for x in (0..9).rev() {
            let square = &data["board"][x][y];
            match square["kind"].as_str() {
                None => empty += 1,
                Some(kind) => {
                    if empty > 0 {
                        rank.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let l = letter(kind);
                    rank.push_str(&if square["color"] == 0 {
                        l.to_ascii_uppercase()
                    } else {
                        l.to_owned()
                    });
                }
            }
        }
        if empty > 0 {
            rank.push_str(&empty.to_string());
        }
        ranks.push(rank);
    }
    let mut hands = String::new();
    for (color, hand) in data["hands"]
        .as_array()
        .expect("two hands")
        .iter()
        .enumerate()
    {
        for kind in ["HI", "KA", "KI", "GI", "KE", "KY", "FU"] {
            let n = hand[kind].as_u64().unwrap_or(0);
            let l = letter(kind);
            let l = if color == 0 {
                l.to_ascii_uppercase()
            } else {
                l.to_owned()
            };
            match n {
                0 => {}
                1 => hands.push_str(&l),
                n => hands.push_str(&format!("{n}{l}")),
            }
        }
    }
    let side = if data["color"] == 0 { "b" } else { "w" };
    let hands = if hands.is_empty() {
        "-".to_owned()
    } else {
        hands
    };
    format!("{} {side} {hands} 1", ranks.join("/"))
}

#[test]
fn diagrams_are_those_kifu_for_windows_writes() {
    let Some(dir) = specimens() else {
        println!("skipped: ../shared/specimens/kif-csa is not beside the repository");
        return;
    };
    let mut compared = 0;
    for name in ["everyday_20211107", "everyday_20220604"] {
        let kifu = std::fs::read_to_string(dir.join(format!("{name}.kifu"))).expect("readable");
        let json: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(format!("{name}.json"))).expect("readable"),
        )
        .expect("JSON");
        let lines: Vec<&str> = kifu.lines().map(|l| l.trim_end_matches('\r')).collect();
        let from = lines
            .iter()
            .position(|l| l.starts_with("後手の持駒："))
            .expect("a diagram");
        let to = lines
            .iter()
            .position(|l| l.starts_with("先手の持駒："))
            .expect("a diagram");
        let written: Vec<&str> = lines[from..=to].to_vec();
        let pos = Position::from_sfen(&jkf_sfen(&json["initial"]["data"])).expect("a position");
        let ours = shogi_text(&pos, &ShogiOptions::new());
        assert_eq!(ours.lines().collect::<Vec<_>>(), written, "{name}");
        compared += 1;
    }
    assert_eq!(compared, 2);
}

/// A BOD reader written from the layout: the hands, the nine rows, `後手番`; gives the SFEN
/// (board, side, hands; move number 1).
fn read_bod(text: &str) -> String {
    let kinds = [
        ('歩', "p"),
        ('香', "l"),
        ('桂', "n"),
        ('銀', "s"),
        ('金', "g"),
        ('角', "b"),
        ('飛', "r"),
        ('玉', "k"),
        ('王', "k"),
        ('と', "+p"),
        ('杏', "+l"),
        ('圭', "+n"),
        ('全', "+s"),
        ('馬', "+b"),
        ('龍', "+r"),
        ('竜', "+r"),
    ];
    let letter = |c: char| kinds.iter().find(|(k, _)| *k == c).map(|(_, l)| *l);
    let numeral = |s: &str| -> u32 {
        let digits = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
        match s.split_once('十') {
            Some((tens, units)) => {
                let t = digits.iter().position(|d| *d == tens).unwrap_or(1).max(1) as u32;
                10 * t + digits.iter().position(|d| *d == units).unwrap_or(0) as u32
            }
            None if s.is_empty() => 1,
            None => digits.iter().position(|d| *d == s).expect("a numeral") as u32,
        }
    };
    let hand = |line: &str, upper: bool| -> String {
        let (_, held) = line.split_once('：').expect("a hand line");
        let mut out = String::new();
        if held == "なし" {
            return out;
        }
        for item in held.split('\u{3000}').filter(|s| !s.is_empty()) {
            let mut chars = item.chars();
            let kind = letter(chars.next().expect("a piece")).expect("a hand piece");
            let n = numeral(chars.as_str());
            let kind = if upper {
                kind.to_ascii_uppercase()
            } else {
                kind.to_owned()
            };
            if n > 1 {
                out.push_str(&n.to_string());
            }
            out.push_str(&kind);
        }
        out
    };
    let lines: Vec<&str> = text.lines().collect();
    let white_hand = hand(lines[0], false);
    let mut ranks = Vec::new();
    for row in &lines[3..12] {
        let cells: Vec<char> = row.chars().skip(1).take(18).collect();
        let mut rank = String::new();
        let mut empty = 0;
        for pair in cells.chunks(2) {
            if pair[1] == '・' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
                empty = 0;
            }
            let l = letter(pair[1]).expect("a piece");
            rank.push_str(&if pair[0] == 'v' {
                l.to_owned()
            } else {
                l.to_ascii_uppercase()
            });
        }
        if empty > 0 {
            rank.push_str(&empty.to_string());
        }
        ranks.push(rank);
    }
    let black_hand = hand(lines[13], true);
    let side = if lines.iter().skip(14).any(|l| *l == "後手番") {
        "w"
    } else {
        "b"
    };
    let hands = format!("{black_hand}{white_hand}");
    let hands = if hands.is_empty() { "-" } else { &hands };
    format!("{} {side} {hands} 1", ranks.join("/"))
}

#[test]
fn every_position_of_the_fixture_games_reads_back() {
    // shogi-games.jsonl: 300 games played by Fairy-Stockfish (../shared/fixtures/README.md).
    let text = common::read("shogi/shogi-games.jsonl");
    let mut positions = 0;
    for line in text.lines() {
        let game: Value = serde_json::from_str(line).expect("JSON");
        let mut pos =
            Position::from_sfen(game["start_sfen"].as_str().expect("an SFEN")).expect("a position");
        let moves: Vec<Move> = game["moves_usi"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("a move").parse().expect("a USI move"))
            .collect();
        for mv in std::iter::once(None).chain(moves.into_iter().map(Some)) {
            if let Some(mv) = mv {
                pos.play_unchecked(mv);
            }
            let bod = shogi_text(&pos, &ShogiOptions::new());
            let sfen = pos.to_sfen();
            let expected = format!("{} 1", sfen.rsplit_once(' ').expect("four fields").0);
            assert_eq!(read_bod(&bod), expected, "{}", game["id"]);
            positions += 1;
        }
    }
    assert!(positions > 30_000, "{positions}");
}

#[test]
fn the_reader_here_reads_kifu_for_windows_own_diagram() {
    // The reader above is itself checked on a diagram Kifu for Windows wrote
    // (everyday_20211107.kifu, its JKF answer's position).
    let Some(dir) = specimens() else {
        println!("skipped: ../shared/specimens/kif-csa is not beside the repository");
        return;
    };
    let kifu = std::fs::read_to_string(dir.join("everyday_20211107.kifu")).expect("readable");
    let lines: Vec<&str> = kifu.lines().map(|l| l.trim_end_matches('\r')).collect();
    let from = lines
        .iter()
        .position(|l| l.starts_with("後手の持駒："))
        .expect("a diagram");
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("everyday_20211107.json")).expect("readable"),
    )
    .expect("JSON");
    let expected = jkf_sfen(&json["initial"]["data"]);
    let diagram = lines[from..from + 14].join("\n");
    assert_eq!(read_bod(&diagram), expected);
    assert_eq!(
        Color::Black,
        Position::from_sfen(&expected)
            .expect("a position")
            .side_to_move()
    );
}
