-- Federation settings of a pool (CreateIdentityProvider and its siblings), the federated identities
-- linked to its users (AdminLinkProviderForUser), and what managed login shows: classic UI
-- customization (SetUICustomization), managed-login branding styles and terms documents.

-- A pool's identity providers. The secret members of ProviderDetails (client_secret, private_key)
-- are not in `details`: they are in `sealed_secrets`, a JSON object sealed by the SecretBox for
-- "identity-provider:<id>" (src/sealing/), so a reader of the database cannot act as the pool.
CREATE TABLE identity_providers (
  id text PRIMARY KEY,                                  -- random; what the sealed secrets are bound to
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  name text NOT NULL,                                   -- ProviderName, case-sensitive as Cognito's
  provider_type text NOT NULL CHECK (provider_type IN ('SAML', 'Facebook', 'Google', 'LoginWithAmazon', 'SignInWithApple', 'OIDC')),
  details jsonb NOT NULL DEFAULT '{}',                  -- ProviderDetails without the secret members
  sealed_secrets text,                                  -- sealed JSON of the secret members; NULL: none
  attribute_mapping jsonb NOT NULL DEFAULT '{}',        -- user pool attribute -> provider claim
  idp_identifiers jsonb NOT NULL DEFAULT '[]',
  acr_mapping jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT identity_providers_pool_name UNIQUE (pool_id, name)
);

-- IdpIdentifiers are unique within a pool (GetIdentityProviderByIdentifier finds one provider).
CREATE TABLE identity_provider_identifiers (
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  identifier text NOT NULL,
  provider_id text NOT NULL REFERENCES identity_providers (id) ON DELETE CASCADE,
  PRIMARY KEY (pool_id, identifier)
);

-- Federated identities linked to existing users. One provider identity belongs to one user.
CREATE TABLE user_linked_identities (
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  provider_id text NOT NULL REFERENCES identity_providers (id) ON DELETE CASCADE,
  attribute_name text NOT NULL,                         -- SourceUser.ProviderAttributeName (Cognito_Subject, email …)
  attribute_value text NOT NULL,                        -- SourceUser.ProviderAttributeValue (the provider's user id)
  sub uuid NOT NULL REFERENCES users (sub) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (provider_id, attribute_value)
);
CREATE INDEX user_linked_identities_sub ON user_linked_identities (sub);

-- Classic hosted-UI customization: per pool (client_id NULL, Cognito's ALL) or per app client (gone
-- with the client).
CREATE TABLE ui_customizations (
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  client_id text REFERENCES app_clients (id) ON DELETE CASCADE,  -- NULL for the whole pool
  css text,
  css_version text,
  image_type text,                                      -- image/png | image/jpeg
  image_base64 text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX ui_customizations_key ON ui_customizations (pool_id, (coalesce(client_id, '')));

-- Managed-login branding styles: one per app client.
CREATE TABLE managed_login_brandings (
  id text PRIMARY KEY,                                  -- ManagedLoginBrandingId (a UUID)
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES app_clients (id) ON DELETE CASCADE,
  use_cognito_provided_values boolean NOT NULL,
  settings jsonb,                                       -- the Settings document; NULL with UseCognitoProvidedValues
  assets jsonb NOT NULL DEFAULT '[]',                   -- [{Category, ColorMode, Extension, Bytes (base64), ResourceId}]
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT managed_login_brandings_client UNIQUE (client_id)
);

-- Terms documents (terms of use, privacy policy) of an app client, shown by managed login.
CREATE TABLE terms (
  id text PRIMARY KEY,                                  -- TermsId (a UUID)
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES app_clients (id) ON DELETE CASCADE,
  name text NOT NULL,
  source text NOT NULL,                                 -- LINK
  enforcement text NOT NULL,                            -- NONE
  links jsonb NOT NULL,                                 -- {"cognito:default": url, "cognito:english": url, …}
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT terms_client_name UNIQUE (client_id, name)
);
CREATE INDEX terms_pool ON terms (pool_id, created_at);
