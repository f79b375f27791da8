-- User-pool domains (CreateUserPoolDomain): a prefix domain (`<prefix>`, served as
-- `<prefix>.<MANAGED_LOGIN_DOMAIN_SUFFIX>`) or a custom domain (a full host name) binds managed login
-- to its pool: a request whose Host is the domain signs in to that pool only. A domain belongs to
-- one pool; a pool has at most one domain of each kind, as on Cognito.
CREATE TABLE user_pool_domains (
  domain text PRIMARY KEY,                             -- lower case: the prefix, or the custom host name
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  custom boolean NOT NULL,
  certificate_arn text,                                -- CustomDomainConfig.CertificateArn, kept for DescribeUserPoolDomain
  managed_login_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT user_pool_domains_kind UNIQUE (pool_id, custom)
);
