-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.

-- ClientMdl: columns and indexes added by this migration.
DO $$
DECLARE duplicated text;
BEGIN
  SELECT string_agg(v, ', ') INTO duplicated FROM (SELECT "clientNumber" AS v FROM "ClientMdl" WHERE "clientNumber" IS NOT NULL GROUP BY "clientNumber" HAVING count(*) > 1 ORDER BY "clientNumber" LIMIT 10) d;
  IF duplicated IS NOT NULL THEN RAISE EXCEPTION 'Migration 0105: ClientMdl.clientNumber has duplicates (%); give each record its own clientNumber and start again.', duplicated USING ERRCODE = 'unique_violation'; END IF;
END $$;
CREATE UNIQUE INDEX "ClientMdl_clientNumber_key" ON "ClientMdl" ("clientNumber") WHERE "clientNumber" IS NOT NULL;
