ALTER TABLE games DROP COLUMN seed_nonce;
