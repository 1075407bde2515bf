-- Names are unique whatever their case and Unicode form: each account keeps its name's
-- key (NFKC, lower case; `accounts::name_key`), unique. Names kept so far are ASCII, so
-- their key is LOWER(name); of two that differed only by case, the older keeps the key
-- and the newer gets one no name can have (its name, '#', its id), so it still signs in
-- by its exact name.
ALTER TABLE users ADD COLUMN name_key TEXT;
UPDATE users SET name_key = LOWER(name);
UPDATE users SET name_key = name || '#' || id
WHERE EXISTS (
    SELECT 1 FROM users older
    WHERE LOWER(older.name) = LOWER(users.name)
      AND (older.created < users.created OR (older.created = users.created AND older.id < users.id))
);
CREATE UNIQUE INDEX users_by_name_key ON users (name_key);
