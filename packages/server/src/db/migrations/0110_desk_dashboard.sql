-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.

-- TransactionMdl: columns and indexes added by this migration.
CREATE INDEX "TransactionMdl_accountmdlID_paymentDate_idx" ON "TransactionMdl" ("accountmdlID", "paymentDate", "id");
