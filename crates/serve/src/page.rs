//! The page, embedded in the binary: its HTML, its style sheet, its script and its icon, each served at
//! its own path so that the Content-Security-Policy can forbid every inline script and style.

/// The HTML (`/`).
pub(crate) const INDEX: &str = include_str!("../page/index.html");
/// The style sheet (`/page.css`).
pub(crate) const CSS: &str = include_str!("../page/page.css");
/// The script (`/page.js`).
pub(crate) const JS: &str = include_str!("../page/page.js");
/// The icon (`/favicon.svg`).
pub(crate) const ICON: &str = include_str!("../page/favicon.svg");
