-- Client-secret rotation (AddUserPoolClientSecret / ListUserPoolClientSecrets / DeleteUserPoolClientSecret,
-- src/user-pool/app-clients/client-secrets.ts). A confidential client has up to two active secrets:
-- `secret` (the one DescribeUserPoolClient shows) and at most one more in `more_secrets`. Both are
-- sealed for "client-secret:<client id>". secret_id / secret_created_at name and date `secret`; NULL
-- for a secret from before this migration or from CreateUserPoolClient: its id is then
-- "<client id>--<epoch ms of the client's creation>" and its date the client's creation.
ALTER TABLE app_clients ADD COLUMN secret_id text;
ALTER TABLE app_clients ADD COLUMN secret_created_at timestamptz;
-- [{"id": "<client id>--<epoch ms>", "secret": "sealed.v1…", "createdAt": "<ISO date>"}]
ALTER TABLE app_clients ADD COLUMN more_secrets jsonb NOT NULL DEFAULT '[]';

-- User sessions (ListUserSessions, RevokeUserSession and their Admin* forms; src/user-pool/user-sessions/).
-- A token session is a sign-in (a refresh_tokens row that anchors no hosted session); an SSO session
-- is a hosted_sessions row. last_used_at: the sign-in's last refresh (NULL: never refreshed), for
-- LastActiveDate and for evicting the least recently used token session beyond the pool's MaxPerUser.
ALTER TABLE refresh_tokens ADD COLUMN last_used_at timestamptz;
-- Where the sign-in came from, for DeviceType and LastIPAddress: the address and a short device name
-- made from the User-Agent ("Chrome 126 on Windows"; never the whole agent). NULL when not known.
ALTER TABLE refresh_tokens ADD COLUMN ip text;
ALTER TABLE refresh_tokens ADD COLUMN device_type text;

-- SetUserPoolClientSessionConfiguration: how long (minutes after the sign-in) this client silently
-- reuses a managed-login (SSO) session; NULL: Cognito's default, 60.
ALTER TABLE app_clients ADD COLUMN sso_max_validity_minutes integer;

-- The managed-login (SSO) session an authorization code, and the sign-in it yields, came through:
-- the token session's OriginSessionId, and what RevokeAssociatedSessions LINKED ends with it. No
-- foreign key: the id outlives its hosted session. NULL for sign-ins through the JSON API.
ALTER TABLE oauth_codes ADD COLUMN hosted_session_id uuid;
ALTER TABLE refresh_tokens ADD COLUMN hosted_session_id uuid;
