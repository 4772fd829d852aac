//! `kifu check --show-board`: the board before the faulty move, printed under the error's
//! position note, and as the `board` field of its JSON line.
//!
//! The expected diagrams were checked by hand against the moves: in elephant-eye.pgn, after
//! `1. C2-1 C8-1` Red's cannon stands on h1 (file 二 from Red's right) and Black's on h8 (file
//! ８ from Black's right), so the elephant on g0 has its eye on h1 blocked; in psn-ambiguous.psn,
//! after `P-7f P-3d` both golds (6i, 4i) can step to 5h, and the KI2 spelling of the last move
//! is `△３四歩`.

mod common;

use std::process::{Command, Output};

fn kifu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(common::testdata(".."))
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// The board of elephant-eye.pgn before ply 3.
const XIANGQI_BOARD: &str = "\
１ ２ ３ ４ ５ ６ ７ ８ ９
車 馬 象 士 將 士 象 馬 車
＋ ＋ ＋ ＋ ＋ ＋ ＋ 砲 ＋
＋ 砲 ＋ ＋ ＋ ＋ ＋ ＋ ＋
卒 ＋ 卒 ＋ 卒 ＋ 卒 ＋ 卒
＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋
　 楚 河 　 　 　 漢 界
＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋
兵 ＋ 兵 ＋ 兵 ＋ 兵 ＋ 兵
＋ 炮 ＋ ＋ ＋ ＋ ＋ ＋ ＋
＋ ＋ ＋ ＋ ＋ ＋ ＋ 炮 ＋
俥 傌 相 仕 帥 仕 相 傌 俥
九 八 七 六 五 四 三 二 一
第2步 · C8-1 · 紅方走
";

/// The board of psn-ambiguous.psn before ply 3: KIF's board diagram (BOD).
const SHOGI_BOARD: &str = "\
後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂v銀v金v玉v金v銀v桂v香|一
| ・v飛 ・ ・ ・ ・ ・v角 ・|二
|v歩v歩v歩v歩v歩v歩 ・v歩v歩|三
| ・ ・ ・ ・ ・ ・v歩 ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六
| 歩 歩 ・ 歩 歩 歩 歩 歩 歩|七
| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八
| 香 桂 銀 金 玉 金 銀 桂 香|九
+---------------------------+
先手の持駒：なし
手数＝2  △３四歩  まで
";

#[test]
fn a_xiangqi_error_shows_the_board_before_the_move() {
    let o = kifu(&["check", "--show-board", "testdata/errors/elephant-eye.pgn"]);
    assert_eq!(o.status.code(), Some(1));
    let expected = format!(
        "\
note: testdata/errors/elephant-eye.pgn: game 1: detected WXF descriptive notation, English letters (2 of 3 plies read)
error[elephant-eye]: ply 3 (`E3+1`): illegal move: the red elephant on file 3 (g0) to i2: the elephant's eye is blocked: write E3+5 or P3+1
 --> testdata/errors/elephant-eye.pgn:4:4
  |
4 | 2. E3+1
  |    ^^^^
  |
help: nothing after it in the game decides between them
note: position before the move: rnbakabnr/7c1/1c7/p1p1p1p1p/9/9/P1P1P1P1P/1C7/7C1/RNBAKABNR w - - 2 2
{XIANGQI_BOARD}kifu check: 1 game read, 1 with errors, 0 warnings
"
    );
    assert_eq!(stderr(&o), expected);
}

#[test]
fn a_shogi_error_shows_the_bod_before_the_move() {
    let o = kifu(&["check", "--show-board", "testdata/errors/psn-ambiguous.psn"]);
    assert_eq!(o.status.code(), Some(1));
    let expected = format!(
        "\
note: testdata/errors/psn-ambiguous.psn: game 1: detected shogi, PSN (2 of 3 plies read)
error[ambiguous-move]: ply 3 (`G-5h`): ambiguous move: two black golds can reach 5h: write G6i-5h or G4i-5h
 --> testdata/errors/psn-ambiguous.psn:6:3
  |
6 | 3.G-5h
  |   ^^^^
  |
help: nothing after it in the game decides between them
note: position before the move: lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3
{SHOGI_BOARD}kifu check: 1 game read, 1 with errors, 0 warnings
"
    );
    assert_eq!(stderr(&o), expected);
}

#[test]
fn without_the_flag_there_is_no_board() {
    let o = kifu(&["check", "testdata/errors/psn-ambiguous.psn"]);
    assert_eq!(o.status.code(), Some(1));
    let expected =
        std::fs::read_to_string(common::testdata("errors/psn-ambiguous.psn.out")).unwrap();
    assert_eq!(format!("exit: 1\n{}", stderr(&o)), expected);
    assert!(!stderr(&o).contains("後手の持駒"));
}

#[test]
fn the_json_line_holds_the_board() {
    for (file, board) in [
        ("testdata/errors/elephant-eye.pgn", XIANGQI_BOARD),
        ("testdata/errors/psn-ambiguous.psn", SHOGI_BOARD),
    ] {
        let o = kifu(&["check", "--show-board", "--format", "json", file]);
        assert_eq!(o.status.code(), Some(1));
        let err = stderr(&o);
        let first: serde_json::Value = serde_json::from_str(err.lines().next().unwrap()).unwrap();
        assert_eq!(first["board"], board, "{file}");
        // Without the flag the line is as docs/cli.md lists it, with no `board` field.
        let o = kifu(&["check", "--format", "json", file]);
        let first: serde_json::Value =
            serde_json::from_str(stderr(&o).lines().next().unwrap()).unwrap();
        assert!(first.get("board").is_none(), "{file}");
        assert!(first["position"].is_string(), "{file}");
    }
}
