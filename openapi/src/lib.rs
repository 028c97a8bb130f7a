//! The wire contract of Cardtable: request and response types with their OpenAPI schemas, and
//! conversions from domain types. The committed `openapi.json` beside this crate is generated
//! from these types and the api's routes.

pub mod accounts;
pub mod games;
pub mod intrigue;
pub mod kinds;
pub mod problem;
pub mod trade_or_duel;
pub mod tribute;
pub mod tricky_tribes;
pub mod unions;

pub use problem::Problem;
