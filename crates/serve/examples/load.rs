//! A load check of the server, from a second process on loopback: 10,000 read requests of the
//! fixture games (testdata/xiangqi/xiangqi-games.jsonl in WXF, testdata/shogi/shogi-games.jsonl
//! in USI), 8 at a time, every answer checked (no error, every ply read, the final position the
//! fixture's), then the requests per second, the latencies and the server's memory (VmRSS
//! after the first 1,000 requests and at the end, VmHWM, from /proc/PID/status).
//!
//! ```text
//! cargo run --release -p kifu-serve --example load [-- REQUESTS CONCURRENCY]
//! ```
//!
//! It starts the server as a child process of its own (this program run with `--serve`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A request and what its answer must say.
struct Case {
    body: String,
    plies: usize,
    /// The final position's fields that must agree: board and side to move (xiangqi), and the
    /// hands (shogi).
    final_fields: Vec<String>,
}

fn fields(position: &str, n: usize) -> Vec<String> {
    position
        .split_whitespace()
        .take(n)
        .map(str::to_owned)
        .collect()
}

fn cases() -> Vec<Case> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
    let mut out = Vec::new();
    let lines = |p: &str| -> Vec<Value> {
        std::fs::read_to_string(root.join(p))
            .expect("fixtures")
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect()
    };
    for g in lines("xiangqi/xiangqi-games.jsonl") {
        let moves: Vec<&str> = g["wxf_std"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let mut text = format!("[FEN \"{}\"]\n\n", g["start_fen"].as_str().unwrap());
        for (i, pair) in moves.chunks(2).enumerate() {
            text.push_str(&format!("{}. {} ", i + 1, pair.join(" ")));
        }
        text.push('*');
        out.push(Case {
            body: json!({"text": text, "variant": "xiangqi", "from": "wxf", "lang": "en"})
                .to_string(),
            plies: moves.len(),
            final_fields: fields(g["final_fen"].as_str().unwrap(), 2),
        });
    }
    for g in lines("shogi/shogi-games.jsonl") {
        let moves: Vec<&str> = g["moves_usi"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let text = format!(
            "position sfen {} moves {}\n",
            g["start_sfen"].as_str().unwrap(),
            moves.join(" ")
        );
        out.push(Case {
            body: json!({"text": text}).to_string(),
            plies: moves.len(),
            final_fields: fields(g["final_sfen"].as_str().unwrap(), 3),
        });
    }
    out
}

/// What the server's /proc status says: (VmRSS, VmHWM) in KiB.
fn memory(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| -> u64 {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn check(case: &Case, answer: &Value) -> Result<(), String> {
    let g = &answer["games"][0];
    if g["errors"] != false {
        return Err(format!("errors: {}", g["diagnostics"]));
    }
    let moves = g["moves"].as_array().map_or(0, Vec::len);
    if moves != case.plies {
        return Err(format!("{moves} plies read, not {}", case.plies));
    }
    let got = fields(g["final"].as_str().unwrap_or(""), case.final_fields.len());
    if got != case.final_fields {
        return Err(format!(
            "final position {got:?}, not {:?}",
            case.final_fields
        ));
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--serve") {
        let running = kifu_serve::serve(&kifu_serve::ServeOptions {
            port: 0,
            ..kifu_serve::ServeOptions::default()
        })
        .expect("the server starts");
        println!("{}", running.url());
        std::io::stdout().flush().expect("stdout");
        running.wait();
        return;
    }
    let total: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let concurrency: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(8);
    let cases = cases();
    let started = Instant::now();
    let mut child = Command::new(std::env::current_exe().expect("this program"))
        .arg("--serve")
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server process starts");
    let pid = child.id();
    let mut url = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut url)
        .expect("the server says where it is");
    let url = format!("{}api/read", url.trim());
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    agent
        .get(url.replace("api/read", "api/formats"))
        .call()
        .expect("the server answers");
    let ready = started.elapsed();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::<String>::new());
    let latencies = Mutex::new(Vec::<Duration>::with_capacity(total));
    let warm = Mutex::new(None);
    let t0 = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..concurrency {
            scope.spawn(|| {
                let agent: ureq::Agent = ureq::Agent::config_builder()
                    .http_status_as_error(false)
                    .build()
                    .into();
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    if i == 1000 {
                        *warm.lock().unwrap() = Some(memory(pid));
                    }
                    let case = &cases[i % cases.len()];
                    let t = Instant::now();
                    let result = agent
                        .post(&url)
                        .header("Content-Type", "application/json")
                        // As browsers do when the server says `Connection: close` (ureq keeps
                        // the connection otherwise, and tiny_http's thread with it).
                        .header("Connection", "close")
                        .send(&case.body)
                        .map_err(|e| e.to_string())
                        .and_then(|mut r| {
                            let status = r.status().as_u16();
                            let body = r
                                .body_mut()
                                .with_config()
                                .limit(64 << 20)
                                .read_to_string()
                                .map_err(|e| e.to_string())?;
                            if status != 200 {
                                return Err(format!("status {status}: {body}"));
                            }
                            serde_json::from_str::<Value>(&body).map_err(|e| e.to_string())
                        })
                        .and_then(|v| check(case, &v));
                    let took = t.elapsed();
                    if took > Duration::from_secs(2) {
                        eprintln!("slow: request {i} took {:.1} s", took.as_secs_f64());
                    }
                    mine.push(took);
                    if let Err(e) = result {
                        failures.lock().unwrap().push(format!("request {i}: {e}"));
                    }
                }
                latencies.lock().unwrap().extend(mine);
            });
        }
    });
    let elapsed = t0.elapsed();
    let (rss_end, hwm) = memory(pid);
    let (rss_warm, _) = warm.lock().unwrap().unwrap_or((0, 0));
    let _ = child.kill();
    let _ = child.wait();
    let mut lat = latencies.into_inner().unwrap();
    lat.sort();
    let pct = |p: f64| {
        lat[((lat.len() as f64 * p).ceil() as usize)
            .saturating_sub(1)
            .min(lat.len() - 1)]
    };
    let failures = failures.into_inner().unwrap();
    let plies: usize = (0..total).map(|i| cases[i % cases.len()].plies).sum();
    println!(
        "server ready (started and answering) after {:.0} ms",
        ready.as_secs_f64() * 1000.0
    );
    println!(
        "{total} read requests of {} fixture games ({plies} plies), {concurrency} at a time: {:.2} s, {:.0} requests/s",
        cases.len(),
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64()
    );
    println!(
        "latency: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        pct(0.50).as_secs_f64() * 1000.0,
        pct(0.99).as_secs_f64() * 1000.0,
        lat[lat.len() - 1].as_secs_f64() * 1000.0
    );
    println!(
        "server memory: VmRSS {} KiB after 1,000 requests, {} KiB at the end; peak (VmHWM) {} KiB",
        rss_warm, rss_end, hwm
    );
    println!("{} wrong or failed answers", failures.len());
    for f in failures.iter().take(10) {
        println!("  {f}");
    }
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
