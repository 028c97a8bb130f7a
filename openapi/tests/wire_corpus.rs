//! Every JSON shape a client can receive from the rules stays exactly what it was: views for
//! every viewer, legal moves, moves, event views, setups, outcomes and the kinds' descriptions,
//! over many seeded games of every kind, are compared by SHA-256 with
//! `tests/wire_corpus.sha256`.
//!
//! A deliberate change of the wire is re-recorded with
//! `CARDTABLE_BLESS=1 cargo test -p openapi --test wire_corpus`. To see what changed, set
//! `CARDTABLE_CORPUS_DUMP=<dir>` before and after the change and diff the two directories.

mod corpus;

use sha2::{Digest, Sha256};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/wire_corpus.sha256");

fn sha256(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

fn dump(name: &str, text: &str) {
    if let Ok(dir) = std::env::var("CARDTABLE_CORPUS_DUMP") {
        let path = std::path::Path::new(&dir).join(name);
        if let Err(error) = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, text))
        {
            panic!("cannot write {}: {error}", path.display());
        }
    }
}

#[test]
fn the_corpus_plays_every_kind_of_game() {
    let cases = corpus::cases::all();
    for kind in domain::GameKind::ALL {
        assert!(
            cases.iter().any(|case| case.kind == *kind),
            "the corpus has no game of {}; add some in tests/corpus/cases.rs",
            kind.id()
        );
    }
}

#[test]
fn the_wire_json_of_every_corpus_game_is_unchanged() {
    let mut digests = vec![format!("kinds {}", sha256(&corpus::play::kinds()))];
    dump("kinds.jsonl", &corpus::play::kinds());
    for case in corpus::cases::all() {
        let record = corpus::play::play(&case);
        dump(&format!("{}.wire.jsonl", case.name), &record.wire);
        dump(&format!("{}.stored.jsonl", case.name), &record.stored);
        digests.push(format!("{} {}", case.name, sha256(&record.wire)));
    }
    let generated = format!("{}\n", digests.join("\n"));
    if std::env::var("CARDTABLE_BLESS").is_ok_and(|bless| bless == "1") {
        if let Err(error) = std::fs::write(GOLDEN, &generated) {
            panic!("cannot write {GOLDEN}: {error}");
        }
        return;
    }
    let golden = std::fs::read_to_string(GOLDEN).unwrap_or_default();
    let changed: Vec<&str> = generated
        .lines()
        .filter(|line| !golden.lines().any(|known| known == *line))
        .collect();
    assert!(
        changed.is_empty(),
        "the wire JSON of these corpus games changed: {changed:?}; if the change is deliberate, \
         re-record with `CARDTABLE_BLESS=1 cargo test -p openapi --test wire_corpus`"
    );
}
