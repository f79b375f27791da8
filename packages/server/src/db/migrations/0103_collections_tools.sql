-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.

-- AccountMdl: columns and indexes added by this migration.
ALTER TABLE "AccountMdl" ADD COLUMN "delinquencyDate" date;
ALTER TABLE "AccountMdl" ADD COLUMN "disputed" boolean;
CREATE UNIQUE INDEX "AccountMdl_natural_key" ON "AccountMdl" ("clientNumber", "fileNumber");

-- TransactionMdl: columns and indexes added by this migration.
ALTER TABLE "TransactionMdl" ADD COLUMN "transactionRef" text;
CREATE UNIQUE INDEX "TransactionMdl_natural_key" ON "TransactionMdl" ("clientNumber", "transactionRef");

-- DebtorMdl: A consumer obliged on an account and how to reach them: the contact a campaign plans for.
CREATE TABLE "DebtorMdl" (
  "id" text PRIMARY KEY,
  "clientNumber" text,
  "fileNumber" text,
  "debtorSeq" integer,
  "firstName" text,
  "lastName" text,
  "phone" text,
  "email" text,
  "streetAddress" text,
  "city" text,
  "zipCode" text,
  "state" text,
  "timeZone" text,
  "doNotContact" text,
  "accountmdlID" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "DebtorMdl_clientNumber_idx" ON "DebtorMdl" ("clientNumber", "id");
CREATE INDEX "DebtorMdl_fileNumber_idx" ON "DebtorMdl" ("fileNumber", "id");
CREATE INDEX "DebtorMdl_accountmdlID_idx" ON "DebtorMdl" ("accountmdlID", "id");
CREATE UNIQUE INDEX "DebtorMdl_natural_key" ON "DebtorMdl" ("clientNumber", "fileNumber", "debtorSeq");

-- ImportMdl: One import of a client file through a field mapping: who, when, which file and mapping, counts and errors.
CREATE TABLE "ImportMdl" (
  "id" text PRIMARY KEY,
  "fileName" text,
  "fileSize" integer,
  "fileHash" text,
  "entityName" text,
  "mappingId" text,
  "mapName" text,
  "importedBy" text,
  "status" text,
  "totalRows" integer,
  "validRows" integer,
  "errorRows" integer,
  "createdCount" integer,
  "updatedCount" integer,
  "rowsDone" integer,
  "errors" text,
  "startedAt" timestamptz,
  "finishedAt" timestamptz,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "ImportMdl_fileHash_idx" ON "ImportMdl" ("fileHash", "id");
CREATE INDEX "ImportMdl_status_idx" ON "ImportMdl" ("status", "id");
CREATE INDEX "ImportMdl_createdAt_sorted_idx" ON "ImportMdl" ("createdAt", "id");

-- CampaignMdl: A collection campaign: which accounts (a filter), one channel, a date range and daily windows.
CREATE TABLE "CampaignMdl" (
  "id" text PRIMARY KEY,
  "campaignName" text,
  "description" text,
  "channel" text NOT NULL,
  "status" text,
  "accountFilter" text,
  "startDate" date,
  "endDate" date,
  "timeZone" text,
  "dailyWindows" text,
  "messageTemplate" text,
  "maxAttemptsPerAccount" integer,
  "plannedCount" integer,
  "refusedCount" integer,
  "lastPlannedAt" timestamptz,
  "createdBy" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "CampaignMdl_campaignName_idx" ON "CampaignMdl" ("campaignName", "id");
CREATE INDEX "CampaignMdl_status_idx" ON "CampaignMdl" ("status", "id");
CREATE INDEX "CampaignMdl_createdAt_sorted_idx" ON "CampaignMdl" ("createdAt", "id");

-- CampaignContactMdl: One entry of a campaign's contact plan: account, debtor, channel, planned time, and what became of it.
CREATE TABLE "CampaignContactMdl" (
  "id" text PRIMARY KEY,
  "campaignmdlID" text NOT NULL,
  "accountmdlID" text,
  "debtormdlID" text,
  "clientNumber" text,
  "fileNumber" text,
  "channel" text,
  "plannedAt" timestamptz,
  "planDate" date,
  "status" text,
  "reasons" text,
  "attemptedAt" timestamptz,
  "outcome" text,
  "jobId" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "CampaignContactMdl_campaignmdlID_idx" ON "CampaignContactMdl" ("campaignmdlID", "id");
CREATE INDEX "CampaignContactMdl_accountmdlID_idx" ON "CampaignContactMdl" ("accountmdlID", "id");
CREATE INDEX "CampaignContactMdl_debtormdlID_idx" ON "CampaignContactMdl" ("debtormdlID", "id");
CREATE INDEX "CampaignContactMdl_clientNumber_idx" ON "CampaignContactMdl" ("clientNumber", "id");
CREATE INDEX "CampaignContactMdl_status_idx" ON "CampaignContactMdl" ("status", "id");
CREATE INDEX "CampaignContactMdl_campaignmdlID_status_idx" ON "CampaignContactMdl" ("campaignmdlID", "status", "id");
CREATE INDEX "CampaignContactMdl_campaignmdlID_plannedAt_sorted_idx" ON "CampaignContactMdl" ("campaignmdlID", "plannedAt", "id");
CREATE INDEX "CampaignContactMdl_campaignmdlID_planDate_sorted_idx" ON "CampaignContactMdl" ("campaignmdlID", "planDate", "id");

-- ContactRuleMdl: A contact rule as data: stricter hours, excluded days, call limits or blocked channels for the organization, a state or a client.
CREATE TABLE "ContactRuleMdl" (
  "id" text PRIMARY KEY,
  "ruleName" text,
  "scope" text NOT NULL,
  "scopeValue" text,
  "rule" text NOT NULL,
  "active" boolean,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "ContactRuleMdl_scope_idx" ON "ContactRuleMdl" ("scope", "id");
CREATE INDEX "ContactRuleMdl_scopeValue_idx" ON "ContactRuleMdl" ("scopeValue", "id");
