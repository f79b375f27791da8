-- Lambda triggers as signed webhooks (src/user-pool/triggers/): the per-pool secret each request is
-- signed with (HMAC-SHA256, header X-Steward-Signature). Stored sealed (SecretBox, bound to
-- "trigger-secret:<pool id>"); during a rotation the previous secret stays active, and both
-- signatures are sent, until it is retired or `previous_expires_at` passes.
CREATE TABLE trigger_secrets (
  pool_id text PRIMARY KEY REFERENCES user_pools (id) ON DELETE CASCADE,
  current_secret text NOT NULL,
  previous_secret text,
  previous_expires_at timestamptz,
  rotated_at timestamptz NOT NULL
);
