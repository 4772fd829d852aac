//! Starting the server: tiny_http listening on the address, and a fixed pool of worker threads
//! that share its queue of requests, so that no more than [`ServeOptions::workers`] requests
//! are worked on at once.

use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::JoinHandle;

use crate::ServeOptions;

/// The server could not start: the address and why (the port is taken, the address is not
/// this machine's).
#[derive(Debug)]
pub struct ServeError {
    /// The address asked for.
    pub addr: SocketAddr,
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot listen on {}: {}", self.addr, self.message)
    }
}

impl std::error::Error for ServeError {}

/// A running server. Dropping it stops it (the workers finish their requests first).
pub struct Running {
    server: Arc<tiny_http::Server>,
    workers: Vec<JoinHandle<()>>,
    addr: SocketAddr,
}

impl std::fmt::Debug for Running {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Running")
            .field("addr", &self.addr)
            .field("workers", &self.workers.len())
            .finish()
    }
}

impl Running {
    /// The address it listens on (with the port the system chose for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address: `http://127.0.0.1:8088/` (an IPv6 address in brackets).
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Blocks until the server stops (it does not, unless its process is ended).
    pub fn wait(mut self) {
        for w in std::mem::take(&mut self.workers) {
            let _ = w.join();
        }
    }

    /// Stops the server: no new request is taken; the ones being worked on are answered.
    pub fn stop(self) {
        drop(self);
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        for _ in &self.workers {
            self.server.unblock();
        }
        for w in std::mem::take(&mut self.workers) {
            let _ = w.join();
        }
    }
}

/// Starts the server on `options.bind` and `options.port` and returns at once; the page is at
/// [`Running::url`].
///
/// # Errors
///
/// [`ServeError`] when the address cannot be listened on.
///
/// # Examples
///
/// ```
/// use kifu_serve::{ServeOptions, serve};
///
/// let running = serve(&ServeOptions { port: 0, ..ServeOptions::default() })?;
/// assert!(running.url().starts_with("http://127.0.0.1:"));
/// running.stop();
/// # Ok::<(), kifu_serve::ServeError>(())
/// ```
pub fn serve(options: &ServeOptions) -> Result<Running, ServeError> {
    let asked = SocketAddr::new(options.bind, options.port);
    let server = tiny_http::Server::http(asked).map_err(|e| ServeError {
        addr: asked,
        message: e.to_string(),
    })?;
    let addr = server.server_addr().to_ip().ok_or_else(|| ServeError {
        addr: asked,
        message: "not an IP address".to_owned(),
    })?;
    let server = Arc::new(server);
    let limits = crate::routes::Limits {
        max_body: options.max_body,
    };
    let workers = (0..options.workers.max(1))
        .map(|i| {
            let server = Arc::clone(&server);
            std::thread::Builder::new()
                .name(format!("kifu-serve-{i}"))
                .spawn(move || {
                    for request in server.incoming_requests() {
                        crate::routes::handle(request, &limits);
                    }
                })
                .map_err(|e| ServeError {
                    addr: asked,
                    message: format!("cannot start a worker thread: {e}"),
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Running {
        server,
        workers,
        addr,
    })
}
