// The broken-promise job (promise.check): one per installment deadline, due at the start of the debtor's
// local day after dueDate + graceDays. It evaluates the account's promises again with the payments
// posted by then; a promise that is broken now gets its follow-up, notification and timeline entry
// (promise-evaluation.ts). The queue runs a job once; the account lock, taken before the promise is
// read, keeps the effects single even if two runners (processes) ever ran it: the second sees it broken.
import type { Database } from '../../db/database.js';
import type { JobHandlers } from '../../jobs/job-runner.js';
import type { Clock } from '../../time/clock.js';
import { lockAccount } from '../payments/account-balances.js';
import { reevaluateAccountPromises, SYSTEM_ACTOR } from './promise-evaluation.js';
import { PROMISE_CHECK_JOB, type PromiseCheckPayload } from './promise-service.js';

function payloadOf(payload: unknown): PromiseCheckPayload {
  const p = payload as Partial<PromiseCheckPayload> | null;
  if (typeof p?.promiseId !== 'string' || typeof p.seq !== 'number') throw new Error(`promise.check payload without promiseId and seq: ${JSON.stringify(payload)}`);
  return { promiseId: p.promiseId, seq: p.seq };
}

/** Checks one promise at an installment's deadline; returns true when this run found it newly broken. */
export async function checkPromise(deps: { readonly db: Database; readonly clock: Clock }, payload: PromiseCheckPayload): Promise<boolean> {
  const rows = await deps.db.query<{ accountmdlID: string | null; status: string | null }>(`SELECT "accountmdlID", "status" FROM "PromiseMdl" WHERE "id" = $1`, [payload.promiseId]);
  const found = rows[0];
  // Gone or cancelled: nothing to check (a cancelled promise's pending checks are cancelled too).
  if (found?.accountmdlID === undefined || found.accountmdlID === null || found.status === 'cancelled') return false;
  const accountId = found.accountmdlID;
  return deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    const { newlyBroken } = await reevaluateAccountPromises(tx, account, deps.clock.now(), SYSTEM_ACTOR);
    return newlyBroken.some((p) => p.id === payload.promiseId);
  });
}

/** The job handlers of promises, for startServer / a JobRunner. */
export function promiseJobHandlers(deps: { readonly db: Database; readonly clock: Clock }): JobHandlers {
  return {
    [PROMISE_CHECK_JOB]: async (job) => {
      await checkPromise(deps, payloadOf(job.payload));
    },
  };
}
