//! Starting the server: tiny_http listening on the address, and a fixed pool of worker threads
//! that share its queue of requests, so that no more than [`ServeOptions::workers`] requests
//! are worked on at once. When tiny_http's listener fails (its accept thread ends on the first
//! accept error, such as running out of file descriptors), the server listens again on the
//! same address instead of staying up with no listening socket.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

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
    shared: Arc<Shared>,
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
        self.shared.stopping.store(true, Ordering::SeqCst);
        let server = self.shared.current();
        for _ in &self.workers {
            server.unblock();
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
    start(options, server)
}

/// How long a worker waits for a request before it looks whether the server listens anew.
const POLL: Duration = Duration::from_millis(500);

/// The longest wait between two tries to listen again.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(1);

/// What the workers share: the tiny_http server now listening (replaced when its listener
/// fails), the address, and whether the server is stopping.
struct Shared {
    current: Mutex<Arc<tiny_http::Server>>,
    addr: SocketAddr,
    stopping: AtomicBool,
    /// How many times it has listened again.
    relistened: AtomicUsize,
}

impl Shared {
    /// The server now listening.
    fn current(&self) -> Arc<tiny_http::Server> {
        Arc::clone(&self.current.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Listens again on the address after `error` ended the listener of the server now
    /// listening; tries until it can (the file descriptors may still be used up) or the
    /// server stops. Says so in one line on stderr.
    fn listen_again(&self, error: &std::io::Error) -> Arc<tiny_http::Server> {
        eprintln!(
            "kifu serve: accepting connections on {} failed ({error}); listening again",
            self.addr
        );
        let mut wait = Duration::from_millis(20);
        while !self.stopping.load(Ordering::SeqCst) {
            if let Ok(server) = tiny_http::Server::http(self.addr) {
                let server = Arc::new(server);
                *self.current.lock().unwrap_or_else(PoisonError::into_inner) = Arc::clone(&server);
                self.relistened.fetch_add(1, Ordering::SeqCst);
                return server;
            }
            std::thread::sleep(wait);
            wait = (wait * 2).min(MAX_RETRY_WAIT);
        }
        self.current()
    }
}

/// A worker: answers the requests of the server now listening until the server stops; when
/// another worker has listened anew, answers what is left in the old server's queue first.
fn work(shared: &Shared, limits: &crate::routes::Limits) {
    let mut server = shared.current();
    while !shared.stopping.load(Ordering::SeqCst) {
        match server.recv_timeout(POLL) {
            Ok(Some(request)) => crate::routes::handle(request, limits),
            Ok(None) => {
                let now = shared.current();
                if !Arc::ptr_eq(&now, &server) {
                    while let Ok(Some(request)) = server.try_recv() {
                        crate::routes::handle(request, limits);
                    }
                    server = now;
                }
            }
            // tiny_http hands the accept error to one worker, then its listener is gone.
            Err(e) => server = shared.listen_again(&e),
        }
    }
}

/// Starts the workers on `server`, which listens on `options`' address.
fn start(options: &ServeOptions, server: tiny_http::Server) -> Result<Running, ServeError> {
    let asked = SocketAddr::new(options.bind, options.port);
    let addr = server.server_addr().to_ip().ok_or_else(|| ServeError {
        addr: asked,
        message: "not an IP address".to_owned(),
    })?;
    let shared = Arc::new(Shared {
        current: Mutex::new(Arc::new(server)),
        addr,
        stopping: AtomicBool::new(false),
        relistened: AtomicUsize::new(0),
    });
    let limits = crate::routes::Limits {
        max_body: options.max_body,
    };
    let workers = (0..options.workers.max(1))
        .map(|i| {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name(format!("kifu-serve-{i}"))
                .spawn(move || work(&shared, &limits))
                .map_err(|e| ServeError {
                    addr: asked,
                    message: format!("cannot start a worker thread: {e}"),
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Running {
        shared,
        workers,
        addr,
    })
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};
    use std::net::{TcpListener, TcpStream};

    use std::sync::atomic::Ordering;

    use super::start;
    use crate::ServeOptions;

    /// Asks `GET /api/formats` and returns the status line.
    fn status_line(addr: std::net::SocketAddr) -> String {
        let mut c = TcpStream::connect(addr).expect("connect");
        c.write_all(b"GET /api/formats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .expect("send");
        let mut answer = String::new();
        c.read_to_string(&mut answer).expect("answer");
        answer.lines().next().unwrap_or_default().to_owned()
    }

    #[test]
    fn a_failed_listener_is_replaced_on_the_same_address() {
        // A non-blocking listener makes tiny_http's accept thread fail at once (WouldBlock)
        // and end, as running out of file descriptors does.
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.set_nonblocking(true).expect("non-blocking");
        let addr = listener.local_addr().expect("address");
        let server = tiny_http::Server::from_listener(listener, None).expect("server");
        let options = ServeOptions {
            port: addr.port(),
            workers: 2,
            ..ServeOptions::default()
        };
        let running = start(&options, server).expect("start");
        assert_eq!(running.addr(), addr);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while running.shared.relistened.load(Ordering::SeqCst) == 0
            && std::time::Instant::now() < deadline
        {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(running.shared.relistened.load(Ordering::SeqCst), 1);
        // Without listening again, this is refused: nothing listens on the port any more.
        assert_eq!(status_line(addr), "HTTP/1.1 200 OK");
        assert_eq!(status_line(addr), "HTTP/1.1 200 OK");
        running.stop();
    }
}
