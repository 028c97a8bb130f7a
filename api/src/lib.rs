//! The Cardtable HTTP server: configuration, startup, auth, errors and routes.
//! Handlers are thin: parse, authorize, call the game service, render.

pub mod auth;
pub mod clock;
pub mod configuration;
pub mod error;
pub mod json_body;
pub mod request_log;
pub mod routes;
pub mod service;
pub mod spec;
pub mod startup;
pub mod telemetry;
pub mod tick;
