-- Player ratings (Weng-Lin), one row per account and game kind; an absent row is the initial
-- rating. Written in the transaction that finishes a rated game.
CREATE TABLE ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL CHECK (games >= 0),
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, kind)
);

-- The leaderboard: best first, ties by account id.
CREATE INDEX ratings_leaderboard ON ratings (kind, mu, account_id);

-- Whether a game counts for the ratings: chosen at creation (`"rated": false` opts out); a
-- game with a fixed seed or setup never does.
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT TRUE;
UPDATE games SET rated = FALSE WHERE fixed_setup;

-- Every rated game, in the order its ratings were applied: `seq` is allocated under the
-- ratings lock, so replaying by `seq` gives the stored numbers again.
CREATE TABLE rated_games (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    seq BIGINT NOT NULL UNIQUE,
    finished_at BIGINT NOT NULL
);

-- What each rated game did to each of its players' ratings (a player in several seats, as a
-- bot of one level may be, is one row).
CREATE TABLE rating_changes (
    game_id TEXT NOT NULL REFERENCES rated_games (game_id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    place INTEGER NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    games_before INTEGER NOT NULL,
    mu_after DOUBLE PRECISION NOT NULL,
    sigma_after DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, account_id)
);

CREATE INDEX rating_changes_account ON rating_changes (account_id);

-- Each bot level plays as an account of its own. The password hash is no hash at all, so no
-- password logs in; registration refuses every name starting with `bot-`.
INSERT INTO accounts (id, username, password_hash, created_at)
SELECT 'b0700000-0000-4000-8000-000000000001', 'bot-random', '!bot', 0
WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE username = 'bot-random');
INSERT INTO accounts (id, username, password_hash, created_at)
SELECT 'b0700000-0000-4000-8000-000000000002', 'bot-search', '!bot', 0
WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE username = 'bot-search');
