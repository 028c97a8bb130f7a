//! The Cardtable HTTP server: configuration, startup, auth, errors and routes.
//! Handlers are thin: parse, authorize, call the game service, render.

pub mod auth;
pub mod bot_runner;
pub mod cache;
pub mod clock;
pub mod configuration;
pub mod connections;
pub mod cors;
pub mod delivery;
pub mod error;
pub mod idempotency;
pub mod json_body;
pub mod lease_holder;
pub mod limits;
pub mod live_limits;
pub mod login_budget;
pub mod matchmaker;
pub mod metrics;
pub mod push;
pub mod recompute;
pub mod request_log;
pub mod request_span;
pub mod routes;
pub mod service;
pub mod shutdown;
pub mod spec;
pub mod startup;
pub mod telemetry;
pub mod tick;
