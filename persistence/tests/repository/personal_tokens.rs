use persistence::{Error, NewPersonalToken, PersonalTokenRecord, StreamTicket};
use uuid::Uuid;

use crate::support::{TestDb, account, per_backend};

fn token(account: Uuid, hash: &str, expires_at: i64) -> NewPersonalToken {
    NewPersonalToken {
        record: PersonalTokenRecord {
            id: Uuid::new_v4(),
            account,
            name: "integration".to_owned(),
            scopes: "games:read".to_owned(),
            created_at: 1_000,
            expires_at,
            last_used_at: None,
        },
        hash: hash.to_owned(),
    }
}

fn ticket(account: Uuid, hash: &str, personal_token: Option<Uuid>) -> StreamTicket {
    StreamTicket {
        hash: hash.to_owned(),
        account,
        scope: "me".to_owned(),
        expires_at: 5_000,
        session: None,
        personal_token,
    }
}

per_backend!(a_token_is_found_by_its_hash_listed_and_revoked_with_its_tickets);
fn a_token_is_found_by_its_hash_listed_and_revoked_with_its_tickets(db: &TestDb) {
    let owner = account(db, "owner");
    let stranger = account(db, "stranger");
    let made = token(owner, "hash-a", 2_000);
    db.create_personal_token(&made, 20, 1_000).unwrap();
    assert_eq!(
        db.personal_token_by_hash("hash-a").unwrap(),
        Some(made.record.clone())
    );
    assert_eq!(db.personal_token_by_hash("hash-b").unwrap(), None);
    assert_eq!(
        db.personal_tokens_of(owner).unwrap(),
        vec![made.record.clone()]
    );

    // Uses are noted at most once per precision window.
    db.note_personal_token_use(made.record.id, 1_100, 60)
        .unwrap();
    db.note_personal_token_use(made.record.id, 1_130, 60)
        .unwrap();
    let used = db.personal_token_by_hash("hash-a").unwrap().unwrap();
    assert_eq!(used.last_used_at, Some(1_100));
    db.note_personal_token_use(made.record.id, 1_160, 60)
        .unwrap();
    let used = db.personal_token_by_hash("hash-a").unwrap().unwrap();
    assert_eq!(used.last_used_at, Some(1_160));

    db.store_stream_ticket(&ticket(owner, "t-token", Some(made.record.id)), 1_000)
        .unwrap();
    db.store_stream_ticket(&ticket(owner, "t-session", None), 1_000)
        .unwrap();
    assert_eq!(
        db.stream_ticket("t-token", 1_000).unwrap().personal_token,
        Some(made.record.id)
    );

    // Only its owner revokes it; its tickets go with it, the session's stay.
    assert!(matches!(
        db.delete_personal_token(stranger, made.record.id),
        Err(Error::NotFound)
    ));
    db.delete_personal_token(owner, made.record.id).unwrap();
    assert_eq!(db.personal_token_by_hash("hash-a").unwrap(), None);
    assert!(matches!(
        db.stream_ticket("t-token", 1_000),
        Err(Error::NotFound)
    ));
    assert!(db.stream_ticket("t-session", 1_000).is_ok());
    assert!(matches!(
        db.delete_personal_token(owner, made.record.id),
        Err(Error::NotFound)
    ));
}

per_backend!(an_account_holds_a_bounded_number_of_unexpired_tokens);
fn an_account_holds_a_bounded_number_of_unexpired_tokens(db: &TestDb) {
    let owner = account(db, "owner");
    let other = account(db, "other");
    db.create_personal_token(&token(owner, "h1", 1_500), 2, 1_000)
        .unwrap();
    db.create_personal_token(&token(owner, "h2", 9_000), 2, 1_000)
        .unwrap();
    let third = db.create_personal_token(&token(owner, "h3", 9_000), 2, 1_000);
    assert!(
        matches!(third, Err(Error::Conflict("too_many_tokens"))),
        "{third:?}"
    );
    // Another account counts its own.
    db.create_personal_token(&token(other, "h4", 9_000), 2, 1_000)
        .unwrap();
    // Once the first has expired, it is swept and makes room.
    db.create_personal_token(&token(owner, "h3", 9_000), 2, 1_501)
        .unwrap();
    assert_eq!(db.personal_token_by_hash("h1").unwrap(), None);
    assert_eq!(db.personal_tokens_of(owner).unwrap().len(), 2);

    // Deleting an account's tokens (for deleting the account) leaves others' alone.
    db.store_stream_ticket(
        &ticket(
            owner,
            "t",
            db.personal_token_by_hash("h2").unwrap().map(|t| t.id),
        ),
        1_000,
    )
    .unwrap();
    assert_eq!(db.delete_personal_tokens_of(owner).unwrap(), 2);
    assert!(db.personal_tokens_of(owner).unwrap().is_empty());
    assert!(matches!(db.stream_ticket("t", 1_000), Err(Error::NotFound)));
    assert_eq!(db.personal_tokens_of(other).unwrap().len(), 1);
}
