-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.

-- ModificationOptionMdl: A loan modification option saved from the option builder for one account (rate, term and the payment they give).
CREATE TABLE "ModificationOptionMdl" (
  "id" text PRIMARY KEY,
  "optionName" text,
  "description" text,
  "ratePercent" double precision,
  "termMonths" integer,
  "balance" numeric(18,2),
  "monthlyPayment" numeric(18,2),
  "preparedBy" text,
  "clientNumber" text,
  "fileNumber" text,
  "accountmdlID" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "ModificationOptionMdl_clientNumber_idx" ON "ModificationOptionMdl" ("clientNumber", "id");
CREATE INDEX "ModificationOptionMdl_fileNumber_idx" ON "ModificationOptionMdl" ("fileNumber", "id");
CREATE INDEX "ModificationOptionMdl_accountmdlID_idx" ON "ModificationOptionMdl" ("accountmdlID", "id");
