-- Lockout counters (abuse/lockout.ts): failed guesses per user and kind ('password:<sub>',
-- 'mfa:<sub>') and per sign-in name no user has ('password?<hmac of pool and name>'), on Cognito's
-- schedule. A row is forgotten at expires_at (no attempt for LOCKOUT_RESET_SECONDS) or on success.
CREATE TABLE sign_in_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  locked_until timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sign_in_failures_expires ON sign_in_failures (expires_at);

-- The wrong-password counts of the fixed-window limit this replaces.
DELETE FROM rate_limit_counters WHERE key LIKE 'pw:%';

-- USER_ID_FOR_SRP the SRP verifier was derived for: the user's sub since this version, the same
-- for every sign-in name of the user (username in any case, email, phone) and shaped like the
-- stand-in an unknown name gets. NULL: a verifier from before, derived for the username.
ALTER TABLE users ADD COLUMN srp_identity text;

-- The lockout counter an answer to the session's challenge is a guess on ('password:<sub>',
-- 'password?<hmac>', 'mfa:<sub>'; NULL when the challenge takes no guess): the statement that
-- loads the session for an answer counts the guess on it before the answer is checked.
ALTER TABLE auth_sessions ADD COLUMN guess_key text;

-- Challenge state is stored sealed from this version on (sealing/secret-box.ts); pending sign-ins
-- from before are plain and simply end.
DELETE FROM auth_sessions;
