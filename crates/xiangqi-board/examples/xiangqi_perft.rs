//! Perft from the command line, for profiling the move generator (for example under
//! `valgrind --tool=callgrind`): `cargo run --release -p xiangqi-board --example xiangqi_perft -- DEPTH
//! [built] [FEN]` prints the node count and the time taken. Without a FEN it starts from the
//! standard start position; with `built` it counts the last ply by building its moves
//! ([`perft_built`]).

use std::time::Instant;

use xiangqi_board::{Position, perft, perft_built};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().as_deref().unwrap_or("4").parse()?;
    let mut fen: Vec<String> = args.collect();
    let built = fen.first().is_some_and(|a| a == "built");
    if built {
        fen.remove(0);
    }
    let pos = if fen.is_empty() {
        Position::new()
    } else {
        Position::from_fen(&fen.join(" "))?
    };
    let start = Instant::now();
    let nodes = if built {
        perft_built(&pos, depth)
    } else {
        perft(&pos, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "perft {depth}: {nodes} nodes in {seconds:.3} s ({:.1} M nodes/s)",
        nodes as f64 / seconds / 1e6
    );
    Ok(())
}
