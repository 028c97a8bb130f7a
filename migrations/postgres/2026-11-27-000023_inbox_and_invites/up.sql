-- Summaries kept beside each game's state, written in the same transaction as every commit
-- that changes them (create, join, start, move, expiry, finish), so that the inbox and the
-- listings read them without decoding a state. (The other backend's tree makes the same change.)

-- The seats the game waits on, as a JSON array of seat numbers: public in every game kind
-- (each view shows it to spectators too).
ALTER TABLE games ADD COLUMN to_act TEXT NOT NULL DEFAULT '[]';
-- `unlisted` games are never listed; their seats still see them in their inbox.
ALTER TABLE games ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public'
    CHECK (visibility IN ('public', 'unlisted'));
-- The code that takes a seat by invitation (unguessable; the creator can rotate it). Games
-- stored before codes get one when their creator first asks for it.
ALTER TABLE games ADD COLUMN invite_code TEXT;
CREATE UNIQUE INDEX games_invite_code ON games (invite_code);
-- The next game of a finished one, set once by the first rematch: unique, so that two
-- concurrent rematches of one game make one next game.
ALTER TABLE games ADD COLUMN rematch_id TEXT;
CREATE UNIQUE INDEX games_rematch_id ON games (rematch_id);

-- Whether the seat is to act now, and the seat's place in its account's inbox: the smaller,
-- the more urgent (see persistence/src/inbox.rs); null once the game is over.
ALTER TABLE seats ADD COLUMN to_act BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE seats ADD COLUMN inbox_key BIGINT;
-- The inbox reads one account's seats in inbox order: a range read of this index from where the
-- last page ended, however many games are stored.
CREATE INDEX seats_inbox ON seats (account_id, inbox_key, game_id);
-- Seats of games stored before the summaries: open and active games are in the inbox, not to
-- act, until their next commit writes their summary.
UPDATE seats SET inbox_key = 13510798882111488
    WHERE game_id IN (SELECT id FROM games WHERE status IN ('open', 'active'));

-- Seats reserved for invited accounts: nobody else may take them until the invitation is
-- accepted, declined or expires.
CREATE TABLE invitations (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat >= 0),
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    invited_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, account_id)
);
CREATE INDEX invitations_account_id ON invitations (account_id);
