#![doc = include_str!("../README.md")]

mod cbr;
mod dhtmlxq;
mod export;
mod iccs_text;
mod limits;
mod locate;
mod setup;
mod text;
mod tree;
mod xqf;

pub use cbr::{Cbl, Cbr};
pub use dhtmlxq::DhtmlXq;
pub use xqf::{Xqf, XqfKeys, XqfOptions};

/// Every format of this crate, for a registry: XQF, CBR, CBL, DhtmlXQ.
///
/// ```
/// let names: Vec<&str> = xiangqi_archive::FORMATS.iter().map(|f| f.info().name).collect();
/// assert_eq!(names, ["xqf", "cbr", "cbl", "dhtmlxq"]);
/// ```
pub static FORMATS: [&dyn notation_traits::RecordFormat<xiangqi_board::Position>; 4] =
    [&Xqf, &Cbr, &Cbl, &DhtmlXq];
