-- A login starts a session; its access tokens carry the session id, so ending the session
-- ends them. `expires_at` moves with each refresh (disuse) but never past the login's
-- longest life; `revoked_at` is set once, by a sign-out or a detected refresh-token reuse.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT NOT NULL,
    user_agent TEXT,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT
);

CREATE INDEX sessions_account ON sessions (account_id);

-- Every refresh token a session was handed, by SHA-256 only: the current one (`spent_at` null)
-- and the spent ones, so that a spent token presented again is recognised and ends the session.
CREATE TABLE refresh_tokens (
    hash TEXT PRIMARY KEY NOT NULL,
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    issued_at BIGINT NOT NULL,
    spent_at BIGINT
);

CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

-- A stream ticket belongs to the session that asked for it: a sign-out voids it.
ALTER TABLE stream_tickets ADD COLUMN session_id TEXT;

CREATE INDEX stream_tickets_session ON stream_tickets (session_id);
