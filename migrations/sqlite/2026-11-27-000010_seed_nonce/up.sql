-- The server's nonce of each game's seed commitment, SHA-256(nonce || seed), revealed with the
-- seed at the end (the other backend's tree makes the same change). Games stored before it have
-- none: they keep their commitment SHA-256(seed) and say so.
ALTER TABLE games ADD COLUMN seed_nonce TEXT;
