-- A move changes two seats' places in their inboxes. With `inbox_key` in an index, PostgreSQL
-- could not update those rows in place: each update wrote a new row version and an entry in
-- every one of the seats' four indexes. Now the index that serves the inbox names only the
-- account and holds a seat while its game is open or active (`in_inbox`, which changes once,
-- when the game ends), so the keys are sorted when read: a cost of the account's games in
-- play, never of the games stored. Updates that change no indexed column stay on their page
-- (heap-only tuples) when the page has room, which the lower fill factor leaves.
ALTER TABLE seats ADD COLUMN in_inbox BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE seats SET in_inbox = TRUE WHERE inbox_key IS NOT NULL;
DROP INDEX seats_inbox;
CREATE INDEX seats_in_inbox ON seats (account_id) WHERE in_inbox;
ALTER TABLE seats SET (fillfactor = 70);
