-- Two counters per game (the PostgreSQL tree makes the same change). `version` stays the
-- revision: every committed input advances it, and every write is a compare-and-swap on it.
-- `public_version` is the version clients see and name in their moves: a seat's secret
-- submission in a simultaneous decision leaves it as it is, so nobody can count submissions and
-- seats deciding at the same time do not make each other's reads stale.
ALTER TABLE games ADD COLUMN public_version BIGINT NOT NULL DEFAULT 0;
-- Until now every input advanced the version clients saw.
UPDATE games SET public_version = version;

-- The public version after each input, and after the input that produced each event.
ALTER TABLE moves ADD COLUMN public_version BIGINT NOT NULL DEFAULT 0;
UPDATE moves SET public_version = seq;
ALTER TABLE events ADD COLUMN public_version BIGINT NOT NULL DEFAULT 0;
UPDATE events SET public_version = move_seq;
