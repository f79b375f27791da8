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
