-- A commit writes its notices and nothing more: the webhook worker turns them into delivery
-- rows afterwards, so a move's transaction no longer grows with its accounts' endpoints. The
-- notices table is the outbox; each endpoint remembers the last notice of its account that it
-- has queued. Notices are numbered per account in commit order (the counter row is locked to
-- the end of the transaction that bumps it), so a number above the mark is always one not yet
-- queued, never one skipped.
ALTER TABLE webhook_endpoints ADD COLUMN notices_through BIGINT NOT NULL DEFAULT 0;

-- Endpoints that exist already had their rows written by the commits so far.
UPDATE webhook_endpoints SET notices_through = COALESCE(
    (SELECT last_notice FROM notice_counters c WHERE c.account_id = webhook_endpoints.account_id),
    0
);
