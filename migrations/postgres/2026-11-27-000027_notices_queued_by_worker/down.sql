ALTER TABLE webhook_endpoints DROP COLUMN notices_through;
