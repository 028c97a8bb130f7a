DROP INDEX accounts_username_skeleton;
DROP INDEX accounts_canonical_username;
ALTER TABLE accounts DROP COLUMN deleted;
ALTER TABLE accounts DROP COLUMN username_skeleton;
ALTER TABLE accounts DROP COLUMN canonical_username;
