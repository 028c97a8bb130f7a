ALTER TABLE events DROP COLUMN public_version;
ALTER TABLE moves DROP COLUMN public_version;
ALTER TABLE games DROP COLUMN public_version;
