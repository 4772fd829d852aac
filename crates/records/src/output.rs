//! Output files that never harm what is already on disk: each is written to a temporary file
//! beside it and renamed into place once complete, so that no link, existing file or input is
//! truncated, and a failed write (a full disk) leaves nothing half-written behind.
//!
//! An existing file at the output's path is replaced only when asked (`--force`), and never
//! when it is one of the inputs: [`Inputs`] remembers each input's device and inode, so a hard
//! or symbolic link to an input is recognised whatever its name.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The identity of a file: its device and inode on Unix; elsewhere its canonical path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct FileId(FileKey);

#[cfg(unix)]
type FileKey = (u64, u64);
#[cfg(not(unix))]
type FileKey = PathBuf;

impl FileId {
    /// The identity of the file `path` names, links followed; `None` when it does not exist.
    fn of(path: &Path) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let m = fs::metadata(path).ok()?;
            Some(FileId((m.dev(), m.ino())))
        }
        #[cfg(not(unix))]
        {
            fs::canonicalize(path).ok().map(FileId)
        }
    }
}

/// The inputs of a run, by identity, so that no output replaces one of them.
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    files: Vec<(FileId, String)>,
}

impl Inputs {
    /// The inputs at `paths` (`-`, standard input, and missing files are left out).
    pub fn new<'a>(paths: impl IntoIterator<Item = &'a Path>) -> Inputs {
        Inputs {
            files: paths
                .into_iter()
                .filter(|p| p.as_os_str() != "-")
                .filter_map(|p| Some((FileId::of(p)?, crate::display_name(p))))
                .collect(),
        }
    }

    /// The name of the input that `path` is (through any link), if it is one.
    pub fn input_at(&self, path: &Path) -> Option<&str> {
        let id = FileId::of(path)?;
        self.files
            .iter()
            .find(|(f, _)| *f == id)
            .map(|(_, name)| name.as_str())
    }
}

/// Whether an existing file may be replaced by an output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Replace {
    /// An existing file (or link) is an error, said before anything is written.
    #[default]
    Never,
    /// An existing file (or link, which is replaced, not followed) is replaced, unless it is
    /// one of the inputs.
    Existing,
}

/// Why an output file cannot be written where asked.
#[derive(Debug)]
pub enum OutputError {
    /// The path names an input (the input's name): writing there would destroy it.
    IsInput(PathBuf, String),
    /// Something exists at the path and [`Replace::Never`] was asked.
    Exists(PathBuf),
    /// The file system refused (the path, the error).
    Io(PathBuf, io::Error),
}

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OutputError::IsInput(p, input) => write!(
                f,
                "{} is the input {input} (a link to it, or the file itself): kifu never writes over an input; choose another output",
                crate::display_name(p)
            ),
            OutputError::Exists(p) => write!(
                f,
                "{} exists: give --force to replace it, or choose another output",
                crate::display_name(p)
            ),
            OutputError::Io(p, e) => write!(f, "{}: {e}", crate::display_name(p)),
        }
    }
}

impl std::error::Error for OutputError {}

/// Checks that an output may be written at `path`: it is no input, and it does not exist unless
/// `replace` allows it. Nothing is created.
///
/// # Errors
///
/// [`OutputError::IsInput`] or [`OutputError::Exists`].
pub fn check_output(path: &Path, inputs: &Inputs, replace: Replace) -> Result<(), OutputError> {
    if let Some(input) = inputs.input_at(path) {
        return Err(OutputError::IsInput(path.to_path_buf(), input.to_owned()));
    }
    // `symlink_metadata`: a dangling link exists too (writing through it would create its
    // target, anywhere).
    if replace == Replace::Never && fs::symlink_metadata(path).is_ok() {
        return Err(OutputError::Exists(path.to_path_buf()));
    }
    Ok(())
}

/// An output file being written: a temporary file in the target's folder, renamed over the
/// target by [`OutputFile::commit`]; dropped without a commit (an error, a full disk), the
/// temporary file is removed and the target left as it was.
///
/// # Examples
///
/// ```
/// use std::io::Write;
/// use kifu_records::{Inputs, OutputFile, Replace};
///
/// let dir = std::env::temp_dir().join(format!("kifu-doc-output-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("out.pgn");
/// let _ = std::fs::remove_file(&path);
/// let mut out = OutputFile::create(&path, &Inputs::default(), Replace::Never)?;
/// out.write_all(b"1. h2e2 *\n")?;
/// out.commit()?;
/// assert_eq!(std::fs::read_to_string(&path)?, "1. h2e2 *\n");
/// // A second run refuses to replace it without --force.
/// assert!(OutputFile::create(&path, &Inputs::default(), Replace::Never).is_err());
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct OutputFile {
    target: PathBuf,
    temp: PathBuf,
    file: Option<BufWriter<File>>,
    replace: Replace,
}

impl OutputFile {
    /// Starts writing the output `target`: checks it ([`check_output`]), creates its folder
    /// and a new temporary file beside it (`.NAME.kifu-PID-N.tmp`, never an existing file).
    ///
    /// # Errors
    ///
    /// The checks of [`check_output`], or the folder or the temporary file cannot be created.
    pub fn create(
        target: &Path,
        inputs: &Inputs,
        replace: Replace,
    ) -> Result<OutputFile, OutputError> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        check_output(target, inputs, replace)?;
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fs::create_dir_all(&dir).map_err(|e| OutputError::Io(dir.clone(), e))?;
        let name = target
            .file_name()
            .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let temp = dir.join(format!(".{name}.kifu-{}-{n}.tmp", std::process::id()));
            // `create_new` never follows a link nor opens an existing file.
            match fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&temp)
            {
                Ok(file) => {
                    return Ok(OutputFile {
                        target: target.to_path_buf(),
                        temp,
                        file: Some(BufWriter::new(file)),
                        replace,
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(OutputError::Io(temp, e)),
            }
        }
    }

    /// The path the output will have.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Finishes the output: flushes and syncs the temporary file and renames it over the
    /// target (without [`Replace::Existing`], a file that appeared there meanwhile is kept
    /// and the output refused).
    ///
    /// # Errors
    ///
    /// A write that failed (a full disk) or the rename; the temporary file is removed and the
    /// target left as it was.
    pub fn commit(mut self) -> Result<(), OutputError> {
        let target = self.target.clone();
        let io_err = |e| OutputError::Io(target.clone(), e);
        let file = self.file.take().expect("an output file is committed once");
        let file = file.into_inner().map_err(|e| io_err(e.into_error()))?;
        file.sync_all().map_err(io_err)?;
        drop(file);
        match self.replace {
            Replace::Existing => fs::rename(&self.temp, &self.target).map_err(io_err)?,
            // A hard link fails when the target exists: no race with another writer.
            Replace::Never => match fs::hard_link(&self.temp, &self.target) {
                Ok(()) => {
                    let _ = fs::remove_file(&self.temp);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    return Err(OutputError::Exists(self.target.clone()));
                }
                // A file system without hard links: the check of `create` has to do.
                Err(_) => fs::rename(&self.temp, &self.target).map_err(io_err)?,
            },
        }
        Ok(())
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.as_mut().map_or(Ok(buf.len()), |f| f.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().map_or(Ok(()), BufWriter::flush)
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        // Committed or not, the temporary file goes (after a commit it is already gone).
        drop(self.file.take());
        let _ = fs::remove_file(&self.temp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("kifu-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn an_output_dropped_before_commit_leaves_nothing() {
        let dir = temp_dir("dropped");
        let mut out =
            OutputFile::create(&dir.join("a.pgn"), &Inputs::default(), Replace::Never).unwrap();
        out.write_all(b"half a game").unwrap();
        drop(out);
        assert_eq!(entries(&dir), Vec::<String>::new());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_existing_file_is_kept_unless_replacing() {
        let dir = temp_dir("existing");
        let path = dir.join("a.pgn");
        fs::write(&path, "keep").unwrap();
        let err = OutputFile::create(&path, &Inputs::default(), Replace::Never).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "{} exists: give --force to replace it, or choose another output",
                path.display()
            )
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "keep");
        let mut out = OutputFile::create(&path, &Inputs::default(), Replace::Existing).unwrap();
        out.write_all(b"new").unwrap();
        out.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(entries(&dir), ["a.pgn"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn links_to_an_input_are_refused_even_when_replacing() {
        let dir = temp_dir("links");
        let input = dir.join("in.psn");
        fs::write(&input, "the input").unwrap();
        let inputs = Inputs::new([input.as_path()]);
        let soft = dir.join("soft.psn");
        let hard = dir.join("hard.psn");
        std::os::unix::fs::symlink(&input, &soft).unwrap();
        fs::hard_link(&input, &hard).unwrap();
        for path in [&input, &soft, &hard] {
            let err = OutputFile::create(path, &inputs, Replace::Existing).unwrap_err();
            assert!(matches!(err, OutputError::IsInput(..)), "{err}");
        }
        assert_eq!(fs::read_to_string(&input).unwrap(), "the input");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_elsewhere_is_replaced_not_followed() {
        let dir = temp_dir("elsewhere");
        let other = dir.join("other.txt");
        fs::write(&other, "outside").unwrap();
        let link = dir.join("a.pgn");
        std::os::unix::fs::symlink(&other, &link).unwrap();
        assert!(matches!(
            OutputFile::create(&link, &Inputs::default(), Replace::Never),
            Err(OutputError::Exists(_))
        ));
        let mut out = OutputFile::create(&link, &Inputs::default(), Replace::Existing).unwrap();
        out.write_all(b"game").unwrap();
        out.commit().unwrap();
        assert_eq!(fs::read_to_string(&other).unwrap(), "outside");
        assert!(
            !fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&link).unwrap(), "game");
        fs::remove_dir_all(&dir).unwrap();
    }
}
