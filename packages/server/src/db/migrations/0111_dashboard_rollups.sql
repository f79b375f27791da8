-- Written by hand (not generated from the data model): the collections dashboard's pre-computed totals
-- (issue 22; docs/server.md "The dashboard's totals", docs/decisions.md).
--
-- Every write to the four tables the dashboard reads (AccountMdl, TransactionMdl, PromiseMdl,
-- contact_attempts) — by a desk operation, the data API, an import, the campaign runner or plain SQL —
-- fires a statement-level trigger that appends what the write changed to desk_rollup_delta, in the same
-- transaction. desk_rollup_fold() moves the committed deltas into desk_rollup exactly once (DELETE …
-- RETURNING and the upsert are one statement), summed over the four grains the dashboard asks for. The
-- dashboard reads desk_rollup plus the deltas not yet folded, so it is exact at every moment; writers
-- only ever INSERT deltas, so they never wait for each other on a shared total.
--
-- Sums are numeric (no overflow can stop a fold; the dashboard casts its answers as the base-table
-- aggregates would). The trigger functions, the fold and the rebuild run with the search_path they were
-- created with, so a session on another schema cannot make them count another schema's tables.
--
-- Keys: client_key and collector_key are '*' (every client / every collector: folded rows only), ''
-- (the account has no clientNumber / assignedTo) or '=' followed by the value. A figure is counted
-- under its account's current client and collector: when an account changes either, the trigger moves
-- its transactions, promises and contact attempts from the old keys to the new ones.
--
-- metric      day                          tag                  aux                      n          amount             paid
-- account     'infinity'                   account clientName   'infinity'               accounts   placed cents       paid cents
-- aging       delinquencyDate ('infinity'  ''                   'infinity'               accounts   balance cents      0
--             when none)
-- collected   paymentDate                  ''                   'infinity'               rows       net cents          0
-- promise     installment due date         installment state    lastKeepDate of a        rows       amount cents       paid cents
--                                                                partially_kept one
-- contact     attempted_at's UTC date      outcome              'infinity'               attempts   0                  0

CREATE TABLE desk_rollup (
  metric text NOT NULL,
  client_key text NOT NULL,
  collector_key text NOT NULL,
  day date NOT NULL,
  tag text NOT NULL,
  aux date NOT NULL,
  n numeric NOT NULL,
  amount numeric NOT NULL,
  paid numeric NOT NULL,
  PRIMARY KEY (metric, client_key, collector_key, day, tag, aux)
);

CREATE TABLE desk_rollup_delta (
  metric text NOT NULL,
  client_key text NOT NULL,
  collector_key text NOT NULL,
  day date NOT NULL,
  tag text NOT NULL,
  aux date NOT NULL,
  n numeric NOT NULL,
  amount numeric NOT NULL,
  paid numeric NOT NULL
);

-- The key of a client or collector value: '' for none, '=' and the value otherwise.
CREATE FUNCTION desk_rollup_key(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN value IS NULL THEN '' ELSE '=' || value END $$;

-- What one account adds by itself (liquidation and aging), times factor (1 to add, -1 to take away).
CREATE FUNCTION desk_rollup_of_account(client_number text, assigned_to text, client_name text, original numeric, paid_amount numeric, delinquency date, balance numeric, factor integer)
RETURNS TABLE (metric text, client_key text, collector_key text, day date, tag text, aux date, n bigint, amount bigint, paid bigint)
LANGUAGE sql STABLE
AS $$
  SELECT 'account', desk_rollup_key(client_number), desk_rollup_key(assigned_to), 'infinity'::date, desk_rollup_key(client_name), 'infinity'::date,
         factor::bigint, factor * (coalesce(original, 0) * 100)::bigint, factor * (coalesce(paid_amount, 0) * 100)::bigint
  UNION ALL
  SELECT 'aging', desk_rollup_key(client_number), desk_rollup_key(assigned_to), coalesce(delinquency, 'infinity'::date), '', 'infinity'::date,
         factor::bigint, factor * (coalesce(balance, 0) * 100)::bigint, 0::bigint
$$;

-- What one transaction adds to its account's keys: payments and reversals (any case) with a payment
-- date, in cents (desk postings carry cents, imported payments dollars).
CREATE FUNCTION desk_rollup_of_transaction(in_client text, in_collector text, transaction_type text, payment_date date, amount_cents integer, payment_amount numeric, factor integer)
RETURNS TABLE (metric text, client_key text, collector_key text, day date, tag text, aux date, n bigint, amount bigint, paid bigint)
LANGUAGE sql STABLE
AS $$
  SELECT 'collected', in_client, in_collector, payment_date, '', 'infinity'::date,
         factor::bigint, factor * coalesce(amount_cents, round(coalesce(payment_amount, 0) * 100))::bigint, 0::bigint
   WHERE lower(transaction_type) IN ('payment', 'reversal') AND payment_date IS NOT NULL
$$;

-- What one promise adds: its installments with a due date that are not cancelled, unless the whole
-- promise is cancelled. A partly kept installment keeps its last keep date (the dashboard counts it
-- broken once that date has passed, pending before).
CREATE FUNCTION desk_rollup_of_promise(in_client text, in_collector text, promise_status text, installments text, factor integer)
RETURNS TABLE (metric text, client_key text, collector_key text, day date, tag text, aux date, n bigint, amount bigint, paid bigint)
LANGUAGE sql STABLE
AS $$
  SELECT 'promise', in_client, in_collector, i.due, i.state,
         CASE WHEN i.state = 'partially_kept' THEN coalesce(i.last_keep, 'infinity'::date) ELSE 'infinity'::date END,
         factor::bigint, factor * coalesce(i.amount, 0), factor * i.paid
    FROM (SELECT x->>'state' AS state, (x->>'amountCents')::bigint AS amount, coalesce((x->>'paidCents')::bigint, 0) AS paid,
                 (x->>'dueDate')::date AS due, (x->>'lastKeepDate')::date AS last_keep
            FROM jsonb_array_elements(coalesce(installments, '[]')::jsonb) AS x) i
   WHERE promise_status <> 'cancelled' AND i.state <> 'cancelled' AND i.due IS NOT NULL
$$;

-- What one contact attempt adds: one attempt on its UTC date with its outcome.
CREATE FUNCTION desk_rollup_of_contact(in_client text, in_collector text, attempted_at timestamptz, outcome text, factor integer)
RETURNS TABLE (metric text, client_key text, collector_key text, day date, tag text, aux date, n bigint, amount bigint, paid bigint)
LANGUAGE sql STABLE
AS $$
  SELECT 'contact', in_client, in_collector, (attempted_at AT TIME ZONE 'UTC')::date, outcome, 'infinity'::date, factor::bigint, 0::bigint, 0::bigint
$$;

-- What an account's transactions, promises and contact attempts add under the given keys.
CREATE FUNCTION desk_rollup_of_dependents(for_account text, in_client text, in_collector text, factor integer)
RETURNS TABLE (metric text, client_key text, collector_key text, day date, tag text, aux date, n bigint, amount bigint, paid bigint)
LANGUAGE sql STABLE
AS $$
  SELECT r.* FROM "TransactionMdl" t CROSS JOIN LATERAL desk_rollup_of_transaction(in_client, in_collector, t."transactionType", t."paymentDate", t."amountCents", t."paymentAmount", factor) r WHERE t."accountmdlID" = for_account
  UNION ALL
  SELECT r.* FROM "PromiseMdl" p CROSS JOIN LATERAL desk_rollup_of_promise(in_client, in_collector, p."status", p."installments", factor) r WHERE p."accountmdlID" = for_account
  UNION ALL
  SELECT r.* FROM contact_attempts c CROSS JOIN LATERAL desk_rollup_of_contact(in_client, in_collector, c.attempted_at, c.outcome, factor) r WHERE c.account_id = for_account
$$;

-- AccountMdl: its own figures when a figure's column changed; its dependents' keys when the account
-- appeared, went, or changed client or collector.
CREATE FUNCTION desk_rollup_accounts_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM (SELECT o.* FROM new_rows a CROSS JOIN LATERAL desk_rollup_of_account(a."clientNumber", a."assignedTo", a."clientName", a."originalUpbLoaded", a."amountPaid", a."delinquencyDate", a."currentUpb", 1) o
            UNION ALL
            SELECT d.* FROM new_rows a CROSS JOIN LATERAL desk_rollup_of_dependents(a."id", desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), 1) d) r
     GROUP BY 1, 2, 3, 4, 5, 6;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM (SELECT o.* FROM old_rows a CROSS JOIN LATERAL desk_rollup_of_account(a."clientNumber", a."assignedTo", a."clientName", a."originalUpbLoaded", a."amountPaid", a."delinquencyDate", a."currentUpb", -1) o
            UNION ALL
            SELECT d.* FROM old_rows a CROSS JOIN LATERAL desk_rollup_of_dependents(a."id", desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), -1) d) r
     GROUP BY 1, 2, 3, 4, 5, 6;
  ELSE
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM (SELECT o.* FROM old_rows a CROSS JOIN LATERAL desk_rollup_of_account(a."clientNumber", a."assignedTo", a."clientName", a."originalUpbLoaded", a."amountPaid", a."delinquencyDate", a."currentUpb", -1) o
             WHERE NOT EXISTS (SELECT 1 FROM new_rows b WHERE b."id" = a."id"
                                 AND (b."clientNumber", b."assignedTo", b."clientName", b."originalUpbLoaded", b."amountPaid", b."delinquencyDate", b."currentUpb")
                                     IS NOT DISTINCT FROM (a."clientNumber", a."assignedTo", a."clientName", a."originalUpbLoaded", a."amountPaid", a."delinquencyDate", a."currentUpb"))
            UNION ALL
            SELECT o.* FROM new_rows a CROSS JOIN LATERAL desk_rollup_of_account(a."clientNumber", a."assignedTo", a."clientName", a."originalUpbLoaded", a."amountPaid", a."delinquencyDate", a."currentUpb", 1) o
             WHERE NOT EXISTS (SELECT 1 FROM old_rows b WHERE b."id" = a."id"
                                 AND (b."clientNumber", b."assignedTo", b."clientName", b."originalUpbLoaded", b."amountPaid", b."delinquencyDate", b."currentUpb")
                                     IS NOT DISTINCT FROM (a."clientNumber", a."assignedTo", a."clientName", a."originalUpbLoaded", a."amountPaid", a."delinquencyDate", a."currentUpb"))
            UNION ALL
            SELECT d.* FROM old_rows a CROSS JOIN LATERAL desk_rollup_of_dependents(a."id", desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), -1) d
             WHERE NOT EXISTS (SELECT 1 FROM new_rows b WHERE b."id" = a."id" AND (b."clientNumber", b."assignedTo") IS NOT DISTINCT FROM (a."clientNumber", a."assignedTo"))
            UNION ALL
            SELECT d.* FROM new_rows a CROSS JOIN LATERAL desk_rollup_of_dependents(a."id", desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), 1) d
             WHERE NOT EXISTS (SELECT 1 FROM old_rows b WHERE b."id" = a."id" AND (b."clientNumber", b."assignedTo") IS NOT DISTINCT FROM (a."clientNumber", a."assignedTo"))) r
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(r.n) <> 0 OR sum(r.amount) <> 0 OR sum(r.paid) <> 0;
  END IF;
  RETURN NULL;
END
$$;

-- TransactionMdl: a transaction's figure under its account's keys, when a column it depends on changed.
CREATE FUNCTION desk_rollup_transactions_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM new_rows t JOIN "AccountMdl" a ON a."id" = t."accountmdlID"
     CROSS JOIN LATERAL desk_rollup_of_transaction(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), t."transactionType", t."paymentDate", t."amountCents", t."paymentAmount", 1) r
     GROUP BY 1, 2, 3, 4, 5, 6;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM old_rows t JOIN "AccountMdl" a ON a."id" = t."accountmdlID"
     CROSS JOIN LATERAL desk_rollup_of_transaction(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), t."transactionType", t."paymentDate", t."amountCents", t."paymentAmount", -1) r
     GROUP BY 1, 2, 3, 4, 5, 6;
  ELSE
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM (SELECT x.* FROM old_rows t JOIN "AccountMdl" a ON a."id" = t."accountmdlID"
             CROSS JOIN LATERAL desk_rollup_of_transaction(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), t."transactionType", t."paymentDate", t."amountCents", t."paymentAmount", -1) x
             WHERE NOT EXISTS (SELECT 1 FROM new_rows u WHERE u."id" = t."id"
                                 AND (u."accountmdlID", u."transactionType", u."paymentDate", u."amountCents", u."paymentAmount")
                                     IS NOT DISTINCT FROM (t."accountmdlID", t."transactionType", t."paymentDate", t."amountCents", t."paymentAmount"))
            UNION ALL
            SELECT x.* FROM new_rows t JOIN "AccountMdl" a ON a."id" = t."accountmdlID"
             CROSS JOIN LATERAL desk_rollup_of_transaction(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), t."transactionType", t."paymentDate", t."amountCents", t."paymentAmount", 1) x
             WHERE NOT EXISTS (SELECT 1 FROM old_rows u WHERE u."id" = t."id"
                                 AND (u."accountmdlID", u."transactionType", u."paymentDate", u."amountCents", u."paymentAmount")
                                     IS NOT DISTINCT FROM (t."accountmdlID", t."transactionType", t."paymentDate", t."amountCents", t."paymentAmount"))) r
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(r.n) <> 0 OR sum(r.amount) <> 0 OR sum(r.paid) <> 0;
  END IF;
  RETURN NULL;
END
$$;

-- PromiseMdl: a promise's installments under its account's keys, when its status or installments changed.
CREATE FUNCTION desk_rollup_promises_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM new_rows p JOIN "AccountMdl" a ON a."id" = p."accountmdlID"
     CROSS JOIN LATERAL desk_rollup_of_promise(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), p."status", p."installments", 1) r
     GROUP BY 1, 2, 3, 4, 5, 6;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM old_rows p JOIN "AccountMdl" a ON a."id" = p."accountmdlID"
     CROSS JOIN LATERAL desk_rollup_of_promise(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), p."status", p."installments", -1) r
     GROUP BY 1, 2, 3, 4, 5, 6;
  ELSE
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM (SELECT x.* FROM old_rows p JOIN "AccountMdl" a ON a."id" = p."accountmdlID"
             CROSS JOIN LATERAL desk_rollup_of_promise(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), p."status", p."installments", -1) x
             WHERE NOT EXISTS (SELECT 1 FROM new_rows q WHERE q."id" = p."id"
                                 AND (q."accountmdlID", q."status", q."installments") IS NOT DISTINCT FROM (p."accountmdlID", p."status", p."installments"))
            UNION ALL
            SELECT x.* FROM new_rows p JOIN "AccountMdl" a ON a."id" = p."accountmdlID"
             CROSS JOIN LATERAL desk_rollup_of_promise(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), p."status", p."installments", 1) x
             WHERE NOT EXISTS (SELECT 1 FROM old_rows q WHERE q."id" = p."id"
                                 AND (q."accountmdlID", q."status", q."installments") IS NOT DISTINCT FROM (p."accountmdlID", p."status", p."installments"))) r
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(r.n) <> 0 OR sum(r.amount) <> 0 OR sum(r.paid) <> 0;
  END IF;
  RETURN NULL;
END
$$;

-- contact_attempts: an attempt under its account's keys, when its account, time or outcome changed.
CREATE FUNCTION desk_rollup_contacts_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM new_rows c JOIN "AccountMdl" a ON a."id" = c.account_id
     CROSS JOIN LATERAL desk_rollup_of_contact(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), c.attempted_at, c.outcome, 1) r
     GROUP BY 1, 2, 3, 4, 5, 6;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM old_rows c JOIN "AccountMdl" a ON a."id" = c.account_id
     CROSS JOIN LATERAL desk_rollup_of_contact(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), c.attempted_at, c.outcome, -1) r
     GROUP BY 1, 2, 3, 4, 5, 6;
  ELSE
    INSERT INTO desk_rollup_delta
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n), sum(r.amount), sum(r.paid)
      FROM (SELECT x.* FROM old_rows c JOIN "AccountMdl" a ON a."id" = c.account_id
             CROSS JOIN LATERAL desk_rollup_of_contact(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), c.attempted_at, c.outcome, -1) x
             WHERE NOT EXISTS (SELECT 1 FROM new_rows d WHERE d.id = c.id AND (d.account_id, d.attempted_at, d.outcome) IS NOT DISTINCT FROM (c.account_id, c.attempted_at, c.outcome))
            UNION ALL
            SELECT x.* FROM new_rows c JOIN "AccountMdl" a ON a."id" = c.account_id
             CROSS JOIN LATERAL desk_rollup_of_contact(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), c.attempted_at, c.outcome, 1) x
             WHERE NOT EXISTS (SELECT 1 FROM old_rows d WHERE d.id = c.id AND (d.account_id, d.attempted_at, d.outcome) IS NOT DISTINCT FROM (c.account_id, c.attempted_at, c.outcome))) r
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(r.n) <> 0 OR sum(r.amount) <> 0 OR sum(r.paid) <> 0;
  END IF;
  RETURN NULL;
END
$$;

-- TRUNCATE has no transition table: the figures that depend on the emptied table go (every figure
-- for AccountMdl, as they all hang off an account).
CREATE FUNCTION desk_rollup_truncated() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT
AS $$
DECLARE
  metrics text[] := CASE TG_TABLE_NAME WHEN 'AccountMdl' THEN ARRAY['account', 'aging', 'collected', 'promise', 'contact']
                                       WHEN 'TransactionMdl' THEN ARRAY['collected'] WHEN 'PromiseMdl' THEN ARRAY['promise'] ELSE ARRAY['contact'] END;
BEGIN
  LOCK TABLE desk_rollup IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM desk_rollup_delta WHERE metric = ANY (metrics);
  DELETE FROM desk_rollup WHERE metric = ANY (metrics);
  RETURN NULL;
END
$$;

CREATE TRIGGER desk_rollup_insert AFTER INSERT ON "AccountMdl" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_accounts_changed();
CREATE TRIGGER desk_rollup_update AFTER UPDATE ON "AccountMdl" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_accounts_changed();
CREATE TRIGGER desk_rollup_delete AFTER DELETE ON "AccountMdl" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_accounts_changed();
CREATE TRIGGER desk_rollup_truncate AFTER TRUNCATE ON "AccountMdl" FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_truncated();

CREATE TRIGGER desk_rollup_insert AFTER INSERT ON "TransactionMdl" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_transactions_changed();
CREATE TRIGGER desk_rollup_update AFTER UPDATE ON "TransactionMdl" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_transactions_changed();
CREATE TRIGGER desk_rollup_delete AFTER DELETE ON "TransactionMdl" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_transactions_changed();
CREATE TRIGGER desk_rollup_truncate AFTER TRUNCATE ON "TransactionMdl" FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_truncated();

CREATE TRIGGER desk_rollup_insert AFTER INSERT ON "PromiseMdl" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_promises_changed();
CREATE TRIGGER desk_rollup_update AFTER UPDATE ON "PromiseMdl" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_promises_changed();
CREATE TRIGGER desk_rollup_delete AFTER DELETE ON "PromiseMdl" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_promises_changed();
CREATE TRIGGER desk_rollup_truncate AFTER TRUNCATE ON "PromiseMdl" FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_truncated();

CREATE TRIGGER desk_rollup_insert AFTER INSERT ON contact_attempts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_contacts_changed();
CREATE TRIGGER desk_rollup_update AFTER UPDATE ON contact_attempts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_contacts_changed();
CREATE TRIGGER desk_rollup_delete AFTER DELETE ON contact_attempts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_contacts_changed();
CREATE TRIGGER desk_rollup_truncate AFTER TRUNCATE ON contact_attempts FOR EACH STATEMENT EXECUTE FUNCTION desk_rollup_truncated();

-- Moves the committed deltas into desk_rollup, each once, under the four grains (client and collector,
-- client, collector, everything); returns how many delta rows it folded. Folds run one at a time.
CREATE FUNCTION desk_rollup_fold() RETURNS bigint LANGUAGE plpgsql SET search_path FROM CURRENT
AS $$
DECLARE
  folded bigint;
  zero_metric text[];
  zero_client text[];
  zero_collector text[];
  zero_day date[];
  zero_tag text[];
  zero_aux date[];
BEGIN
  LOCK TABLE desk_rollup IN SHARE ROW EXCLUSIVE MODE;
  WITH moved AS (DELETE FROM desk_rollup_delta RETURNING *),
  fine AS (
    SELECT metric, client_key, collector_key, day, tag, aux, sum(n) AS n, sum(amount) AS amount, sum(paid) AS paid, count(*) AS deltas
      FROM moved GROUP BY 1, 2, 3, 4, 5, 6),
  upserted AS (
    INSERT INTO desk_rollup AS r (metric, client_key, collector_key, day, tag, aux, n, amount, paid)
    SELECT f.metric, g.client_key, g.collector_key, f.day, f.tag, f.aux, sum(f.n), sum(f.amount), sum(f.paid)
      FROM fine f CROSS JOIN LATERAL (VALUES (f.client_key, f.collector_key), ('*', f.collector_key), (f.client_key, '*'), ('*', '*')) AS g(client_key, collector_key)
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (metric, client_key, collector_key, day, tag, aux)
    DO UPDATE SET n = r.n + excluded.n, amount = r.amount + excluded.amount, paid = r.paid + excluded.paid
    RETURNING r.*)
  SELECT (SELECT coalesce(sum(deltas), 0) FROM fine),
         array_agg(u.metric) FILTER (WHERE u.n = 0 AND u.amount = 0 AND u.paid = 0), array_agg(u.client_key) FILTER (WHERE u.n = 0 AND u.amount = 0 AND u.paid = 0),
         array_agg(u.collector_key) FILTER (WHERE u.n = 0 AND u.amount = 0 AND u.paid = 0), array_agg(u.day) FILTER (WHERE u.n = 0 AND u.amount = 0 AND u.paid = 0),
         array_agg(u.tag) FILTER (WHERE u.n = 0 AND u.amount = 0 AND u.paid = 0), array_agg(u.aux) FILTER (WHERE u.n = 0 AND u.amount = 0 AND u.paid = 0)
    INTO folded, zero_metric, zero_client, zero_collector, zero_day, zero_tag, zero_aux
    FROM upserted u;
  -- Totals that came back to nothing (an account moved away, a promise cancelled) leave no row.
  IF zero_metric IS NOT NULL THEN
    DELETE FROM desk_rollup r
     USING unnest(zero_metric, zero_client, zero_collector, zero_day, zero_tag, zero_aux) AS z(metric, client_key, collector_key, day, tag, aux)
     WHERE (r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux) = (z.metric, z.client_key, z.collector_key, z.day, z.tag, z.aux)
       AND r.n = 0 AND r.amount = 0 AND r.paid = 0;
  END IF;
  RETURN folded;
END
$$;

-- Recomputes desk_rollup from the base tables and drops every delta. Writers to the base tables wait
-- while it runs (SHARE locks), so nothing is counted twice or missed.
CREATE FUNCTION desk_rollup_rebuild() RETURNS bigint LANGUAGE plpgsql SET search_path FROM CURRENT
AS $$
DECLARE
  total bigint;
BEGIN
  LOCK TABLE "AccountMdl", "TransactionMdl", "PromiseMdl", contact_attempts IN SHARE MODE;
  LOCK TABLE desk_rollup, desk_rollup_delta IN EXCLUSIVE MODE;
  DELETE FROM desk_rollup_delta;
  DELETE FROM desk_rollup;
  WITH fine AS (
    SELECT r.metric, r.client_key, r.collector_key, r.day, r.tag, r.aux, sum(r.n) AS n, sum(r.amount) AS amount, sum(r.paid) AS paid
      FROM (SELECT o.* FROM "AccountMdl" a CROSS JOIN LATERAL desk_rollup_of_account(a."clientNumber", a."assignedTo", a."clientName", a."originalUpbLoaded", a."amountPaid", a."delinquencyDate", a."currentUpb", 1) o
            UNION ALL
            SELECT x.* FROM "TransactionMdl" t JOIN "AccountMdl" a ON a."id" = t."accountmdlID"
             CROSS JOIN LATERAL desk_rollup_of_transaction(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), t."transactionType", t."paymentDate", t."amountCents", t."paymentAmount", 1) x
            UNION ALL
            SELECT x.* FROM "PromiseMdl" p JOIN "AccountMdl" a ON a."id" = p."accountmdlID"
             CROSS JOIN LATERAL desk_rollup_of_promise(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), p."status", p."installments", 1) x
            UNION ALL
            SELECT x.* FROM contact_attempts c JOIN "AccountMdl" a ON a."id" = c.account_id
             CROSS JOIN LATERAL desk_rollup_of_contact(desk_rollup_key(a."clientNumber"), desk_rollup_key(a."assignedTo"), c.attempted_at, c.outcome, 1) x) r
     GROUP BY 1, 2, 3, 4, 5, 6)
  INSERT INTO desk_rollup (metric, client_key, collector_key, day, tag, aux, n, amount, paid)
  SELECT f.metric, g.client_key, g.collector_key, f.day, f.tag, f.aux, sum(f.n), sum(f.amount), sum(f.paid)
    FROM fine f CROSS JOIN LATERAL (VALUES (f.client_key, f.collector_key), ('*', f.collector_key), (f.client_key, '*'), ('*', '*')) AS g(client_key, collector_key)
   GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(f.n) <> 0 OR sum(f.amount) <> 0 OR sum(f.paid) <> 0;
  GET DIAGNOSTICS total = ROW_COUNT;
  RETURN total;
END
$$;

-- Existing databases: the totals of what is already there.
SELECT desk_rollup_rebuild();
