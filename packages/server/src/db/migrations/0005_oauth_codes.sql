-- Managed login's authorization codes (src/oauth/codes/authorization-codes.ts). Only the SHA-256 of
-- a code is stored. A code is claimed by the one conditional UPDATE that counts its uses
-- (uses = uses + 1 … RETURNING): the exchange that moves it from 0 to 1 is the only one that may
-- yield tokens; any later one is a replay, which revokes the sign-in the code produced
-- (origin_jti, set in the statement that stores that sign-in's refresh token).
CREATE TABLE oauth_codes (
  code_hash text PRIMARY KEY,                          -- sha256 (hex) of the code
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES app_clients (id) ON DELETE CASCADE,
  user_sub uuid NOT NULL REFERENCES users (sub) ON DELETE CASCADE,
  redirect_uri text NOT NULL,                          -- exactly as in the authorization request
  scopes jsonb NOT NULL,                               -- granted scopes, in request order
  nonce text,
  code_challenge text,                                 -- S256 (base64url of SHA-256 of the verifier); NULL for confidential clients without PKCE
  auth_time timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,                     -- 5 minutes after created_at
  created_at timestamptz NOT NULL,
  uses integer NOT NULL DEFAULT 0,                     -- exchanges attempted; only the first may succeed
  origin_jti uuid                                      -- the sign-in (refresh_tokens row) the code yielded
);
CREATE INDEX oauth_codes_expires ON oauth_codes (expires_at);

-- The OAuth scopes of a sign-in, so refreshes keep them (NULL: a sign-in through the JSON API, whose
-- access tokens carry aws.cognito.signin.user.admin only).
ALTER TABLE refresh_tokens ADD COLUMN scopes jsonb;
