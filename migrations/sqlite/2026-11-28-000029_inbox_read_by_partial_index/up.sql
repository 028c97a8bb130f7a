-- A move changes two seats' places in their inboxes; with `inbox_key` in an index, each such
-- update also rewrote that index's entries. Now the index that serves the inbox names only the
-- account and holds a seat while its game is open or active (`in_inbox`, which changes once,
-- when the game ends), so the keys are sorted when read: a cost of the account's games in
-- play, never of the games stored. (The other backend's tree makes the same change.)
ALTER TABLE seats ADD COLUMN in_inbox BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE seats SET in_inbox = TRUE WHERE inbox_key IS NOT NULL;
DROP INDEX seats_inbox;
CREATE INDEX seats_in_inbox ON seats (account_id) WHERE in_inbox;
