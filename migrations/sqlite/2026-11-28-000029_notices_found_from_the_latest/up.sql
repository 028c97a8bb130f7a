-- A notice wrote its row and two index entries: its key's and this one's, which served only
-- the account stream's look-up of a message's notice number. That look-up now walks the
-- account's key backwards from its latest notice and stops at the first that matches: the
-- notice a live message tells is among the latest, so it reads a few entries.
DROP INDEX notices_by_game;
