//! A move two texts allow is weighed by the whole game (issue "Fidelity"): a WXF spelling one
//! dialect reads as another pawn, a PSN move whose `+` was left out.
//!
//! Expected moves come from the rules: the WXF page (three pawns on a file with a second file
//! of doubled pawns: `33` is the middle pawn) and the 2018 World Xiangqi Rules as
//! Fairy-Stockfish writes them (the ordinal from the front, then the file: `33` is the third);
//! PSN's rule that `+` is obligatory on a promotion; and the fixture games (Fairy-Stockfish,
//! replayed with cshogi; testdata/README.md).

use kifu_records::{Game, GameBody, Games, Input, ReadOptions, Target, WriteOptions, Writer};
use notation_traits::MoveNotation;

fn read(text: &str, repair: bool) -> Vec<Game> {
    let options = ReadOptions {
        repair,
        ..ReadOptions::default()
    };
    let input = Input::from_bytes("test", text.as_bytes().to_vec(), &options).unwrap();
    Games::new(input, options)
        .collect::<Result<_, _>>()
        .unwrap()
}

fn codes(game: &Game) -> Vec<(Option<u32>, &str)> {
    game.diagnostics
        .iter()
        .map(|d| (d.ply, d.code.as_str()))
        .collect()
}

/// Red pawns g7, g6, g5 (three on file 3) and i6, i5 (doubled on file 1), a red chariot on g2.
/// `33=4`: the WXF page's middle pawn g6 to f6, the 2018 rules' third pawn g5 to f5. Only the
/// 2018 reading leaves g5 free for `R3+3` (g2 to g5).
const DIALECT_GAME: &str =
    "[FEN \"4k4/9/6P2/6P1P/6P1P/9/9/6R2/9/3K5 w - - 0 1\"]\n\n1. 33=4 K5+1 2. R3+3 *\n";

#[test]
fn a_game_written_in_the_2018_rules_reads_to_the_end_in_them() {
    let games = read(DIALECT_GAME, false);
    let game = &games[0];
    assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
    assert_eq!(game.coordinates(), ["g5f5", "e9e8", "g2g5"]);
    assert!(
        game.detected
            .as_deref()
            .is_some_and(|n| n.contains("the 2018 rules' tandem forms")),
        "{:?}",
        game.detected
    );
}

#[test]
fn a_declared_dialect_is_kept_and_the_later_error_names_the_choice() {
    let text = DIALECT_GAME.replace("[FEN", "[Dialect \"wxf\"]\n[FEN");
    let game = &read(&text, false)[0];
    // Read by the WXF page as declared: `R3+3` is blocked by the pawn still on g5.
    assert_eq!(game.coordinates(), ["g6f6", "e9e8"]);
    let error = game.diagnostics.iter().find(|d| d.is_error()).unwrap();
    assert_eq!((error.ply, error.code.as_str()), (Some(3), "own-piece"));
}

/// `3.Bx2b` takes the bishop on 2b without `+`: by PSN's rule it does not promote, so `+B-1b`
/// (a horse to 1b) two plies later names no piece; the promotion is the other reading.
const UNMARKED: &str = "1.P-7f 2.P-3d 3.Bx2b 4.P-8d 5.+B-1b\n";

#[test]
fn an_unmarked_promotion_warns_and_the_later_error_names_it() {
    let game = &read(UNMARKED, false)[0];
    assert_eq!(
        codes(game),
        [(Some(3), "promotion-unmarked"), (Some(5), "no-such-piece")]
    );
    let error = &game.diagnostics[1];
    assert_eq!(
        error.help.as_deref(),
        Some(
            "ply 3 `Bx2b` was read as `Bx2b=` (8h2b); `Bx2b+` (8h2b+) makes this move legal (--repair reads it so)"
        )
    );
    assert_eq!(game.coordinates(), ["7g7f", "3c3d", "8h2b", "8c8d"]);
}

#[test]
fn repair_reads_the_unmarked_move_as_the_promotion_the_rest_needs() {
    let game = &read(UNMARKED, true)[0];
    assert_eq!(
        codes(game),
        [(Some(3), "promotion-unmarked"), (Some(3), "repaired-move")]
    );
    assert_eq!(
        game.coordinates(),
        ["7g7f", "3c3d", "8h2b+", "8c8d", "2b1b"]
    );
    let writer = Writer::new(WriteOptions::new(Target::named("psn").unwrap()));
    let text = String::from_utf8(writer.write(game, 0).unwrap().bytes).unwrap();
    assert!(text.contains("\n3.Bx2b+\n"), "{text}");
}

/// Every promotion mark of a game removed: PSN's rule reads each unmarked move that could
/// promote as not promoting; the rest of the game decides where it can.
fn without_promotion_marks(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with('[') {
                l.to_owned()
            } else {
                l.split(' ')
                    .map(|t| t.trim_end_matches('+'))
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every move read differs from `played` only where a `promotion-unmarked` warning stands at
/// it (nothing decided that move). The game is read to its end, or stops at an ambiguity that
/// removing the signs made (two pieces fit the text, their promotions too) and that nothing
/// after it decides: an `ambiguous-move` error whose candidates hold the move played.
fn differs_only_where_warned(game: &Game, played: &[String], place: &str) {
    let GameBody::Shogi(checked) = &game.body else {
        panic!("{place}: not a shogi game");
    };
    let read = game.coordinates();
    let errors: Vec<_> = game.diagnostics.iter().filter(|d| d.is_error()).collect();
    if errors.is_empty() {
        assert!(checked.game.rest.is_none(), "{place}: not read to the end");
        assert_eq!(read.len(), played.len(), "{place}");
    }
    // The record stops at its first error; the diagnostics after it rest on an assumed
    // reading of it (and say so).
    if let Some(e) = errors.first() {
        if e.code == "ambiguous-move" {
            // It stands where the moves read agree with the game played.
            {
                assert_eq!(e.ply, Some(read.len() as u32 + 1), "{place}: {e}");
                let pos: shogi_board::Position = e.position.as_deref().unwrap().parse().unwrap();
                let meant: Vec<String> = e
                    .candidates
                    .iter()
                    .map(|c| {
                        psn::Psn::default()
                            .read_move(&pos, c)
                            .unwrap()
                            .mv
                            .to_string()
                    })
                    .collect();
                assert!(meant.contains(&played[read.len()]), "{place}: {e}");
            }
        } else {
            // A later move that only another reading of an undecided earlier move makes legal:
            // the error names that move, where the warning stands.
            let help = e.help.as_deref().unwrap_or_default();
            let at: u32 = help
                .strip_prefix("ply ")
                .and_then(|h| h.split(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{place}: {e}"));
            assert!(help.contains("makes this move legal"), "{place}: {e}");
            assert!(
                game.diagnostics
                    .iter()
                    .any(|d| d.ply == Some(at) && d.code == "promotion-unmarked"),
                "{place}: {e}"
            );
        }
    }
    // Where the reading leaves the game played (the positions after a ply differ, having
    // agreed before it), the ply holds a `promotion-unmarked` warning: nothing decided it.
    // Later plies may differ as its consequence until the positions agree again.
    let start = checked.game.replayed.start;
    let (mut a, mut b) = (start, start);
    for (i, (r, p)) in read.iter().zip(played).enumerate() {
        let agreed = a.same_position(&b);
        a.play_unchecked(r.parse().unwrap());
        b.play_unchecked(p.parse().unwrap());
        if agreed && !a.same_position(&b) {
            let ply = i as u32 + 1;
            assert!(
                game.diagnostics
                    .iter()
                    .any(|d| d.ply == Some(ply) && d.code == "promotion-unmarked"),
                "{place}: ply {ply} read as {r}, played {p}, without a warning"
            );
        }
    }
}

#[test]
fn the_real_game_without_its_promotion_marks_is_repaired_where_the_game_decides() {
    let original = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/shogi/shogi-real-game.psn"
    ))
    .unwrap();
    let played = read(&original, false)[0].coordinates();
    let promotions = played.iter().filter(|m| m.ends_with('+')).count();
    assert!(promotions > 0);
    let game = &read(&without_promotion_marks(&original), true)[0];
    differs_only_where_warned(game, &played, "shogi-real-game.psn");
    // The repairs the rest of the game decided: each a promotion played.
    let repaired: Vec<u32> = game
        .diagnostics
        .iter()
        .filter(|d| d.code == "repaired-move")
        .filter_map(|d| d.ply)
        .collect();
    for ply in &repaired {
        assert!(played[*ply as usize - 1].ends_with('+'), "ply {ply}");
    }
    assert!(!repaired.is_empty(), "{:?}", game.diagnostics);
}

#[test]
fn every_fixture_game_without_its_plus_signs_reads_as_played_or_warns() {
    let fixtures = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/shogi/shogi-games.jsonl"
    ))
    .unwrap();
    let mut differing = 0;
    for line in fixtures.lines() {
        let g: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = g["id"].as_str().unwrap();
        let played: Vec<String> = g["moves_usi"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        // Every `+` removed: the promotion marks and the promoted pieces' signs alike.
        let moves: Vec<String> = g["hodges"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().replace('+', ""))
            .collect();
        let text = format!(
            "[SFEN \"{}\"]\n\n{}\n",
            g["start_sfen"].as_str().unwrap(),
            moves.join(" ")
        );
        let game = &read(&text, true)[0];
        differs_only_where_warned(game, &played, id);
        differing += usize::from(game.coordinates() != played);
    }
    assert!(
        differing > 0,
        "no fixture game has a declined-looking promotion"
    );
}
