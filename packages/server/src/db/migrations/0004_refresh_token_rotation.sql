-- Refresh-token rotation (app clients with RefreshTokenRotation ENABLED; src/tokens/refresh-rotation.ts).
-- A sign-in (one refresh_tokens row, its origin_jti) is a token family: refresh_tokens.token_hash is
-- the family's current refresh token; every token it replaced is kept here, as a hash, with the
-- moment it was rotated out. Presented within the client's grace period it still works; after it,
-- it is reuse and revokes the family. Rows go with their family (pruned a day after it expires).
CREATE TABLE rotated_refresh_tokens (
  token_hash text PRIMARY KEY,                         -- sha256 of a refresh token that was rotated out
  origin_jti uuid NOT NULL REFERENCES refresh_tokens (origin_jti) ON DELETE CASCADE,
  superseded_at timestamptz NOT NULL                   -- when the family's next token replaced it
);
CREATE INDEX rotated_refresh_tokens_origin ON rotated_refresh_tokens (origin_jti);

-- The token the last rotation replaced: the rotating UPDATE sets it from the row it locked
-- (`previous_token_hash = token_hash`) and returns it, so the replaced token is recorded in the
-- same statement, whatever other process rotated the family just before.
ALTER TABLE refresh_tokens ADD COLUMN previous_token_hash text;

-- App-client settings of CreateUserPoolClient / UpdateUserPoolClient that 0001 and 0003 lack.
ALTER TABLE app_clients ADD COLUMN default_redirect_uri text;
ALTER TABLE app_clients ADD COLUMN token_validity_units jsonb NOT NULL DEFAULT '{"AccessToken":"hours","IdToken":"hours","RefreshToken":"days"}';
