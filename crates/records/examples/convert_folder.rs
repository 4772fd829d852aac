//! Converts every game file below a folder as `kifu convert --recursive --output-dir OUT --to
//! TARGET IN` does (ZIP members, encodings and formats detected; no input or file replaced):
//! `cargo run -p kifu-records --example convert_folder -- IN OUT [TARGET]` (`json` by default).

use kifu_records::{Batch, Destination, Event, Outputs, ReadOptions, Replace, Target, Writer};
use std::{error::Error, path::PathBuf};

fn main() -> Result<(), Box<dyn Error>> {
    let written = run(&std::env::args().skip(1).collect::<Vec<_>>())?;
    eprintln!("{written} games converted");
    Ok(())
}

/// Converts `IN OUT [TARGET]`, printing what it finds; returns how many games it wrote.
pub(crate) fn run(args: &[String]) -> Result<usize, Box<dyn Error>> {
    let [input, output, rest @ ..] = args else {
        return Err("usage: convert_folder IN OUT [TARGET]".into());
    };
    let target = Target::named(rest.first().map_or("json", String::as_str)).ok_or("no target")?;
    let writer = Writer::new(kifu_records::WriteOptions::new(target));
    let (files, folder) = ([PathBuf::from(input)], Destination::Folder(output.into()));
    let mut outputs = Outputs::new(folder, writer.extension(), &files, true, Replace::Never)?;
    for event in Batch::new(&files, true, ReadOptions::default()) {
        match event {
            Event::Game { name, game, .. } => {
                for d in &game.diagnostics {
                    eprintln!("{name}: {d}");
                }
                let (_, index) = outputs.select(&name).map_err(|f| f.error)?;
                outputs.write_game(&writer.write(&game, index)?.bytes)?;
            }
            Event::Note(note) => eprintln!("note: {note}"),
            Event::InputError { name, message, .. } => eprintln!("{name}: {message}"),
            Event::GameError { name, message, .. } => eprintln!("{name}: {message}"),
        }
    }
    Ok(outputs.finish().map_err(|f| f.error)?)
}
