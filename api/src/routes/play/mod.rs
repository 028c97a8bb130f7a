//! The playground: a small web client built into the binary, served at `/play`.
//!
//! The files live in the top-level `web/` directory as plain ES modules and CSS (no build
//! step) and are compiled in, so the server needs no file or network access to serve them.

mod assets;
mod get;

pub use get::configure;
