use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

/// Installs the global tracing subscriber once; `RUST_LOG` sets the level (default `info`).
/// Later calls do nothing, so tests that spawn many servers can call it freely.
pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _already_installed = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        // Colours only for a person at a terminal: a log file or collector gets plain text
        // (and the server spends nothing on escape codes).
        .with_ansi(std::io::stdout().is_terminal())
        .try_init();
}
