-- SQLite has one writer, so a notice can take its number as the account's highest plus one,
-- read from the primary key in the same transaction: no counter row to bump. The notices are
-- stored by that key (WITHOUT ROWID), so a notice writes one table and one index, where it
-- wrote a table, its key's index, the by-game index and the counter's table and index.
-- Notices are never deleted but with their account, so the highest is the last number given.
CREATE TABLE notices_by_account (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    notice BIGINT NOT NULL,
    type TEXT NOT NULL,
    game_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    version BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    deadline_at BIGINT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, notice)
) WITHOUT ROWID;
INSERT INTO notices_by_account
    SELECT account_id, notice, type, game_id, kind, version, seat, deadline_at, created_at
    FROM notices;
DROP TABLE notices;
ALTER TABLE notices_by_account RENAME TO notices;
CREATE INDEX notices_by_game ON notices (account_id, game_id, type, version);
DROP TABLE notice_counters;
