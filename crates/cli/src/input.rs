//! Opening the inputs: files or standard input, each read game by game.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

/// One input: its name for messages and a buffered reader.
pub(crate) struct Input {
    pub(crate) name: String,
    pub(crate) reader: Box<dyn BufRead>,
}

/// Opens `path` (`-` is standard input).
pub(crate) fn open(path: &Path) -> Result<Input, (String, io::Error)> {
    if path.as_os_str() == "-" {
        return Ok(Input {
            name: "<stdin>".to_owned(),
            reader: Box::new(BufReader::new(io::stdin())),
        });
    }
    let name = path.display().to_string();
    match File::open(path) {
        Ok(f) => Ok(Input {
            name,
            reader: Box::new(BufReader::with_capacity(1 << 16, f)),
        }),
        Err(e) => Err((name, e)),
    }
}

/// The paths to read: the files given, or standard input when none.
pub(crate) fn paths(files: &[PathBuf]) -> Vec<PathBuf> {
    if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    }
}
