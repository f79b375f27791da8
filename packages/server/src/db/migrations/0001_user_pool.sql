-- User pool, tokens, delivery and abuse-limit tables. Every piece of state that matters lives here
-- (no per-process state), so several server processes on one PostgreSQL act as one user pool.
-- Times are timestamptz written by the application's clock (never now()) so tests can move time.

-- Small key/value facts of the server itself, e.g. which user pool is the default one.
CREATE TABLE server_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE user_pools (
  id text PRIMARY KEY,                                 -- us-east-1_AbCdEf123
  name text NOT NULL,
  mfa_configuration text NOT NULL DEFAULT 'ON' CHECK (mfa_configuration IN ('OFF', 'ON', 'OPTIONAL')),
  enabled_mfas jsonb NOT NULL DEFAULT '["SMS_MFA","SOFTWARE_TOKEN_MFA","EMAIL_OTP"]',
  password_policy jsonb NOT NULL,                      -- {minimumLength, requireLowercase, requireUppercase, requireNumbers, requireSymbols, temporaryPasswordValidityDays}
  alias_attributes jsonb NOT NULL DEFAULT '[]',        -- attributes usable instead of the username to sign in, e.g. ["email"]
  auto_verified_attributes jsonb NOT NULL DEFAULT '["email"]',
  required_attributes jsonb NOT NULL DEFAULT '["email"]',
  custom_attributes jsonb NOT NULL DEFAULT '[]',       -- [{name: "custom:clientNumber", mutable: true}]
  device_configuration jsonb NOT NULL DEFAULT '{"challengeRequiredOnNewDevice": true, "deviceOnlyRememberedOnUserPrompt": true}',
  webauthn_configuration jsonb NOT NULL DEFAULT '{}',  -- {relyingPartyId, userVerification}
  settings jsonb NOT NULL DEFAULT '{}',                -- room for settings without their own column
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE app_clients (
  id text PRIMARY KEY,                                 -- 26 lowercase letters/digits
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  name text NOT NULL,
  secret text,                                         -- NULL: public client (no SECRET_HASH)
  explicit_auth_flows jsonb NOT NULL DEFAULT '["ALLOW_USER_SRP_AUTH","ALLOW_REFRESH_TOKEN_AUTH","ALLOW_USER_PASSWORD_AUTH","ALLOW_CUSTOM_AUTH","ALLOW_USER_AUTH"]',
  callback_urls jsonb NOT NULL DEFAULT '[]',
  logout_urls jsonb NOT NULL DEFAULT '[]',
  access_token_ttl_seconds integer,                    -- NULL: the server default
  id_token_ttl_seconds integer,
  refresh_token_ttl_seconds integer,
  read_attributes jsonb,                               -- NULL: all
  write_attributes jsonb,                              -- NULL: all mutable ones
  enable_token_revocation boolean NOT NULL DEFAULT true,
  prevent_user_existence_errors boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX app_clients_pool ON app_clients (pool_id);

CREATE TABLE users (
  sub uuid PRIMARY KEY,
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  username text NOT NULL,                              -- as created; SRP uses this exact string
  username_key text NOT NULL,                          -- lower-cased, for case-insensitive lookup
  status text NOT NULL CHECK (status IN ('UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED', 'ARCHIVED', 'EXTERNAL_PROVIDER')),
  enabled boolean NOT NULL DEFAULT true,
  attributes jsonb NOT NULL DEFAULT '{}',              -- name -> string value, without sub
  srp_salt text,                                       -- hex; NULL when no password is set
  srp_verifier text,                                   -- hex
  password_hash text,                                  -- scrypt$N$r$p$salt$hash, for USER_PASSWORD_AUTH and ChangePassword
  password_changed_at timestamptz,
  temporary_password_expires_at timestamptz,           -- set with FORCE_CHANGE_PASSWORD
  preferred_mfa text CHECK (preferred_mfa IN ('SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'EMAIL_OTP')),
  sms_mfa_enabled boolean NOT NULL DEFAULT false,
  software_token_mfa_enabled boolean NOT NULL DEFAULT false,
  email_mfa_enabled boolean NOT NULL DEFAULT false,
  totp_secret text,                                    -- base32, verified
  totp_pending_secret text,                            -- base32, from AssociateSoftwareToken until VerifySoftwareToken
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT users_pool_username UNIQUE (pool_id, username_key)
);
CREATE INDEX users_pool_email ON users (pool_id, lower(attributes ->> 'email'));
CREATE INDEX users_pool_phone ON users (pool_id, (attributes ->> 'phone_number'));

CREATE TABLE groups (
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  precedence integer,
  role_arn text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, name)
);

CREATE TABLE group_members (
  pool_id text NOT NULL,
  group_name text NOT NULL,
  user_sub uuid NOT NULL REFERENCES users (sub) ON DELETE CASCADE,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, group_name, user_sub),
  FOREIGN KEY (pool_id, group_name) REFERENCES groups (pool_id, name) ON DELETE CASCADE
);
CREATE INDEX group_members_user ON group_members (user_sub);

-- Emailed / texted codes: only an HMAC of the code is stored. One live code per user and purpose.
CREATE TABLE one_time_codes (
  user_sub uuid NOT NULL REFERENCES users (sub) ON DELETE CASCADE,
  purpose text NOT NULL,                               -- SIGN_UP, FORGOT_PASSWORD, VERIFY_ATTRIBUTE:email, ...
  destination text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_sub, purpose)
);

-- Sign-in challenge sessions: the opaque `Session` string of InitiateAuth/RespondToAuthChallenge.
CREATE TABLE auth_sessions (
  id text PRIMARY KEY,                                 -- sha256 of the Session string handed out
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES app_clients (id) ON DELETE CASCADE,
  user_sub uuid REFERENCES users (sub) ON DELETE CASCADE,
  challenge_name text NOT NULL,
  state jsonb NOT NULL DEFAULT '{}',
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX auth_sessions_expires ON auth_sessions (expires_at);

-- One row per sign-in (origin): the refresh token's hash and the origin_jti every token of that
-- sign-in carries. Revoking sets revoked_at; access tokens whose origin is revoked or gone are refused.
CREATE TABLE refresh_tokens (
  origin_jti uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,                     -- sha256 of the opaque refresh token
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES app_clients (id) ON DELETE CASCADE,
  user_sub uuid NOT NULL REFERENCES users (sub) ON DELETE CASCADE,
  device_key text,
  auth_time timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_sub);

CREATE TABLE devices (
  device_key text PRIMARY KEY,                         -- <region>_<uuid>
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  user_sub uuid NOT NULL REFERENCES users (sub) ON DELETE CASCADE,
  device_group_key text NOT NULL,
  srp_salt text,                                       -- hex, from ConfirmDevice
  srp_verifier text,                                   -- hex
  name text,
  remembered boolean NOT NULL DEFAULT false,
  confirmed boolean NOT NULL DEFAULT false,
  attributes jsonb NOT NULL DEFAULT '{}',
  last_ip text,
  last_authenticated_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX devices_user ON devices (user_sub);

-- TOTP time steps already accepted, so a code cannot be replayed inside its window.
CREATE TABLE used_totp_steps (
  user_sub uuid NOT NULL REFERENCES users (sub) ON DELETE CASCADE,
  step bigint NOT NULL,
  used_at timestamptz NOT NULL,
  PRIMARY KEY (user_sub, step)
);

CREATE TABLE webauthn_credentials (
  credential_id text PRIMARY KEY,                      -- base64url
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  user_sub uuid NOT NULL REFERENCES users (sub) ON DELETE CASCADE,
  public_key text NOT NULL,                            -- base64url COSE key
  sign_count bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]',
  friendly_name text,
  relying_party_id text NOT NULL,
  authenticator_attachment text,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX webauthn_credentials_user ON webauthn_credentials (user_sub);

-- Development-mode outbox of emails and texts (never written in production mode).
CREATE TABLE outbox_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pool_id text,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  destination text NOT NULL,
  subject text,
  body text NOT NULL,
  code text,
  created_at timestamptz NOT NULL
);
CREATE INDEX outbox_messages_destination ON outbox_messages (destination, id DESC);

-- Fixed-window counters of the abuse limits (wrong passwords, codes sent, requests per client).
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_expires ON rate_limit_counters (expires_at);

-- RS256 signing keys. The newest non-retired key signs; retired keys stay in the JWKS until
-- publish_until, when every token they signed has expired.
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  retired_at timestamptz,
  publish_until timestamptz
);

-- Identity pool (GetId / GetCredentialsForIdentity).
CREATE TABLE identity_pools (
  id text PRIMARY KEY,                                 -- us-east-1:<uuid>
  name text NOT NULL,
  allow_unauthenticated boolean NOT NULL DEFAULT false,
  user_pool_id text REFERENCES user_pools (id) ON DELETE SET NULL,
  client_ids jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL
);

CREATE TABLE identities (
  id text PRIMARY KEY,                                 -- us-east-1:<uuid>
  identity_pool_id text NOT NULL REFERENCES identity_pools (id) ON DELETE CASCADE,
  login_key text,                                      -- "<issuer>:<sub>" for authenticated identities, NULL for guests
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  CONSTRAINT identities_login UNIQUE (identity_pool_id, login_key)
);
