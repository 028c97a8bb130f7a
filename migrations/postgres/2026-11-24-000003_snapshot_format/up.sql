-- The encoding of `state`. A snapshot of another format (0: written before formats were
-- numbered) is rebuilt by replaying the game's move log.
ALTER TABLE games ADD COLUMN state_format INTEGER NOT NULL DEFAULT 0;
-- A game whose state or expiry failed is set aside by the background tick, with the cause,
-- so that it does not hold up the deadlines of other games; it is retried now and then.
ALTER TABLE games ADD COLUMN set_aside_at BIGINT;
ALTER TABLE games ADD COLUMN set_aside_reason TEXT;
