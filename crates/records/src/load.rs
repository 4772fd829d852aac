//! Every game of one file at once, as a comparison needs them: the file's name and its games,
//! or why the file gives none.

use std::fmt;
use std::path::Path;

use crate::{Game, Games, Input, ReadOptions};

/// A file's name (as messages give it) and its games, read and checked.
#[derive(Debug)]
pub struct Loaded {
    /// The name: the path as given, `<stdin>` for standard input.
    pub name: String,
    /// Every game, in file order.
    pub games: Vec<Game>,
}

/// Why a file gives no games.
#[derive(Debug)]
pub enum LoadError {
    /// It cannot be opened or read, or holds bytes in no encoding kifu reads (the message names
    /// the file).
    Io(String),
    /// It holds no game (the message names the file).
    NoGame(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(m) | LoadError::NoGame(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for LoadError {}

/// Every game of the file `path` (`-`: standard input), read with `options`.
///
/// # Errors
///
/// [`LoadError`]: the file cannot be read ([`Input::open`], or a game's bytes cannot be
/// decoded), or it holds no game.
///
/// # Examples
///
/// ```
/// use kifu_records::{ReadOptions, Target, WriteOptions, Writer, load};
///
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/shogi/shogi-multigame.psn");
/// let loaded = load(path.as_ref(), &ReadOptions::default())?;
/// assert_eq!(loaded.games.len(), 3);
/// let usi = Writer::new(WriteOptions::new(Target::named("usi").unwrap()));
/// let mut out = Vec::new();
/// for (i, game) in loaded.games.iter().enumerate() {
///     out.extend(usi.write(game, i)?.bytes);
/// }
/// let file = std::env::temp_dir().join("kifu-records-load-doctest.psn");
/// std::fs::write(&file, &out)?;
/// assert_eq!(load(&file, &ReadOptions::default())?.games.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn load(path: &Path, options: &ReadOptions) -> Result<Loaded, LoadError> {
    let input = Input::open(path, options).map_err(|e| LoadError::Io(e.to_string()))?;
    let name = input.name.clone();
    let mut games = Vec::new();
    for game in Games::new(input, *options) {
        games.push(game.map_err(|e| LoadError::Io(format!("{name}: {e}")))?);
    }
    if games.is_empty() {
        return Err(LoadError::NoGame(format!("{name}: no game in the file")));
    }
    Ok(Loaded { name, games })
}
