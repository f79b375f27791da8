// The workspace's writes over HTTP on both databases: notes from two collectors at once all land, a
// dispute stops the account's planned campaign contacts (the runner refuses them), do-not-contact
// flags set at once on different channels are merged on the server, and follow-ups keep the account's
// followUpAt (and brokenPromiseAt) in step. The campaign runner records lastContactAt.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignMessageSettings } from '../../src/campaigns/messages/opt-out.js';
import { campaignJobHandlers } from '../../src/campaigns/runner/contact-handler.js';
import { JobRunner } from '../../src/jobs/job-runner.js';
import { ManualClock } from '../../src/time/clock.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { addStaffUser, chicagoAccount, create, gql, moveTo, ok, tokenOf } from './desk-fixtures.js';

// Monday 13 April 2026, 09:00 in Chicago.
const START = '2026-04-13T14:00:00.000Z';

describe.each(BOTH_DATABASES)('account actions on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let alice: string;
  let bob: string;

  const signIn = async () => {
    alice = await tokenOf(server, 'staff');
    bob = await tokenOf(server, 'bob');
  };
  const accountRow = async (accountId: string) =>
    (await server.db.query<{ followUpAt: Date | null; brokenPromiseAt: Date | null; lastContactAt: Date | null; disputed: boolean | null }>(`SELECT "followUpAt", "brokenPromiseAt", "lastContactAt", "disputed" FROM "AccountMdl" WHERE "id" = $1`, [accountId]))[0];

  beforeAll(async () => {
    clock = new ManualClock(new Date(START));
    server = await startTestServer({ database, clock });
    await addStaffUser(server, 'bob', [], 'Bob');
    await signIn();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps every note two collectors append to one account at the same time', async () => {
    const { accountId } = await chicagoAccount(server, alice, 'C-ACT-notes', 'F-notes');
    const note = (token: string, text: string) => gql<{ addAccountNote: { id: string; kind: string } }>(server, token, `mutation ($a: ID!, $t: String!) { addAccountNote(accountId: $a, text: $t) { id kind summary actor } }`, { a: accountId, t: text });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => note(i % 2 === 0 ? alice : bob, `note ${i}`)));
    for (const r of results) expect(r.errors).toBeUndefined();
    const rows = await server.db.query<{ summary: string }>(`SELECT "summary" FROM "AccountActivityMdl" WHERE "accountmdlID" = $1 AND "kind" = 'note'`, [accountId]);
    expect(rows.map((r) => r.summary).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `note ${i}`).sort());
    expect((await note(alice, '   ')).errors?.[0]?.errorType).toBe('BadRequestException');
  });

  it('merges do-not-contact flags two collectors set at once on different channels: both land', async () => {
    const { debtorId } = await chicagoAccount(server, alice, 'C-ACT-dnc', 'F-dnc');
    const set = (token: string, channel: string, flag: boolean) =>
      gql<{ setDoNotContact: { id: string; doNotContact: string; callableNow: boolean; refusals: string } }>(server, token, `mutation ($d: ID!, $c: String!, $f: Boolean!) { setDoNotContact(debtorId: $d, channel: $c, doNotContact: $f, reason: "asked") { id doNotContact callableNow refusals } }`, { d: debtorId, c: channel, f: flag });
    const results = await Promise.all([set(alice, 'sms', true), set(bob, 'email', true), set(alice, 'letter', true), set(bob, 'call', true)]);
    for (const r of results) expect(r.errors).toBeUndefined();
    const [row] = await server.db.query<{ doNotContact: string }>(`SELECT "doNotContact" FROM "DebtorMdl" WHERE "id" = $1`, [debtorId]);
    expect(JSON.parse(row?.doNotContact ?? '{}')).toEqual({ all: false, channels: ['call', 'sms', 'email', 'letter'] });
    const cleared = await set(bob, 'call', false);
    expect(JSON.parse(cleared.data?.setDoNotContact.doNotContact ?? '{}')).toEqual({ all: false, channels: ['sms', 'email', 'letter'] });
    expect(cleared.data?.setDoNotContact.callableNow).toBe(true);
    const blocked = await set(alice, 'call', true);
    expect(blocked.data?.setDoNotContact.callableNow).toBe(false);
    expect((JSON.parse(blocked.data?.setDoNotContact.refusals ?? '[]') as { code: string }[]).map((r) => r.code)).toEqual(['CHANNEL_DO_NOT_CONTACT']);
    expect((await set(alice, 'pigeon', true)).errors?.[0]?.errorType).toBe('BadRequestException');
    const entries = await server.db.query<{ kind: string }>(`SELECT "kind" FROM "AccountActivityMdl" a JOIN "DebtorMdl" d ON d."accountmdlID" = a."accountmdlID" WHERE d."id" = $1`, [debtorId]);
    expect(entries.filter((e) => e.kind === 'do_not_contact')).toHaveLength(6);
  });

  it("stops the account's planned campaign contacts once disputed (the runner refuses them), and records lastContactAt for the contacts it makes", async () => {
    const disputed = await chicagoAccount(server, alice, 'C-ACT-dispute', 'F-d1');
    const other = await chicagoAccount(server, alice, 'C-ACT-dispute', 'F-d2');
    for (const { debtorId } of [disputed, other]) await server.db.query(`UPDATE "DebtorMdl" SET "email" = $2 WHERE "id" = $1`, [debtorId, `${debtorId}@example.com`]);
    const campaignId = await create(server, alice, 'CampaignMdl', {
      campaignName: 'dispute stops',
      channel: 'email',
      status: 'draft',
      accountFilter: JSON.stringify({ clientNumber: 'C-ACT-dispute' }),
      startDate: '2026-04-14',
      endDate: '2026-04-14',
      timeZone: 'America/Chicago',
      dailyWindows: JSON.stringify([{ start: '10:00', end: '12:00' }]),
      messageTemplate: 'Hello {{debtor.firstName}}',
      maxAttemptsPerAccount: 1,
    });
    const plan = await ok<{ planCampaign: { planned: number } }>(server, alice, `mutation ($id: ID!) { planCampaign(id: $id) { planned } }`, { id: campaignId });
    expect(plan.planCampaign.planned).toBe(2);
    const res = await ok<{ setAccountDispute: { id: string; disputed: boolean; _version: number } }>(server, alice, `mutation ($a: ID!) { setAccountDispute(accountId: $a, disputed: true, reason: "debtor disputes the amount") { id disputed _version } }`, { a: disputed.accountId });
    expect(res.setAccountDispute.disputed).toBe(true);
    const planned = await server.db.query<{ plannedAt: Date }>(`SELECT "plannedAt" FROM "CampaignContactMdl" WHERE "campaignmdlID" = $1 ORDER BY "plannedAt" DESC`, [campaignId]);
    // Both contacts are due, and the campaign's window is still open.
    moveTo(clock, new Date(new Date(planned[0]?.plannedAt ?? 0).getTime() + 1000).toISOString());
    await signIn();
    const runner = new JobRunner({ db: server.db, clock, handlers: campaignJobHandlers({ db: server.db, clock, delivery: server.app.steward.delivery, messages: campaignMessageSettings(server.app.steward.config) }) }, { concurrency: 4 });
    expect(await runner.runDue()).toBe(2);
    const entries = await server.db.query<{ accountmdlID: string; status: string; reasons: string | null }>(`SELECT "accountmdlID", "status", "reasons" FROM "CampaignContactMdl" WHERE "campaignmdlID" = $1`, [campaignId]);
    const ofDisputed = entries.find((e) => e.accountmdlID === disputed.accountId);
    expect(ofDisputed?.status).toBe('refused');
    expect((JSON.parse(ofDisputed?.reasons ?? '[]') as { code: string }[]).map((r) => r.code)).toContain('ACCOUNT_DISPUTED');
    expect(entries.find((e) => e.accountmdlID === other.accountId)?.status).toBe('sent');
    expect((await accountRow(disputed.accountId))?.lastContactAt).toBeNull();
    expect(new Date((await accountRow(other.accountId))?.lastContactAt ?? 0).toISOString()).toBe(clock.now().toISOString());
    const kinds = await server.db.query<{ kind: string; details: string }>(`SELECT "kind", "details" FROM "AccountActivityMdl" WHERE "accountmdlID" = $1`, [disputed.accountId]);
    expect(kinds.map((k) => k.kind)).toEqual(['dispute']);
    expect((await gql(server, alice, `mutation ($a: ID!) { setAccountDispute(accountId: $a, disputed: false, reason: " ") { id } }`, { a: disputed.accountId })).errors?.[0]?.errorType).toBe('BadRequestException');
  });

  it('keeps followUpAt at the earliest open follow-up, and completing a broken-promise follow-up clears brokenPromiseAt', async () => {
    const { accountId } = await chicagoAccount(server, alice, 'C-ACT-fu', 'F-fu');
    const schedule = (dueAt: string) => ok<{ scheduleFollowUp: { id: string; status: string; reason: string; dueAt: string } }>(server, alice, `mutation ($a: ID!, $d: AWSDateTime!) { scheduleFollowUp(accountId: $a, dueAt: $d, note: "call back") { id status reason dueAt } }`, { a: accountId, d: dueAt });
    const complete = (id: string) => ok<{ completeFollowUp: { id: string; status: string } }>(server, bob, `mutation ($id: ID!) { completeFollowUp(id: $id, note: "done") { id status } }`, { id });
    const later = await schedule('2026-04-20T15:00:00.000Z');
    const sooner = await schedule('2026-04-16T15:00:00.000Z');
    expect(sooner.scheduleFollowUp).toMatchObject({ status: 'open', reason: 'scheduled' });
    expect(new Date((await accountRow(accountId))?.followUpAt ?? 0).toISOString()).toBe('2026-04-16T15:00:00.000Z');
    expect((await complete(sooner.scheduleFollowUp.id)).completeFollowUp.status).toBe('done');
    expect(new Date((await accountRow(accountId))?.followUpAt ?? 0).toISOString()).toBe('2026-04-20T15:00:00.000Z');
    // What the broken-promise job leaves: the flag on the account and its follow-up.
    const brokenId = randomUUID();
    await server.db.query(`UPDATE "AccountMdl" SET "brokenPromiseAt" = $2 WHERE "id" = $1`, [accountId, clock.now()]);
    await server.db.query(`INSERT INTO "FollowUpMdl" ("id", "accountmdlID", "dueAt", "reason", "status", "createdAt", "updatedAt") VALUES ($1, $2, $3, 'broken_promise', 'open', $3, $3)`, [brokenId, accountId, clock.now()]);
    await complete(later.scheduleFollowUp.id);
    expect((await accountRow(accountId))?.brokenPromiseAt).not.toBeNull();
    await complete(brokenId);
    const row = await accountRow(accountId);
    expect(row?.brokenPromiseAt).toBeNull();
    expect(row?.followUpAt).toBeNull();
    const kinds = await server.db.query<{ kind: string }>(`SELECT "kind" FROM "AccountActivityMdl" WHERE "accountmdlID" = $1`, [accountId]);
    expect(kinds.filter((k) => k.kind === 'follow_up')).toHaveLength(5);
    expect((await gql(server, alice, `mutation ($a: ID!) { scheduleFollowUp(accountId: $a, dueAt: "2026-04-20T15:00:00Z") { id } }`, { a: randomUUID() })).errors?.[0]?.errorType).toBe('ConditionalCheckFailedException');
  });
});
