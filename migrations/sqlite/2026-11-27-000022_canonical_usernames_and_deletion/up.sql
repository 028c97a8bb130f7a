-- Usernames are unique by their canonical form (NFKC, then case folding, then NFKC again) and
-- by the confusables skeleton of that form, so `Alice`, `alice`, `ａｌｉｃｅ` and `аlice` (a
-- Cyrillic `а`) are one name. SQL cannot compute either, so the server fills both for the
-- rows that lack them at start-up; a row whose form another (older) account holds keeps NULL
-- there and is reported in the log (see docs/decisions.md, "Canonical usernames").
ALTER TABLE accounts ADD COLUMN canonical_username TEXT;
ALTER TABLE accounts ADD COLUMN username_skeleton TEXT;
-- A stand-in for a deleted account in the history of one finished game: no name, no password,
-- an id of its own per game, so nothing links the seat to other games.
ALTER TABLE accounts ADD COLUMN deleted BOOLEAN NOT NULL DEFAULT FALSE;

CREATE UNIQUE INDEX accounts_canonical_username ON accounts (canonical_username)
    WHERE canonical_username IS NOT NULL;
CREATE UNIQUE INDEX accounts_username_skeleton ON accounts (username_skeleton)
    WHERE username_skeleton IS NOT NULL;
