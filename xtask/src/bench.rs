//! `cargo xtask bench`: the criterion benches of every crate, through the same cargo.

use std::process::Command;

/// Runs `cargo bench --workspace` with `args` after `--`.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .current_dir(crate::root())
        .args(["bench", "--workspace", "--"])
        .args(args)
        .status()
        .map_err(|e| format!("cannot run cargo bench: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("cargo bench failed: {status}"))
    }
}
