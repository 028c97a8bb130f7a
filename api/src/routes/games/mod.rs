pub mod events;
pub mod get;
pub mod join;
pub mod legal_moves;
pub mod list;
pub mod moves_get;
pub mod moves_post;
pub mod post;
