//! `kifu serve`: the web page and its JSON API on this machine ([`kifu_serve::serve`]); the
//! address goes to standard error, and the server runs until the process is ended.

use std::net::IpAddr;

use crate::report::{EXIT_IO, EXIT_OK};

pub(crate) fn run(bind: IpAddr, port: u16, open: bool) -> u8 {
    let options = kifu_serve::ServeOptions {
        bind,
        port,
        ..kifu_serve::ServeOptions::default()
    };
    if let Some(warning) = options.exposure_warning() {
        errln!("warning: {warning}");
    }
    let running = match kifu_serve::serve(&options) {
        Ok(r) => r,
        Err(e) => {
            errln!("error: {e}");
            return EXIT_IO;
        }
    };
    let url = running.url();
    errln!("kifu serve: the page is at {url} (Ctrl-C stops the server)");
    if open && let Err(why) = kifu_serve::open_in_browser(&url) {
        errln!("kifu serve: could not open a browser ({why}); open {url} yourself");
    }
    running.wait();
    EXIT_OK
}
