mod common;
use kif::{Ki2, Kif};
use notation_traits::RecordFormat;
#[test]
fn show() {
    let dir = common::testdata("");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    for f in names {
        let text = common::decode(&std::fs::read(dir.join(&f)).unwrap());
        let fmt: &dyn RecordFormat<shogi_board::Position> =
            if f.contains("ki2") { &Ki2 } else { &Kif };
        let games = common::read_all(fmt, &text);
        println!("==== {f}: {} games", games.len());
        for g in games {
            for d in &g.raw.diagnostics {
                println!("  RAW {d}");
            }
            println!(
                "  terminal {:?}",
                g.terminal
                    .as_ref()
                    .map(|t| (t.kind, &t.text, t.first_to_move))
            );
            println!(
                "  tags {:?}",
                g.raw
                    .record
                    .tags
                    .iter()
                    .map(|t| (&t.name, &t.value))
                    .collect::<Vec<_>>()
            );
            println!(
                "  comments {:?} trailing {:?} result {:?}",
                g.raw.record.main.comments,
                g.raw.record.trailing_comments,
                g.raw.record.result_token
            );
            match kif::check(g, Default::default()) {
                Err(d) => println!("  START {d}"),
                Ok(c) => {
                    for d in &c.replayed.diagnostics {
                        println!("  DIAG {d} {:?}", d.candidates);
                    }
                    let mv: Vec<String> = c
                        .replayed
                        .record
                        .main
                        .moves
                        .iter()
                        .map(|m| format!("{} {:?} {:?}", m.mv, m.clock, m.comments))
                        .collect();
                    println!("  moves {mv:?}");
                    let (k, lost) = common::write(fmt, &c);
                    println!("  written ({lost:?}):\n{k}");
                }
            }
        }
    }
}
