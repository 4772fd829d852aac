//! The files of testdata/kif, written by hand from the Kakinoki KIF page and the JSA notation
//! rules: a handicap game (上手 first, Shift_JIS), a board-diagram start, 81Dojo's unpadded
//! times, a real fourfold repetition, nested variations, every kind of comment line, KI2 with
//! relative words, and broken files, each with its diagnostics (line, column in characters, the
//! text, what was expected, candidates in the file's notation); and every terminal word and
//! every Kakinoki handicap name.

mod common;

use kif::{Ki2, Kif};
use notation_traits::{GameResult, RecordFormat, TerminalKind};
use rstest::rstest;
use shogi_board::{Color, Handicap, Position};

use common::{checked, decode, digest, read_all, write};

fn file(name: &str) -> (Vec<u8>, String) {
    let bytes = std::fs::read(common::testdata(name)).unwrap();
    let text = decode(&bytes);
    (bytes, text)
}

fn usi(game: &notation_traits::CheckedGame<Position>) -> Vec<String> {
    game.replayed
        .record
        .main
        .moves
        .iter()
        .map(|m| m.mv.to_string())
        .collect()
}

/// The text without its `#KIF`/`#KI2` declaration, which the writers always put first.
fn without_declaration(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("#KIF") && !l.starts_with("#KI2"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn a_lance_handicap_game_in_shift_jis_starts_with_uwate() {
    let (bytes, text) = file("handicap-lance.kif");
    assert_eq!(kif::detect_encoding(&bytes), "Shift_JIS");
    assert_eq!(Kif.declared_encoding(&bytes), None);
    assert_eq!(Kif.sniff(&bytes).get(), 90);
    let game = checked(&Kif, &text);
    let r = &game.replayed;
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let tags: Vec<(&str, &str)> = r
        .record
        .tags
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_str()))
        .collect();
    assert_eq!(
        tags,
        [
            ("開始日時", "2024/01/01 10:00:00"),
            ("手合割", "香落ち"),
            ("上手", "上手の対局者"),
            ("下手", "下手の対局者")
        ]
    );
    // The Kakinoki page: 香落ち; 上手 (White, the giver) moves first.
    assert_eq!(r.start, Handicap::Lance.position());
    assert_eq!(r.start.side_to_move(), Color::White);
    assert_eq!(usi(&game), ["3c3d", "7g7f", "4c4d", "2g2f"]);
    let clocks: Vec<&str> = r
        .record
        .main
        .moves
        .iter()
        .map(|m| m.clock.as_deref().unwrap())
        .collect();
    assert_eq!(
        clocks,
        [
            " 0:05/00:00:05",
            " 0:03/00:00:03",
            " 0:02/00:00:07",
            " 0:01/00:00:04"
        ]
    );
    // Move 5: 上手 (White) resigns; まで4手で下手の勝ち.
    let t = game.terminal.as_ref().unwrap();
    assert_eq!(
        (t.kind, t.first_to_move),
        (TerminalKind::Resignation, false)
    );
    assert_eq!(t.clock.as_deref(), Some(" 0:10/00:00:17"));
    assert_eq!(game.result(), Some(GameResult::FirstPlayerWins));
    assert_eq!(
        r.record.result_token.as_deref(),
        Some("まで4手で下手の勝ち")
    );
    // Written back as Kifu for Windows writes it: the same lines.
    let (written, lost) = write(&Kif, &game);
    assert!(lost.is_empty());
    assert_eq!(without_declaration(&written), text);
}

/// Every 手合割 of the Kakinoki page (平手 ... 十枚落ち, その他), with a first move of 上手's
/// king (5a to 4b, open in every handicap) and one of 下手's.
#[rstest]
#[case("平手", Some(None))]
#[case("香落ち", Some(Some(Handicap::Lance)))]
#[case("右香落ち", Some(Some(Handicap::RightLance)))]
#[case("角落ち", Some(Some(Handicap::Bishop)))]
#[case("飛車落ち", Some(Some(Handicap::Rook)))]
#[case("飛香落ち", Some(Some(Handicap::RookLance)))]
#[case("二枚落ち", Some(Some(Handicap::TwoPiece)))]
#[case("三枚落ち", Some(Some(Handicap::ThreePiece)))]
#[case("四枚落ち", Some(Some(Handicap::FourPiece)))]
#[case("五枚落ち", Some(Some(Handicap::FivePiece)))]
#[case("左五枚落ち", Some(Some(Handicap::LeftFivePiece)))]
#[case("六枚落ち", Some(Some(Handicap::SixPiece)))]
#[case("左七枚落ち", Some(Some(Handicap::LeftSevenPiece)))]
#[case("右七枚落ち", Some(Some(Handicap::RightSevenPiece)))]
#[case("八枚落ち", Some(Some(Handicap::EightPiece)))]
#[case("十枚落ち", Some(Some(Handicap::TenPiece)))]
// その他 names no position: without a diagram, none.
#[case("その他", None)]
fn every_kakinoki_handicap(#[case] name: &str, #[case] expected: Option<Option<Handicap>>) {
    let first = if name == "平手" {
        "７六歩(77)"
    } else {
        "４二玉(51)"
    };
    let second = if name == "平手" {
        "３四歩(33)"
    } else {
        "７六歩(77)"
    };
    let text = format!(
        "手合割：{name}　　\n上手：a\n下手：b\n手数----指手---------消費時間--\n   1 {first}\n   2 {second}\n"
    );
    let mut games = read_all(&Kif, &text);
    let game = games.remove(0);
    match expected {
        None => {
            let err = game.start.unwrap_err();
            assert_eq!(err.code, "bad-handicap");
            assert_eq!(
                (err.span.unwrap().start.line, err.span.unwrap().start.column),
                (1, 1)
            );
        }
        Some(h) => {
            let start = game.start.clone().unwrap();
            let want = h.map_or_else(Position::new, Handicap::position);
            assert_eq!(start, want, "{name}");
            let checked = kif::check(game, Default::default()).unwrap();
            assert!(
                !checked.replayed.has_errors(),
                "{:?}",
                checked.replayed.diagnostics
            );
            assert_eq!(checked.replayed.record.main.moves.len(), 2);
            // The writer names the handicap back (the tag as written, trailing spaces too).
            let (written, _) = write(&Kif, &checked);
            assert!(
                written.contains(&format!("手合割：{name}　　\n")),
                "{written}"
            );
            let back = checked_text(&written);
            assert_eq!(back.replayed.start, want);
        }
    }
}

fn checked_text(text: &str) -> notation_traits::CheckedGame<Position> {
    checked(&Kif, text)
}

#[test]
fn a_board_diagram_start_and_a_mate_in_one() {
    let (_, text) = file("bod-start.kifu");
    let game = checked(&Kif, &text);
    let r = &game.replayed;
    // The diagram: White's king on 1a (１一), Black's pawn on 1c and king on 5i, a gold and two
    // pawns in Black's hand, Black to move (no 後手番 line).
    assert_eq!(r.start.to_sfen(), "8k/9/8P/9/9/9/9/9/4K4 b G2P 1");
    assert_eq!(usi(&game), ["G*1b"]);
    // 詰み fits: the king on 1a has no move (the gold is guarded by the pawn).
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        game.terminal.as_ref().unwrap().kind,
        TerminalKind::Checkmate
    );
    let (written, _) = write(&Kif, &game);
    assert_eq!(without_declaration(&written), text);
}

#[test]
fn times_of_81dojo_are_kept_as_written() {
    let (_, text) = file("81dojo-times.kifu");
    let game = checked(&Kif, &text);
    let clocks: Vec<&str> = game
        .replayed
        .record
        .main
        .moves
        .iter()
        .map(|m| m.clock.as_deref().unwrap())
        .collect();
    assert_eq!(
        clocks,
        ["0:4/0:0:4", "0:2/0:0:2", "0:12/0:0:16", "1:05/0:1:7"]
    );
    assert!(
        game.replayed.diagnostics.is_empty(),
        "{:?}",
        game.replayed.diagnostics
    );
    // 切れ負け at ply 5: Black, to move, lost on time.
    let t = game.terminal.as_ref().unwrap();
    assert_eq!(
        (t.kind, t.clock.as_deref()),
        (TerminalKind::Timeup, Some("0:30/0:0:46"))
    );
    assert_eq!(game.result(), Some(GameResult::SecondPlayerWins));
    let (written, _) = write(&Kif, &game);
    assert!(
        written.contains("   4 ８四歩(83)   (1:05/0:1:7)\n"),
        "{written}"
    );
    assert_eq!(digest(&checked(&Kif, &written)), digest(&game));
}

#[test]
fn a_real_fourfold_repetition_fits_its_word() {
    let (_, text) = file("sennichite.kifu");
    let game = checked(&Kif, &text);
    // The start position after plies 4, 8 and 12: four times; no check in the cycle.
    assert!(
        game.replayed.diagnostics.is_empty(),
        "{:?}",
        game.replayed.diagnostics
    );
    assert_eq!(
        game.terminal.as_ref().unwrap().kind,
        TerminalKind::Repetition
    );
    assert_eq!(game.result(), Some(GameResult::Draw));
    let (written, _) = write(&Kif, &game);
    assert_eq!(written, text);
}

/// The moves of a line in USI, each with its variations.
fn tree(line: &notation_traits::Line<shogi_board::Move>) -> String {
    line.moves
        .iter()
        .map(|m| {
            let vars: Vec<String> = m
                .variations
                .iter()
                .map(|v| format!("({})", tree(v)))
                .collect();
            format!("{}{}", m.mv, vars.concat())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn nested_variations_attach_where_kifu_for_windows_means_them() {
    let (_, text) = file("variations.kifu");
    let game = checked(&Kif, &text);
    let r = &game.replayed;
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    // 変化：3手 replaces the main line's move 3; 変化：4手 the 4th move of that variation (the
    // latest line with a move 4); 変化：5手 the 5th of that one; the first 変化：2手 the main
    // line's move 2, the second another alternative to the same move.
    assert_eq!(
        tree(&r.record.main),
        "7g7f 3c3d(8c8d 2g2f)(4a3b) 2g2f(6g6f 8c8d(8b3b 3i4h(5i6h)) 7i6h) 8c8d"
    );
    let main = &r.record.main.moves;
    // The variation's terminal word and bookmark are comments of its last moves.
    let rook = &main[2].variations[0].moves[1].variations[0];
    assert_eq!(rook.moves[0].comments, ["振り飛車"]);
    assert_eq!(rook.moves[1].comments, ["中断 ( 0:00/00:00:02)"]);
    assert_eq!(main[1].variations[0].moves[1].comments, ["&しおり"]);
    // Written back: the same file, `+` marks and order of blocks alike.
    let (written, lost) = write(&Kif, &game);
    assert!(lost.is_empty());
    assert_eq!(written, text);
    // As KI2: the same tree.
    let (ki2, lost) = write(&Ki2, &game);
    assert_eq!(lost, ["clock times: KI2 has no times"]);
    assert_eq!(
        tree(&checked(&Ki2, &ki2).replayed.record.main),
        tree(&r.record.main)
    );
}

#[test]
fn every_kind_of_comment_line_is_kept_in_its_place() {
    let (_, text) = file("comments.kifu");
    let game = checked(&Kif, &text);
    let record = &game.replayed.record;
    assert_eq!(
        record.main.comments,
        [
            "# ---- kifu testdata: every kind of comment line, from the Kakinoki KIF page ----",
            "a comment in the header",
            "the game's comment"
        ]
    );
    assert_eq!(
        record.main.moves[0].comments,
        [
            "*解析 0 ▲７六歩 △３四歩",
            "#a program comment among the moves",
            "&しおり"
        ]
    );
    assert_eq!(
        record.main.moves[1].comments,
        ["", "an empty comment line before this one"]
    );
    assert_eq!(
        record.trailing_comments,
        ["a comment after the terminal word"]
    );
    let (written, _) = write(&Kif, &game);
    assert_eq!(digest(&checked(&Kif, &written)), digest(&game));
    let (written, _) = write(&Ki2, &game);
    assert_eq!(
        digest(&checked(&Ki2, &written)).main.moves[0].2,
        digest(&game).main.moves[0].2
    );
}

#[test]
fn ki2_with_relative_words_and_optional_marks() {
    let (bytes, text) = file("relative.ki2u");
    assert_eq!(Ki2.sniff(&bytes).get(), 100);
    assert_eq!(Ki2.declared_encoding(&bytes), Some("UTF-8"));
    let game = checked(&Ki2, &text);
    let r = &game.replayed;
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let texts: Vec<&str> = r
        .record
        .main
        .moves
        .iter()
        .map(|m| m.text.as_str())
        .collect();
    assert_eq!(
        texts,
        [
            "▲５八金右",
            "△５二金右",
            "▲７六歩",
            "△３四歩",
            "▲２二角成",
            "△同　銀",
            "▲４八銀",
            "△４二金寄",
            "５五角",
            "３三角",
            "☗３三角成",
            "☖同桂"
        ]
    );
    // JSA: 右 is the gold from the mover's right (4i for Black, 6a for White); 寄 the one
    // moving sideways (5b to 4b, where 4a to 4b goes up); a drop where no board piece of the
    // kind can go takes no 打.
    assert_eq!(
        usi(&game),
        [
            "4i5h", "6a5b", "7g7f", "3c3d", "8h2b+", "3a2b", "3i4h", "5b4b", "B*5e", "B*3c",
            "5e3c+", "2a3c"
        ]
    );
    let t = game.terminal.as_ref().unwrap();
    assert_eq!((t.kind, t.first_to_move), (TerminalKind::Resignation, true));
    assert_eq!(game.result(), Some(GameResult::SecondPlayerWins));
    let (written, lost) = write(&Ki2, &game);
    assert!(lost.is_empty());
    assert_eq!(
        without_declaration(&written),
        "# ---- kifu testdata: KI2 with the JSA relative words, several moves a line, marks optional ----\n\
         手合割：平手\n先手：A\n後手：B\n\
         ▲５八金右  △５二金右  ▲７六歩    △３四歩    ▲２二角成  △同　銀\n\
         ▲４八銀    △４二金寄\n*a comment of move 8\n\
         ▲５五角    △３三角    ▲同角成    △同　桂\n\
         まで12手で後手の勝ち\n"
    );
    assert_eq!(digest(&checked(&Ki2, &written)), digest(&game));
}

/// The broken files: each diagnostic as the command line shows it (`error: line L, column C,
/// ply P (`text`): message: write candidates (help)`), checked by hand against the file.
#[rstest]
// The rook on 2h cannot pass its own pawn on 2g; the nearest legal spellings are its moves
// along rank h (edit distance 1).
#[case::bad_move(
    "bad-move.kifu",
    &Kif,
    &["error: line 5, column 6, ply 3 (`２三飛(28)`): illegal move: the black rook on ２八 to ２三: a piece stands in the way: write １八飛(28), ３八飛(28), ４八飛(28), ５八飛(28), ６八飛(28) or ７八飛(28) (nothing after it in the game decides between them)"]
)]
// 十 is no rank; the one legal move spelt nearly so is ２六歩(27).
#[case::bad_square(
    "bad-square.kifu",
    &Kif,
    &["error: line 5, column 7, ply 3 (`２十歩(27)`): expected a rank numeral (一-九), found `十`: write ２六歩(27) (`２六歩(27)` is the nearest legal spelling, but too little of the game follows to confirm it)"]
)]
// The file ends inside the origin: column 11 is the end of `２六歩(2`.
#[case::truncated(
    "truncated.kifu",
    &Kif,
    &["error: line 5, column 11, ply 3 (`２六歩(2`): expected the origin's rank digit (1-9), found the end of the move: write ２六歩(27) (`２六歩(27)` is the nearest legal spelling, but too little of the game follows to confirm it)"]
)]
// Both golds (6i, 4i) can go up to 5h: JSA writes ５八金左 and ５八金右.
#[case::ambiguous(
    "ambiguous.ki2u",
    &Ki2,
    &["error: line 2, column 1, ply 1 (`▲５八金`): ambiguous move: two black golds can move to ５八: write ▲５八金左 or ▲５八金右 (the rest of the game fits 2 readings)"]
)]
#[case::bad_clock(
    "../errors/bad-clock.kifu",
    &Kif,
    &["warning: line 3, column 17 (`abc`): expected a time `m:ss/h:mm:ss`, found `abc`: kept as written"]
)]
#[case::unknown_line(
    "../errors/unknown-line.kifu",
    &Kif,
    &["warning: line 4, column 1 (`これは何`): a line of no known kind, kept as a comment: `これは何`"]
)]
#[case::bad_variation(
    "bad-variation.kifu",
    &Kif,
    &["error: line 6, column 1 (`変化：9手`): `変化：9手` replaces no move of the lines before it: its moves are kept as a comment"]
)]
fn broken_files_get_their_diagnostics(
    #[case] name: &str,
    #[case] format: &dyn RecordFormat<Position>,
    #[case] expected: &[&str],
) {
    let (_, text) = file(name);
    let game = checked(format, &text);
    let got: Vec<String> = game
        .replayed
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(got, expected);
    // Nothing is lost: the unread rest is kept as a comment, and written.
    let (written, _) = write(format, &game);
    let back = checked(format, &written);
    assert!(!back.replayed.has_errors(), "{written}");
}

#[test]
fn a_bad_diagram_row_is_placed_and_leaves_no_start() {
    let (_, text) = file("../errors/bad-board.kifu");
    let mut games = read_all(&Kif, &text);
    let game = games.remove(0);
    let got: Vec<String> = game
        .raw
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    // Column 19: `|`, eight cells of two characters, the ninth cell's space, then `Ｘ`.
    assert_eq!(
        got,
        [
            "error: line 6, column 19 (`Ｘ`): board diagram: expected a piece (歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍) or `・`, found `Ｘ`"
        ]
    );
    let err = game.start.unwrap_err();
    assert_eq!(
        err.to_string(),
        "error: line 1, column 1: the board diagram has 8 of its 9 rows: no start position"
    );
}

/// Every terminal word of the Kakinoki page, after one move (White to move): its kind, and
/// for the words the rules can check (詰み, 詰, 千日手, 入玉勝ち) the mismatch with the board.
#[rstest]
#[case("中断", TerminalKind::Interrupted, None, false)]
#[case(
    "投了",
    TerminalKind::Resignation,
    Some(GameResult::FirstPlayerWins),
    false
)]
#[case("持将棋", TerminalKind::Impasse, None, false)]
#[case("千日手", TerminalKind::Repetition, Some(GameResult::Draw), true)]
#[case(
    "詰み",
    TerminalKind::Checkmate,
    Some(GameResult::FirstPlayerWins),
    true
)]
#[case("詰", TerminalKind::Checkmate, Some(GameResult::FirstPlayerWins), true)]
#[case("不詰", TerminalKind::NoMate, None, false)]
#[case(
    "切れ負け",
    TerminalKind::Timeup,
    Some(GameResult::FirstPlayerWins),
    false
)]
#[case(
    "反則勝ち",
    TerminalKind::IllegalWin,
    Some(GameResult::SecondPlayerWins),
    false
)]
#[case(
    "反則負け",
    TerminalKind::IllegalMove,
    Some(GameResult::FirstPlayerWins),
    false
)]
#[case(
    "入玉勝ち",
    TerminalKind::Declaration,
    Some(GameResult::SecondPlayerWins),
    true
)]
#[case(
    "不戦勝",
    TerminalKind::DefaultWin,
    Some(GameResult::SecondPlayerWins),
    false
)]
#[case(
    "不戦敗",
    TerminalKind::DefaultLoss,
    Some(GameResult::FirstPlayerWins),
    false
)]
#[case("封じ手", TerminalKind::Sealed, None, false)]
fn every_terminal_word(
    #[case] word: &str,
    #[case] kind: TerminalKind,
    #[case] result: Option<GameResult>,
    #[case] mismatch: bool,
) {
    let text = format!(
        "手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 {word}   ( 0:02/00:00:02)\n"
    );
    let game = checked(&Kif, &text);
    let t = game.terminal.as_ref().unwrap();
    assert_eq!(
        (t.kind, t.text.as_str(), t.first_to_move),
        (kind, word, false)
    );
    assert_eq!(t.clock.as_deref(), Some(" 0:02/00:00:02"));
    assert_eq!((t.span.start.line, t.span.start.column), (3, 6));
    assert_eq!(t.number.map(|n| n.value), Some(2));
    assert_eq!(game.result(), result);
    let codes: Vec<&str> = game
        .replayed
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(
        codes,
        if mismatch {
            vec!["terminal-mismatch"]
        } else {
            vec![]
        },
        "{word}"
    );
    let (written, lost) = write(&Kif, &game);
    assert!(lost.is_empty(), "{lost:?}");
    let back = checked(&Kif, &written);
    assert_eq!(back.terminal.as_ref().map(|t| t.kind), Some(kind));
}

/// An ending line that names the other side than the moves (`まで…下手の勝ち` with 先手 to
/// move): its words give the result, and the writers keep that result. Writing a terminal line
/// (`1 投了`, sente resigning) as well would read back as the other side's win (found by the
/// `records_file` fuzzer).
#[rstest]
#[case(&Kif)]
#[case(&Ki2)]
fn an_ending_line_naming_the_side_not_to_move_keeps_its_result(
    #[case] format: &dyn RecordFormat<Position>,
) {
    for (text, result) in [
        (
            "手数----指手---------消費時間--\nまで4手で下手の勝ち\n",
            GameResult::FirstPlayerWins,
        ),
        (
            "手数----指手---------消費時間--\n   1 ７六歩(77)\nまで1手で後手の勝ち\n",
            GameResult::SecondPlayerWins,
        ),
    ] {
        let game = checked(&Kif, text);
        assert_eq!(game.result(), Some(result), "{text}");
        let (written, _) = write(format, &game);
        assert!(!written.contains("投了"), "{written}");
        let back = checked(format, &written);
        assert_eq!(back.result(), Some(result), "{written}");
        assert_eq!(
            back.replayed.record.result_token,
            game.replayed.record.result_token
        );
    }
}
