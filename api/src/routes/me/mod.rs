pub mod delete;
pub mod export;
pub mod get;
pub mod password;
pub mod stream;
pub mod stream_tickets;
