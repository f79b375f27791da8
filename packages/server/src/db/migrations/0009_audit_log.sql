-- The audit trail (src/audit/): an append-only, hash-chained log of security events, admin actions and
-- business data changes. Each row is written in the transaction of the change it records, by
-- audit_append() as that transaction's last statement.
--
-- Chain: hash = SHA-256(prev_hash || convert_to(seq || E'\n' || entry::text, 'UTF8')), entry::text being
-- jsonb's own rendering (keys sorted, one spacing), so the hashed bytes are what a reader gets back.
-- `cli audit verify` recomputes every hash from the anchor to the head and names the first bad row.
CREATE TABLE audit_log (
  seq bigint PRIMARY KEY,                   -- 1, 2, 3… without gaps, in commit order
  at timestamptz NOT NULL,                  -- entry->>'at' (the server's clock)
  action text NOT NULL,                     -- entry->>'action', e.g. sign_in, admin.user.created, data.update
  outcome text NOT NULL,                    -- success | failure
  actor_sub text,                           -- who did it (entry->'actor')
  actor_name text,
  subject_sub text,                         -- the user it is about (entry->'subject')
  subject_name text,
  record_type text,                         -- the record it changed (entry->'record')
  record_id text,
  -- What searches match (entry->'keys', made by the server): 'u:' + each lower-cased sub and name of
  -- actor and subject, 'r:' + the record's id and each related record's id (e.g. a payment's account).
  search_keys text[] NOT NULL,
  entry jsonb NOT NULL,                     -- the whole event; the columns above are copies of its parts
  prev_hash bytea NOT NULL,
  hash bytea NOT NULL
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_action ON audit_log (action, seq);
CREATE INDEX audit_log_subject ON audit_log (subject_sub, seq) WHERE subject_sub IS NOT NULL;
CREATE INDEX audit_log_search ON audit_log USING gin (search_keys);

-- Two rows: 'head' (seq and hash of the newest row; its row lock orders appends) and 'anchor' (seq and
-- hash of the last row pruned by retention: the first kept row's prev_hash). Both start at the genesis.
CREATE TABLE audit_chain (
  name text PRIMARY KEY CHECK (name IN ('head', 'anchor')),
  seq bigint NOT NULL,
  hash bytea NOT NULL
);
INSERT INTO audit_chain (name, seq, hash) VALUES
  ('head', 0, '\x0000000000000000000000000000000000000000000000000000000000000000'),
  ('anchor', 0, '\x0000000000000000000000000000000000000000000000000000000000000000');

-- Appends events (jsonb objects) to the chain. Takes the head's row lock, which the transaction holds
-- until it commits: called as the last statement, the lock is held only for the commit, and rows are
-- chained in commit order however many processes write. Returns the seq of the last row (NULL: none).
CREATE FUNCTION audit_append(entries jsonb[]) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  head_seq bigint;
  head_hash bytea;
  next_hash bytea;
  e jsonb;
BEGIN
  IF entries IS NULL OR cardinality(entries) = 0 THEN
    RETURN NULL;
  END IF;
  SELECT seq, hash INTO head_seq, head_hash FROM audit_chain WHERE name = 'head' FOR UPDATE;
  FOREACH e IN ARRAY entries LOOP
    head_seq := head_seq + 1;
    next_hash := sha256(head_hash || convert_to(head_seq::text || E'\n' || e::text, 'UTF8'));
    INSERT INTO audit_log (seq, at, action, outcome, actor_sub, actor_name, subject_sub, subject_name, record_type, record_id, search_keys, entry, prev_hash, hash)
    VALUES (
      head_seq, (e->>'at')::timestamptz, e->>'action', e->>'outcome',
      e->'actor'->>'sub', e->'actor'->>'name', e->'subject'->>'sub', e->'subject'->>'name', e->'record'->>'type', e->'record'->>'id',
      ARRAY(SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(e->'keys') = 'array' THEN e->'keys' ELSE '[]'::jsonb END)),
      e, head_hash, next_hash
    );
    head_hash := next_hash;
  END LOOP;
  UPDATE audit_chain SET seq = head_seq, hash = head_hash WHERE name = 'head';
  RETURN head_seq;
END $$;

-- Append-only: updates and truncation are refused; deletes only from retention pruning, which sets
-- steward.audit_prune for its transaction (src/audit/audit-retention.ts). A database owner can still
-- drop the trigger: that is what the hash chain is for.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('steward.audit_prune', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
