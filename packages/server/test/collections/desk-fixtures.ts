// Shared by the desk's tests: the real server on one database with a ManualClock, GraphQL over HTTP,
// accounts and debtors made through the data API, and extra staff users (collectors, supervisors).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { requirePool } from '../../src/user-pool/pools/pool-repository.js';
import { createUserWithPassword } from '../../src/user-pool/users/create-user.js';
import { issueTokensFor, type TestServer } from '../harness.js';

/** A GraphQL body with AppSync's errors. */
export interface GqlBody<T> {
  readonly data: T | null;
  readonly errors?: readonly { readonly errorType: string; readonly message: string; readonly errorInfo?: Record<string, unknown> }[];
}

/** POSTs a GraphQL request as `token`. */
export async function gql<T>(server: TestServer, token: string, query: string, variables: Record<string, unknown> = {}): Promise<GqlBody<T>> {
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query, variables }) });
  expect(res.status).toBe(200);
  return (await res.json()) as GqlBody<T>;
}

/** The data of a request that must succeed. */
export async function ok<T>(server: TestServer, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await gql<T>(server, token, query, variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  if (body.data === null) throw new Error('no data');
  return body.data;
}

/** Creates a record through the generated create mutation; returns its id. */
export async function create(server: TestServer, token: string, entity: string, input: Record<string, unknown>): Promise<string> {
  const data = await ok<Record<string, { id: string }>>(server, token, `mutation ($i: Create${entity}Input!) { create${entity}(input: $i) { id } }`, { i: input });
  const id = data[`create${entity}`]?.id;
  if (id === undefined) throw new Error(`no ${entity} created`);
  return id;
}

/** Creates a confirmed pool user with a staff UserMdl (and groups); returns their sub. */
export async function addStaffUser(server: TestServer, username: string, groups: readonly string[] = [], firstName = username): Promise<string> {
  const now = server.clock.now();
  const pool = await requirePool(server.db, server.pool.userPoolId);
  const user = await createUserWithPassword(server.db, now, { pool, username, password: 'Collector-Passw0rd!', attributes: { email: `${username}@example.com`, email_verified: 'true' }, status: 'CONFIRMED' });
  for (const group of groups) {
    await server.db.query(`INSERT INTO groups (pool_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT DO NOTHING`, [server.pool.userPoolId, group, now]);
    await server.db.query('INSERT INTO group_members (pool_id, group_name, user_sub, added_at) VALUES ($1, $2, $3, $4)', [server.pool.userPoolId, group, user.sub, now]);
  }
  await server.db.query(`INSERT INTO "UserMdl" ("id", "userId", "userType", "firstName", "createdAt", "updatedAt") VALUES ($1, $2, 'staff', $3, $4, $4)`, [randomUUID(), user.sub, firstName, now]);
  return user.sub;
}

/** The pool sub of a seeded or added user. */
export async function subOf(server: TestServer, username: string): Promise<string> {
  const rows = await server.db.query<{ sub: string }>(`SELECT sub::text AS sub FROM users WHERE username = $1`, [username]);
  const sub = rows[0]?.sub;
  if (sub === undefined) throw new Error(`no user ${username}`);
  return sub;
}

/** A fresh access token (tokens live an hour of the server's clock, which the tests move). */
export async function tokenOf(server: TestServer, username: string): Promise<string> {
  return (await issueTokensFor(server, username)).AccessToken;
}

/** A Chicago debtor's account (ZIP, phone and zone agree on Central time). */
export async function chicagoAccount(server: TestServer, token: string, clientNumber: string, fileNumber: string, extra: Record<string, unknown> = {}): Promise<{ accountId: string; debtorId: string }> {
  const accountId = await create(server, token, 'AccountMdl', { clientNumber, fileNumber, accountStatus: 'ACTIVE', currentUpb: 1500, originalUpbLoaded: 2000, amountPaid: 500, delinquencyDate: '2026-01-05', zipCode: '60601', ...extra });
  const debtorId = await create(server, token, 'DebtorMdl', { accountmdlID: accountId, clientNumber, fileNumber, debtorSeq: 1, firstName: 'Dana', lastName: fileNumber, phone: '+13125550142', zipCode: '60601', state: 'IL', timeZone: 'America/Chicago' });
  return { accountId, debtorId };
}

/** Moves a ManualClock-like clock to `instant` (never backwards). */
export function moveTo(clock: { now(): Date; advance(seconds: number): void }, instant: string): void {
  const seconds = (Date.parse(instant) - clock.now().getTime()) / 1000;
  if (seconds < 0) throw new Error(`the clock is already past ${instant}`);
  clock.advance(seconds);
}

export const RECORD_CALL = `mutation ($input: RecordCallInput!) { recordCall(input: $input) { activityId duplicate account { id disputed lastContactAt _version } } }`;
