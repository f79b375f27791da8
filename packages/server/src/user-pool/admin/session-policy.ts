// The pool-wide maximum session length: set by an administrator (SetSessionPolicy through the admin
// credential, the admin REST API or the CLI), kept in server_settings, and read by the data API on
// every write of a policy setting (graphql/policy/policy-settings.ts holds the hard bounds).
import { operationEvent } from '../../audit/operation-audit.js';
import type { Queryable } from '../../db/database.js';
import { POLICY_SETTINGS, policyBounds } from '../../graphql/policy/policy-settings.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { integer, object, userPoolIdSchema } from '../wire/input-schema.js';

const KEY = 'session_length_max';

/** The pool-wide maximum session length in seconds, or undefined when no administrator set one. */
export async function readSessionLengthMax(q: Queryable): Promise<number | undefined> {
  const rows = await q.query<{ value: { seconds?: unknown } }>('SELECT value FROM server_settings WHERE key = $1', [KEY]);
  const seconds = rows[0]?.value.seconds;
  return typeof seconds === 'number' ? seconds : undefined;
}

const hard = POLICY_SETTINGS.sessionLength;

/** The policy as the operations answer it. */
async function describePolicy(q: Queryable) {
  const bounds = policyBounds(await readSessionLengthMax(q));
  return { SessionLength: { MinSeconds: bounds.sessionLength.min, MaxSeconds: bounds.sessionLength.max, HardMaxSeconds: hard.max } };
}

/** SetSessionPolicy (Steward's own): the longest session any user may configure, within the hard bounds. */
export const setSessionPolicy = defineOperation('SetSessionPolicy', object({ UserPoolId: userPoolIdSchema, MaxSessionLengthSeconds: integer(hard.min, hard.max) }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .do('store the maximum', (ctx, i) =>
    ctx.audit.transaction(async (tx, audit) => {
      // Locked, so the before value recorded is the one this write replaces.
      const before = await tx.query<{ value: { seconds?: unknown } }>('SELECT value FROM server_settings WHERE key = $1 FOR UPDATE', [KEY]);
      await tx.query('INSERT INTO server_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [KEY, JSON.stringify({ seconds: i.MaxSessionLengthSeconds })]);
      audit.record(
        operationEvent(ctx, 'admin.session_policy.set', undefined, {
          record: { type: 'session_policy', id: i.UserPoolId },
          changes: { maxSessionLengthSeconds: { before: before[0]?.value.seconds ?? null, after: i.MaxSessionLengthSeconds } },
        }),
      );
    }),
  )
  .respond((ctx) => describePolicy(ctx.db));

/** GetSessionPolicy (Steward's own): the session-length bounds in force. */
export const getSessionPolicy = defineOperation('GetSessionPolicy', object({ UserPoolId: userPoolIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .respond((ctx) => describePolicy(ctx.db));
