//! `cardtable recompute-ratings [--check]` as an operator runs it: on a database, its exit code
//! says whether the stored ratings are the replayed ones. (The replay itself is tested over
//! HTTP with played games, in the black-box suite's ratings scenarios.)

use std::process::Command;

fn recompute(database_url: &str, arguments: &[&str]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("recompute-ratings")
        .args(arguments)
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap_or_else(|error| panic!("cannot run the server binary: {error}"));
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code().unwrap_or(-1), text)
}

#[test]
fn a_fresh_database_checks_clean_and_bad_arguments_are_refused() {
    let dir = std::env::temp_dir().join(format!("cardtable-recompute-{}", std::process::id()));
    let url = dir.join("ratings.sqlite3").to_string_lossy().into_owned();
    let (code, text) = recompute(&url, &["--check"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("0 rated games replayed"), "{text}");
    let (code, text) = recompute(&url, &[]);
    assert_eq!(code, 0, "{text}");
    let (code, text) = recompute(&url, &["--chek"]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("usage"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
