//! The migration trees: Diesel knows a migration by the version before the first `_` of its
//! folder, so two folders with one version would run only the first. Both backends must also
//! have the same migrations.

use std::collections::BTreeSet;
use std::path::Path;

fn folders(backend: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../migrations")
        .join(backend);
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .unwrap_or_else(|error| panic!("{}: {error}", root.display()))
        .filter_map(Result::ok)
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_migration_has_a_version_of_its_own_and_both_backends_the_same_ones() {
    let sqlite = folders("sqlite");
    let postgres = folders("postgres");
    assert!(sqlite.len() > 5, "the migrations were found: {sqlite:?}");
    assert_eq!(sqlite, postgres, "both backends have the same migrations");
    let versions: BTreeSet<&str> = sqlite
        .iter()
        .map(|name| name.split('_').next().unwrap_or(name))
        .collect();
    assert_eq!(
        versions.len(),
        sqlite.len(),
        "two migrations share a version: {sqlite:?}"
    );
}
