// The collector's desk demo book (issue 22): a few hundred accounts of the two demo clients with
// debtors across the US time zones, payments (a few reversed, some a year back for the month-on-month
// chart), promises in every state (pending, kept, partially kept, broken, cancelled) with their
// follow-ups and check jobs, scheduled follow-ups, call history and disputes — most assigned to the demo
// staff user, some to the admin — so a new user sees a living desk. Inserted in bulk (a handful of
// multi-row statements) inside the first start's seed transaction, so it is created once.
import { randomUUID } from 'node:crypto';
import { addLocalDays, evaluatePromise, formatCents, localDateOf, promiseCheckInstant, startOfLocalDay, type ScheduledInstallment } from '@steward/collections';
import type { Queryable } from '../db/database.js';

/** Who the demo accounts are assigned to. */
export interface DeskCollectors {
  readonly staff: string | null;
  readonly admin: string | null;
}

/** How many desk accounts the demo has. */
export const DEMO_DESK_ACCOUNTS = 240;

const CLIENTS = [
  { clientNumber: 'C-1001', clientName: 'Acme Lending' },
  { clientNumber: 'C-2002', clientName: 'Birch Credit Union' },
] as const;

const PLACES = [
  { zipCode: '10001', state: 'NY', city: 'New York', timeZone: 'America/New_York' },
  { zipCode: '33101', state: 'FL', city: 'Miami', timeZone: 'America/New_York' },
  { zipCode: '60601', state: 'IL', city: 'Chicago', timeZone: 'America/Chicago' },
  { zipCode: '75201', state: 'TX', city: 'Dallas', timeZone: 'America/Chicago' },
  { zipCode: '80202', state: 'CO', city: 'Denver', timeZone: 'America/Denver' },
  { zipCode: '85004', state: 'AZ', city: 'Phoenix', timeZone: 'America/Phoenix' },
  { zipCode: '94105', state: 'CA', city: 'San Francisco', timeZone: 'America/Los_Angeles' },
  { zipCode: '98101', state: 'WA', city: 'Seattle', timeZone: 'America/Los_Angeles' },
  { zipCode: '99501', state: 'AK', city: 'Anchorage', timeZone: 'America/Anchorage' },
  { zipCode: '96813', state: 'HI', city: 'Honolulu', timeZone: 'Pacific/Honolulu' },
] as const;

const FIRST = ['Alex', 'Bea', 'Carl', 'Dora', 'Eli', 'Fay', 'Gus', 'Hana', 'Ike', 'Jade', 'Kai', 'Lena', 'Milo', 'Nora', 'Omar', 'Pia', 'Quin', 'Rosa', 'Sid', 'Tess'] as const;
const LAST = ['Alvarez', 'Brooks', 'Chen', 'Diaz', 'Evans', 'Foster', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Khan', 'Lopez', 'Moore', 'Nguyen', 'Owens', 'Patel'] as const;
const METHODS = ['card', 'ach', 'check', 'cash'] as const;
const OUTCOMES = ['no_answer', 'left_message', 'right_party', 'promise', 'wrong_number', 'refused', 'no_answer', 'right_party'] as const;
const PROMISE_SCENARIOS = ['pending', 'kept', 'partially_kept', 'broken', 'cancelled'] as const;

/** A small deterministic generator: the demo book is the same on every first start. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Inserts `rows` into `table` in multi-row statements (kept under PostgreSQL's parameter limit). */
async function insertRows(tx: Queryable, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
  const perStatement = Math.floor(30_000 / columns.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values: unknown[] = [];
    const tuples = chunk.map((row) => `(${row.map((value) => (values.push(value), `$${values.length}`)).join(', ')})`);
    await tx.query(`INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}

interface Payment {
  readonly id: string;
  readonly date: string;
  readonly cents: number;
  readonly reversed?: boolean;
}

/** Inserts the desk's demo book; `now` is the seed's clock. */
export async function seedCollectorsDesk(tx: Queryable, now: Date, collectors: DeskCollectors, clientIds: ReadonlyMap<string, string>): Promise<void> {
  const random = generator(22);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const accounts: unknown[][] = [];
  const debtors: unknown[][] = [];
  const transactions: unknown[][] = [];
  const promises: unknown[][] = [];
  const followUps: unknown[][] = [];
  const activity: unknown[][] = [];
  const attempts: unknown[][] = [];
  const jobs: unknown[][] = [];
  const dayMs = 86_400_000;
  const activityRow = (accountId: string, clientNumber: string, kind: string, at: Date, actor: string | null, summary: string, details: Record<string, unknown>) =>
    activity.push([randomUUID(), accountId, clientNumber, kind, at, actor ?? 'system', actor === null ? 'Steward' : null, summary, JSON.stringify(details), at, at]);

  for (let n = 0; n < DEMO_DESK_ACCOUNTS; n += 1) {
    const client = CLIENTS[n % CLIENTS.length] ?? CLIENTS[0];
    const place = PLACES[n % PLACES.length] ?? PLACES[0];
    const accountId = randomUUID();
    const fileNumber = `D-${String(200_001 + n)}`;
    // Three in four to the demo collector, one in eight to the admin, the rest unassigned.
    const assignedTo = n % 8 === 7 ? null : n % 8 === 6 ? collectors.admin : collectors.staff;
    const actor = assignedTo ?? collectors.staff;
    const originalCents = 50_000 + Math.floor(random() * 2_450_000);
    const daysPastDue = 5 + Math.floor(random() * 400);
    const delinquency = new Date(now.getTime() - daysPastDue * dayMs).toISOString().slice(0, 10);
    const disputed = n % 23 === 11;
    const today = localDateOf(now, place.timeZone);
    const first = pick(FIRST);
    const last = pick(LAST);

    // Payments: up to three over the last four months (on promise accounts before the promise, so
    // they do not count toward it); every sixth account one a year back; a few reversed.
    const payments: Payment[] = [];
    const count = Math.floor(random() * 4);
    const earliest = n < 150 ? 50 : 3;
    for (let p = 0; p < count; p += 1) payments.push({ id: randomUUID(), date: addLocalDays(today, -(earliest + Math.floor(random() * 120))), cents: 2_500 + Math.floor(random() * 40) * 500 });
    if (n % 6 === 0) payments.push({ id: randomUUID(), date: addLocalDays(today, -(365 + Math.floor(random() * 60))), cents: 5_000 + Math.floor(random() * 20) * 500 });
    if (n % 17 === 3 && payments[0] !== undefined) payments[0] = { ...payments[0], reversed: true };

    // Promises on the first 150 accounts, cycling through every state.
    let promiseDueDate: string | null = null;
    let brokenPromiseAt: Date | null = null;
    let followUpAt: Date | null = null;
    if (n < 150 && actor !== null) {
      const scenario = PROMISE_SCENARIOS[n % PROMISE_SCENARIOS.length] ?? 'pending';
      const amount = 5_000 + (n % 7) * 2_500;
      const plan: Record<(typeof PROMISE_SCENARIOS)[number], { taken: number; dues: number[]; paid: [number, number][] }> = {
        pending: { taken: -2, dues: [3, 10, 17], paid: [] },
        kept: { taken: -45, dues: [-40, -26], paid: [[-40, amount], [-27, amount]] },
        partially_kept: { taken: -12, dues: [-8, 6, 20], paid: [[-8, amount], [-1, Math.floor(amount / 2)]] },
        broken: { taken: -30, dues: [-21, -7], paid: [[-21, Math.floor(amount / 3)]] },
        cancelled: { taken: -20, dues: [-10, 4], paid: [] },
      };
      const { taken, dues, paid } = plan[scenario];
      const takenOn = addLocalDays(today, taken);
      const takenAt = new Date(startOfLocalDay(takenOn, place.timeZone).getTime() + 15 * 3_600_000);
      const installments: ScheduledInstallment[] = dues.map((offset, i) => ({ seq: i + 1, dueDate: addLocalDays(today, offset), amountCents: amount }));
      const promisePayments = paid.map(([offset, cents]) => ({ id: randomUUID(), localDate: addLocalDays(today, offset), amountCents: cents }));
      for (const p of promisePayments) payments.push({ id: p.id, date: p.localDate, cents: p.amountCents });
      const cancelled = scenario === 'cancelled';
      const evaluation = evaluatePromise({ installments, graceDays: 3, payments: promisePayments, takenOn, today, cancelled });
      const promiseId = randomUUID();
      const cancelledAt = cancelled ? new Date(now.getTime() - 5 * dayMs) : null;
      const brokenAt = evaluation.status === 'broken' && evaluation.brokenOn !== null ? startOfLocalDay(evaluation.brokenOn, place.timeZone) : null;
      const stored = evaluation.installments.map((i) => ({ seq: i.seq, dueDate: i.dueDate, amountCents: i.amountCents, paidCents: i.paidCents, state: i.state, lastKeepDate: i.lastKeepDate }));
      promises.push([
        promiseId, accountId, null, client.clientNumber, fileNumber, installments.length === 1 ? 'single' : 'installments', amount * installments.length, 3, place.timeZone,
        JSON.stringify(stored), evaluation.status, evaluation.status === 'active' ? evaluation.nextDueDate : null, actor, takenAt, brokenAt, cancelledAt,
        cancelled ? 'debtor asked to change the plan' : null, `demo-promise-${n}`, takenAt, takenAt,
      ]);
      activityRow(accountId, client.clientNumber, 'promise', takenAt, actor, `Promise to pay ${formatCents(amount * installments.length)} in ${installments.length} installments, first due ${installments[0]?.dueDate ?? ''}`, { promiseId });
      if (evaluation.status === 'active') {
        promiseDueDate = evaluation.nextDueDate;
        for (const i of installments) {
          jobs.push([randomUUID(), 'promise.check', JSON.stringify({ promiseId, seq: i.seq }), `${promiseId}:${i.seq}`, 'pending', promiseCheckInstant(i.dueDate, 3, place.timeZone), 5, now, now]);
        }
      }
      if (brokenAt !== null) {
        brokenPromiseAt = brokenAt;
        followUpAt = brokenAt;
        followUps.push([randomUUID(), accountId, client.clientNumber, fileNumber, assignedTo, brokenAt, 'broken_promise', 'Promise broken: installment not kept', 'open', promiseId, 'system', brokenAt, brokenAt]);
        activityRow(accountId, client.clientNumber, 'promise', brokenAt, null, 'Promise broken: installment not kept', { promiseId, status: 'broken' });
      }
    }
    // Scheduled call-backs on some other accounts: a few overdue, most later this week.
    if (n >= 150 && n % 4 === 0 && assignedTo !== null) {
      const dueAt = new Date(now.getTime() + (Math.floor(random() * 120) - 24) * 3_600_000);
      followUpAt = dueAt;
      followUps.push([randomUUID(), accountId, client.clientNumber, fileNumber, assignedTo, dueAt, 'scheduled', 'Call back as agreed', 'open', null, assignedTo, now, now]);
    }

    // Calls over the last month (counted by the dashboard and the contact rules).
    let lastContactAt: Date | null = null;
    const calls = n % 3 === 0 ? 0 : 1 + Math.floor(random() * 3);
    for (let c = 0; c < calls; c += 1) {
      const at = new Date(now.getTime() - (1 + Math.floor(random() * 30)) * dayMs - Math.floor(random() * 8) * 3_600_000);
      const outcome = pick(OUTCOMES);
      attempts.push([randomUUID(), accountId, 'call', at, at, outcome, outcome === 'right_party' || outcome === 'promise' || outcome === 'refused', at]);
      activityRow(accountId, client.clientNumber, 'call', at, actor, `Call: ${outcome.replace('_', ' ')}`, { outcome });
      if (lastContactAt === null || at > lastContactAt) lastContactAt = at;
    }

    let paidCents = 0;
    for (const payment of payments) {
      const postedAt = new Date(Math.min(now.getTime(), startOfLocalDay(payment.date, place.timeZone).getTime() + 17 * 3_600_000));
      const method = pick(METHODS);
      const reversalId = payment.reversed === true ? randomUUID() : null;
      transactions.push([payment.id, client.clientNumber, fileNumber, accountId, 'payment', `demo-${payment.id}`, payment.cents, payment.cents / 100, payment.date, payment.date, actor ?? 'system', method, null, reversalId, null, 'Payment', postedAt, postedAt]);
      activityRow(accountId, client.clientNumber, 'payment', postedAt, actor, `Payment of ${formatCents(payment.cents)} by ${method} dated ${payment.date}`, { transactionId: payment.id, amountCents: payment.cents });
      paidCents += payment.cents;
      if (reversalId !== null) {
        const reversedOn = addLocalDays(payment.date, 2) > today ? today : addLocalDays(payment.date, 2);
        transactions.push([reversalId, client.clientNumber, fileNumber, accountId, 'reversal', `demo-${reversalId}`, -payment.cents, -payment.cents / 100, reversedOn, reversedOn, actor ?? 'system', method, payment.id, null, 'returned_payment', 'Reversal (returned_payment)', postedAt, postedAt]);
        activityRow(accountId, client.clientNumber, 'reversal', postedAt, actor, `Payment of ${formatCents(payment.cents)} reversed (returned payment)`, { transactionId: reversalId, reversalOf: payment.id });
        paidCents -= payment.cents;
      }
    }

    accounts.push([
      accountId, disputed ? 'DISPUTED' : promiseDueDate !== null ? 'PAYMENT_PLAN' : 'ACTIVE', paidCents / 100, client.clientName, client.clientNumber, (originalCents - paidCents) / 100, fileNumber,
      addLocalDays(delinquency, -30), 'staff', originalCents / 100, 500 + Math.floor(random() * 300), place.zipCode, clientIds.get(client.clientNumber) ?? null, delinquency, disputed,
      assignedTo, lastContactAt, promiseDueDate, brokenPromiseAt, followUpAt, now, now,
    ]);
    debtors.push([
      randomUUID(), client.clientNumber, fileNumber, 1, first, last, `+1555020${String(1000 + n).slice(-4)}`, `${first.toLowerCase()}.${last.toLowerCase()}${n}@example.com`,
      `${200 + n} Oak Avenue`, place.city, place.zipCode, place.state, n % 5 === 0 ? place.timeZone : null, n % 41 === 13 ? JSON.stringify({ call: true }) : null, accountId, now, now,
    ]);
  }

  await insertRows(tx, '"AccountMdl"', ['id', 'accountStatus', 'amountPaid', 'clientName', 'clientNumber', 'currentUpb', 'fileNumber', 'listedDate', 'operator', 'originalUpbLoaded', 'tuScore', 'zipCode', 'clientmdlID', 'delinquencyDate', 'disputed', 'assignedTo', 'lastContactAt', 'promiseDueDate', 'brokenPromiseAt', 'followUpAt', 'createdAt', 'updatedAt'], accounts);
  await insertRows(tx, '"DebtorMdl"', ['id', 'clientNumber', 'fileNumber', 'debtorSeq', 'firstName', 'lastName', 'phone', 'email', 'streetAddress', 'city', 'zipCode', 'state', 'timeZone', 'doNotContact', 'accountmdlID', 'createdAt', 'updatedAt'], debtors);
  await insertRows(tx, '"TransactionMdl"', ['id', 'clientNumber', 'fileNumber', 'accountmdlID', 'transactionType', 'transactionRef', 'amountCents', 'paymentAmount', 'paymentDate', 'postedDate', 'postedBy', 'method', 'reversalOf', 'reversedBy', 'reversalReason', 'description', 'createdAt', 'updatedAt'], transactions);
  await insertRows(tx, '"PromiseMdl"', ['id', 'accountmdlID', 'debtormdlID', 'clientNumber', 'fileNumber', 'kind', 'totalCents', 'graceDays', 'timeZone', 'installments', 'status', 'nextDueDate', 'takenBy', 'takenAt', 'brokenAt', 'cancelledAt', 'cancelReason', 'clientReference', 'createdAt', 'updatedAt'], promises);
  await insertRows(tx, '"FollowUpMdl"', ['id', 'accountmdlID', 'clientNumber', 'fileNumber', 'assignedTo', 'dueAt', 'reason', 'note', 'status', 'promisemdlID', 'createdBy', 'createdAt', 'updatedAt'], followUps);
  await insertRows(tx, '"AccountActivityMdl"', ['id', 'accountmdlID', 'clientNumber', 'kind', 'at', 'actor', 'actorName', 'summary', 'details', 'createdAt', 'updatedAt'], activity);
  await insertRows(tx, 'contact_attempts', ['id', 'account_id', 'channel', 'planned_at', 'attempted_at', 'outcome', 'conversation', 'created_at'], attempts);
  await insertRows(tx, 'jobs', ['id', 'kind', 'payload', 'dedupe_key', 'state', 'run_at', 'max_attempts', 'created_at', 'updated_at'], jobs);
}
