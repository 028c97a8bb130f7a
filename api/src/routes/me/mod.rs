pub mod get;
pub mod password;
pub mod stream;
pub mod stream_tickets;
