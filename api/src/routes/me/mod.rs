pub mod delete;
pub mod export;
pub mod stream;
pub mod stream_tickets;
