-- Responses kept for retried requests (the `Idempotency-Key` header), per account. A row is
-- written in the same transaction as the effect it answers, and purged after 24 hours.
CREATE TABLE idempotency_keys (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    idempotency_key TEXT NOT NULL,
    -- SHA-256 of the method, the path and the canonical JSON body of the first request.
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    response TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, idempotency_key)
);

-- The purge deletes by age.
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
