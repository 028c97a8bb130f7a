-- The listing pages by (created_at, id), newest first, with or without a status: these
-- indexes serve each page by a range read from where the last one ended.
CREATE INDEX games_listing ON games (created_at, id);
CREATE INDEX games_status_listing ON games (status, created_at, id);
