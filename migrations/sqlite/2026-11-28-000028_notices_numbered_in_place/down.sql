CREATE TABLE notice_counters (
    account_id TEXT PRIMARY KEY NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    last_notice BIGINT NOT NULL
);
INSERT INTO notice_counters (account_id, last_notice)
    SELECT account_id, MAX(notice) FROM notices GROUP BY account_id;
CREATE TABLE notices_with_rowid (
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
);
INSERT INTO notices_with_rowid
    SELECT account_id, notice, type, game_id, kind, version, seat, deadline_at, created_at
    FROM notices;
DROP TABLE notices;
ALTER TABLE notices_with_rowid RENAME TO notices;
CREATE INDEX notices_by_game ON notices (account_id, game_id, type, version);
