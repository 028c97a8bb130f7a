-- Quick-match tickets: one row per request to be matched into a game. The row is the truth
-- (a client may close and come back); the matcher turns waiting rows into a game in the same
-- transaction that marks them matched, and only rows still waiting.
CREATE TABLE matchmaking_tickets (
    id TEXT PRIMARY KEY NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    min_players INTEGER NOT NULL,
    max_players INTEGER NOT NULL,
    -- The options with every default filled in, as canonical JSON: equal text, equal game.
    options TEXT NOT NULL,
    bots_after_secs BIGINT NOT NULL,
    -- waiting, matched, cancelled or expired.
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    -- When it stopped waiting.
    closed_at BIGINT,
    game_id TEXT
);

-- One waiting ticket per account and kind, even with requests racing.
CREATE UNIQUE INDEX matchmaking_tickets_one_waiting
    ON matchmaking_tickets (account_id, kind) WHERE status = 'waiting';

-- The matcher reads the waiting tickets; the account stream finds a game's ticket.
CREATE INDEX matchmaking_tickets_by_status ON matchmaking_tickets (status, kind);
CREATE INDEX matchmaking_tickets_by_game ON matchmaking_tickets (game_id);
