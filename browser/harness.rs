//! What the browser tests of kifu-diagram and kifu-serve share (each includes this file with
//! `#[path]`): finding chromium, node and playwright-core, running a plan through
//! browser/drive.mjs one browser at a time, and keeping the screenshots.
//!
//! With `KIFU_SCREENSHOTS=DIR` in the environment every screenshot a test takes is also kept
//! in DIR (relative to the repository root) under its own name: a page's as Chromium draws the
//! viewport scaled to 0.7 (a phone's whole), an element's as it is. docs/screens/
//! is made so. The tests check their own screenshots, not these copies.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use serde_json::{Value, json};

/// One browser at a time: the machine has two cores.
static BROWSER: Mutex<()> = Mutex::new(());

/// The repository's root.
pub(crate) fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The driver script, or why the browser tests cannot run here (`.ci/run` installs what is
/// missing).
pub(crate) fn driver() -> Result<PathBuf, String> {
    let root = repository();
    if !Path::new("/usr/bin/chromium").exists() {
        return Err("/usr/bin/chromium is missing (apt-get install chromium)".to_owned());
    }
    if !root.join("browser/node_modules/playwright-core").is_dir() {
        return Err("browser/node_modules is missing (npm ci --prefix browser)".to_owned());
    }
    match Command::new("node").arg("--version").output() {
        Ok(out) if out.status.success() => Ok(root.join("browser/drive.mjs")),
        _ => Err("node is not installed".to_owned()),
    }
}

/// The folder `name` under the target's temporary folder, made: where the plans, pages,
/// downloads and screenshots go.
pub(crate) fn out_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).expect("a writable target folder");
    dir
}

/// Runs `steps` (browser/drive.mjs's plan) in a `viewport` of (width, height) CSS pixels, the
/// plan written to `dir`; the results, one per step. Fails on a console message (but those
/// containing one of `allowed`) or a page error. With `KIFU_SCREENSHOTS` set, every
/// screenshot is also kept there (the module's doc).
pub(crate) fn run(
    script: &Path,
    dir: &Path,
    name: &str,
    viewport: (u32, u32),
    steps: Vec<Value>,
    allowed: &[&str],
) -> Vec<Value> {
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let plan = dir.join(format!("{name}.plan.json"));
    let keep = screenshots_dir();
    let mut steps = steps;
    let mut element_shots = Vec::new();
    if let Some(keep) = &keep {
        for step in &mut steps {
            let Some(shot) = step["screenshot"].as_str().map(PathBuf::from) else {
                continue;
            };
            let copy = keep.join(shot.file_name().expect("a file name"));
            if step.get("selector").is_some() {
                element_shots.push((shot, copy));
            } else {
                step["copy"] = json!(copy.display().to_string());
                step["copy_scale"] = json!(copy_scale(viewport));
            }
        }
    }
    let plan_json =
        json!({"viewport": {"width": viewport.0, "height": viewport.1}, "steps": steps});
    std::fs::write(&plan, plan_json.to_string()).expect("writable");
    let output = Command::new("node")
        .arg(script)
        .arg(&plan)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let result: Value = serde_json::from_str(stdout.trim()).unwrap_or_else(|e| {
        panic!(
            "{name}: the driver's output is not JSON ({e}): {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    assert_eq!(result["ok"], true, "{name}: {}", result["error"]);
    let console: Vec<&Value> = result["console"]
        .as_array()
        .expect("console")
        .iter()
        .filter(|m| !allowed.iter().any(|a| m.as_str().unwrap_or("").contains(a)))
        .collect();
    assert_eq!(console, Vec::<&Value>::new(), "{name}: console messages");
    assert_eq!(result["errors"], json!([]), "{name}: page errors");
    for (shot, copy) in element_shots {
        std::fs::copy(&shot, &copy).expect("the screenshot copied");
    }
    result["results"].as_array().expect("results").clone()
}

/// The folder `KIFU_SCREENSHOTS` names (relative to the repository root), made; `None` when
/// it is not set.
fn screenshots_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("KIFU_SCREENSHOTS").filter(|d| !d.is_empty())?;
    let dir = repository().join(dir);
    std::fs::create_dir_all(&dir).expect("a writable KIFU_SCREENSHOTS folder");
    Some(dir)
}

/// How much a kept copy of a page screenshot is scaled: 0.7 for a desktop's
/// viewport (so that each picture stays well under 200 KB), whole for a phone's.
fn copy_scale(viewport: (u32, u32)) -> f64 {
    if viewport.0 > 800 { 0.7 } else { 1.0 }
}
