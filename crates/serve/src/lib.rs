#![doc = include_str!("../README.md")]

mod api;
mod body;
mod compare;
mod convert;
mod diagnostics;
mod diagram;
mod formats;
mod game_view;
mod load;
mod open;
mod options;
mod page;
mod params;
mod read;
mod reply;
mod routes;
mod server;

pub use open::open_in_browser;
pub use options::{DEFAULT_PORT, MAX_BODY, ServeOptions, WORKERS};
pub use server::{Running, ServeError, serve};
