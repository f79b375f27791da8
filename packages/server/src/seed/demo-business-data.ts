// Demo business records for a fresh development database: a UserMdl and ConfigMdl per demo user
// and a welcome notification (the data API authorizes by UserMdl, not by the pool's custom attributes), two client
// organisations, and a few accounts with contacts, transactions and debtors so every list page has rows
// and the campaign planner has consumers across time zones (one asked not to be contacted, one disputes).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { seedCollectorsDesk } from './demo-collectors-desk.js';

/** A demo user as the seed created it in the pool. */
export interface DemoPoolUser {
  readonly sub: string;
  readonly attributes: Readonly<Record<string, string>>;
  /** The demo username (staff, admin, client): the collector's desk assigns accounts by it. */
  readonly username?: string;
}

const CLIENTS = [
  { clientNumber: 'C-1001', clientName: 'Acme Lending' },
  { clientNumber: 'C-2002', clientName: 'Birch Credit Union' },
] as const;

const STATUSES = ['ACTIVE', 'PAYMENT_PLAN', 'DISPUTED', 'CLOSED'] as const;

/** Where the demo debtors live: one ZIP code per US time zone the planner must tell apart. */
const PLACES = [
  { zipCode: '10001', state: 'NY', city: 'New York' },
  { zipCode: '60601', state: 'IL', city: 'Chicago' },
  { zipCode: '80202', state: 'CO', city: 'Denver' },
  { zipCode: '94105', state: 'CA', city: 'San Francisco' },
  { zipCode: '99501', state: 'AK', city: 'Anchorage' },
  { zipCode: '96813', state: 'HI', city: 'Honolulu' },
] as const;

const FIRST_NAMES = ['Ava', 'Ben', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gia', 'Hal', 'Ivy', 'Jon', 'Kim', 'Leo'] as const;

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
      // 35 to 255 days past due, so the campaign filters on days past due select some of them.
      const delinquent = new Date(now.getTime() - (35 + file * 20) * 86_400_000);
      const status = STATUSES[file % STATUSES.length];
      const place = PLACES[file % PLACES.length] ?? PLACES[0];
      await tx.query(
        `INSERT INTO "AccountMdl" ("id", "accountStatus", "amountPaid", "clientName", "clientNumber", "currentUpb", "fileNumber", "listedDate", "operator", "originalUpbLoaded", "tuScore", "zipCode", "clientmdlID", "delinquencyDate", "disputed", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)`,
        [accountId, status, file * 250, client.clientName, client.clientNumber, upb, fileNumber, listed.toISOString().slice(0, 10), 'staff', upb + file * 250, 520 + file * 17, place.zipCode, clientIds.get(client.clientNumber), delinquent.toISOString().slice(0, 10), status === 'DISPUTED', now],
      );
      const firstName = FIRST_NAMES[(file - 1) % FIRST_NAMES.length] ?? 'Sam';
      await tx.query(
        `INSERT INTO "DebtorMdl" ("id", "clientNumber", "fileNumber", "debtorSeq", "firstName", "lastName", "phone", "email", "streetAddress", "city", "zipCode", "state", "doNotContact", "accountmdlID", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
        [
          randomUUID(),
          client.clientNumber,
          fileNumber,
          firstName,
          'Demo',
          `+1555010${String(1000 + file).slice(1)}`,
          `${firstName.toLowerCase()}.demo@example.com`,
          // Every third one on two lines, as letters print them.
          `${100 + file * 7} Main Street${file % 3 === 0 ? `\nApt ${file}B` : ''}`,
          place.city,
          place.zipCode,
          place.state,
          file === 5 ? JSON.stringify({ all: true }) : null,
          accountId,
          now,
        ],
      );
      if (file === 1) {
        // A co-signer with only an email (no phone, no postal address): a second debtor of the same account.
        await tx.query(
          `INSERT INTO "DebtorMdl" ("id", "clientNumber", "fileNumber", "debtorSeq", "firstName", "lastName", "email", "zipCode", "state", "accountmdlID", "createdAt", "updatedAt")
           VALUES ($1, $2, $3, 2, $4, $5, $6, $7, $8, $9, $10, $10)`,
          [randomUUID(), client.clientNumber, fileNumber, 'Max', 'Demo', 'max.demo@example.com', PLACES[3].zipCode, PLACES[3].state, accountId, now],
        );
      }
      await tx.query(
        `INSERT INTO "ContactMdl" ("id", "accountBalance", "accountStatus", "clientNumber", "completed", "createdDate", "doneBy", "dueDate", "fileNumber", "operator", "paymentAmount", "accountmdlID", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
        [randomUUID(), upb, STATUSES[file % STATUSES.length], client.clientNumber, file % 2 === 0, listed.toISOString().slice(0, 10), 'staff', new Date(listed.getTime() + 14 * 86_400_000).toISOString().slice(0, 10), fileNumber, 'staff', 150, accountId, now],
      );
      await tx.query(
        `INSERT INTO "TransactionMdl" ("id", "clientNumber", "contingencyAmount", "description", "fileNumber", "operator", "paymentAmount", "paymentDate", "postedBy", "postedDate", "transactionType", "accountmdlID", "transactionRef", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $10, $11, $12, $13, $13)`,
        [randomUUID(), client.clientNumber, 37.5, 'Monthly payment', fileNumber, 'staff', 250, listed.toISOString().slice(0, 10), 'staff', 'PAYMENT', accountId, `T-${fileNumber}-1`, now],
      );
    }
  }
  // The collector's desk (issue 22): a book of a few hundred accounts worked by the demo staff user.
  const subOf = (username: string): string | null => users.find((u) => u.username === username)?.sub ?? null;
  await seedCollectorsDesk(tx, now, { staff: subOf('staff'), admin: subOf('admin') }, clientIds);
}
