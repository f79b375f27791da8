// recordCall over HTTP on both databases with an injected clock: the contact rules the campaign runner
// applies decide (hours in the debtor's zone, 7 calls in 7 days, the conversation cooldown), a refused
// call says why and when it may be made, only supervisors override (recorded), the outcome's
// consequences land, a double submit records once, and the campaign planner counts a desk call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/time/clock.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { addStaffUser, chicagoAccount, create, gql, moveTo, ok, RECORD_CALL, tokenOf } from './desk-fixtures.js';

interface CallResult {
  recordCall: { activityId: string; duplicate: boolean; account: { id: string; disputed: boolean; lastContactAt: string | null; _version: number } };
}

// Tuesday 14 April 2026, 21:30 in Chicago (CDT, UTC-5).
const LATE_EVENING = '2026-04-15T02:30:00.000Z';
const NEXT_MORNING_8 = '2026-04-15T13:00:00.000Z';
const NEXT_MORNING_10 = '2026-04-15T15:00:00.000Z';

describe.each(BOTH_DATABASES)('recordCall on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let collector: string;
  let supervisor: string;
  let admin: string;
  const accounts: Record<string, { accountId: string; debtorId: string }> = {};

  const signIn = async () => {
    collector = await tokenOf(server, 'staff');
    supervisor = await tokenOf(server, 'lead');
    admin = await tokenOf(server, 'admin');
  };
  const call = (token: string, key: string, outcome: string, clientReference: string, extra: Record<string, unknown> = {}) =>
    gql<CallResult>(server, token, RECORD_CALL, { input: { accountId: accounts[key]?.accountId, debtorId: accounts[key]?.debtorId, outcome, clientReference, ...extra } });
  const attempts = (key: string) => server.db.query<{ channel: string; outcome: string; conversation: boolean }>(`SELECT channel, outcome, conversation FROM contact_attempts WHERE account_id = $1 ORDER BY attempted_at, id`, [accounts[key]?.accountId]);
  const activity = (key: string) => server.db.query<{ kind: string; summary: string; details: string | null; actor: string }>(`SELECT "kind", "summary", "details", "actor" FROM "AccountActivityMdl" WHERE "accountmdlID" = $1 ORDER BY "at", "id"`, [accounts[key]?.accountId]);

  beforeAll(async () => {
    clock = new ManualClock(new Date(LATE_EVENING));
    server = await startTestServer({ database, clock });
    await addStaffUser(server, 'lead', ['Supervisors'], 'Lee');
    await signIn();
    for (const key of ['hours', 'limit', 'cooldown', 'override', 'planner', 'dispute', 'cease', 'double']) accounts[key] = await chicagoAccount(server, collector, `C-CALL-${key}`, `F-${key}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a call at 21:30 in the debtor\'s zone with the reason and the next allowed instant, 08:00 the next day, and records nothing', async () => {
    const res = await call(collector, 'hours', 'no_answer', 'late-1');
    expect(res.data).toBeNull();
    const error = res.errors?.[0];
    expect(error?.errorType).toBe('ContactNotAllowedException');
    const info = error?.errorInfo as { reasons: { code: string; message: string }[]; nextAllowedAt: string | null };
    expect(info.reasons.map((r) => r.code)).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(info.reasons[0]?.message).toMatch(/21:30/);
    expect(info.nextAllowedAt).toBe(NEXT_MORNING_8);
    expect(await attempts('hours')).toEqual([]);
    expect(await activity('hours')).toEqual([]);
  });

  it('allows the call at 10:00, writes the attempt, lastContactAt and the timeline entry, and records a double submit once', async () => {
    moveTo(clock, NEXT_MORNING_10);
    await signIn();
    const first = await call(collector, 'hours', 'no_answer', 'morning-1', { note: 'rang out' });
    expect(first.errors).toBeUndefined();
    expect(first.data?.recordCall.duplicate).toBe(false);
    expect(first.data?.recordCall.account.lastContactAt).toBe(NEXT_MORNING_10);
    const again = await call(collector, 'hours', 'no_answer', 'morning-1', { note: 'rang out' });
    expect(again.data?.recordCall).toMatchObject({ duplicate: true, activityId: first.data?.recordCall.activityId });
    expect(await attempts('hours')).toEqual([{ channel: 'call', outcome: 'no_answer', conversation: false }]);
    const entries = await activity('hours');
    expect(entries.map((e) => e.kind)).toEqual(['call']);
    expect(entries[0]?.summary).toContain('rang out');
    const [account] = await server.db.query<{ lastContactAt: Date }>(`SELECT "lastContactAt" FROM "AccountMdl" WHERE "id" = $1`, [accounts.hours?.accountId]);
    expect(new Date(account?.lastContactAt ?? 0).toISOString()).toBe(NEXT_MORNING_10);
  });

  it('records one call when the same submit arrives twice at once (a double click must not count two calls)', async () => {
    const results = await Promise.all([call(collector, 'double', 'left_message', 'double-1'), call(collector, 'double', 'left_message', 'double-1')]);
    for (const r of results) expect(r.errors).toBeUndefined();
    expect(results.map((r) => r.data?.recordCall.duplicate).sort()).toEqual([false, true]);
    expect(new Set(results.map((r) => r.data?.recordCall.activityId)).size).toBe(1);
    expect(await attempts('double')).toHaveLength(1);
  });

  it('refuses the 8th call in 7 days (Regulation F call frequency) and counts the refused one nowhere', async () => {
    for (let i = 0; i < 7; i++) {
      const res = await call(collector, 'limit', 'no_answer', `limit-${i}`);
      expect(res.errors, `call ${i + 1}`).toBeUndefined();
      clock.advance(60);
    }
    const eighth = await call(collector, 'limit', 'no_answer', 'limit-7');
    expect(eighth.errors?.[0]?.errorType).toBe('ContactNotAllowedException');
    expect((eighth.errors?.[0]?.errorInfo as { reasons: { code: string }[] }).reasons.map((r) => r.code)).toContain('CALL_LIMIT_REACHED');
    expect(await attempts('limit')).toHaveLength(7);
  });

  it('starts the conversation cooldown after a right-party call: the next call is refused', async () => {
    expect((await call(collector, 'cooldown', 'right_party', 'cool-1')).errors).toBeUndefined();
    clock.advance(300);
    const next = await call(collector, 'cooldown', 'no_answer', 'cool-2');
    expect(next.errors?.[0]?.errorType).toBe('ContactNotAllowedException');
    const info = next.errors?.[0]?.errorInfo as { reasons: { code: string }[]; nextAllowedAt: string | null };
    expect(info.reasons.map((r) => r.code)).toContain('CONVERSATION_COOLDOWN');
    expect(info.nextAllowedAt === null || Date.parse(info.nextAllowedAt) > clock.now().getTime() + 6 * 86_400_000).toBe(true);
    expect(await attempts('cooldown')).toEqual([{ channel: 'call', outcome: 'right_party', conversation: true }]);
  });

  it('refuses an override from a collector who is not a supervisor (a collector must not talk past the rules)', async () => {
    expect((await call(collector, 'override', 'right_party', 'ov-1')).errors).toBeUndefined();
    const res = await call(collector, 'override', 'no_answer', 'ov-2', { overrideReason: 'debtor asked for a call back' });
    expect(res.errors?.[0]?.errorType).toBe('Unauthorized');
    expect(await attempts('override')).toHaveLength(1);
  });

  it("records a supervisor's override with its reason and the rules' reasons, and the call itself", async () => {
    for (const token of [supervisor, admin]) {
      const res = await call(token, 'override', 'right_party', `ov-sup-${token === admin ? 'admin' : 'lead'}`, { overrideReason: 'debtor asked for a call back today' });
      expect(res.errors).toBeUndefined();
    }
    const entries = await activity('override');
    const overrides = entries.filter((e) => e.kind === 'override');
    expect(overrides).toHaveLength(2);
    const details = JSON.parse(overrides[0]?.details ?? '{}') as { reason: string; reasons: { code: string }[] };
    expect(details.reason).toBe('debtor asked for a call back today');
    expect(details.reasons.map((r) => r.code)).toContain('CONVERSATION_COOLDOWN');
    expect(entries.filter((e) => e.kind === 'call')).toHaveLength(3);
    expect(await attempts('override')).toHaveLength(3);
  });

  it('sets the account disputed on a dispute outcome, and do-not-contact on every channel on a cease request', async () => {
    const disputed = await call(collector, 'dispute', 'dispute', 'd-1', { note: 'says the debt is not theirs' });
    expect(disputed.data?.recordCall.account.disputed).toBe(true);
    // Both entries carry the call's instant; their order among themselves is not defined.
    expect((await activity('dispute')).map((e) => e.kind).sort()).toEqual(['call', 'dispute']);
    expect((await call(collector, 'cease', 'cease_request', 'c-1')).errors).toBeUndefined();
    const [debtor] = await server.db.query<{ doNotContact: string }>(`SELECT "doNotContact" FROM "DebtorMdl" WHERE "id" = $1`, [accounts.cease?.debtorId]);
    expect(JSON.parse(debtor?.doNotContact ?? '{}')).toMatchObject({ all: true });
    clock.advance(8 * 86_400);
    await signIn();
    const later = await call(collector, 'cease', 'no_answer', 'c-2');
    expect((later.errors?.[0]?.errorInfo as { reasons: { code: string }[] }).reasons.map((r) => r.code)).toContain('DO_NOT_CONTACT');
  });

  it('counts a desk call for the campaign planner: a call campaign planned after a conversation is refused for the cooldown', async () => {
    expect((await call(collector, 'planner', 'promise', 'p-1')).errors).toBeUndefined();
    const today = clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const campaignId = await create(server, collector, 'CampaignMdl', {
      campaignName: 'desk call counts',
      channel: 'call',
      status: 'draft',
      accountFilter: JSON.stringify({ clientNumber: 'C-CALL-planner' }),
      startDate: today,
      endDate: tomorrow,
      timeZone: 'America/Chicago',
      dailyWindows: JSON.stringify([{ start: '09:00', end: '17:00' }]),
      messageTemplate: 'call',
      maxAttemptsPerAccount: 1,
    });
    const plan = await ok<{ planCampaign: { planned: number; refused: number } }>(server, collector, `mutation ($id: ID!) { planCampaign(id: $id) { planned refused } }`, { id: campaignId });
    expect(plan.planCampaign).toEqual({ planned: 0, refused: 1 });
    const [entry] = await server.db.query<{ reasons: string }>(`SELECT "reasons" FROM "CampaignContactMdl" WHERE "campaignmdlID" = $1`, [campaignId]);
    expect((JSON.parse(entry?.reasons ?? '[]') as { code: string }[]).map((r) => r.code)).toContain('CONVERSATION_COOLDOWN');
  });

  it('refuses client users and bad input with typed errors, never a 500', async () => {
    const client = await tokenOf(server, 'client');
    expect((await call(client, 'hours', 'no_answer', 'x-1')).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await call(collector, 'hours', 'shouted', 'x-2')).errors?.[0]?.errorType).toBe('BadRequestException');
    expect((await call(collector, 'hours', 'no_answer', '  ')).errors?.[0]?.errorType).toBe('BadRequestException');
    const wrongDebtor = await gql<CallResult>(server, collector, RECORD_CALL, { input: { accountId: accounts.hours?.accountId, debtorId: accounts.limit?.debtorId, outcome: 'no_answer', clientReference: 'x-3' } });
    expect(wrongDebtor.errors?.[0]?.errorType).toBe('ConditionalCheckFailedException');
  });
});
