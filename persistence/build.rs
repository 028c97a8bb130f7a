// The migrations are embedded at compile time; without this a changed SQL file would not rebuild.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
