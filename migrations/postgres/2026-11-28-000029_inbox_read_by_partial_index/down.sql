ALTER TABLE seats RESET (fillfactor);
DROP INDEX seats_in_inbox;
CREATE INDEX seats_inbox ON seats (account_id, inbox_key, game_id);
ALTER TABLE seats DROP COLUMN in_inbox;
