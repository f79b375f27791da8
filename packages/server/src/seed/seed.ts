// First start: the user pool, its app client, the Admins group, the identity pool and (when
// SEED_DEMO is on) the demo users. Runs once per database, also with several processes starting.
import { randomInt, randomUUID } from 'node:crypto';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../time/clock.js';
import { DEFAULT_MANAGED_LOGIN, DEFAULT_PASSWORD_POLICY, ensureGroup, findDefaultPool, insertClient, insertPool, requirePool, saveDefaultPool, type DefaultPool } from '../user-pool/pools/pool-repository.js';
import { createUserWithPassword } from '../user-pool/users/create-user.js';
import { randomPolicyPassword } from '../user-pool/users/temporary-password.js';
import { seedDemoBusinessData, type DemoPoolUser } from './demo-business-data.js';

/** A demo account and its password, printed on first start. */
export interface DemoUser {
  readonly username: string;
  readonly password: string;
  readonly description: string;
  readonly email: string;
}

/** What the first start created. */
export interface SeedResult extends DefaultPool {
  readonly demoUsers: readonly DemoUser[];
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(0, alphabet.length)] ?? '';
  return out;
}

/** A new user pool id in Cognito's form, e.g. us-east-1_Ab3dEf9Hi. */
export function newUserPoolId(region: string): string {
  return `${region}_${randomString(ALNUM, 9)}`;
}

/** A new app client id in Cognito's form (26 lowercase letters and digits). */
export function newClientId(): string {
  return randomString(LOWER_ALNUM, 26);
}

/** The pool's custom attributes. */
export const CUSTOM_ATTRIBUTES = [
  { name: 'custom:clientNumber', mutable: true },
  { name: 'custom:userType', mutable: true },
] as const;

function demoUsers(fixedPasswords: boolean): (DemoUser & { attributes: Record<string, string>; groups: string[] })[] {
  const pw = (fixed: string): string => (fixedPasswords ? fixed : randomPolicyPassword());
  return [
    {
      username: 'admin',
      password: pw('Admin-Passw0rd!'),
      description: 'staff administrator (group Admins)',
      email: 'admin@steward.example.com',
      groups: ['Admins'],
      attributes: { email: 'admin@steward.example.com', email_verified: 'true', given_name: 'Ada', family_name: 'Admin', phone_number: '+15555550100', 'custom:userType': 'staff' },
    },
    {
      username: 'staff',
      password: pw('Staff-Passw0rd!'),
      description: 'staff user',
      email: 'staff@steward.example.com',
      groups: [],
      attributes: { email: 'staff@steward.example.com', email_verified: 'true', given_name: 'Sam', family_name: 'Staff', phone_number: '+15555550101', 'custom:userType': 'staff' },
    },
    {
      username: 'client',
      password: pw('Client-Passw0rd!'),
      description: 'client user (clientNumber C-1001)',
      email: 'client@steward.example.com',
      groups: [],
      attributes: {
        email: 'client@steward.example.com',
        email_verified: 'true',
        given_name: 'Cleo',
        family_name: 'Client',
        phone_number: '+15555550102',
        'custom:clientNumber': 'C-1001',
        'custom:userType': 'client',
      },
    },
  ];
}

/** Sign-in/out redirect URLs of the seeded app client. */
export function defaultRedirects(publicUrl: string): { callbackUrls: string[]; logoutUrls: string[] } {
  const origins = [...new Set([publicUrl, 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173'])];
  return { callbackUrls: origins.map((o) => `${o}/`), logoutUrls: origins.flatMap((o) => [`${o}/`, `${o}/login`]) };
}

/**
 * Creates the pool, client, group, identity pool and demo users unless the database already has
 * a default pool. Returns what was created, or undefined when nothing was to do.
 */
export async function seedOnFirstStart(db: Database, clock: Clock, config: Pick<Config, 'region' | 'publicUrl' | 'seedDemo' | 'mode' | 'temporaryPasswordTtlDays'>): Promise<SeedResult | undefined> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('steward-seed:' || current_schema()))`);
    if ((await findDefaultPool(tx)) !== undefined) return undefined;
    const now = clock.now();
    const userPoolId = newUserPoolId(config.region);
    const clientId = newClientId();
    const identityPoolId = `${config.region}:${randomUUID()}`;
    await insertPool(
      tx,
      {
        id: userPoolId,
        name: 'steward',
        customAttributes: [...CUSTOM_ATTRIBUTES],
        passwordPolicy: { ...DEFAULT_PASSWORD_POLICY, temporaryPasswordValidityDays: config.temporaryPasswordTtlDays },
        // Staff type their username in any case (as before issue 24); demo pools seeded without the key read the same.
        settings: { usernameConfiguration: { CaseSensitive: false } },
      },
      now,
    );
    await insertClient(tx, { id: clientId, poolId: userPoolId, name: 'steward-web', ...defaultRedirects(config.publicUrl), ...DEFAULT_MANAGED_LOGIN }, now);
    await ensureGroup(tx, userPoolId, 'Admins', 'Administrators: may use the admin API', now, 0);
    await tx.query('INSERT INTO identity_pools (id, name, user_pool_id, client_ids, created_at) VALUES ($1, $2, $3, $4, $5)', [
      identityPoolId,
      'steward',
      userPoolId,
      JSON.stringify([clientId]),
      now,
    ]);
    const ids = { userPoolId, clientId, identityPoolId };
    await saveDefaultPool(tx, ids);

    const created: DemoUser[] = [];
    const poolUsers: DemoPoolUser[] = [];
    if (config.seedDemo) {
      const pool = await requirePool(tx, userPoolId);
      for (const demo of demoUsers(config.mode === 'development')) {
        const user = await createUserWithPassword(tx, now, { pool, username: demo.username, password: demo.password, attributes: demo.attributes, status: 'CONFIRMED' });
        for (const group of demo.groups) {
          await tx.query('INSERT INTO group_members (pool_id, group_name, user_sub, added_at) VALUES ($1, $2, $3, $4)', [userPoolId, group, user.sub, now]);
        }
        created.push({ username: demo.username, password: demo.password, description: demo.description, email: demo.email });
        poolUsers.push({ sub: user.sub, attributes: demo.attributes, username: demo.username });
      }
      await seedDemoBusinessData(tx, now, poolUsers);
    }
    return { ...ids, demoUsers: created };
  });
}
