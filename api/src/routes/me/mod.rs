pub mod games;
pub mod stream;
pub mod stream_tickets;
