pub mod post;
pub mod profile;
