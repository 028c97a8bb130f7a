use persistence::{GameRecord, NewIdempotencyKey, StoredResponse};

use crate::support::{TestDb, at, commit_of, per_backend, play, started_game};

fn respond(game: &GameRecord) -> StoredResponse {
    StoredResponse {
        status: 200,
        body: format!("version {}", game.version),
    }
}

per_backend!(a_key_is_kept_with_its_write_and_a_second_write_with_it_rolls_back);
fn a_key_is_kept_with_its_write_and_a_second_write_with_it_rolls_back(db: &TestDb) {
    {
        let (id, mut state) = started_game(db, 2_000, None);
        let account = db.game(id).unwrap().seats[0].account_id;
        let key = NewIdempotencyKey {
            account,
            key: "k-1",
            fingerprint: "f",
            now: 2_010,
            respond: &respond,
        };
        let first = play(&mut state, 2_010);
        db.commit(
            id,
            at(0, 0),
            &commit_of(&state, vec![first], 2_010),
            Some(&key),
        )
        .unwrap();
        let kept = db.idempotency_record(account, "k-1").unwrap().unwrap();
        assert_eq!(kept.fingerprint, "f");
        // Rendered inside the transaction, from the game as the write left it.
        assert_eq!(kept.response, respond(&db.game(id).unwrap()));

        // Another process applying a write under the same key: nothing of it is kept.
        let second = play(&mut state, 2_020);
        let again = db.commit(
            id,
            at(1, 1),
            &commit_of(&state, vec![second], 2_020),
            Some(&key),
        );
        assert!(matches!(
            again,
            Err(persistence::Error::Conflict("idempotency_key_used"))
        ));
        assert_eq!(db.game(id).unwrap().versions(), at(1, 1));
        assert_eq!(db.inputs(id).unwrap().len(), 1);

        assert!(db.idempotency_record(account, "other").unwrap().is_none());
        assert_eq!(db.purge_idempotency_keys(2_010).unwrap(), 0);
        assert_eq!(db.purge_idempotency_keys(2_011).unwrap(), 1);
        assert!(db.idempotency_record(account, "k-1").unwrap().is_none());
    }
}
