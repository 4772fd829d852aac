//! The CSA files of testdata/csa, written from the CSA standard file format (V3.0 of
//! 2024-05-14 and V2.2 of 2008-01-12): every game-information key, `PI` with and without
//! removed pieces, board rows with collapsed or no spaces, statements joined by commas, a V3.0
//! decimal time, every special move, several games split by `/`, `V2`, `V2.2` and `V3.0`;
//! and the broken files of testdata/csa/errors, each with its diagnostic (code, line, column,
//! message). Written back, each file reads to the same games.

mod common;

use csa::Csa;
use notation_traits::{RecordFormat, Severity, TerminalKind, WriteSettings, Written};
use rstest::rstest;
use shogi_board::{Handicap, Position, judge_terminal};

fn testdata(name: &str) -> String {
    let path = format!("{}/../../testdata/csa/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_key_is_a_tag() {
    let game = common::check(common::read(&testdata("every-key.csa")).remove(0));
    let r = &game.replayed;
    let tags: Vec<(&str, &str)> = r
        .record
        .tags
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_str()))
        .collect();
    // CSA V3.0, 2.4: N+ N- and the $ keys, named as KIF's header (see csa::tag_name).
    assert_eq!(
        tags,
        [
            ("先手", "先手の名前"),
            ("後手", "Gote, Player"),
            ("棋戦", "第1回テスト棋戦"),
            ("場所", "Tokyo"),
            ("開始日時", "2024/05/14 10:00:00"),
            ("終了日時", "2024/05/14 10:30:00"),
            ("持ち時間", "00:25+00"),
            ("持ち時間", "1500+0+10"),
            ("先手持ち時間", "1500+0+10"),
            ("後手持ち時間", "900+30+0"),
            ("戦型", "YAGURA"),
            ("最大手数", "256"),
            ("持将棋", "27"),
            ("備考", "first line\nsecond line"),
            ("ROUND", "3"),
        ]
    );
    let moves: Vec<(String, Option<&str>, &[String])> = r
        .record
        .main
        .moves
        .iter()
        .map(|m| (m.mv.to_string(), m.clock.as_deref(), m.comments.as_slice()))
        .collect();
    assert_eq!(
        moves[0],
        (
            "7g7f".to_owned(),
            Some("T12"),
            &["* a comment programs read".to_owned()][..]
        )
    );
    assert_eq!(
        moves[1],
        (
            "3c3d".to_owned(),
            Some("T6.123"),
            &["** 120 +2726FU -8384FU".to_owned()][..]
        )
    );
    assert_eq!(moves[2], ("2g2f".to_owned(), Some("T1.5"), &[][..]));
    let t = game.terminal.as_ref().unwrap();
    assert_eq!(
        (t.kind, t.clock.as_deref(), t.first_to_move),
        (TerminalKind::Resignation, Some("T3"), false)
    );
    assert_eq!(r.record.trailing_comments, ["after the end"]);
    // Sente played the last move: gote is to move and resigns.
    assert_eq!(game.result().map(|r| r.to_string()).as_deref(), Some("1-0"));

    // V2.2 holds whole seconds only.
    let written = Csa
        .write(
            &game,
            &WriteSettings {
                version: Some("2.2"),
                ..WriteSettings::default()
            },
        )
        .unwrap();
    assert_eq!(
        written.lost,
        ["fractions of seconds: V2.2 times are whole seconds"]
    );
    let Written::Text(text) = written.output else {
        panic!()
    };
    assert!(text.contains("\r\n-3334FU\r\nT6\r\n"), "{text}");
    assert!(
        text.contains("$NOTE:first line\\nsecond line\r\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "$TIME_LIMIT:00:25+00\r\n$TIME:1500+0+10\r\n$TIME+:1500+0+10\r\n$TIME-:900+30+0\r\n"
        ),
        "{text}"
    );
}

#[test]
fn pi_removes_the_handicap_pieces() {
    let games: Vec<_> = common::read(&testdata("pi-forms.csa"))
        .into_iter()
        .map(common::check)
        .collect();
    let starts: Vec<Position> = games.iter().map(|g| g.replayed.start).collect();
    let mut even_gote = Position::new();
    even_gote = Position::from_sfen(&even_gote.to_sfen().replace(" b ", " w ")).unwrap();
    assert_eq!(
        starts,
        [
            Position::new(),
            Handicap::TwoPiece.position(),
            Handicap::Lance.position(),
            Handicap::SixPiece.position(),
            even_gote,
        ]
    );
    let first: Vec<String> = games
        .iter()
        .map(|g| g.replayed.record.main.moves[0].mv.to_string())
        .collect();
    assert_eq!(first, ["7g7f", "5a4b", "3c3d", "4a3b", "3c3d"]);
    assert!(games.iter().all(|g| g.replayed.diagnostics.is_empty()));

    // Written one after another (the second game on starts with `/`), read back the same.
    let mut text = String::new();
    for (index, g) in games.iter().enumerate() {
        let w = Csa
            .write(
                g,
                &WriteSettings {
                    index,
                    ..WriteSettings::default()
                },
            )
            .unwrap();
        let Written::Text(t) = w.output else { panic!() };
        text.push_str(&t);
    }
    assert!(
        text.contains("\n/\n'two-piece handicap: rook and bishop off, gote moves first\nPI82HI22KA\n-\n-5142OU\n"),
        "{text}"
    );
    assert!(
        text.ends_with("\n/\n'the even board, gote to move\nPI\n-\n-3334FU\n"),
        "{text}"
    );
    let back: Vec<Position> = common::read(&text)
        .into_iter()
        .map(|g| g.start.unwrap())
        .collect();
    assert_eq!(back, starts);
}

#[rstest]
#[case::rows_without_spaces("rows-without-spaces.csa", &["7g7f", "3c3d"])]
#[case::commas("commas.csa", &["7g7f", "3c3d", "8h2b+", "3a2b"])]
fn lax_and_joined_lines(#[case] name: &str, #[case] usi: &[&str]) {
    let game = common::check(common::read(&testdata(name)).remove(0));
    assert!(game.replayed.diagnostics.is_empty());
    assert_eq!(game.replayed.start, Position::new());
    let moves: Vec<String> = game
        .replayed
        .record
        .main
        .moves
        .iter()
        .map(|m| m.mv.to_string())
        .collect();
    assert_eq!(moves, usi);
}

#[test]
fn commas_join_times_and_keep_a_comment_whole() {
    let game = common::check(common::read(&testdata("commas.csa")).remove(0));
    let m = &game.replayed.record.main.moves;
    let clocks: Vec<Option<&str>> = m.iter().map(|e| e.clock.as_deref()).collect();
    assert_eq!(clocks, [Some("T10"), Some("T5"), Some("T3"), Some("T4")]);
    assert_eq!(
        m[3].comments,
        ["a comment after the statements, commas and all"]
    );
    let t = game.terminal.as_ref().unwrap();
    assert_eq!(
        (t.text.as_str(), t.clock.as_deref()),
        ("%TORYO", Some("T1"))
    );
}

#[test]
fn every_special_move_is_a_terminal() {
    let mut kinds: Vec<(String, TerminalKind)> = common::read(&testdata("specials.csa"))
        .into_iter()
        .map(|g| {
            let t = g.terminal.unwrap();
            (t.text, t.kind)
        })
        .collect();
    let mate = common::read(&testdata("piece-lists.csa")).remove(0);
    kinds.push((
        mate.terminal.clone().unwrap().text,
        mate.terminal.clone().unwrap().kind,
    ));
    // CSA V3.0, 2.6: the special moves and what each means.
    assert_eq!(
        kinds,
        [
            ("%TORYO", TerminalKind::Resignation),
            ("%CHUDAN", TerminalKind::Interrupted),
            ("%SENNICHITE", TerminalKind::Repetition),
            ("%TIME_UP", TerminalKind::Timeup),
            ("%ILLEGAL_MOVE", TerminalKind::IllegalMove),
            ("%+ILLEGAL_ACTION", TerminalKind::IllegalActionFirst),
            ("%-ILLEGAL_ACTION", TerminalKind::IllegalActionSecond),
            ("%JISHOGI", TerminalKind::Impasse),
            ("%KACHI", TerminalKind::Declaration),
            ("%HIKIWAKE", TerminalKind::Draw),
            ("%MAX_MOVES", TerminalKind::MaxMoves),
            ("%FUZUMI", TerminalKind::NoMate),
            ("%MATTA", TerminalKind::Matta),
            ("%ERROR", TerminalKind::Error),
            ("%TSUMI", TerminalKind::Checkmate),
        ]
        .map(|(w, k)| (w.to_owned(), k))
    );
}

#[test]
fn piece_lists_set_up_a_mate() {
    let game = common::check(common::read(&testdata("piece-lists.csa")).remove(0));
    let r = &game.replayed;
    // P+53FU59OU00KI, P-51OU00AL: gote holds every other piece of the set.
    assert_eq!(
        r.start.to_sfen(),
        "4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1"
    );
    let moves: Vec<_> = r.record.main.moves.iter().map(|m| m.mv).collect();
    assert_eq!(moves[0].to_string(), "G*5b");
    // %TSUMI fits: the gold on 52, guarded by the pawn on 53, mates the king on 51.
    assert_eq!(
        judge_terminal(TerminalKind::Checkmate, &r.start, &moves, None),
        None
    );
    // Written back with the hands as lists.
    let w = Csa.write(&game, &WriteSettings::default()).unwrap();
    let Written::Text(text) = w.output else {
        panic!()
    };
    assert!(text.contains("P+00KI\nP-00HI00HI00KA00KA00KI00KI00KI00GI00GI00GI00GI00KE00KE00KE00KE00KY00KY00KY00KY00FU"), "{text}");
    let back = common::check(common::read(&text).remove(0));
    assert_eq!(back.replayed.start, r.start);
}

#[rstest]
#[case::bad_row(
    "../../errors/bad-position.csa",
    "bad-position",
    4,
    27,
    "row P2: expected 9 squares, found 8: ` * ` for an empty square, `+` or `-` and a piece code for a piece"
)]
#[case::unknown_piece(
    "unknown-piece.csa",
    "bad-position",
    3,
    28,
    "row P1, square 11: expected a piece code (FU KY KE GI KI KA HI OU TO NY NK NG UM RY), found `KX`"
)]
#[case::no_position(
    "no-position.csa",
    "bad-position",
    3,
    1,
    "no start position (`PI`, the rows `P1`-`P9` or the lists `P+`/`P-`) before the moves"
)]
#[case::wrong_side(
    "wrong-side.csa",
    "wrong-side",
    5,
    1,
    "illegal move: `-3334FU` is a move of white (gote), but black (sente) is to move: it is the other side's turn"
)]
#[case::truncated_move(
    "truncated-move.csa",
    "syntax",
    6,
    4,
    "expected the square moved to: a file digit and a rank digit 1-9 (`76`), found the end of the move"
)]
#[case::unknown_line(
    "../../errors/unknown-line.csa",
    "unknown-line",
    6,
    1,
    "expected a CSA statement, found `hello`: kept as a comment"
)]
#[case::misplaced_line(
    "../../errors/misplaced-line.csa",
    "misplaced-line",
    5,
    1,
    "`T10` is a time before any move: kept as a comment"
)]
fn broken_files_say_where_and_why(
    #[case] name: &str,
    #[case] code: &str,
    #[case] line: u32,
    #[case] column: u32,
    #[case] message: &str,
) {
    let game = common::read(&testdata(&format!("errors/{name}"))).remove(0);
    let mut found = game.raw.diagnostics.clone();
    match &game.start {
        Err(d) => found.push(*d.clone()),
        Ok(start) => {
            let replayed = notation_traits::replay(
                &game.raw.record,
                *start,
                game.notation.as_deref().unwrap(),
            );
            found.extend(replayed.diagnostics);
        }
    }
    assert_eq!(found.len(), 1, "{found:?}");
    let d = &found[0];
    let at = d.span.unwrap().start;
    assert_eq!(
        (d.code.as_str(), at.line, at.column, d.message.as_str()),
        (code, line, column, message)
    );
    let severity = if matches!(code, "unknown-line" | "misplaced-line") {
        Severity::Warning
    } else {
        Severity::Error
    };
    assert_eq!(d.severity, severity);
}

#[rstest]
#[case::every_key("every-key.csa")]
#[case::pi_forms("pi-forms.csa")]
#[case::rows("rows-without-spaces.csa")]
#[case::commas("commas.csa")]
#[case::specials("specials.csa")]
#[case::piece_lists("piece-lists.csa")]
fn written_v3_reads_back_the_same(#[case] name: &str) {
    for (index, game) in common::read(&testdata(name)).into_iter().enumerate() {
        let game = common::check(game);
        let w = Csa.write(&game, &WriteSettings::default()).unwrap();
        assert!(w.lost.is_empty(), "{name}: {:?}", w.lost);
        let Written::Text(text) = w.output else {
            panic!()
        };
        let back = common::check(common::read(&text).remove(0));
        let (a, b) = (&game.replayed.record, &back.replayed.record);
        assert_eq!(back.replayed.start, game.replayed.start, "{name} {index}");
        assert_eq!(
            b.tags
                .iter()
                .map(|t| (&t.name, &t.value))
                .collect::<Vec<_>>(),
            a.tags
                .iter()
                .map(|t| (&t.name, &t.value))
                .collect::<Vec<_>>()
        );
        assert_eq!(b.main.comments, a.main.comments);
        for (x, y) in a.main.moves.iter().zip(&b.main.moves) {
            assert_eq!((x.mv, &x.clock, &x.comments), (y.mv, &y.clock, &y.comments));
        }
        assert_eq!(b.main.moves.len(), a.main.moves.len());
        assert_eq!(b.trailing_comments, a.trailing_comments);
        assert_eq!(
            back.terminal.map(|t| (t.kind, t.text, t.clock)),
            game.terminal.map(|t| (t.kind, t.text, t.clock))
        );
    }
}
