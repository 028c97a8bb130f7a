-- With several server processes on one database, each bot seat is played by one process at a
-- time: the one holding its lease. A lease runs until `lease_until` (milliseconds since the
-- Unix epoch, by the holder's system clock) and is renewed while the holder plays; a process
-- that dies stops renewing, and another takes the seat once the lease has run out.
ALTER TABLE bot_seats ADD COLUMN lease_holder TEXT;
ALTER TABLE bot_seats ADD COLUMN lease_until BIGINT;

-- The deadline tick's claims: a process that claims a due game expires it alone until
-- `claimed_until` (milliseconds, as above); other processes' ticks pass it over meanwhile.
CREATE TABLE due_claims (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    claimed_until BIGINT NOT NULL
);
