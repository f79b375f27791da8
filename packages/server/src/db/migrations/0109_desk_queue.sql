-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.

-- AccountMdl: columns and indexes added by this migration.
CREATE INDEX "AccountMdl_assignedTo_promiseDueDate_idx" ON "AccountMdl" ("assignedTo", "promiseDueDate", "id");
CREATE INDEX "AccountMdl_assignedTo_brokenPromiseAt_idx" ON "AccountMdl" ("assignedTo", "brokenPromiseAt", "id");
CREATE INDEX "AccountMdl_assignedTo_followUpAt_idx" ON "AccountMdl" ("assignedTo", "followUpAt", "id");
CREATE INDEX "AccountMdl_assignedTo_delinquencyDate_idx" ON "AccountMdl" ("assignedTo", "delinquencyDate", "id");

-- AccountActivityMdl: columns and indexes added by this migration.
ALTER TABLE "AccountActivityMdl" ADD COLUMN "clientReference" text;
CREATE INDEX "AccountActivityMdl_clientReference_idx" ON "AccountActivityMdl" ("clientReference", "id");
