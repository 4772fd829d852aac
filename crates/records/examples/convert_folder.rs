//! Converts every game file below a folder, as `kifu convert --recursive --output-dir OUT --to
//! TARGET IN` does: `cargo run -p kifu-records --example convert_folder -- IN OUT [TARGET]`
//! (TARGET `json` by default, which holds both games).

use std::{error::Error, fs, path::PathBuf};

use kifu_records::{Games, Input, ReadOptions, Target, WriteOptions, Writer, expand, plan_outputs};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, rest @ ..] = args.as_slice() else {
        return Err("usage: convert_folder IN OUT [TARGET]".into());
    };
    let target =
        Target::named(rest.first().map_or("json", String::as_str)).ok_or("no such target")?;
    let writer = Writer::new(WriteOptions::new(target));
    let inputs: Vec<_> = expand(&[PathBuf::from(input)], true)
        .into_iter()
        .collect::<Result<_, _>>()
        .map_err(|(n, e)| format!("{n}: {e}"))?;
    let plan = plan_outputs(&inputs, output.as_ref(), writer.extension())?;
    let read = ReadOptions::default();
    for item in &inputs {
        let (input, mut out) = (Input::open(&item.path, &read)?, Vec::new());
        let name = input.name.clone();
        for (i, game) in Games::new(input, read).enumerate() {
            let game = game?;
            for d in &game.diagnostics {
                eprintln!("{name}: game {}: {d}", game.index);
            }
            out.extend(writer.write(&game, i)?.bytes);
        }
        let path = &plan[&name];
        fs::create_dir_all(path.parent().unwrap_or(output.as_ref()))?;
        fs::write(path, out)?;
    }
    Ok(())
}
