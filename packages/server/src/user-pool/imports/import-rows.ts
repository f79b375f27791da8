// What each row of an import file becomes: a user to insert, or a row that failed (with why), and
// the bulk write of one chunk: every user of the chunk in one INSERT … SELECT FROM
// jsonb_to_recordset, existing usernames skipped by ON CONFLICT, the row report and the job's
// counters in the same transaction (a resumed run starts after the last committed chunk).
import type { Queryable } from '../../db/database.js';
import type { PoolRecord } from '../pools/pool-repository.js';
import { STANDARD_ATTRIBUTES } from '../users/attributes.js';
import { usernameKey, usernamesCaseSensitive } from '../users/username-case.js';
import { USERNAME_PATTERN } from '../wire/input-schema.js';
import { csvHeaderOf, MFA_COLUMN, USERNAME_COLUMN } from './csv-header.js';
import type { CsvRow } from './csv.js';

/** A row that makes a user. */
export interface UserRow {
  readonly kind: 'user';
  readonly number: number;
  readonly username: string;
  readonly key: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly smsMfa: boolean;
}

/** A row that cannot be imported. */
export interface FailedRow {
  readonly kind: 'failed';
  readonly number: number;
  readonly username: string | null;
  readonly message: string;
}

/** What a chunk did. */
export interface ChunkOutcome {
  readonly imported: number;
  readonly skipped: number;
  readonly failed: number;
}

const BOOLEAN_COLUMNS = new Set(['email_verified', 'phone_number_verified', MFA_COLUMN]);

/** Why the header cannot be used (unknown or repeated columns, no cognito:username), or undefined. Such a file fails the whole job, as in Cognito. */
export function headerProblem(pool: PoolRecord, header: readonly string[]): string | undefined {
  if (header.length === 0 || (header.length === 1 && header[0] === '')) return 'The file is empty: it needs a header row (see GetCSVHeader) and one row per user.';
  const known = new Set(csvHeaderOf(pool));
  const unknown = header.filter((column) => !known.has(column));
  if (unknown.length > 0) return `The header has column(s) the user pool does not know: ${unknown.slice(0, 10).join(', ')}. Use the columns of GetCSVHeader.`;
  const repeated = header.filter((column, i) => header.indexOf(column) !== i);
  if (repeated.length > 0) return `The header repeats column(s): ${[...new Set(repeated)].join(', ')}.`;
  if (!header.includes(USERNAME_COLUMN)) return `The header has no ${USERNAME_COLUMN} column.`;
  return undefined;
}

function valueProblem(column: string, value: string): string | undefined {
  if (value.length > 2048) return `${column} is longer than 2048 characters.`;
  if (BOOLEAN_COLUMNS.has(column) && value !== 'true' && value !== 'false') return `${column} must be true or false, not "${value.slice(0, 40)}".`;
  if (column === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `Invalid email address format: "${value.slice(0, 80)}".`;
  if (column === 'phone_number' && !/^\+[1-9]\d{4,14}$/.test(value)) return `Invalid phone number format (E.164, e.g. +15555550100): "${value.slice(0, 40)}".`;
  if (column === 'updated_at' && !/^\d{1,12}$/.test(value)) return 'updated_at must be a number of seconds since 1970.';
  return undefined;
}

/**
 * Reads one data row against `header` (already checked by headerProblem). Empty cells are absent
 * attributes; boolean columns are compared lower-cased (Cognito's `TRUE` is `true`).
 */
export function readRow(pool: PoolRecord, header: readonly string[], row: CsvRow): UserRow | FailedRow {
  const usernameAt = header.indexOf(USERNAME_COLUMN);
  const rawName = (row.fields[usernameAt] ?? '').trim();
  const username = rawName === '' ? null : rawName.slice(0, 128);
  const failed = (message: string): FailedRow => ({ kind: 'failed', number: row.number, username, message });
  if (row.fields.length !== header.length) return failed(`The row has ${row.fields.length} field(s); the header has ${header.length}.`);
  if (username === null) return failed(`The row has no ${USERNAME_COLUMN}.`);
  if (rawName.length > 128 || !USERNAME_PATTERN.test(rawName)) return failed(`${USERNAME_COLUMN} "${rawName.slice(0, 80)}" is not a valid username (1 to 128 letters, digits, symbols or punctuation, no spaces).`);
  const attributes: Record<string, string> = {};
  let smsMfa = false;
  for (const [i, column] of header.entries()) {
    if (column === USERNAME_COLUMN) continue;
    const raw = (row.fields[i] ?? '').trim();
    if (raw === '') continue;
    const value = BOOLEAN_COLUMNS.has(column) ? raw.toLowerCase() : raw;
    const problem = valueProblem(column, value);
    if (problem !== undefined) return failed(problem);
    if (column === MFA_COLUMN) smsMfa = value === 'true';
    else attributes[column] = value;
  }
  for (const name of pool.requiredAttributes) {
    if ((STANDARD_ATTRIBUTES as readonly string[]).includes(name) && attributes[name] === undefined) return failed(`The required attribute ${name} is missing.`);
  }
  if (attributes.email_verified === 'true' && attributes.email === undefined) return failed('email_verified is true but the row has no email.');
  if (attributes.phone_number_verified === 'true' && attributes.phone_number === undefined) return failed('phone_number_verified is true but the row has no phone_number.');
  if (smsMfa && attributes.phone_number === undefined) return failed(`${MFA_COLUMN} is true but the row has no phone_number.`);
  return { kind: 'user', number: row.number, username: rawName, key: usernameKey(rawName, usernamesCaseSensitive(pool)), attributes, smsMfa };
}

/** The sign-in aliases (verified email / phone, when the pool allows them) a user row claims, as lookup keys (emails in any case unless the pool is case-sensitive). */
export function aliasKeys(pool: PoolRecord, row: UserRow): string[] {
  const keys: string[] = [];
  const { email, email_verified: emailVerified, phone_number: phone, phone_number_verified: phoneVerified } = row.attributes;
  if (pool.aliasAttributes.includes('email') && emailVerified === 'true' && email !== undefined) keys.push(`email:${usernamesCaseSensitive(pool) ? email : email.toLowerCase()}`);
  if (pool.aliasAttributes.includes('phone_number') && phoneVerified === 'true' && phone !== undefined) keys.push(`phone:${phone}`);
  return keys;
}

/**
 * Writes one chunk inside `tx`: the user rows that do not collide with an existing user's verified
 * alias are inserted in one statement (RESET_REQUIRED, no password); a username already in the pool
 * is skipped. The row report and the job's counters (next_row = `nextRow`) go in the same
 * transaction.
 */
export async function writeChunk(tx: Queryable, pool: PoolRecord, jobId: string, rows: readonly (UserRow | FailedRow)[], nextRow: number, now: Date): Promise<ChunkOutcome> {
  const failed: FailedRow[] = rows.filter((r): r is FailedRow => r.kind === 'failed');
  let users = rows.filter((r): r is UserRow => r.kind === 'user');
  const emails = users.flatMap((u) => aliasKeys(pool, u).filter((k) => k.startsWith('email:')).map((k) => k.slice(6)));
  const phones = users.flatMap((u) => aliasKeys(pool, u).filter((k) => k.startsWith('phone:')).map((k) => k.slice(6)));
  if (emails.length > 0 || phones.length > 0) {
    const email = usernamesCaseSensitive(pool) ? `attributes ->> 'email'` : `lower(attributes ->> 'email')`;
    const taken = await tx.query<{ key: string; owner: string }>(
      `SELECT 'email:' || ${email} AS key, username_key AS owner FROM users
        WHERE pool_id = $1 AND attributes ->> 'email_verified' = 'true' AND ${email} = ANY($2::text[])
       UNION ALL
       SELECT 'phone:' || (attributes ->> 'phone_number'), username_key FROM users
        WHERE pool_id = $1 AND attributes ->> 'phone_number_verified' = 'true' AND attributes ->> 'phone_number' = ANY($3::text[])`,
      [pool.id, emails, phones],
    );
    const owners = new Map<string, Set<string>>();
    for (const t of taken) owners.set(t.key, (owners.get(t.key) ?? new Set()).add(t.owner));
    // A row naming the alias's own user is not a clash: that user exists, and the row is skipped below.
    const clash = (u: UserRow): string | undefined => aliasKeys(pool, u).find((k) => [...(owners.get(k) ?? [])].some((owner) => owner !== u.key));
    for (const user of users) {
      const key = clash(user);
      if (key !== undefined) failed.push({ kind: 'failed', number: user.number, username: user.username, message: `Another user already has the verified ${key.startsWith('email:') ? 'email' : 'phone_number'} ${key.slice(6)}.` });
    }
    users = users.filter((u) => clash(u) === undefined);
  }
  const existing =
    users.length === 0
      ? []
      : await tx.query<{ row_number: number; username: string }>(
          `WITH input AS (
             SELECT * FROM jsonb_to_recordset($3::jsonb) AS r(row_number int, username text, username_key text, attributes jsonb, sms boolean)
           ), inserted AS (
             INSERT INTO users (sub, pool_id, username, username_key, status, enabled, attributes, sms_mfa_enabled, created_at, updated_at)
             SELECT gen_random_uuid(), $1, username, username_key, 'RESET_REQUIRED', true, attributes, sms, $2, $2 FROM input ORDER BY row_number
             ON CONFLICT (pool_id, username_key) DO NOTHING
             RETURNING username_key
           )
           SELECT row_number, username FROM input WHERE username_key NOT IN (SELECT username_key FROM inserted) ORDER BY row_number`,
          [pool.id, now, JSON.stringify(users.map((u) => ({ row_number: u.number, username: u.username, username_key: u.key, attributes: u.attributes, sms: u.smsMfa })))],
        );
  const report = [
    ...failed.map((f) => ({ row_number: f.number, username: f.username, outcome: 'failed', message: f.message })),
    ...existing.map((e) => ({ row_number: Number(e.row_number), username: e.username, outcome: 'skipped', message: 'A user with this username already exists in the user pool.' })),
  ];
  if (report.length > 0) {
    await tx.query(
      `INSERT INTO user_import_row_reports (job_id, row_number, username, outcome, message)
       SELECT $1, r.row_number, r.username, r.outcome, r.message FROM jsonb_to_recordset($2::jsonb) AS r(row_number int, username text, outcome text, message text)
       ON CONFLICT (job_id, row_number) DO NOTHING`,
      [jobId, JSON.stringify(report)],
    );
  }
  const outcome = { imported: users.length - existing.length, skipped: existing.length, failed: failed.length };
  await tx.query(
    `UPDATE user_import_jobs SET next_row = $2, imported_users = imported_users + $3, skipped_users = skipped_users + $4, failed_users = failed_users + $5 WHERE id = $1`,
    [jobId, nextRow, outcome.imported, outcome.skipped, outcome.failed],
  );
  return outcome;
}
