use persistence::{Backend, Database, Error, NewAccount};
use uuid::Uuid;

use crate::support::{TestDb, per_backend, postgres_admin_url, sqlite_url};

#[test]
fn sqlite_creates_its_file_and_directories_and_keeps_data_across_connects() {
    let (path, dir) = sqlite_url();
    let url = format!("sqlite://{path}");
    let id = Uuid::new_v4();
    {
        let db = Database::connect(&url).unwrap();
        assert_eq!(db.backend(), Backend::Sqlite);
        db.ping().unwrap();
        db.create_account(&NewAccount {
            id,
            username: "kept".to_owned(),
            forms: persistence::UsernameForms::plain("kept"),
            password_hash: "h".to_owned(),
            created_at: 1,
        })
        .unwrap();
    }
    assert!(std::path::Path::new(&path).is_file());

    let again = Database::connect(&path).unwrap();

    assert_eq!(
        again.account(id).unwrap().map(|a| a.username),
        Some("kept".to_owned())
    );
    drop(again);
    std::fs::remove_dir_all(dir).unwrap();
}

per_backend!(every_backend_answers_a_ping);
fn every_backend_answers_a_ping(db: &TestDb) {
    db.ping().unwrap();
}

#[test]
fn postgres_is_selected_by_its_url_schemes_and_reports_the_real_connection_error() {
    for scheme in ["postgres", "postgresql"] {
        let result = Database::connect(&format!("{scheme}://user:s3cret@127.0.0.1:1/none"));

        let Err(Error::Unavailable(message)) = &result else {
            panic!("expected Unavailable, got {result:?}");
        };
        assert!(!message.contains("s3cret"), "{message}");
        assert!(!message.contains("multiconnection"), "{message}");
        assert!(!result.unwrap_err().to_string().contains("s3cret"));
    }
}

#[test]
fn migrations_run_once_per_database() {
    if let Some(admin_url) = postgres_admin_url() {
        let url = persistence::testing::create_postgres_database(&admin_url).unwrap();
        Database::connect(&url).unwrap();
        let again = Database::connect(&url).unwrap();
        assert_eq!(again.backend(), Backend::Postgres);
        drop(again);
        persistence::testing::drop_postgres_database(&admin_url, &url).unwrap();
    }
}

#[test]
fn an_in_memory_sqlite_database_is_refused() {
    assert!(matches!(
        Database::connect(":memory:"),
        Err(Error::Backend(_))
    ));
}
