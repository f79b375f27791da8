-- Managed login (OAuth 2.0 / OpenID Connect) settings of an app client, as Cognito's
-- CreateUserPoolClient / UpdateUserPoolClient name them. A client takes part in managed login only
-- when allowed_oauth_flows_user_pool_client is true and it allows at least one flow.
ALTER TABLE app_clients ADD COLUMN allowed_oauth_flows jsonb NOT NULL DEFAULT '[]';          -- 'code' | 'implicit' | 'client_credentials'
ALTER TABLE app_clients ADD COLUMN allowed_oauth_scopes jsonb NOT NULL DEFAULT '[]';         -- openid, email, phone, profile, aws.cognito.signin.user.admin, <resource server>/<scope>
ALTER TABLE app_clients ADD COLUMN allowed_oauth_flows_user_pool_client boolean NOT NULL DEFAULT false;
ALTER TABLE app_clients ADD COLUMN supported_identity_providers jsonb NOT NULL DEFAULT '[]';  -- 'COGNITO' and federated provider names
-- RefreshTokenRotation: with rotation on, every refresh returns a new refresh token and the one it
-- replaces keeps working for refresh_token_grace_seconds (0–60) only.
ALTER TABLE app_clients ADD COLUMN refresh_token_rotation boolean NOT NULL DEFAULT false;
ALTER TABLE app_clients ADD COLUMN refresh_token_grace_seconds integer NOT NULL DEFAULT 0 CHECK (refresh_token_grace_seconds BETWEEN 0 AND 60);

-- Resource servers: the custom scopes (<identifier>/<scope name>) a client may be allowed.
CREATE TABLE resource_servers (
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  identifier text NOT NULL,
  name text NOT NULL,
  scopes jsonb NOT NULL DEFAULT '[]',                 -- [{ "ScopeName": …, "ScopeDescription": … }]
  created_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, identifier)
);

-- The app client created on first start signs in through managed login too.
UPDATE app_clients
   SET allowed_oauth_flows = '["code"]',
       allowed_oauth_scopes = '["openid","email","phone","profile","aws.cognito.signin.user.admin"]',
       allowed_oauth_flows_user_pool_client = true,
       supported_identity_providers = '["COGNITO"]'
 WHERE id IN (SELECT value ->> 'clientId' FROM server_settings WHERE key = 'default_pool');
