//! The repository against real databases: SQLite always, PostgreSQL when
//! `CARDTABLE_TEST_POSTGRES_URL` names a server the tests may create databases on.

#![expect(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

mod accounts;
mod commits;
mod connect;
mod durability;
mod games;
mod group_commit;
mod idempotency;
mod leases;
mod listing;
mod notices;
mod personal_tokens;
mod seeding;
mod support;
mod writer_queue;
