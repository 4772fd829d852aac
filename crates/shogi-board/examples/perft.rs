//! Prints perft counts and speed: `cargo run --release -p shogi-board --example perft -- 5`
//! (depth, then an optional SFEN, the start position by default, then optionally `moves` and
//! USI moves to play first). With `divide` after the depth it prints the count after each
//! first move; with `built` it counts the last ply by building its moves ([`perft_built`]).

use std::time::Instant;

use shogi_board::{Position, perft, perft_built, perft_divide};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().as_deref().unwrap_or("5").parse()?;
    let rest: Vec<String> = args.collect();
    let divide = rest.first().is_some_and(|a| a == "divide");
    let rest = &rest[usize::from(divide)..];
    let built = rest.first().is_some_and(|a| a == "built");
    let rest = &rest[usize::from(built)..];
    let (sfen, moves) = match rest.iter().position(|a| a == "moves") {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let mut pos = if sfen.is_empty() {
        Position::new()
    } else {
        Position::from_sfen(&sfen.join(" "))?
    };
    for mv in moves {
        pos = pos.play(mv.parse()?)?;
    }
    if !moves.is_empty() {
        println!("position {pos}");
    }
    let start = Instant::now();
    let nodes = if divide {
        let split = perft_divide(&pos, depth);
        for (mv, n) in &split {
            println!("{mv}: {n}");
        }
        split.iter().map(|&(_, n)| n).sum()
    } else if built {
        perft_built(&pos, depth)
    } else {
        perft(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft {depth} = {nodes} in {secs:.3} s ({:.1} M nodes/s)",
        nodes as f64 / secs / 1e6
    );
    Ok(())
}
