//! What a caller fixes about the server: where it listens, how many requests it works on at
//! once, and how large a request may be.

use std::net::{IpAddr, Ipv4Addr};

/// The port `kifu serve` listens on when none is given.
pub const DEFAULT_PORT: u16 = 8088;

/// The largest request body the server reads, in bytes (4 MiB); a larger one is refused with
/// `413 Payload Too Large`.
pub const MAX_BODY: usize = 4 << 20;

/// How many requests the server works on at once (the worker threads).
pub const WORKERS: usize = 4;

/// Where and how the server runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeOptions {
    /// The address to listen on: 127.0.0.1 (this machine only) unless changed.
    pub bind: IpAddr,
    /// The port; 0 asks the system for any free port.
    pub port: u16,
    /// The worker threads, at least 1.
    pub workers: usize,
    /// The largest request body, in bytes.
    pub max_body: usize,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: DEFAULT_PORT,
            workers: WORKERS,
            max_body: MAX_BODY,
        }
    }
}

impl ServeOptions {
    /// A warning to show when the address lets other machines reach the server (any address
    /// but a loopback one); `None` for a loopback address.
    ///
    /// ```
    /// use kifu_serve::ServeOptions;
    ///
    /// assert_eq!(ServeOptions::default().exposure_warning(), None);
    /// let open = ServeOptions { bind: "0.0.0.0".parse().unwrap(), ..ServeOptions::default() };
    /// assert!(open.exposure_warning().unwrap().contains("other machines"));
    /// ```
    pub fn exposure_warning(&self) -> Option<String> {
        (!self.bind.is_loopback()).then(|| {
            format!(
                "listening on {}, not a loopback address: other machines that reach it can use the server (it keeps nothing and reads no file, but has no password)",
                self.bind
            )
        })
    }
}
