pub mod stream;
pub mod stream_tickets;
pub mod tokens_delete;
pub mod tokens_list;
pub mod tokens_post;
