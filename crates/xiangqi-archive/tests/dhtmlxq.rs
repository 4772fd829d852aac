//! DhtmlXQ: the hand-made page of testdata/xiangqi-archive, texts built here from the format's
//! description (binit, movelist, routes and comments), every fixture game written and read
//! back, and broken texts reported with their lines and columns.

mod common;

use std::io::Cursor;

use common::{GameTree, checked, codes, fixtures, movetext, replay, testdata, with_variations};
use notation_traits::{Confidence, FormatGame, RecordFormat, WriteSettings, Written};
use xiangqi_archive::DhtmlXq;
use xiangqi_board::Position;

fn read(text: &str) -> Vec<FormatGame<Position>> {
    DhtmlXq
        .read(Box::new(Cursor::new(text.as_bytes().to_vec())))
        .collect::<Result<_, _>>()
        .expect("read")
}

fn one(text: &str) -> FormatGame<Position> {
    let mut games = read(text);
    assert_eq!(games.len(), 1);
    games.remove(0)
}

fn written(game: &notation_traits::CheckedGame<Position>, index: usize) -> (String, Vec<String>) {
    let settings = WriteSettings {
        index,
        ..WriteSettings::default()
    };
    let w = DhtmlXq.write(game, &settings).expect("written");
    match w.output {
        Written::Text(t) => (t, w.lost),
        Written::Bytes(_) => panic!("DhtmlXQ is text"),
    }
}

/// DhtmlXQ digits of an ICCS square: the file from the left, the row from the top.
fn digits(square: &str) -> String {
    let b = square.as_bytes();
    format!("{}{}", b[0] - b'a', 9 - (b[1] - b'0'))
}

/// A DhtmlXQ block for `tree` from `fen`, built from the description: binit in slot order,
/// the main line, every alternative as a route, the comments.
fn hand_block(fen: &str, tree: &GameTree) -> String {
    let kinds = b"rnbakabnrccppppp";
    let mut slots = vec!["99".to_owned(); 32];
    let board = fen.split(' ').next().unwrap();
    for (row, text) in board.split('/').enumerate() {
        let mut x = 0u8;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                x += d as u8;
                continue;
            }
            let base = if c.is_ascii_uppercase() { 0 } else { 16 };
            let lower = c.to_ascii_lowercase() as u8;
            let i = (0..16)
                .find(|&i| kinds[i] == lower && slots[base + i] == "99")
                .unwrap();
            slots[base + i] = format!("{x}{row}");
            x += 1;
        }
    }
    let mut out = format!(
        "[DhtmlXQ]\n[DhtmlXQ_binit]{}[/DhtmlXQ_binit]\n",
        slots.concat()
    );
    // Routes: (id, parent, first ply, first node); numbered as met, breadth first.
    let mut routes = vec![];
    let mut queue = std::collections::VecDeque::new();
    let root_kids = &tree.nodes[0].children;
    let mut next = 1;
    if let Some(&first) = root_kids.first() {
        queue.push_back((0, 0, 1, first));
        for &a in &root_kids[1..] {
            queue.push_back((next, 0, 1, a));
            next += 1;
        }
    }
    let mut comments = String::new();
    if let Some(c) = &tree.nodes[0].comment {
        comments.push_str(&format!("[DhtmlXQ_comment0]{c}[/DhtmlXQ_comment0]\n"));
    }
    while let Some((id, parent, ply, first)) = queue.pop_front() {
        let mut moves = String::new();
        let (mut at, mut p) = (first, ply);
        loop {
            let node = &tree.nodes[at];
            moves.push_str(&digits(&node.mv[..2]));
            moves.push_str(&digits(&node.mv[2..]));
            if let Some(c) = &node.comment {
                let key = if id == 0 {
                    format!("comment{p}")
                } else {
                    format!("comment{id}_{p}")
                };
                comments.push_str(&format!(
                    "[DhtmlXQ_{key}]{}[/DhtmlXQ_{key}]\n",
                    c.replace('\n', "||")
                ));
            }
            let Some((&main, alts)) = node.children.split_first() else {
                break;
            };
            for &a in alts {
                queue.push_back((next, id, p + 1, a));
                next += 1;
            }
            at = main;
            p += 1;
        }
        routes.push((id, parent, ply, moves));
    }
    routes.sort();
    for (id, parent, ply, moves) in routes {
        if id == 0 {
            out.push_str(&format!("[DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist]\n"));
        } else {
            let key = format!("move_{parent}_{ply}_{id}");
            out.push_str(&format!("[DhtmlXQ_{key}]{moves}[/DhtmlXQ_{key}]\n"));
        }
    }
    out.push_str(&comments);
    out.push_str("[/DhtmlXQ]\n");
    out
}

#[test]
fn the_sample_page() {
    let text = std::fs::read_to_string(testdata("xiangqi-archive/sample-dhtmlxq.html")).unwrap();
    let games = read(&text);
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(codes(first), Vec::<String>::new());
    assert_eq!(first.start.clone().unwrap(), Position::new());
    assert_eq!(
        movetext(&first.raw.record.main),
        "{开局前\n两行} h2e2 h9g7 {屏风马} (h7e7 b0c2 {一变第三着} (h0g2 {嵌套变着})) h0g2 b9c7"
    );
    let tags: Vec<(&str, &str)> = first
        .raw
        .record
        .tags
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_str()))
        .collect();
    assert_eq!(
        tags,
        [
            ("ver", "www_dpxq_com"),
            ("init", "500,350"),
            ("Title", "第01局 中炮对屏风马"),
            ("Event", "测试赛"),
            ("Date", "2026-12-01"),
            ("Site", "北京"),
            ("Red", "红方棋手"),
            ("RedTeam", "北京"),
            ("Black", "黑方棋手"),
            ("BlackTeam", "上海"),
            ("Result", "1-0"),
            ("Opening", "A00 中炮局"),
        ]
    );
    // Places are lines and columns of the page.
    let h2e2 = &first.raw.record.main.moves[0];
    assert_eq!((h2e2.span.start.line, h2e2.span.start.column), (23, 19));
    assert_eq!(&text[h2e2.span.start.offset..h2e2.span.end.offset], "7747");
    assert!(first.raw.source.starts_with("<div id=\"dhtmlxq001\""));
    let replayed = replay(first);
    assert!(!replayed.has_errors(), "{:?}", replayed.diagnostics);

    let second = &games[1];
    assert_eq!(codes(second), Vec::<String>::new());
    assert_eq!(
        second.start.clone().unwrap().to_fen(),
        "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"
    );
    assert_eq!(movetext(&second.raw.record.main), "d0d1");
    assert_eq!(second.raw.record.tag("Result"), Some("1/2-1/2"));
    assert!(!replay(second).has_errors());
}

/// Blocks built here from the description, for fixture games with variations and comments.
#[test]
fn hand_made_blocks_read_to_the_fixture_games() {
    for f in fixtures().iter().step_by(15) {
        let tree = with_variations(f);
        let game = one(&hand_block(&f.start_fen, &tree));
        assert_eq!(codes(&game), Vec::<String>::new(), "{}", f.id);
        // binit cannot say who is to move: the first move's piece does.
        assert_eq!(
            game.start.clone().unwrap().to_fen().split(' ').next(),
            f.start_fen.split(' ').next()
        );
        assert_eq!(movetext(&game.raw.record.main), tree.movetext(), "{}", f.id);
        let replayed = replay(&game);
        assert!(
            !replayed.has_errors(),
            "{}: {:?}",
            f.id,
            replayed.diagnostics
        );
        let moves: Vec<String> = replayed
            .record
            .main
            .moves
            .iter()
            .map(|m| m.mv.to_string())
            .collect();
        assert_eq!(moves, f.moves, "{}", f.id);
        // The half-move clock and move number are the start's: 0 and 1 without a fen tag.
        let end = replayed.end.to_fen();
        let fields = |s: &str| s.split(' ').take(2).collect::<Vec<_>>().join(" ");
        assert_eq!(fields(&end), fields(&f.final_fen), "{}", f.id);
    }
}

/// Every fixture game, written by kifu and read back: the same start (with `fen` for Black to
/// move or another move number), tags, moves, comments and variations.
#[test]
fn written_dhtmlxq_reads_back_identically() {
    for f in fixtures() {
        let tree = with_variations(&f);
        let result = f.result.as_deref().unwrap_or("*");
        let game = checked(
            &f.start_fen,
            &tree,
            &[
                ("Title", "标题"),
                ("Red", "红"),
                ("Black", "黑"),
                ("Round", "3"),
                ("redlevel", "大师"),
                ("Result", result),
            ],
        );
        let (text, lost) = written(&game, 0);
        assert_eq!(lost, Vec::<String>::new(), "{}", f.id);
        let back = one(&text);
        assert_eq!(codes(&back), Vec::<String>::new(), "{}: {text}", f.id);
        assert_eq!(
            back.start.clone().unwrap().to_fen(),
            f.start_fen,
            "{}",
            f.id
        );
        assert_eq!(movetext(&back.raw.record.main), tree.movetext(), "{}", f.id);
        let record = &back.raw.record;
        assert_eq!(record.tag("Title"), Some("标题"));
        assert_eq!(record.tag("Round"), Some("3"));
        assert_eq!(record.tag("redlevel"), Some("大师"));
        if result != "*" {
            assert_eq!(record.tag("Result"), Some(result), "{}", f.id);
        }
        let replayed = replay(&back);
        assert!(!replayed.has_errors(), "{}", f.id);
        assert_eq!(replayed.end.to_fen(), f.final_fen, "{}", f.id);
    }
}

#[test]
fn the_writer_layout() {
    let moves: Vec<String> = ["h2e2", "h9g7", "h0g2"]
        .iter()
        .map(|m| (*m).to_owned())
        .collect();
    let mut tree = GameTree::line(&moves, Some("开局\n两行"));
    let alt = tree.add(1, "h7e7", Some("变"));
    tree.add(alt, "b0c2", None);
    let game = checked(
        Position::START_FEN,
        &tree,
        &[("Red", "红"), ("Result", "0-1")],
    );
    let mut g = game.clone();
    g.replayed.record.main.moves[0].nags = vec![1];
    let (text, lost) = written(&g, 1);
    assert_eq!(
        text,
        "\n[DhtmlXQ]\n[DhtmlXQ_red]红[/DhtmlXQ_red]\n[DhtmlXQ_result]黑胜[/DhtmlXQ_result]\n\
         [DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]\n\
         [DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]\n[DhtmlXQ_move_0_2_1]72421927[/DhtmlXQ_move_0_2_1]\n\
         [DhtmlXQ_comment0]开局||两行[/DhtmlXQ_comment0]\n[DhtmlXQ_comment1_2]变[/DhtmlXQ_comment1_2]\n[/DhtmlXQ]\n"
    );
    assert_eq!(lost, ["move glyphs ($n)"]);
    // Two blocks in one text read as two games.
    let (first, _) = written(&game, 0);
    assert_eq!(read(&format!("{first}{text}")).len(), 2);
}

#[test]
fn what_dhtmlxq_cannot_hold_is_named() {
    let mut tree = GameTree::line(&["h2e2".to_owned()], None);
    tree.nodes[1].comment = Some("see [DhtmlXQ_x]".to_owned());
    let game = checked(
        Position::START_FEN,
        &tree,
        &[("Event", "a\nb"), ("comment9", "x"), ("Bad Name", "y")],
    );
    let (text, lost) = written(&game, 0);
    assert_eq!(
        lost,
        [
            "line breaks in tag values, written as spaces",
            "the tag [comment9], whose name DhtmlXQ cannot take",
            "the tag [Bad Name], whose name DhtmlXQ cannot take",
            "`[` before `DhtmlXQ` in a text, written as `［`",
        ]
    );
    let back = one(&text);
    assert_eq!(back.raw.record.tag("Event"), Some("a b"));
    assert_eq!(back.raw.record.main.moves[0].comments, ["see ［DhtmlXQ_x]"]);
}

#[test]
fn broken_texts() {
    let at = |g: &FormatGame<Position>| {
        g.raw
            .diagnostics
            .iter()
            .map(|d| {
                let s = d.span.unwrap().start;
                (d.code.clone(), s.line, s.column, d.ply, d.message.clone())
            })
            .collect::<Vec<_>>()
    };
    let game = one("[DhtmlXQ]\n[DhtmlXQ_movelist]7747706x[/DhtmlXQ_movelist]\n[/DhtmlXQ]");
    assert_eq!(
        at(&game),
        [(
            "bad-move-record".to_owned(),
            2,
            23,
            Some(2),
            "`706x` is no move: `x` is no digit (the older DhtmlXQ form with letters is not read): the record is not used".to_owned()
        )]
    );
    assert_eq!(movetext(&game.raw.record.main), "h2e2");
    let game = one("[DhtmlXQ][DhtmlXQ_movelist]774770[/DhtmlXQ_movelist][/DhtmlXQ]");
    assert_eq!(
        game.raw.diagnostics[0].message,
        "the move list ends in 2 digits, not a move of four: the record is not used"
    );
    let game = one("[DhtmlXQ][DhtmlXQ_movelist]77479062[/DhtmlXQ_movelist][/DhtmlXQ]");
    assert_eq!(
        game.raw.diagnostics[0].message,
        "the move `9062` gives file 9, off the board (files 0-8): the record is not used"
    );
    let game = one("[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n\
         [DhtmlXQ_move_3_2_4]1022[/DhtmlXQ_move_3_2_4]\n[DhtmlXQ_move_0_7_5]1022[/DhtmlXQ_move_0_7_5]\n\
         [DhtmlXQ_comment5]x[/DhtmlXQ_comment5][/DhtmlXQ]");
    let found = at(&game);
    assert_eq!(
        found.iter().map(|d| d.4.as_str()).collect::<Vec<_>>(),
        [
            "[DhtmlXQ_move_0_7_5] replaces ply 7 of route 0, which holds plies 1-2: its moves are not read",
            "[DhtmlXQ_move_3_2_4] branches from route 3, which the game does not have: its moves are not read",
            "[DhtmlXQ_comment0_5] names no move of the game (route 0, ply 5): kept as a comment before the first move",
        ]
    );
    assert_eq!((found[1].1, found[1].2), (2, 1));
    assert_eq!(game.raw.record.main.comments, ["x"]);
    let game =
        one("[DhtmlXQ][DhtmlXQ_title]open[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]");
    assert_eq!(movetext(&game.raw.record.main), "h2e2");
    assert_eq!(
        game.raw.diagnostics[0].message,
        "the tag [DhtmlXQ_title] is not closed: it is not read"
    );
    let game = one("[DhtmlXQ][DhtmlXQ_red]x[/DhtmlXQ]");
    assert_eq!(
        game.raw.diagnostics[0].message,
        "the tag [DhtmlXQ_red] is not closed: it is not read"
    );
    let game = one("[DhtmlXQ][DhtmlXQ_binit]1234[/DhtmlXQ_binit][/DhtmlXQ]");
    assert_eq!(
        game.start.as_ref().unwrap_err().message,
        "[DhtmlXQ_binit] holds `1234`: expected 64 digits, a point `xy` for each of the 32 pieces"
    );
    let game = one("[DhtmlXQ][DhtmlXQ_fen]4k4/9/9/9/9/9/9/9/9/4K4 w[/DhtmlXQ_fen][/DhtmlXQ]");
    assert_eq!(codes(&game), ["bad-fen"]);
    assert_eq!(game.start.as_ref().unwrap(), &Position::new());
    let game = one(
        "[DhtmlXQ][DhtmlXQ_fen]3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 7[/DhtmlXQ_fen][DhtmlXQ_result]赢了[/DhtmlXQ_result]\
         [DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit][/DhtmlXQ]",
    );
    assert_eq!(codes(&game), ["bad-tag", "fen-mismatch"]);
    assert_eq!(game.raw.record.tag("ResultText"), Some("赢了"));
    assert_eq!(
        game.start.as_ref().unwrap().to_fen(),
        "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 7"
    );
    let game = one("no tags at all");
    assert_eq!(
        game.start.as_ref().unwrap_err().message,
        "no DhtmlXQ tags (`[DhtmlXQ_...]`) in the text"
    );
}

#[test]
fn sniffing_and_the_page_encoding() {
    assert_eq!(
        DhtmlXq.sniff(b"<p>[DhtmlXQ_movelist]7747"),
        Confidence::CERTAIN
    );
    assert_eq!(DhtmlXq.sniff(b"[dhtmlxq_title]x"), Confidence::LIKELY);
    assert_eq!(DhtmlXq.sniff(b"[Event \"x\"]"), Confidence::NONE);
    assert_eq!(
        DhtmlXq.declared_encoding(b"<meta charset=gb2312>"),
        Some("GBK")
    );
    assert_eq!(
        DhtmlXq.declared_encoding(
            b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">"
        ),
        Some("UTF-8")
    );
    assert_eq!(DhtmlXq.declared_encoding(b"[DhtmlXQ]"), None);
}

/// What `binit` cannot say (a half-move clock here) goes into `[DhtmlXQ_fen]`.
#[test]
fn the_fen_tag_keeps_the_counters() {
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 7 1";
    let game = checked(fen, &GameTree::line(&["d0d1".to_owned()], None), &[]);
    let (text, lost) = written(&game, 0);
    assert!(lost.is_empty());
    assert!(
        text.contains(&format!("[DhtmlXQ_fen]{fen}[/DhtmlXQ_fen]")),
        "{text}"
    );
    assert_eq!(one(&text).start.unwrap().to_fen(), fen);
}
