-- Notices and their webhook outbox, written in the transaction of the commit that causes them:
-- a crash can delay a notice, never drop it. Times are game-clock Unix seconds unless named
-- `lease_until` (wall-clock milliseconds, like the bot and tick leases).

-- Each account numbers its notices 1, 2, …; the counter row is bumped (and so locked) by the
-- transaction that writes a notice, which keeps the numbers gap-free and unique per account.
CREATE TABLE notice_counters (
    account_id TEXT PRIMARY KEY NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    last_notice BIGINT NOT NULL
);

-- No reference to games: a cancelled game is deleted, its notice stays.
CREATE TABLE notices (
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
CREATE INDEX notices_by_game ON notices (account_id, game_id, type, version);

-- The secret is kept as given: it must be usable to sign (see docs/security.md).
CREATE TABLE webhook_endpoints (
    id TEXT PRIMARY KEY NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    secret TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    disabled_at BIGINT,
    disabled_reason TEXT,
    -- Attempts failed in a row since the last success.
    failures INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX webhook_endpoints_by_account ON webhook_endpoints (account_id);

-- One row per message per endpoint: the outbox. `status` is pending, delivered or failed.
CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY NOT NULL,
    endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    message_id TEXT NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT,
    last_status INTEGER,
    last_error TEXT,
    created_at BIGINT NOT NULL,
    delivered_at BIGINT,
    lease_holder TEXT,
    lease_until BIGINT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at);
