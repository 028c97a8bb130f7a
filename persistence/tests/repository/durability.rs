use crate::support::{TestDb, per_backend};

per_backend!(every_commit_can_be_made_to_wait_for_the_disk);
fn every_commit_can_be_made_to_wait_for_the_disk(db: &TestDb) {
    let shipped = db.durability().unwrap();
    let (prefix, synced) = match db.backend() {
        persistence::Backend::Sqlite => (
            "journal_mode=wal, synchronous=",
            "journal_mode=wal, synchronous=FULL",
        ),
        persistence::Backend::Postgres => ("synchronous_commit=", "synchronous_commit=on, fsync="),
    };
    assert!(shipped.starts_with(prefix), "{shipped}");

    db.sync_every_commit().unwrap();

    // Every pooled connection now says so, whichever one answers.
    for _ in 0..3 {
        let durability = db.durability().unwrap();
        assert!(durability.starts_with(synced), "{durability}");
    }
}
