//! Perft counts from testdata/perft/shogi.perft (sources named in the file).

use shogi_board::{Position, perft, perft_built};

#[test]
fn perft_reference_counts() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/perft/shogi.perft"
    );
    let text = std::fs::read_to_string(path).expect("testdata/perft/shogi.perft");
    let mut pos: Option<Position> = None;
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(sfen) = line.strip_prefix("sfen ") {
            pos = Some(Position::from_sfen(sfen).unwrap_or_else(|e| panic!("line {}: {e}", n + 1)));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').expect("perft DEPTH NODES");
            let depth: u32 = depth.parse().unwrap();
            let nodes: u64 = nodes.parse().unwrap();
            let pos = pos.as_ref().expect("an sfen line before perft lines");
            assert_eq!(
                perft(pos, depth),
                nodes,
                "line {}: {}",
                n + 1,
                pos.to_sfen()
            );
            assert_eq!(
                perft_built(pos, depth),
                nodes,
                "line {} (leaf moves built): {}",
                n + 1,
                pos.to_sfen()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 16);
}

/// Positions where a side has no king (mating problems, 詰将棋, and their corner cases), with
/// perft(1..3) as cshogi 1.1.0 counts them (`cshogi.Board(sfen)`, recursing over
/// `board.legal_moves` with `push`/`pop`): the only source for these, so they stay out of
/// shogi.perft, whose depths need two.
#[test]
fn perft_without_a_king_matches_cshogi() {
    let cases: [(&str, [u64; 3]); 7] = [
        // tsumeshogi.csa (看寿賞 平成元年短編賞), sente without a king or a hand, gote holding
        // the rest of the set.
        (
            "9/9/3pp4/+r2k1p3/2L1+p4/2+R6/B8/B8/9 b 4g4s4n3l14p 1",
            [26, 5532, 179068],
        ),
        // everyday_20211107.kifu (毎日詰将棋, 2021-11-07).
        (
            "6l2/6nk1/6R2/5Lppp/9/9/9/9/9 b 2BNr4g4s2n2l15p 1",
            [156, 57893, 7916718],
        ),
        // everyday_20220604.kifu (毎日詰将棋, 2022-06-04).
        (
            "6Bl1/8R/5+rks1/5pp2/7S1/6P1L/9/9/9 b GNb3g2s3n2l15p 1",
            [173, 61900, 7541116],
        ),
        // The pawn-drop mate position of shogi.perft without the black king: P*1b is still
        // uchifuzume (84 = its 85 less the king's moves, plus none).
        ("7lk/9/8S/9/9/9/9/7L1/9 b P 1", [84, 630, 9104]),
        // White without a king, every piece but Black's king in its hand.
        (
            "9/9/9/9/9/9/9/9/4K4 w 2r2b4g4s4n4l18p 1",
            [527, 2418, 1272041],
        ),
        // White's lone king against a pawn in the hand of a kingless Black, and a side with
        // no king and no move (it has lost).
        ("8k/9/9/9/9/9/9/9/9 w P 1", [3, 214, 1267]),
        ("4k4/9/9/9/9/9/9/9/9 b - 1", [0, 0, 0]),
    ];
    for (sfen, counts) in cases {
        let pos = Position::from_sfen(sfen).unwrap();
        for (depth, nodes) in (1..).zip(counts) {
            assert_eq!(perft(&pos, depth), nodes, "{sfen} depth {depth}");
            assert_eq!(
                perft_built(&pos, depth),
                nodes,
                "{sfen} depth {depth} (built)"
            );
        }
    }
}
