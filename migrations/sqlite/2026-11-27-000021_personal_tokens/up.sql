-- Personal access tokens: long-lived credentials an account makes for its integrations. Only
-- the SHA-256 of a token is stored; `scopes` is a space-separated list of scope names.
CREATE TABLE personal_tokens (
    id TEXT PRIMARY KEY NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    scopes TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    last_used_at BIGINT
);

CREATE INDEX personal_tokens_account ON personal_tokens (account_id);

-- A stream ticket asked for with a personal token names it, so that revoking the token voids
-- its tickets too.
ALTER TABLE stream_tickets ADD COLUMN personal_token_id TEXT;
