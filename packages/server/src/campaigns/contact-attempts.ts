// The record of every contact a campaign attempted (table contact_attempts, migration 0007): the
// history the contact-rule engine counts (7 calls in 7 days, conversation cool-down) comes from here.
import { randomUUID } from 'node:crypto';
import type { ContactChannel, ContactHistoryEntry } from '@steward/collections';
import { isUniqueViolation, type Queryable } from '../db/database.js';

/** One attempted contact. */
export interface ContactAttempt {
  /** The queue job that made it; a job records at most one attempt. Undefined outside the queue. */
  readonly jobId?: string;
  readonly accountId: string;
  readonly channel: ContactChannel;
  readonly plannedAt: Date;
  readonly attemptedAt: Date;
  /** What happened, in the campaign runner's words (sent, no_answer, failed, refused…). */
  readonly outcome: string;
  /** A telephone conversation took place. */
  readonly conversation?: boolean;
}

/** Records an attempt; false (and nothing written) when its job already recorded one, so a retried job can tell it already acted. */
export async function recordContactAttempt(db: Queryable, attempt: ContactAttempt, now: Date): Promise<boolean> {
  try {
    await db.query(
      `INSERT INTO contact_attempts (id, job_id, account_id, channel, planned_at, attempted_at, outcome, conversation, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [randomUUID(), attempt.jobId ?? null, attempt.accountId, attempt.channel, attempt.plannedAt, attempt.attemptedAt, attempt.outcome, attempt.conversation ?? false, now],
    );
    return true;
  } catch (error) {
    if (isUniqueViolation(error, 'contact_attempts_job_id_key')) return false;
    throw error;
  }
}

/** The attempts on an account since `since`, oldest first, as the engine's contact history. */
export async function contactHistory(db: Queryable, accountId: string, since: Date): Promise<ContactHistoryEntry[]> {
  const rows = await db.query<{ attempted_at: Date | string; channel: ContactChannel; conversation: boolean }>(
    `SELECT attempted_at, channel, conversation FROM contact_attempts WHERE account_id = $1 AND attempted_at >= $2 ORDER BY attempted_at, id`,
    [accountId, since],
  );
  return rows.map((r) => ({ at: new Date(r.attempted_at), channel: r.channel, direction: 'outbound', conversation: r.conversation, accountId }));
}
