-- Seats played by the server's bots: a level instead of an account. A seat number is taken by
-- a person (seats) or a bot (bot_seats), never both; every write to either runs under the
-- game's row lock (see persistence/src/seats.rs), which keeps them apart.
CREATE TABLE bot_seats (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat >= 0),
    level TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
