-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.

-- SessionMdl: columns and indexes added by this migration.
ALTER TABLE "SessionMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- UserMdl: columns and indexes added by this migration.
ALTER TABLE "UserMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- ConfigMdl: columns and indexes added by this migration.
ALTER TABLE "ConfigMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- ClientMdl: columns and indexes added by this migration.
ALTER TABLE "ClientMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- AccountMdl: columns and indexes added by this migration.
ALTER TABLE "AccountMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- ContactMdl: columns and indexes added by this migration.
ALTER TABLE "ContactMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- TransactionMdl: columns and indexes added by this migration.
ALTER TABLE "TransactionMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- TicketMdl: columns and indexes added by this migration.
ALTER TABLE "TicketMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- UserTicket: columns and indexes added by this migration.
ALTER TABLE "UserTicket" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- MappingMdl: columns and indexes added by this migration.
ALTER TABLE "MappingMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- TeamMdl: columns and indexes added by this migration.
ALTER TABLE "TeamMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- UserTeam: columns and indexes added by this migration.
ALTER TABLE "UserTeam" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- Trackers: columns and indexes added by this migration.
ALTER TABLE "Trackers" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- Goals: columns and indexes added by this migration.
ALTER TABLE "Goals" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- Notifications: columns and indexes added by this migration.
ALTER TABLE "Notifications" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- ModificationOptionMdl: columns and indexes added by this migration.
ALTER TABLE "ModificationOptionMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- DebtorMdl: columns and indexes added by this migration.
ALTER TABLE "DebtorMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- ImportMdl: columns and indexes added by this migration.
ALTER TABLE "ImportMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- CampaignMdl: columns and indexes added by this migration.
ALTER TABLE "CampaignMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- CampaignContactMdl: columns and indexes added by this migration.
ALTER TABLE "CampaignContactMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;

-- ContactRuleMdl: columns and indexes added by this migration.
ALTER TABLE "ContactRuleMdl" ADD COLUMN "_version" integer NOT NULL DEFAULT 1;
