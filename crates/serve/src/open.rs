//! Opening the page in the user's browser: `xdg-open` (Linux and the BSDs), `open` (macOS),
//! `cmd /c start` (Windows).

use std::process::{Command, Stdio};

/// Asks the desktop to open `url` in a browser.
///
/// # Errors
///
/// A message saying which program was tried and why it failed (not installed, no desktop,
/// it exited with an error).
pub fn open_in_browser(url: &str) -> Result<(), String> {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/c", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let status = Command::new(program)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run `{program}`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{program} {url}` failed ({status})"))
    }
}
