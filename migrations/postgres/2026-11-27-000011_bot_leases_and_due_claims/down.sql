DROP TABLE due_claims;
ALTER TABLE bot_seats DROP COLUMN lease_until;
ALTER TABLE bot_seats DROP COLUMN lease_holder;
