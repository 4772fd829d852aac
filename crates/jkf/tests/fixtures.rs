//! The 300 fixture games (testdata/shogi/shogi-games.jsonl, 36,295 plies played by
//! Fairy-Stockfish; ../shared/fixtures/README.md): each written in JKF (its moves in the
//! normalized form) and read back gives the fixture's moves and final position; a middle-game
//! start (its move number is not 1) is the one thing JKF cannot hold, and the writer says so.

mod common;

use jkf::{Jkf, JkfNotation};
use notation_traits::{RecordFormat, WriteSettings, Written};

#[test]
fn fixture_games_written_in_jkf_read_back_to_their_moves() {
    let fixtures = common::fixtures();
    assert_eq!(fixtures.len(), 300);
    for f in &fixtures {
        let game = common::fixture_game(f, &JkfNotation);
        let w = Jkf.write(&game, &WriteSettings::default()).unwrap();
        let expected_lost: Vec<String> = if f.start.ply() == 1 {
            Vec::new()
        } else {
            vec![format!(
                "the start position's move number {}: JKF counts moves from 1",
                f.start.ply()
            )]
        };
        assert_eq!(w.lost, expected_lost, "{}", f.id);
        let Written::Text(text) = w.output else {
            panic!("text");
        };
        let game = common::read(&text).remove(0);
        assert!(game.raw.diagnostics.is_empty(), "{}", f.id);
        let back = common::check(game);
        let moves: Vec<_> = back
            .replayed
            .record
            .main
            .moves
            .iter()
            .map(|m| m.mv)
            .collect();
        assert_eq!(moves, f.moves, "{}", f.id);
        let end = shogi_board::Position::from_sfen(&f.final_sfen).unwrap();
        assert!(back.replayed.end.same_position(&end), "{}", f.id);
    }
}
