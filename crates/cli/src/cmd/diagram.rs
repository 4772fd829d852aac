//! `kifu diagram`: board diagrams of a game's positions, or of a bare position
//! ([`kifu_records::diagrams`], [`kifu_records::position_diagram`]).

use std::io::Write as _;
use std::path::PathBuf;

use kifu_records::{
    DiagramFormat, DiagramOptions, Games, Input, Inputs, OutputError, OutputFile, Plies,
    ReadOptions, Replace, Variant, check_output, diagrams, position_diagram,
};

use crate::report::{EXIT_DATA, EXIT_IO, EXIT_OK};

pub(crate) struct Options {
    pub(crate) file: Option<PathBuf>,
    pub(crate) read: ReadOptions,
    pub(crate) game: usize,
    pub(crate) plies: Plies,
    pub(crate) position: Option<(Variant, String)>,
    pub(crate) diagram: DiagramOptions,
    pub(crate) output_dir: Option<PathBuf>,
    /// Replace diagram files that exist already (`--force`).
    pub(crate) force: bool,
}

pub(crate) fn run(o: Options) -> u8 {
    if let Some((variant, text)) = &o.position {
        return match position_diagram(*variant, text, &o.diagram) {
            Ok(d) => {
                print(&d);
                EXIT_OK
            }
            Err(e) => {
                errln!("error: {e}");
                EXIT_DATA
            }
        };
    }
    let path = o.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    let input = match Input::open(&path, &o.read) {
        Ok(i) => i,
        Err(e) => {
            errln!("error[io]: {e}");
            return EXIT_IO;
        }
    };
    let name = input.name.clone();
    let game = match Games::new(input, o.read).nth(o.game - 1) {
        Some(Ok(g)) => g,
        Some(Err(e)) => {
            errln!("error[io]: {name}: game {}: {e}", o.game);
            return EXIT_IO;
        }
        None => {
            errln!("error: {name} holds fewer than {} games", o.game);
            return EXIT_DATA;
        }
    };
    let drawn = match diagrams(&game, o.plies, &o.diagram) {
        Ok(d) => d,
        Err(e) => {
            errln!("error: {name}: game {}: {e}", o.game);
            return EXIT_DATA;
        }
    };
    let Some(dir) = &o.output_dir else {
        if drawn.len() > 1 && o.diagram.format == DiagramFormat::Svg {
            errln!(
                "error: {} diagrams: give --output-dir to write one SVG file each (or --format text)",
                drawn.len()
            );
            return 2;
        }
        for (i, d) in drawn.iter().enumerate() {
            if i > 0 {
                outln!();
            }
            print(&d.text);
        }
        return EXIT_OK;
    };
    let extension = match o.diagram.format {
        DiagramFormat::Svg => "svg",
        DiagramFormat::Text => "txt",
    };
    let paths: Vec<PathBuf> = drawn
        .iter()
        .map(|d| dir.join(format!("game-{}-ply-{:03}.{extension}", o.game, d.ply)))
        .collect();
    // Every output checked before any is written (none is the input, none exists unless
    // --force), then each written through a temporary file renamed into place.
    let inputs = Inputs::new([path.as_path()]);
    let replace = if o.force {
        Replace::Existing
    } else {
        Replace::Never
    };
    for p in &paths {
        if let Err(e) = check_output(p, &inputs, replace) {
            errln!("error: {e}");
            return 2;
        }
    }
    for (d, p) in drawn.iter().zip(&paths) {
        let written = OutputFile::create(p, &inputs, replace).and_then(|mut out| {
            out.write_all(d.text.as_bytes())
                .map_err(|e| OutputError::Io(p.clone(), e))?;
            out.commit()
        });
        if let Err(e) = written {
            errln!("error[io]: {e}");
            return EXIT_IO;
        }
    }
    errln!(
        "kifu diagram: {} diagram{} written to {}",
        drawn.len(),
        if drawn.len() == 1 { "" } else { "s" },
        dir.display()
    );
    EXIT_OK
}

/// Writes a diagram to standard output, ending with one line end.
fn print(text: &str) {
    outln!("{}", text.trim_end_matches('\n'));
}
