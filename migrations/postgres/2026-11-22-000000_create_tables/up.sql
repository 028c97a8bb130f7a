-- Portable column types only (see persistence/src/schema.rs): ids and JSON are TEXT, times are
-- BIGINT Unix seconds. The SQLite tree creates the same tables.

CREATE TABLE accounts (
    id TEXT PRIMARY KEY NOT NULL,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL,
    players INTEGER NOT NULL CHECK (players > 0),
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    setup TEXT,
    fixed_setup BOOLEAN NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'active', 'finished')),
    version BIGINT NOT NULL,
    state TEXT,
    created_by TEXT NOT NULL REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    started_at BIGINT,
    finished_at BIGINT,
    deadline_at BIGINT,
    updated_at BIGINT NOT NULL
);

-- The background tick asks for active games whose deadline has passed.
CREATE INDEX games_status_deadline_at ON games (status, deadline_at);
-- Listings are newest first.
CREATE INDEX games_created_at ON games (created_at);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat >= 0),
    account_id TEXT NOT NULL REFERENCES accounts (id),
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, account_id)
);

-- "My games" listings filter on the member.
CREATE INDEX seats_account_id ON seats (account_id);

-- The input log: replaying it on the game built from its seed reproduces the state.
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq BIGINT NOT NULL CHECK (seq > 0),
    input TEXT NOT NULL,
    applied_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- move_seq 0 marks the events of the start of play.
CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq BIGINT NOT NULL CHECK (seq > 0),
    move_seq BIGINT NOT NULL CHECK (move_seq >= 0),
    event TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
