-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.

CREATE INDEX "AccountMdl_listedDate_sorted_idx" ON "AccountMdl" ("listedDate", "id");
CREATE INDEX "AccountMdl_currentUpb_sorted_idx" ON "AccountMdl" ("currentUpb", "id");
CREATE INDEX "AccountMdl_clientNumber_listedDate_sorted_idx" ON "AccountMdl" ("clientNumber", "listedDate", "id");
CREATE INDEX "AccountMdl_clientNumber_fileNumber_sorted_idx" ON "AccountMdl" ("clientNumber", "fileNumber", "id");
CREATE INDEX "ContactMdl_dueDate_sorted_idx" ON "ContactMdl" ("dueDate", "id");
CREATE INDEX "ContactMdl_accountBalance_sorted_idx" ON "ContactMdl" ("accountBalance", "id");
CREATE INDEX "TransactionMdl_postedDate_sorted_idx" ON "TransactionMdl" ("postedDate", "id");
CREATE INDEX "TransactionMdl_paymentAmount_sorted_idx" ON "TransactionMdl" ("paymentAmount", "id");
CREATE INDEX "TicketMdl_dueDate_sorted_idx" ON "TicketMdl" ("dueDate", "id");
CREATE INDEX "TicketMdl_createdAt_sorted_idx" ON "TicketMdl" ("createdAt", "id");
CREATE INDEX "MappingMdl_updatedAt_sorted_idx" ON "MappingMdl" ("updatedAt", "id");
