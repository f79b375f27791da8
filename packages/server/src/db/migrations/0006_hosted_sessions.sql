-- The hosted login page (src/oauth/login/) and its session (src/oauth/hosted-session/).

-- A browser signed in on the hosted page: a second /oauth2/authorize from any app client of the
-- pool skips the form until the session ends (GET /logout, expiry, or every sign-in of the user
-- revoked). Only the SHA-256 of the cookie value is stored. The sign-in that created it keeps its
-- refresh_tokens row as its anchor (origin_jti; its tokens never left the server): GlobalSignOut,
-- AdminUserGlobalSignOut, disabling the user and password resets revoke every row of the user, and
-- a revoked or expired anchor ends the hosted session too. Deleting the user deletes both.
CREATE TABLE hosted_sessions (
  id uuid PRIMARY KEY,
  cookie_hash text NOT NULL UNIQUE,                    -- sha256 (base64url) of the cookie value
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  user_sub uuid NOT NULL REFERENCES users (sub) ON DELETE CASCADE,
  origin_jti uuid NOT NULL REFERENCES refresh_tokens (origin_jti) ON DELETE CASCADE,
  auth_time timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX hosted_sessions_user ON hosted_sessions (user_sub);
CREATE INDEX hosted_sessions_origin ON hosted_sessions (origin_jti);
CREATE INDEX hosted_sessions_expires ON hosted_sessions (expires_at);

-- A sign-in in progress on the hosted page, between its forms. The page carries only an opaque id
-- (its SHA-256 is the key); the state (the Cognito Session string of the pending challenge, the
-- challenge and its parameters, the authorize query) is sealed with DATA_SEALING_SECRET, bound to
-- the row. browser_hash is the SHA-256 of the browser's CSRF cookie: a flow goes on only in the
-- browser that started it.
CREATE TABLE hosted_login_flows (
  id_hash text PRIMARY KEY,
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  browser_hash text NOT NULL,
  state text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX hosted_login_flows_expires ON hosted_login_flows (expires_at);
