-- Single-use tickets that open one event stream (browsers cannot send an Authorization header
-- with EventSource). Only the SHA-256 of a ticket is stored; expired rows are swept on insert.
CREATE TABLE stream_tickets (
    hash TEXT PRIMARY KEY NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    scope TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE INDEX stream_tickets_expires_at ON stream_tickets (expires_at);
