-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.

-- AccountMdl: columns and indexes added by this migration.
ALTER TABLE "AccountMdl" ADD COLUMN "assignedTo" text;
ALTER TABLE "AccountMdl" ADD COLUMN "lastContactAt" timestamptz;
ALTER TABLE "AccountMdl" ADD COLUMN "promiseDueDate" date;
ALTER TABLE "AccountMdl" ADD COLUMN "brokenPromiseAt" timestamptz;
ALTER TABLE "AccountMdl" ADD COLUMN "followUpAt" timestamptz;
CREATE INDEX "AccountMdl_assignedTo_idx" ON "AccountMdl" ("assignedTo", "id");
CREATE INDEX "AccountMdl_assignedTo_accountStatus_idx" ON "AccountMdl" ("assignedTo", "accountStatus", "id");

-- TransactionMdl: columns and indexes added by this migration.
ALTER TABLE "TransactionMdl" ADD COLUMN "amountCents" integer;
ALTER TABLE "TransactionMdl" ADD COLUMN "method" text;
ALTER TABLE "TransactionMdl" ADD COLUMN "reversalOf" text;
ALTER TABLE "TransactionMdl" ADD COLUMN "reversedBy" text;
ALTER TABLE "TransactionMdl" ADD COLUMN "reversalReason" text;
CREATE INDEX "TransactionMdl_reversalOf_idx" ON "TransactionMdl" ("reversalOf", "id");

-- PromiseMdl: A debtor's promise to pay on an account: one payment, a plan of installments or a repeating amount, each installment with its state.
CREATE TABLE "PromiseMdl" (
  "id" text PRIMARY KEY,
  "accountmdlID" text,
  "debtormdlID" text,
  "clientNumber" text,
  "fileNumber" text,
  "kind" text NOT NULL,
  "totalCents" integer,
  "graceDays" integer,
  "timeZone" text,
  "installments" text,
  "status" text,
  "nextDueDate" date,
  "takenBy" text,
  "takenAt" timestamptz,
  "brokenAt" timestamptz,
  "cancelledAt" timestamptz,
  "cancelReason" text,
  "clientReference" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "_version" integer NOT NULL DEFAULT 1
);
CREATE INDEX "PromiseMdl_accountmdlID_idx" ON "PromiseMdl" ("accountmdlID", "id");
CREATE INDEX "PromiseMdl_debtormdlID_idx" ON "PromiseMdl" ("debtormdlID", "id");
CREATE INDEX "PromiseMdl_clientNumber_idx" ON "PromiseMdl" ("clientNumber", "id");
CREATE INDEX "PromiseMdl_status_idx" ON "PromiseMdl" ("status", "id");
CREATE INDEX "PromiseMdl_clientReference_idx" ON "PromiseMdl" ("clientReference", "id");
CREATE INDEX "PromiseMdl_accountmdlID_status_idx" ON "PromiseMdl" ("accountmdlID", "status", "id");
CREATE INDEX "PromiseMdl_status_nextDueDate_idx" ON "PromiseMdl" ("status", "nextDueDate", "id");

-- FollowUpMdl: A task for a collector on an account: call back at a time, or work a broken promise.
CREATE TABLE "FollowUpMdl" (
  "id" text PRIMARY KEY,
  "accountmdlID" text,
  "clientNumber" text,
  "fileNumber" text,
  "assignedTo" text,
  "dueAt" timestamptz,
  "reason" text,
  "note" text,
  "status" text,
  "promisemdlID" text,
  "createdBy" text,
  "doneAt" timestamptz,
  "doneBy" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "_version" integer NOT NULL DEFAULT 1
);
CREATE INDEX "FollowUpMdl_accountmdlID_idx" ON "FollowUpMdl" ("accountmdlID", "id");
CREATE INDEX "FollowUpMdl_clientNumber_idx" ON "FollowUpMdl" ("clientNumber", "id");
CREATE INDEX "FollowUpMdl_assignedTo_idx" ON "FollowUpMdl" ("assignedTo", "id");
CREATE INDEX "FollowUpMdl_status_idx" ON "FollowUpMdl" ("status", "id");
CREATE INDEX "FollowUpMdl_promisemdlID_idx" ON "FollowUpMdl" ("promisemdlID", "id");
CREATE INDEX "FollowUpMdl_assignedTo_status_idx" ON "FollowUpMdl" ("assignedTo", "status", "id");
CREATE INDEX "FollowUpMdl_accountmdlID_status_idx" ON "FollowUpMdl" ("accountmdlID", "status", "id");

-- AccountActivityMdl: One entry of an account's activity timeline (call, note, promise, payment, status change…), appended in the transaction of the change it records.
CREATE TABLE "AccountActivityMdl" (
  "id" text PRIMARY KEY,
  "accountmdlID" text NOT NULL,
  "clientNumber" text,
  "kind" text NOT NULL,
  "at" timestamptz NOT NULL,
  "actor" text,
  "actorName" text,
  "summary" text,
  "details" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "_version" integer NOT NULL DEFAULT 1
);
CREATE INDEX "AccountActivityMdl_accountmdlID_idx" ON "AccountActivityMdl" ("accountmdlID", "id");
CREATE INDEX "AccountActivityMdl_clientNumber_idx" ON "AccountActivityMdl" ("clientNumber", "id");
CREATE INDEX "AccountActivityMdl_accountmdlID_at_sorted_idx" ON "AccountActivityMdl" ("accountmdlID", "at", "id");
