ALTER TABLE games DROP COLUMN set_aside_reason;
ALTER TABLE games DROP COLUMN set_aside_at;
ALTER TABLE games DROP COLUMN state_format;
