DROP INDEX stream_tickets_session;
ALTER TABLE stream_tickets DROP COLUMN session_id;
DROP TABLE refresh_tokens;
DROP TABLE sessions;
