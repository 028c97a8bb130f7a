use persistence::{Error, NewAccount, UsernameForms};
use uuid::Uuid;

use crate::support::{TestDb, per_backend};

fn new_account(username: &str) -> NewAccount {
    NewAccount {
        id: Uuid::new_v4(),
        username: username.to_owned(),
        forms: UsernameForms::plain(username),
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".to_owned(),
        created_at: 1_700_000_000,
    }
}

per_backend!(a_created_account_is_found_by_username_and_by_id);
fn a_created_account_is_found_by_username_and_by_id(db: &TestDb) {
    let account = new_account("alice");

    db.create_account(&account).unwrap();

    let by_name = db.account_for_login("alice", "alice").unwrap().unwrap();
    assert_eq!(by_name.id, account.id);
    assert_eq!(by_name.username, "alice");
    assert_eq!(by_name.password_hash, account.password_hash);
    assert_eq!(by_name.created_at, 1_700_000_000);
    assert_eq!(db.account(account.id).unwrap(), Some(by_name));
}

per_backend!(a_taken_username_is_a_conflict_and_keeps_the_first_account);
fn a_taken_username_is_a_conflict_and_keeps_the_first_account(db: &TestDb) {
    let first = new_account("bob");
    db.create_account(&first).unwrap();

    let result = db.create_account(&new_account("bob"));

    assert!(
        matches!(result, Err(Error::Conflict("username_unavailable"))),
        "{result:?}"
    );
    assert_eq!(
        db.account_for_login("bob", "bob").unwrap().unwrap().id,
        first.id
    );
}

per_backend!(unknown_accounts_are_none);
fn unknown_accounts_are_none(db: &TestDb) {
    assert_eq!(db.account_for_login("nobody", "nobody").unwrap(), None);
    assert_eq!(db.account(Uuid::new_v4()).unwrap(), None);
}

#[test]
fn account_debug_output_hides_the_password_hash() {
    let account = new_account("carol");
    assert!(!format!("{account:?}").contains("argon2"));
}
