use std::io::Write;
use std::ops::Deref;
use std::path::PathBuf;
use std::sync::Once;

use domain::{AnyEvent, AnyGame, AnyLegalMoves, AnyMove, GameKind, Input, OptionMap, Seed};
use persistence::{
    CommittedInput, Database, GameStart, GameStatus, NewAccount, NewGame, Versions, testing,
};
use uuid::Uuid;

pub const POSTGRES_URL_VAR: &str = "CARDTABLE_TEST_POSTGRES_URL";

static SKIP_NOTICE: Once = Once::new();

/// A fresh database that is removed when dropped.
pub struct TestDb {
    pub db: Database,
    pub url: String,
    _cleanup: Cleanup,
}

enum Cleanup {
    Directory(PathBuf),
    Postgres { admin_url: String, url: String },
}

impl Drop for Cleanup {
    fn drop(&mut self) {
        match self {
            Cleanup::Directory(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::Postgres { admin_url, url } => {
                let _ = testing::drop_postgres_database(admin_url, url);
            }
        }
    }
}

pub fn sqlite_url() -> (String, PathBuf) {
    let dir = std::env::temp_dir().join(format!("cardtable-persistence-{}", Uuid::new_v4()));
    let path = dir.join("nested").join("cardtable.db");
    (path.to_string_lossy().into_owned(), dir)
}

/// The PostgreSQL admin URL, or `None` after saying why the PostgreSQL runs are skipped.
pub fn postgres_admin_url() -> Option<String> {
    match std::env::var(POSTGRES_URL_VAR) {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "{POSTGRES_URL_VAR} must be set in CI"
            );
            SKIP_NOTICE.call_once(|| {
                // Straight to stderr: the harness captures println! of passing tests.
                let _ = writeln!(
                    std::io::stderr(),
                    "postgres tests skipped: {POSTGRES_URL_VAR} not set"
                );
            });
            None
        }
    }
}

impl TestDb {
    /// A fresh SQLite database in a temporary directory.
    pub fn sqlite() -> TestDb {
        let (url, dir) = sqlite_url();
        TestDb {
            db: Database::connect(&url).expect("sqlite connects"),
            url,
            _cleanup: Cleanup::Directory(dir),
        }
    }

    /// A fresh PostgreSQL database, or `None` (after saying so) when none is configured.
    pub fn postgres() -> Option<TestDb> {
        let admin_url = postgres_admin_url()?;
        let url = testing::create_postgres_database(&admin_url).expect("test database created");
        let cleanup = Cleanup::Postgres {
            admin_url,
            url: url.clone(),
        };
        Some(TestDb {
            db: Database::connect(&url).expect("postgres connects"),
            url,
            _cleanup: cleanup,
        })
    }
}

/// Scenarios use the database directly; its URL is there for the few that need a raw connection.
impl Deref for TestDb {
    type Target = Database;

    fn deref(&self) -> &Database {
        &self.db
    }
}

/// Turns the scenario `fn name(db: &TestDb)` into one test per backend, `name::sqlite` and
/// `name::postgres`, each on a fresh database. A failure names its backend, and one backend
/// failing does not hide the other's result. Without a PostgreSQL URL the `postgres` test says
/// it is skipped and passes, except under CI (see [`postgres_admin_url`]).
macro_rules! per_backend {
    ($scenario:ident) => {
        mod $scenario {
            #[test]
            fn sqlite() {
                super::$scenario(&$crate::support::TestDb::sqlite());
            }

            #[test]
            fn postgres() {
                if let Some(db) = $crate::support::TestDb::postgres() {
                    super::$scenario(&db);
                }
            }
        }
    };
}
pub(crate) use per_backend;

pub fn account(db: &Database, username: &str) -> Uuid {
    let id = Uuid::new_v4();
    db.create_account(&NewAccount {
        id,
        username: username.to_owned(),
        forms: persistence::UsernameForms::plain(username),
        password_hash: format!("hash-of-{username}"),
        created_at: 100,
    })
    .unwrap();
    id
}

pub const PLAYERS: u8 = 4;

pub fn seed() -> Seed {
    Seed::new("x").unwrap()
}

pub fn new_game(creator: Uuid, created_at: i64) -> NewGame {
    NewGame {
        bots: Vec::new(),
        id: Uuid::new_v4(),
        kind: GameKind::TradeOrDuel,
        players: PLAYERS,
        options: OptionMap::default(),
        seed: seed(),
        seed_nonce: Some("00".repeat(32)),
        setup: None,
        fixed_setup: false,
        rated: true,
        created_by: creator,
        created_at,
        creator_seat: domain::Seat(0),
        unlisted: false,
        invite_code: Uuid::new_v4().simple().to_string(),
        invitations: Vec::new(),
    }
}

pub fn create_game(db: &Database, creator: Uuid, created_at: i64) -> Uuid {
    let game = new_game(creator, created_at);
    db.create_game(&game, None).unwrap();
    game.id
}

pub fn initial_state() -> (AnyGame, Vec<AnyEvent>) {
    AnyGame::create(
        GameKind::TradeOrDuel,
        i64::from(PLAYERS),
        &OptionMap::default(),
        &seed(),
        None,
        0,
    )
    .unwrap()
}

/// A full game, started at `started_at`, whose creator is the first of the returned accounts.
pub fn started_game(db: &Database, started_at: i64, deadline_at: Option<i64>) -> (Uuid, AnyGame) {
    let members: Vec<Uuid> = (0..PLAYERS)
        .map(|i| account(db, &format!("player-{i}-{}", Uuid::new_v4().simple())))
        .collect();
    let id = create_game(db, members[0], started_at - 10);
    for member in &members[1..] {
        db.join_game(id, *member, started_at - 5, None, None)
            .unwrap();
    }
    let (state, events) = initial_state();
    db.start_game(
        id,
        &GameStart {
            state: state.clone(),
            events,
            started_at,
            deadline_at,
        },
    )
    .unwrap();
    (id, state)
}

/// Plays the first legal move of the first seat to act, returning the input as committed.
pub fn play(state: &mut AnyGame, now: i64) -> CommittedInput {
    let seat = *state.to_act().first().expect("someone is to act");
    let mv = first_move(state.legal_moves(seat)).expect("a legal move");
    let secret = state.is_secret_submission(seat, &mv);
    let input = Input::Move { seat, mv };
    let events = state.apply_input(&input, now).unwrap();
    CommittedInput {
        input,
        now,
        events,
        secret,
    }
}

/// The counters of a game that has committed `revision` inputs, `version` of them public.
pub fn at(revision: i64, version: i64) -> Versions {
    Versions { revision, version }
}

#[allow(
    unreachable_patterns,
    reason = "the catch-all serves once other games join"
)]
fn first_move(moves: AnyLegalMoves) -> Option<AnyMove> {
    match moves {
        AnyLegalMoves::TradeOrDuel(moves) => moves.0.into_iter().next().map(AnyMove::TradeOrDuel),
        _ => None,
    }
}

pub fn commit_of(state: &AnyGame, inputs: Vec<CommittedInput>, now: i64) -> persistence::Commit {
    persistence::Commit {
        state: state.clone(),
        inputs,
        status: if state.is_over() {
            GameStatus::Finished
        } else {
            GameStatus::Active
        },
        deadline_at: state.deadline(),
        now,
        // What a caller that read nobody acting passes: the commit tells every seat to act.
        before: persistence::Summary::of(GameStatus::Active, Vec::new(), None),
    }
}
