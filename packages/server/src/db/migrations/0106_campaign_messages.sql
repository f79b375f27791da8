-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.

-- CampaignMdl: columns and indexes added by this migration.
ALTER TABLE "CampaignMdl" ADD COLUMN "messageSubject" text;

-- CampaignContactMdl: columns and indexes added by this migration.
ALTER TABLE "CampaignContactMdl" ADD COLUMN "debtorName" text;
