-- UsernameConfiguration.CaseSensitive honoured (issue 24). users.username_key is the username
-- NFC-normalized, lower-cased only when the pool is case-insensitive (src/user-pool/users/
-- username-case.ts), so the unique constraint users_pool_username keeps "Alice" and "alice" one
-- user in a case-insensitive pool and two in a case-sensitive one, also under concurrent creates.
-- Until now every key was lower-cased; a pool whose settings say CaseSensitive true gets exact keys.
-- The old keys were unique lower-cased, so the exact ones are unique too; a key that is already
-- exact (no capitals) is left alone, so no intermediate row can collide.
UPDATE users u SET username_key = normalize(u.username, NFC)
  FROM user_pools p
 WHERE p.id = u.pool_id
   AND p.settings #>> '{usernameConfiguration,CaseSensitive}' = 'true'
   AND u.username_key <> normalize(u.username, NFC);

-- A case-sensitive pool finds a sign-in email as written (users_pool_email serves the others).
CREATE INDEX users_pool_email_exact ON users (pool_id, (attributes ->> 'email'));

-- The database keeps the rule for every writer: a row written for a case-sensitive pool gets its
-- exact key whatever key the statement gave. During a rolling upgrade the previous release (which
-- lower-cases every key) thus cannot store a key this release would not find, and an INSERT …
-- ON CONFLICT (the user import) is checked against the corrected key (BEFORE triggers run first).
CREATE FUNCTION users_username_key_case() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM user_pools p WHERE p.id = NEW.pool_id AND p.settings #>> '{usernameConfiguration,CaseSensitive}' = 'true') THEN
    NEW.username_key := normalize(NEW.username, NFC);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER users_username_key_case BEFORE INSERT OR UPDATE OF username, username_key ON users
  FOR EACH ROW EXECUTE FUNCTION users_username_key_case();
