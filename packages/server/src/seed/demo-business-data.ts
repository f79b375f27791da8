// Demo business records for a fresh development database: a UserMdl and ConfigMdl per demo user
// and a welcome notification (the data API authorizes by UserMdl, not by the pool's custom attributes), two client
// organisations, and a few accounts with contacts and transactions so every list page has rows.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';

/** A demo user as the seed created it in the pool. */
export interface DemoPoolUser {
  readonly sub: string;
  readonly attributes: Readonly<Record<string, string>>;
}

const CLIENTS = [
  { clientNumber: 'C-1001', clientName: 'Acme Lending' },
  { clientNumber: 'C-2002', clientName: 'Birch Credit Union' },
] as const;

const STATUSES = ['ACTIVE', 'PAYMENT_PLAN', 'DISPUTED', 'CLOSED'] as const;

/** Inserts the demo UserMdl/ConfigMdl rows and a small book of accounts; `now` stamps every row. */
export async function seedDemoBusinessData(tx: Queryable, now: Date, users: readonly DemoPoolUser[]): Promise<void> {
  const clientIds = new Map<string, string>();
  for (const client of CLIENTS) {
    const id = randomUUID();
    clientIds.set(client.clientNumber, id);
    await tx.query('INSERT INTO "ClientMdl" ("id", "clientName", "clientNumber", "createdAt", "updatedAt") VALUES ($1, $2, $3, $4, $4)', [id, client.clientName, client.clientNumber, now]);
  }

  for (const user of users) {
    const a = user.attributes;
    const userMdlId = randomUUID();
    const configId = randomUUID();
    const clientNumber = a['custom:clientNumber'] ?? null;
    const config = JSON.stringify({ sessionLength: 3600, theme: 'system' });
    await tx.query(
      `INSERT INTO "UserMdl" ("id", "userId", "clientNumber", "userType", "title", "firstName", "lastName", "email", "userConfig", "clientmdlID", "configmdlID", "createdAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
      [userMdlId, user.sub, clientNumber, a['custom:userType'] ?? 'user', '', a.given_name ?? null, a.family_name ?? null, a.email ?? null, config, clientNumber === null ? null : (clientIds.get(clientNumber) ?? null), configId, now],
    );
    await tx.query(
      `INSERT INTO "ConfigMdl" ("id", "configName", "configJson", "config", "usermdlID", "owner", "createdAt", "updatedAt") VALUES ($1, $2, $3, $3, $4, $5, $6, $6)`,
      [configId, `user_cfg_${user.sub.slice(-10)}`, config, userMdlId, user.sub, now],
    );
    await tx.query(
      `INSERT INTO "Notifications" ("id", "title", "message", "category", "link", "isRead", "usermdlID", "createdAt", "updatedAt") VALUES ($1, $2, $3, $4, $5, false, $6, $7, $7)`,
      [randomUUID(), 'Welcome to Steward', 'Your account is ready. Set up an authenticator app under Settings > Profile.', 'account', '/settings/profile', userMdlId, now],
    );
  }

  let file = 0;
  for (const client of CLIENTS) {
    for (let i = 0; i < 6; i += 1) {
      file += 1;
      const accountId = randomUUID();
      const fileNumber = `F-${String(100000 + file)}`;
      const upb = 5000 + file * 1375;
      const listed = new Date(Date.UTC(now.getUTCFullYear(), (file * 2) % 12, 1 + file));
      await tx.query(
        `INSERT INTO "AccountMdl" ("id", "accountStatus", "amountPaid", "clientName", "clientNumber", "currentUpb", "fileNumber", "listedDate", "operator", "originalUpbLoaded", "tuScore", "zipCode", "clientmdlID", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
        [accountId, STATUSES[file % STATUSES.length], file * 250, client.clientName, client.clientNumber, upb, fileNumber, listed.toISOString().slice(0, 10), 'staff', upb + file * 250, 520 + file * 17, `9${String(1000 + file)}`, clientIds.get(client.clientNumber), now],
      );
      await tx.query(
        `INSERT INTO "ContactMdl" ("id", "accountBalance", "accountStatus", "clientNumber", "completed", "createdDate", "doneBy", "dueDate", "fileNumber", "operator", "paymentAmount", "accountmdlID", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
        [randomUUID(), upb, STATUSES[file % STATUSES.length], client.clientNumber, file % 2 === 0, listed.toISOString().slice(0, 10), 'staff', new Date(listed.getTime() + 14 * 86_400_000).toISOString().slice(0, 10), fileNumber, 'staff', 150, accountId, now],
      );
      await tx.query(
        `INSERT INTO "TransactionMdl" ("id", "clientNumber", "contingencyAmount", "description", "fileNumber", "operator", "paymentAmount", "paymentDate", "postedBy", "postedDate", "transactionType", "accountmdlID", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $10, $11, $12, $12)`,
        [randomUUID(), client.clientNumber, 37.5, 'Monthly payment', fileNumber, 'staff', 250, listed.toISOString().slice(0, 10), 'staff', 'PAYMENT', accountId, now],
      );
    }
  }
}
