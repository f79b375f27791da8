-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.

-- SessionMdl: One sign-in of a user; at most one active per user.
CREATE TABLE "SessionMdl" (
  "id" text PRIMARY KEY,
  "sessionId" text NOT NULL,
  "userId" text NOT NULL,
  "sessionStart" bigint,
  "sessionLength" integer,
  "sessionEnd" bigint,
  "isActive" boolean NOT NULL,
  "sessionData" text,
  "userData" text,
  "configData" text,
  "usermdlID" text,
  "configmdlID" text,
  "sessionmdlID" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "SessionMdl_sessionId_idx" ON "SessionMdl" ("sessionId", "id");
CREATE INDEX "SessionMdl_userId_idx" ON "SessionMdl" ("userId", "id");
CREATE INDEX "SessionMdl_usermdlID_idx" ON "SessionMdl" ("usermdlID", "id");
CREATE INDEX "SessionMdl_configmdlID_idx" ON "SessionMdl" ("configmdlID", "id");
CREATE INDEX "SessionMdl_sessionmdlID_idx" ON "SessionMdl" ("sessionmdlID", "id");
CREATE INDEX "SessionMdl_userId_isActive_idx" ON "SessionMdl" ("userId", "isActive", "id");
CREATE UNIQUE INDEX "SessionMdl_one_isActive_per_userId" ON "SessionMdl" ("userId") WHERE "isActive";

-- UserMdl: The product profile of one user-pool user (userId is the pool subject).
CREATE TABLE "UserMdl" (
  "id" text PRIMARY KEY,
  "userId" text NOT NULL,
  "clientNumber" text,
  "userType" text,
  "title" text,
  "firstName" text,
  "lastName" text,
  "email" text,
  "employeeId" text,
  "userConfig" text,
  "notifications" text,
  "clientmdlID" text,
  "sessionmdlID" text,
  "configmdlID" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "UserMdl_userId_idx" ON "UserMdl" ("userId", "id");
CREATE INDEX "UserMdl_clientNumber_idx" ON "UserMdl" ("clientNumber", "id");
CREATE INDEX "UserMdl_email_idx" ON "UserMdl" ("email", "id");
CREATE INDEX "UserMdl_clientmdlID_idx" ON "UserMdl" ("clientmdlID", "id");
CREATE UNIQUE INDEX "UserMdl_userId_key" ON "UserMdl" ("userId") WHERE "userId" IS NOT NULL;

-- ConfigMdl: A user's configuration (JSON); owner is the pool subject of the user it belongs to.
CREATE TABLE "ConfigMdl" (
  "id" text PRIMARY KEY,
  "configName" text,
  "configJson" text,
  "config" text,
  "sessionmdlID" text,
  "usermdlID" text,
  "owner" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "ConfigMdl_configName_idx" ON "ConfigMdl" ("configName", "id");
CREATE INDEX "ConfigMdl_sessionmdlID_idx" ON "ConfigMdl" ("sessionmdlID", "id");
CREATE INDEX "ConfigMdl_usermdlID_idx" ON "ConfigMdl" ("usermdlID", "id");
CREATE INDEX "ConfigMdl_owner_idx" ON "ConfigMdl" ("owner", "id");

-- ClientMdl: A client organisation whose receivables are serviced.
CREATE TABLE "ClientMdl" (
  "id" text PRIMARY KEY,
  "clientName" text,
  "clientNumber" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "ClientMdl_clientNumber_idx" ON "ClientMdl" ("clientNumber", "id");

-- AccountMdl: One placed account (debt file) of a client.
CREATE TABLE "AccountMdl" (
  "id" text PRIMARY KEY,
  "accountStatus" text,
  "amountPaid" numeric(18,2),
  "clientName" text,
  "clientNumber" text,
  "currentUpb" numeric(18,2),
  "fileNumber" text,
  "listedDate" date,
  "listedDay" integer GENERATED ALWAYS AS (EXTRACT(DAY FROM "listedDate")::integer) STORED,
  "listedMonth" integer GENERATED ALWAYS AS (EXTRACT(MONTH FROM "listedDate")::integer) STORED,
  "listedYear" integer GENERATED ALWAYS AS (EXTRACT(YEAR FROM "listedDate")::integer) STORED,
  "operator" text,
  "originalUpbLoaded" numeric(18,2),
  "tuScore" integer,
  "zipCode" text,
  "clientmdlID" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "AccountMdl_accountStatus_idx" ON "AccountMdl" ("accountStatus", "id");
CREATE INDEX "AccountMdl_clientNumber_idx" ON "AccountMdl" ("clientNumber", "id");
CREATE INDEX "AccountMdl_fileNumber_idx" ON "AccountMdl" ("fileNumber", "id");
CREATE INDEX "AccountMdl_clientmdlID_idx" ON "AccountMdl" ("clientmdlID", "id");
CREATE INDEX "AccountMdl_clientNumber_accountStatus_idx" ON "AccountMdl" ("clientNumber", "accountStatus", "id");

-- ContactMdl: A contact attempt or promise on an account.
CREATE TABLE "ContactMdl" (
  "id" text PRIMARY KEY,
  "accountBalance" numeric(18,2),
  "accountStatus" text,
  "clientNumber" text,
  "completed" boolean,
  "createdDate" date,
  "createdDay" integer GENERATED ALWAYS AS (EXTRACT(DAY FROM "createdDate")::integer) STORED,
  "createdMonth" integer GENERATED ALWAYS AS (EXTRACT(MONTH FROM "createdDate")::integer) STORED,
  "createdYear" integer GENERATED ALWAYS AS (EXTRACT(YEAR FROM "createdDate")::integer) STORED,
  "doneBy" text,
  "dueDate" date,
  "dueDay" integer GENERATED ALWAYS AS (EXTRACT(DAY FROM "dueDate")::integer) STORED,
  "dueMonth" integer GENERATED ALWAYS AS (EXTRACT(MONTH FROM "dueDate")::integer) STORED,
  "dueYear" integer GENERATED ALWAYS AS (EXTRACT(YEAR FROM "dueDate")::integer) STORED,
  "fileNumber" text,
  "operator" text,
  "paymentAmount" numeric(18,2),
  "accountmdlID" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "ContactMdl_accountStatus_idx" ON "ContactMdl" ("accountStatus", "id");
CREATE INDEX "ContactMdl_clientNumber_idx" ON "ContactMdl" ("clientNumber", "id");
CREATE INDEX "ContactMdl_fileNumber_idx" ON "ContactMdl" ("fileNumber", "id");
CREATE INDEX "ContactMdl_accountmdlID_idx" ON "ContactMdl" ("accountmdlID", "id");

-- TransactionMdl: A payment or adjustment posted to an account.
CREATE TABLE "TransactionMdl" (
  "id" text PRIMARY KEY,
  "clientNumber" text,
  "contingencyAmount" numeric(18,2),
  "description" text,
  "fileNumber" text,
  "operator" text,
  "paymentAmount" numeric(18,2),
  "paymentDate" date,
  "paymentDay" integer GENERATED ALWAYS AS (EXTRACT(DAY FROM "paymentDate")::integer) STORED,
  "paymentMonth" integer GENERATED ALWAYS AS (EXTRACT(MONTH FROM "paymentDate")::integer) STORED,
  "paymentYear" integer GENERATED ALWAYS AS (EXTRACT(YEAR FROM "paymentDate")::integer) STORED,
  "postedBy" text,
  "postedDate" date,
  "postedDay" integer GENERATED ALWAYS AS (EXTRACT(DAY FROM "postedDate")::integer) STORED,
  "postedMonth" integer GENERATED ALWAYS AS (EXTRACT(MONTH FROM "postedDate")::integer) STORED,
  "postedYear" integer GENERATED ALWAYS AS (EXTRACT(YEAR FROM "postedDate")::integer) STORED,
  "transactionType" text,
  "accountmdlID" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "TransactionMdl_clientNumber_idx" ON "TransactionMdl" ("clientNumber", "id");
CREATE INDEX "TransactionMdl_fileNumber_idx" ON "TransactionMdl" ("fileNumber", "id");
CREATE INDEX "TransactionMdl_transactionType_idx" ON "TransactionMdl" ("transactionType", "id");
CREATE INDEX "TransactionMdl_accountmdlID_idx" ON "TransactionMdl" ("accountmdlID", "id");

-- TicketMdl: A helpdesk ticket.
CREATE TABLE "TicketMdl" (
  "id" text PRIMARY KEY,
  "subject" text,
  "description" text,
  "priority" text,
  "status" text,
  "dueDate" date,
  "timelineEvents" text,
  "comments" text,
  "assignee" text,
  "category" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "TicketMdl_priority_idx" ON "TicketMdl" ("priority", "id");
CREATE INDEX "TicketMdl_status_idx" ON "TicketMdl" ("status", "id");
CREATE INDEX "TicketMdl_assignee_idx" ON "TicketMdl" ("assignee", "id");

-- UserTicket: Links a user to a ticket (many to many).
CREATE TABLE "UserTicket" (
  "id" text PRIMARY KEY,
  "userMdlId" text NOT NULL,
  "ticketMdlId" text NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "UserTicket_userMdlId_idx" ON "UserTicket" ("userMdlId", "id");
CREATE INDEX "UserTicket_ticketMdlId_idx" ON "UserTicket" ("ticketMdlId", "id");

-- MappingMdl: A field mapping used when importing client files.
CREATE TABLE "MappingMdl" (
  "id" text PRIMARY KEY,
  "mapName" text,
  "mapData" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "MappingMdl_mapName_idx" ON "MappingMdl" ("mapName", "id");

-- TeamMdl: A team of staff users.
CREATE TABLE "TeamMdl" (
  "id" text PRIMARY KEY,
  "teamName" text,
  "teamDescription" text,
  "teamMembers" text,
  "teamData" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "TeamMdl_teamName_idx" ON "TeamMdl" ("teamName", "id");

-- UserTeam: Membership of a user in a team (many to many).
CREATE TABLE "UserTeam" (
  "id" text PRIMARY KEY,
  "userMdlId" text NOT NULL,
  "teamMdlId" text NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "UserTeam_userMdlId_idx" ON "UserTeam" ("userMdlId", "id");
CREATE INDEX "UserTeam_teamMdlId_idx" ON "UserTeam" ("teamMdlId", "id");

-- Trackers: A work tracker of a user.
CREATE TABLE "Trackers" (
  "id" text PRIMARY KEY,
  "trackerName" text,
  "trackerDescription" text,
  "trackerData" text,
  "usermdlID" text,
  "employeeId" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "Trackers_usermdlID_idx" ON "Trackers" ("usermdlID", "id");
CREATE INDEX "Trackers_employeeId_idx" ON "Trackers" ("employeeId", "id");

-- Goals: A collection goal of a user for a period (e.g. amount collected in a month).
CREATE TABLE "Goals" (
  "id" text PRIMARY KEY,
  "goalName" text,
  "goalDescription" text,
  "metric" text,
  "targetValue" numeric(18,2),
  "achievedValue" numeric(18,2),
  "periodStart" date,
  "periodEnd" date,
  "status" text,
  "usermdlID" text,
  "employeeId" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "Goals_status_idx" ON "Goals" ("status", "id");
CREATE INDEX "Goals_usermdlID_idx" ON "Goals" ("usermdlID", "id");
CREATE INDEX "Goals_employeeId_idx" ON "Goals" ("employeeId", "id");

-- Notifications: A message to a user; the user marks it read.
CREATE TABLE "Notifications" (
  "id" text PRIMARY KEY,
  "title" text,
  "message" text,
  "category" text,
  "link" text,
  "isRead" boolean,
  "readAt" timestamptz,
  "usermdlID" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "Notifications_usermdlID_idx" ON "Notifications" ("usermdlID", "id");
CREATE INDEX "Notifications_usermdlID_isRead_idx" ON "Notifications" ("usermdlID", "isRead", "id");
