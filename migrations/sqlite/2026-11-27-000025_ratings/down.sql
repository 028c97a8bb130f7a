DROP TABLE rating_changes;
DROP TABLE rated_games;
ALTER TABLE games DROP COLUMN rated;
DROP TABLE ratings;
DELETE FROM accounts WHERE password_hash = '!bot'
    AND NOT EXISTS (SELECT 1 FROM games WHERE created_by = accounts.id)
    AND NOT EXISTS (SELECT 1 FROM seats WHERE account_id = accounts.id);
