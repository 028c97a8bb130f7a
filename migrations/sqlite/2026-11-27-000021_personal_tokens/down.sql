ALTER TABLE stream_tickets DROP COLUMN personal_token_id;
DROP TABLE personal_tokens;
