//! Batches: the files a list of paths names (folders walked), and where each one's output goes
//! in an output folder, planned before anything is written so that no two inputs share an
//! output and no output overwrites an input.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

/// The size of the files among `inputs`, in bytes (standard input counts nothing).
pub fn total_size(inputs: &[Result<InputPath, (String, io::Error)>]) -> u64 {
    inputs
        .iter()
        .flatten()
        .filter(|i| i.skipped.is_none())
        .filter_map(|i| std::fs::metadata(&i.path).ok())
        .map(|m| m.len())
        .sum()
}

/// One input to read, and where its output goes in an output folder.
#[derive(Clone, Debug)]
pub struct InputPath {
    /// The path (`-` for standard input).
    pub path: PathBuf,
    /// The path of its output relative to the output folder, extension aside: the file's name,
    /// or its path inside a folder read with `--recursive`.
    pub out_rel: PathBuf,
    /// Why it is not read, for a file found in a folder that is no regular file (a FIFO, a
    /// device, a link to one: reading it would hang or never end): a note for the user.
    pub skipped: Option<String>,
}

/// The inputs to read: the files given (standard input, `-`, when none), and with `recursive`
/// the game files ([`is_game_file`]) below each folder given, in name order. When several
/// folders are given, each file's output path keeps its folder's name (`a/g.psn`, `b/g.psn`),
/// so that files of one name in two folders do not meet in one output file.
///
/// # Errors
///
/// A folder that cannot be listed, as `(name, error)` in its place.
pub fn expand(files: &[PathBuf], recursive: bool) -> Vec<Result<InputPath, (String, io::Error)>> {
    let given = if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    };
    let is_folder = |p: &Path| recursive && p.as_os_str() != "-" && p.is_dir();
    let folders = given.iter().filter(|p| is_folder(p)).count();
    let mut out = Vec::new();
    for path in given {
        // A folder without --recursive is a usage error said before this
        // (`cmd::folder_without_recursive`).
        if is_folder(&path) {
            let first = out.len();
            walk(&path, &path, &mut out);
            if folders > 1 {
                let name = folder_name(&path);
                for item in out[first..].iter_mut().flatten() {
                    item.out_rel = name.join(&item.out_rel);
                }
            }
        } else {
            let out_rel = if path.as_os_str() == "-" {
                PathBuf::from("stdin")
            } else {
                PathBuf::from(path.file_name().unwrap_or_default())
            };
            out.push(Ok(InputPath {
                path,
                out_rel,
                skipped: None,
            }));
        }
    }
    out
}

/// How messages name an input path: `<stdin>` for `-`; control characters escaped (`\u{1b}`),
/// so that a file name holding ESC cannot drive the terminal.
///
/// ```
/// use std::path::Path;
/// assert_eq!(kifu_records::display_name(Path::new("a\u{1b}[2J.pgn")), "a\\u{1b}[2J.pgn");
/// assert_eq!(kifu_records::display_name(Path::new("-")), "<stdin>");
/// ```
pub fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_owned()
    } else {
        escape_controls(&path.display().to_string())
    }
}

/// `text` with each control character written as `\u{XX}`.
fn escape_controls(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_owned();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                format!("\\u{{{:x}}}", u32::from(c))
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Whether a file found in a folder is a game file: its extension (any case) is one of a
/// registered format's ([`crate::formats`]), `txt`, or `zip` (an archive of game files); a
/// compressed file (`gz`, `bz2`, `xz`) is one when the name under that extension is
/// (`games.pgn.gz`).
pub fn is_game_file(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        let e = e.to_ascii_lowercase();
        if matches!(e.as_str(), "gz" | "bz2" | "xz") {
            return path
                .file_stem()
                .is_some_and(|stem| is_game_file(Path::new(stem)));
        }
        e == "txt"
            || e == "zip"
            || crate::formats()
                .iter()
                .any(|f| f.info().extensions.contains(&e.as_str()))
    })
}

/// The game files below `dir` ([`is_game_file`]), in name order, hidden ones (`.name`)
/// left out. A folder reached twice (a symbolic link back up the tree) is read once.
/// The name a folder is known by: its last component (`games` of `in/games/`), the real
/// folder's for `.` or `..`.
fn folder_name(path: &Path) -> PathBuf {
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    PathBuf::from(real.file_name().unwrap_or(path.as_os_str()))
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<Result<InputPath, (String, io::Error)>>) {
    let mut seen = std::collections::HashSet::new();
    walk_in(root, dir, out, &mut seen);
}

fn walk_in(
    root: &Path,
    dir: &Path,
    out: &mut Vec<Result<InputPath, (String, io::Error)>>,
    seen: &mut std::collections::HashSet<PathBuf>,
) {
    if let Ok(real) = std::fs::canonicalize(dir)
        && !seen.insert(real)
    {
        return;
    }
    let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(list) => list.filter_map(Result::ok).map(|e| e.path()).collect(),
        Err(e) => {
            out.push(Err((display_name(dir), e)));
            return;
        }
    };
    entries.sort();
    for path in entries {
        if path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        {
            continue;
        }
        if path.is_dir() {
            walk_in(root, &path, out, seen);
        } else if is_game_file(&path) {
            let out_rel = path.strip_prefix(root).map_or_else(
                |_| PathBuf::from(path.file_name().unwrap_or_default()),
                Path::to_path_buf,
            );
            // Links followed: a link to a regular file is read, a link to /dev/zero is not.
            let skipped = match std::fs::metadata(&path) {
                Ok(m) if m.is_file() => None,
                Ok(m) => Some(format!(
                    "{}: not read: {} (only regular files are read in a folder)",
                    display_name(&path),
                    kind_of(&m.file_type())
                )),
                Err(e) => {
                    out.push(Err((display_name(&path), e)));
                    continue;
                }
            };
            out.push(Ok(InputPath {
                path,
                out_rel,
                skipped,
            }));
        }
    }
}

/// What a file that is no regular file is, in words.
fn kind_of(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// The usage error of two inputs written to one output file, with advice that fits what was
/// given: files given one by one can be given by their folder; files found in folders of one
/// name can only be converted in separate runs.
fn collision(other: &str, name: &str, path: &Path, out_rel: &Path) -> String {
    let from_a_folder = out_rel.parent().is_some_and(|p| !p.as_os_str().is_empty());
    let advice = if from_a_folder {
        "convert them in separate runs (their folders have one name)"
    } else {
        "convert them in separate runs, or give their folder with --recursive"
    };
    format!(
        "{other} and {name} would both be written to {}: {advice}",
        path.display()
    )
}

/// Where each input's output goes under `dir`: the input's path below the folder given (its
/// name for a file given directly) with `extension`; a second input with the same stem in one
/// folder (`game.pgn`, `game.txt`) keeps its extension too (`game.txt.pgn`). Returns the
/// output path of each input, by the input's name ([`display_name`]).
///
/// # Errors
///
/// A message when two inputs would write one output file, or an output file would overwrite
/// an input.
///
/// # Examples
///
/// ```
/// use std::path::{Path, PathBuf};
/// use kifu_records::{InputPath, plan_outputs};
///
/// let inputs = [
///     InputPath { path: "in/a.pgn".into(), out_rel: "a.pgn".into(), skipped: None },
///     InputPath { path: "in/a.txt".into(), out_rel: "a.txt".into(), skipped: None },
/// ];
/// let plan = plan_outputs(&inputs, Path::new("out"), "pgn")?;
/// assert_eq!(plan["in/a.pgn"], PathBuf::from("out/a.pgn"));
/// assert_eq!(plan["in/a.txt"], PathBuf::from("out/a.txt.pgn"));
/// # Ok::<(), String>(())
/// ```
pub fn plan_outputs(
    inputs: &[InputPath],
    dir: &Path,
    extension: &str,
) -> Result<HashMap<String, PathBuf>, String> {
    let canonical = |p: &Path| std::fs::canonicalize(p).ok();
    let real_inputs: HashMap<PathBuf, String> = inputs
        .iter()
        .filter_map(|i| Some((canonical(&i.path)?, display_name(&i.path))))
        .collect();
    let mut targets = HashMap::new();
    let mut by_output: HashMap<PathBuf, String> = HashMap::new();
    let mut rel_of: HashMap<String, PathBuf> = HashMap::new();
    for item in inputs.iter().filter(|i| i.skipped.is_none()) {
        let name = display_name(&item.path);
        if targets.contains_key(&name) {
            continue;
        }
        let mut path = dir.join(&item.out_rel).with_extension(extension);
        if let Some(other) = by_output.get(&path)
            && rel_of.get(other) == Some(&item.out_rel)
        {
            return Err(collision(other, &name, &path, &item.out_rel));
        }
        if by_output.contains_key(&path) {
            let mut longer = item.out_rel.as_os_str().to_owned();
            longer.push(".");
            longer.push(extension);
            path = dir.join(longer);
        }
        if let Some(other) = by_output.get(&path) {
            return Err(collision(other, &name, &path, &item.out_rel));
        }
        // The output file may not exist yet: compare its folder's real path.
        let real = path
            .parent()
            .and_then(canonical)
            .zip(path.file_name())
            .map(|(d, f)| d.join(f));
        if let Some(input) = real.as_ref().and_then(|r| real_inputs.get(r)) {
            return Err(format!(
                "--output-dir would overwrite the input {input} with the output of {name}: choose another folder"
            ));
        }
        by_output.insert(path.clone(), name.clone());
        rel_of.insert(name.clone(), item.out_rel.clone());
        targets.insert(name, path);
    }
    Ok(targets)
}
