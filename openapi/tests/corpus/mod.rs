pub mod cases;
pub mod pick;
pub mod play;
pub mod tribute;
