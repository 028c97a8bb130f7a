DROP FUNCTION tell_seats;
CREATE INDEX notices_by_game ON notices (account_id, game_id, type, version);
