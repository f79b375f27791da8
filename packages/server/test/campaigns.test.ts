// Campaigns end to end over HTTP on both databases: records made through GraphQL, planCampaign, the
// plan read back through the sorted index query and campaignPlanDays, due contacts run by a job runner
// with an injected clock (email and SMS land in the dev outbox, calls become tasks), attempts recorded,
// nothing sent twice; and two server processes on one PostgreSQL sending each contact once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignJobHandlers, closeIfFinished } from '../src/campaigns/runner/contact-handler.js';
import { MINI_MIRANDA } from '@steward/collections';
import { campaignMessageSettings } from '../src/campaigns/messages/opt-out.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { ManualClock } from '../src/time/clock.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from './harness.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

interface GqlBody<T> {
  readonly data: T | null;
  readonly errors?: readonly { readonly errorType: string; readonly message: string }[];
}

async function gql<T>(server: TestServer, token: string, query: string, variables: Record<string, unknown> = {}): Promise<GqlBody<T>> {
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query, variables }) });
  expect(res.status).toBe(200);
  return (await res.json()) as GqlBody<T>;
}

async function create(server: TestServer, token: string, entity: string, input: Record<string, unknown>): Promise<string> {
  const res = await gql<Record<string, { id: string }>>(server, token, `mutation ($i: Create${entity}Input!) { create${entity}(input: $i) { id } }`, { i: input });
  expect(res.errors).toBeUndefined();
  const id = res.data?.[`create${entity}`]?.id;
  if (id === undefined) throw new Error(`no ${entity} created`);
  return id;
}

interface PlanEntryItem {
  id: string;
  status: string;
  plannedAt: string;
  planDate: string;
  debtormdlID: string | null;
  accountmdlID: string;
  reasons: string | null;
  jobId: string | null;
  outcome: string | null;
}

const PLAN_QUERY = `query ($c: ID!) { campaignContactMdlsByCampaignAndPlannedAt(campaignmdlID: $c, limit: 100) { items { id status plannedAt planDate debtormdlID accountmdlID reasons jobId outcome } } }`;
const PLAN_MUTATION = `mutation ($id: ID!) { planCampaign(id: $id) { campaignId planned refused cancelled } }`;
const DAYS_QUERY = `query ($c: ID!) { campaignPlanDays(campaignId: $c) { date planned refused sent tasks done failed cancelled } }`;

// Friday before the US spring-forward; the campaign runs the Monday and Tuesday after it.
const T0 = new Date('2026-03-06T15:00:00Z');
const NY = 'America/New_York';

function campaignInput(name: string, channel: string, clientNumber: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    campaignName: name,
    channel,
    status: 'draft',
    accountFilter: JSON.stringify({ clientNumber, statuses: ['active'], balanceMin: 100, daysPastDueMin: 30 }),
    startDate: '2026-03-09',
    endDate: '2026-03-10',
    timeZone: NY,
    dailyWindows: JSON.stringify([{ start: '10:00', end: '16:00' }]),
    messageTemplate: 'Hi {firstName}, about file {fileNumber}: {balance} is due.',
    maxAttemptsPerAccount: 1,
    ...extra,
  };
}

describe.each(BOTH_DATABASES)('campaigns on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let staff: string;
  let client: string;
  let runner: JobRunner;
  const ids: Record<string, string> = {};

  const plan = async (campaignId: string) => {
    const res = await gql<{ planCampaign: { campaignId: string; planned: number; refused: number; cancelled: number } }>(server, staff, PLAN_MUTATION, { id: campaignId });
    expect(res.errors).toBeUndefined();
    return res.data?.planCampaign;
  };
  const entries = async (campaignId: string): Promise<PlanEntryItem[]> => {
    const res = await gql<{ campaignContactMdlsByCampaignAndPlannedAt: { items: PlanEntryItem[] } }>(server, staff, PLAN_QUERY, { c: campaignId });
    expect(res.errors).toBeUndefined();
    return res.data?.campaignContactMdlsByCampaignAndPlannedAt.items ?? [];
  };
  // Tokens live an hour on the server's clock, which the tests move on by days: sign in again after.
  const signIn = async () => {
    staff = (await issueTokensFor(server, 'staff')).AccessToken;
    client = (await issueTokensFor(server, 'client')).AccessToken;
  };
  const advanceTo = async (instant: string) => {
    clock.advance(Math.max(0, (Date.parse(instant) - clock.now().getTime()) / 1000) + 1);
    await signIn();
  };
  const campaignStatus = async (campaignId: string): Promise<string | undefined> => {
    const res = await gql<{ getCampaignMdl: { status: string } }>(server, staff, `query ($id: ID!) { getCampaignMdl(id: $id) { status } }`, { id: campaignId });
    expect(res.errors).toBeUndefined();
    return res.data?.getCampaignMdl.status;
  };
  const reasonCodes = (entry: PlanEntryItem | undefined): string[] => (JSON.parse(entry?.reasons ?? '[]') as { code: string }[]).map((r) => r.code);
  const attempts = async (accountId: string) => server.db.query<{ channel: string; outcome: string; conversation: boolean }>(`SELECT channel, outcome, conversation FROM contact_attempts WHERE account_id = $1`, [accountId]);

  beforeAll(async () => {
    clock = new ManualClock(T0);
    server = await startTestServer({ database, clock });
    await signIn();
    runner = new JobRunner({ db: server.db, clock, handlers: campaignJobHandlers({ db: server.db, clock, delivery: server.app.steward.delivery, messages: campaignMessageSettings(server.app.steward.config) }) }, { concurrency: 20 });
    const account = (clientNumber: string, fileNumber: string, extra: Record<string, unknown> = {}) =>
      create(server, staff, 'AccountMdl', { clientNumber, fileNumber, accountStatus: 'ACTIVE', currentUpb: 1234.5, delinquencyDate: '2026-01-02', zipCode: '10001', ...extra });
    ids.ann = await account('C-9001', 'F-1');
    ids.bob = await account('C-9001', 'F-2');
    ids.orphan = await account('C-9001', 'F-3');
    ids.recent = await account('C-9001', 'F-4', { delinquencyDate: '2026-03-01' });
    ids.small = await account('C-9001', 'F-5', { currentUpb: 50 });
    ids.carl = await account('C-9002', 'F-6', { zipCode: '60601' });
    ids.dora = await account('C-9003', 'F-7');
    await create(server, staff, 'DebtorMdl', { accountmdlID: ids.ann, clientNumber: 'C-9001', fileNumber: 'F-1', debtorSeq: 1, firstName: 'Ann', email: 'ann@example.com', timeZone: NY });
    await create(server, staff, 'DebtorMdl', { accountmdlID: ids.bob, clientNumber: 'C-9001', fileNumber: 'F-2', debtorSeq: 1, firstName: 'Bob', phone: '+12125550123', timeZone: NY });
    for (const key of ['recent', 'small'] as const) await create(server, staff, 'DebtorMdl', { accountmdlID: ids[key], clientNumber: 'C-9001', fileNumber: key, debtorSeq: 1, firstName: key, email: `${key}@example.com` });
    await create(server, staff, 'DebtorMdl', { accountmdlID: ids.carl, clientNumber: 'C-9002', fileNumber: 'F-6', debtorSeq: 1, firstName: 'Carl', phone: '+13125550100', state: 'IL' });
    await create(server, staff, 'DebtorMdl', { accountmdlID: ids.dora, clientNumber: 'C-9003', fileNumber: 'F-7', debtorSeq: 1, firstName: 'Dora', phone: '+12125550999', timeZone: NY });
    ids.email = await create(server, staff, 'CampaignMdl', campaignInput('March email', 'email', 'C-9001'));
    const later = { startDate: '2026-03-11', endDate: '2026-03-12' };
    ids.sms = await create(server, staff, 'CampaignMdl', campaignInput('March SMS', 'sms', 'C-9002', later));
    ids.call = await create(server, staff, 'CampaignMdl', campaignInput('March calls', 'call', 'C-9003', later));
  }, 120_000);
  afterAll(async () => server.close());

  it('plans the accounts the filter selects, refusing those without a debtor or an email address, with reasons', async () => {
    expect(await plan(ids.email ?? '')).toEqual({ campaignId: ids.email, planned: 1, refused: 2, cancelled: 0 });
    const items = await entries(ids.email ?? '');
    // F-4 (22 days past due) and F-5 (balance 50) are not selected.
    expect(items.map((e) => e.accountmdlID).sort()).toEqual([ids.ann, ids.bob, ids.orphan].sort());
    const planned = items.find((e) => e.status === 'planned');
    expect(planned?.accountmdlID).toBe(ids.ann);
    expect(planned?.planDate).toBe('2026-03-09');
    expect(planned?.jobId).not.toBeNull();
    const hour = new Intl.DateTimeFormat('en-US', { timeZone: NY, hour: 'numeric', hourCycle: 'h23' }).format(new Date(planned?.plannedAt ?? ''));
    expect(Number(hour)).toBeGreaterThanOrEqual(10);
    expect(Number(hour)).toBeLessThan(16);
    const reasons = Object.fromEntries(items.filter((e) => e.status === 'refused').map((e) => [e.accountmdlID, (JSON.parse(e.reasons ?? '[]') as { code: string }[]).map((r) => r.code)]));
    expect(reasons).toEqual({ [ids.bob ?? '']: ['NO_EMAIL'], [ids.orphan ?? '']: ['NO_DEBTOR'] });

    const days = await gql<{ campaignPlanDays: unknown[] }>(server, staff, DAYS_QUERY, { c: ids.email });
    expect(days.data?.campaignPlanDays).toEqual([{ date: '2026-03-09', planned: 1, refused: 2, sent: 0, tasks: 0, done: 0, failed: 0, cancelled: 0 }]);
    const campaign = await gql<{ getCampaignMdl: { status: string; plannedCount: number; refusedCount: number } }>(server, staff, `query ($id: ID!) { getCampaignMdl(id: $id) { status plannedCount refusedCount } }`, { id: ids.email });
    expect(campaign.data?.getCampaignMdl).toEqual({ status: 'planned', plannedCount: 1, refusedCount: 2 });
  });

  it('sends a due email through the dev outbox once, records the attempt, and never sends it again', async () => {
    const [planned] = (await entries(ids.email ?? '')).filter((e) => e.status === 'planned');
    if (planned === undefined) throw new Error('nothing planned');
    expect(await runner.runDue()).toBe(0);
    await advanceTo(planned.plannedAt);
    expect(await runner.runDue()).toBe(1);
    const outbox = await server.outbox('ann@example.com');
    // Issue 21: the subject is never the campaign's internal name ('March email'); the disclosure and an opt-out link follow the text.
    expect(outbox.map((m) => [m.channel, m.subject])).toEqual([['email', 'About your account F-1']]);
    expect(outbox[0]?.body).toMatch(/^Hi Ann, about file F-1: \$1,234\.50 is due\.\n\nThis communication is from a debt collector\. This is an attempt to collect a debt and any information obtained will be used for that purpose\.\n\nTo stop receiving emails about this account, open this link: http\S+\/opt-out\/\S+$/);
    expect(outbox[0]?.body).not.toContain('March email');
    expect((await entries(ids.email ?? '')).find((e) => e.id === planned.id)).toMatchObject({ status: 'sent', outcome: 'sent' });
    expect(await attempts(ids.ann ?? '')).toEqual([{ channel: 'email', outcome: 'sent', conversation: false }]);
    // Ann's was the campaign's only planned contact (Bob and F-3 were refused): nothing is left, so it is done.
    expect(await campaignStatus(ids.email ?? '')).toBe('done');

    // A crash after sending but before the job was completed: the job comes back, finds its attempt, sends nothing.
    await server.db.query(`UPDATE jobs SET state = 'pending', run_at = $2 WHERE id = $1::uuid`, [planned.jobId, clock.now()]);
    await server.db.query(`UPDATE "CampaignContactMdl" SET "status" = 'planned' WHERE "id" = $1`, [planned.id]);
    expect(await runner.runDue()).toBe(1);
    expect(await server.outbox('ann@example.com')).toHaveLength(1);
    expect(await attempts(ids.ann ?? '')).toHaveLength(1);
    expect((await entries(ids.email ?? '')).find((e) => e.id === planned.id)?.status).toBe('sent');

    // Re-planning keeps what was sent (Ann's one attempt is used up) and plans nothing new for her.
    expect(await plan(ids.email ?? '')).toEqual({ campaignId: ids.email, planned: 0, refused: 2, cancelled: 0 });
    expect(await campaignStatus(ids.email ?? '')).toBe('done');
    // Nothing more is due before the campaign ends.
    await advanceTo('2026-03-11T03:00:00Z');
    expect(await runner.runDue()).toBe(0);
    expect(await server.outbox('ann@example.com')).toHaveLength(1);
  });

  it('sends an SMS to a consumer in another zone inside both their hours and the window', async () => {
    expect(await plan(ids.sms ?? '')).toMatchObject({ planned: 1, refused: 0 });
    const [entry] = await entries(ids.sms ?? '');
    if (entry === undefined) throw new Error('nothing planned');
    await advanceTo(entry.plannedAt);
    expect(await runner.runDue()).toBe(1);
    // The disclosure and the way to opt out follow the template's text (issue 21).
    expect((await server.outbox('+13125550100')).map((m) => [m.channel, m.body])).toEqual([['sms', `Hi Carl, about file F-6: $1,234.50 is due. ${MINI_MIRANDA} Reply STOP to opt out.`]]);
  });

  it('cancels the planned entries and their jobs when re-planned, and makes a due call a task that staff complete', async () => {
    const first = await plan(ids.call ?? '');
    expect(first).toMatchObject({ planned: 1, refused: 0, cancelled: 0 });
    const [old] = await entries(ids.call ?? '');
    expect(await plan(ids.call ?? '')).toMatchObject({ planned: 1, cancelled: 1 });
    const [oldJob] = await server.db.query<{ state: string }>(`SELECT state FROM jobs WHERE id = $1::uuid`, [old?.jobId]);
    expect(oldJob?.state).toBe('cancelled');
    const current = (await entries(ids.call ?? '')).find((e) => e.status === 'planned');
    if (current === undefined) throw new Error('nothing planned');
    const days = await gql<{ campaignPlanDays: { cancelled: number; planned: number }[] }>(server, staff, DAYS_QUERY, { c: ids.call });
    expect(days.data?.campaignPlanDays.map((d) => [d.planned, d.cancelled])).toEqual([[1, 1]]);

    await advanceTo(current.plannedAt);
    expect(await runner.runDue()).toBe(1);
    expect((await entries(ids.call ?? '')).find((e) => e.id === current.id)?.status).toBe('task');
    expect(await attempts(ids.dora ?? '')).toEqual([{ channel: 'call', outcome: 'task', conversation: false }]);

    const outcome = `mutation ($id: ID!, $o: String!, $c: Boolean) { recordCampaignContactOutcome(id: $id, outcome: $o, conversation: $c) { id status outcome } }`;
    const clientTry = await gql(server, client, outcome, { id: current.id, o: 'spoke', c: true });
    expect(clientTry.errors?.[0]?.errorType).toBe('Unauthorized');
    const done = await gql<{ recordCampaignContactOutcome: unknown }>(server, staff, outcome, { id: current.id, o: 'promise to pay', c: true });
    expect(done.errors).toBeUndefined();
    expect(done.data?.recordCampaignContactOutcome).toEqual({ id: current.id, status: 'done', outcome: 'promise to pay' });
    expect(await attempts(ids.dora ?? '')).toEqual([{ channel: 'call', outcome: 'promise to pay', conversation: true }]);
    const again = await gql(server, staff, outcome, { id: current.id, o: 'again' });
    expect(again.errors?.[0]?.errorType).toBe('ConditionalCheckFailedException');

    // The conversation starts the cooldown: another call campaign for Dora in the next days is refused, saying why.
    const next = await create(server, staff, 'CampaignMdl', campaignInput('Follow-up calls', 'call', 'C-9003', { startDate: '2026-03-13', endDate: '2026-03-14' }));
    expect(await plan(next)).toMatchObject({ planned: 0, refused: 1 });
    const [refused] = await entries(next);
    expect((JSON.parse(refused?.reasons ?? '[]') as { code: string }[]).map((r) => r.code)).toContain('CONVERSATION_COOLDOWN');
  });

  it('leaves exactly one plan when the same campaign is planned twice at once', async () => {
    const id = await create(server, staff, 'CampaignMdl', campaignInput('Twice', 'sms', 'C-9002', { startDate: '2026-03-12', endDate: '2026-03-13', maxAttemptsPerAccount: 2 }));
    const both = await Promise.all([plan(id), plan(id)]);
    expect(both.map((b) => b?.planned)).toEqual([2, 2]);
    expect(both.map((b) => b?.cancelled).sort()).toEqual([0, 2]);
    const planned = (await entries(id)).filter((e) => e.status === 'planned');
    expect(planned.map((e) => e.planDate).sort()).toEqual(['2026-03-12', '2026-03-13']);
    const [pending] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs j JOIN "CampaignContactMdl" c ON c."id" = j.payload->>'contactId' WHERE c."campaignmdlID" = $1 AND j.state = 'pending'`,
      [id],
    );
    expect(Number(pending?.n)).toBe(2);
  });

  it('checks the rules again when a contact is due: refuses it, saying why, or moves it to the next allowed instant', async () => {
    const eve = await create(server, staff, 'AccountMdl', { clientNumber: 'C-9004', fileNumber: 'F-8', accountStatus: 'ACTIVE', currentUpb: 300, delinquencyDate: '2026-01-02' });
    const eveDebtor = await create(server, staff, 'DebtorMdl', { accountmdlID: eve, clientNumber: 'C-9004', fileNumber: 'F-8', debtorSeq: 1, firstName: 'Eve', phone: '+12125550444', timeZone: NY });
    const fay = await create(server, staff, 'AccountMdl', { clientNumber: 'C-9005', fileNumber: 'F-9', accountStatus: 'ACTIVE', currentUpb: 300, delinquencyDate: '2026-01-02' });
    await create(server, staff, 'DebtorMdl', { accountmdlID: fay, clientNumber: 'C-9005', fileNumber: 'F-9', debtorSeq: 1, firstName: 'Fay', phone: '+12125550555', timeZone: NY });
    const days = { startDate: '2026-03-16', endDate: '2026-03-17' };
    const toEve = await create(server, staff, 'CampaignMdl', campaignInput('Eve', 'sms', 'C-9004', days));
    // Fay's days start after Eve's, so running Eve's contact leaves Fay's alone.
    const fayDays = { startDate: '2026-03-17', endDate: '2026-03-18' };
    const toFay = await create(server, staff, 'CampaignMdl', campaignInput('Fay', 'sms', 'C-9005', fayDays));
    await plan(toEve);
    await plan(toFay);

    // Eve asks for no more texts after the plan was made.
    const update = await gql(server, staff, `mutation ($i: UpdateDebtorMdlInput!) { updateDebtorMdl(input: $i) { id } }`, { i: { id: eveDebtor, doNotContact: JSON.stringify({ channels: ['sms'] }) } });
    expect(update.errors).toBeUndefined();
    const [eveEntry] = await entries(toEve);
    await advanceTo(eveEntry?.plannedAt ?? '');
    await runner.runDue();
    const [refused] = await entries(toEve);
    expect(refused?.status).toBe('refused');
    expect((JSON.parse(refused?.reasons ?? '[]') as { code: string }[]).map((r) => r.code)).toEqual(['CHANNEL_DO_NOT_CONTACT']);
    expect(await server.outbox('+12125550444')).toEqual([]);
    expect(await attempts(eve)).toEqual([]);

    // Pausing a campaign withdraws its contacts as they come due.
    const paused = await create(server, staff, 'CampaignMdl', campaignInput('Paused', 'sms', 'C-9005', fayDays));
    await plan(paused);
    expect((await gql(server, staff, `mutation ($i: UpdateCampaignMdlInput!) { updateCampaignMdl(input: $i) { id } }`, { i: { id: paused, status: 'paused' } })).errors).toBeUndefined();

    // Fay's text runs late, after 10 pm in New York (a runner was down): it moves to the next morning's window.
    const [fayEntry] = await entries(toFay);
    expect(fayEntry?.planDate).toBe('2026-03-17');
    await advanceTo('2026-03-18T02:00:00Z');
    await runner.runDue();
    const [moved] = await entries(toFay);
    expect(moved).toMatchObject({ status: 'planned', planDate: '2026-03-18', plannedAt: '2026-03-18T14:00:00.000Z' });
    expect(moved?.jobId).not.toBe(fayEntry?.jobId);
    expect((JSON.parse(moved?.reasons ?? '[]') as { code: string }[]).map((r) => r.code)).toContain('OUTSIDE_CONTACT_HOURS');
    expect(await server.outbox('+12125550555')).toEqual([]);
    await advanceTo(moved?.plannedAt ?? '');
    await runner.runDue();
    expect((await entries(toFay))[0]?.status).toBe('sent');
    expect(await server.outbox('+12125550555')).toHaveLength(1);
    expect((await entries(paused)).map((e) => [e.status, e.outcome])).toEqual([['cancelled', 'campaign paused']]);
    // Staff paused it to resume it later: it does not become done when its contacts are withdrawn.
    expect(await campaignStatus(paused)).toBe('paused');
  });

  it('plans letters only to debtors with a postal address and refuses one whose address was removed when it comes due, saying why', async () => {
    const debtorOf = async (name: string, fileNumber: string, address: Record<string, unknown>) => {
      const account = await create(server, staff, 'AccountMdl', { clientNumber: 'C-9006', fileNumber, accountStatus: 'ACTIVE', currentUpb: 800, delinquencyDate: '2026-01-02' });
      const debtor = await create(server, staff, 'DebtorMdl', { accountmdlID: account, clientNumber: 'C-9006', fileNumber, debtorSeq: 1, firstName: name, timeZone: NY, ...address });
      return { account, debtor };
    };
    const home = { streetAddress: '12 Elm Street\nApt 3', city: 'Albany', zipCode: '12207', state: 'NY' };
    const gus = await debtorOf('Gus', 'F-10', home);
    const hal = await debtorOf('Hal', 'F-11', { city: 'Albany', zipCode: '12207' });
    const ida = await debtorOf('Ida', 'F-12', home);
    const letters = await create(server, staff, 'CampaignMdl', campaignInput('Letters', 'letter', 'C-9006', { startDate: '2026-03-23', endDate: '2026-03-23' }));
    expect(await plan(letters)).toMatchObject({ planned: 2, refused: 1 });
    const planned = await entries(letters);
    const refused = planned.find((e) => e.status === 'refused');
    expect(refused?.accountmdlID).toBe(hal.account);
    expect(reasonCodes(refused)).toEqual(['NO_ADDRESS']);

    // Ida moves away with no forwarding address after the plan was made.
    const update = await gql(server, staff, `mutation ($i: UpdateDebtorMdlInput!) { updateDebtorMdl(input: $i) { id } }`, { i: { id: ida.debtor, streetAddress: '' } });
    expect(update.errors).toBeUndefined();
    const last = planned.filter((e) => e.status === 'planned').map((e) => e.plannedAt).sort().at(-1);
    await advanceTo(last ?? '');
    expect(await runner.runDue()).toBe(2);
    const after = await entries(letters);
    expect(after.find((e) => e.accountmdlID === gus.account)?.status).toBe('task');
    const idaEntry = after.find((e) => e.accountmdlID === ida.account);
    expect(idaEntry?.status).toBe('refused');
    expect(reasonCodes(idaEntry)).toEqual(['NO_ADDRESS']);
    expect(await attempts(ida.account)).toEqual([]);
    expect(await attempts(gus.account)).toEqual([{ channel: 'letter', outcome: 'task', conversation: false }]);
    // A task handed to staff and a refusal both end a contact: nothing is planned any more, so the campaign is done.
    expect(await campaignStatus(letters)).toBe('done');
  });

  it('marks a campaign done when its last planned contact ends, not before, once, and moves a late contact to the next free morning', async () => {
    const jay = await create(server, staff, 'AccountMdl', { clientNumber: 'C-9007', fileNumber: 'F-13', accountStatus: 'ACTIVE', currentUpb: 300, delinquencyDate: '2026-01-02' });
    await create(server, staff, 'DebtorMdl', { accountmdlID: jay, clientNumber: 'C-9007', fileNumber: 'F-13', debtorSeq: 1, firstName: 'Jay', phone: '+12125550666', timeZone: NY });
    const id = await create(server, staff, 'CampaignMdl', campaignInput('Jay', 'sms', 'C-9007', { startDate: '2026-03-24', endDate: '2026-03-26', maxAttemptsPerAccount: 2 }));
    expect(await plan(id)).toMatchObject({ planned: 2, refused: 0 });
    const [first, second] = await entries(id);
    // Two contacts over three days: spread to the first and the last.
    expect([first?.planDate, second?.planDate]).toEqual(['2026-03-24', '2026-03-26']);

    // The first text runs late, at 11 pm in New York: it moves to the next allowed morning, the 25th,
    // a day without another contact of Jay's (due-decision.test.ts covers skipping taken days).
    await advanceTo('2026-03-25T03:00:00Z');
    expect(await runner.runDue()).toBe(1);
    const moved = (await entries(id)).find((e) => e.id === first?.id);
    expect(moved).toMatchObject({ status: 'planned', planDate: '2026-03-25' });
    expect(await campaignStatus(id)).toBe('planned');

    await advanceTo(moved?.plannedAt ?? '');
    expect(await runner.runDue()).toBe(1);
    expect((await entries(id)).find((e) => e.id === first?.id)?.status).toBe('sent');
    // One contact is still planned (the 26th): the campaign runs on.
    expect(await campaignStatus(id)).toBe('running');

    await advanceTo(second?.plannedAt ?? '');
    expect(await runner.runDue()).toBe(1);
    expect((await entries(id)).map((e) => e.status)).toEqual(['sent', 'sent']);
    expect(await server.outbox('+12125550666')).toHaveLength(2);
    expect(await campaignStatus(id)).toBe('done');
    const [stamp] = await server.db.query<{ updatedAt: Date | string }>(`SELECT "updatedAt" FROM "CampaignMdl" WHERE "id" = $1`, [id]);

    // Idempotent: closing again changes nothing; of two closings at once exactly one closes.
    expect(await closeIfFinished(server.db, id, clock.now())).toBe(false);
    const [again] = await server.db.query<{ updatedAt: Date | string }>(`SELECT "updatedAt" FROM "CampaignMdl" WHERE "id" = $1`, [id]);
    expect(new Date(again?.updatedAt ?? 0).getTime()).toBe(new Date(stamp?.updatedAt ?? 0).getTime());
    await server.db.query(`UPDATE "CampaignMdl" SET "status" = 'running' WHERE "id" = $1`, [id]);
    const both = await Promise.all([closeIfFinished(server.db, id, clock.now()), closeIfFinished(server.db, id, clock.now())]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await campaignStatus(id)).toBe('done');

    // Re-planning a done campaign whose attempts are used up plans nothing and leaves it done.
    expect(await plan(id)).toMatchObject({ planned: 0, refused: 0 });
    expect(await campaignStatus(id)).toBe('done');
  });

  it('applies contact rules kept as data: a state rule blocks a channel, a client rule narrows the hours, and only Admins write them', async () => {
    const admin = (await issueTokensFor(server, 'admin')).AccessToken;
    const ruleInput = (scope: string, scopeValue: string, rule: Record<string, unknown>) => ({ ruleName: `${scope} ${scopeValue}`, scope, scopeValue, rule: JSON.stringify(rule), active: true });
    const byStaff = await gql(server, staff, `mutation ($i: CreateContactRuleMdlInput!) { createContactRuleMdl(input: $i) { id } }`, { i: ruleInput('state', 'MA', { blockedChannels: ['sms'] }) });
    expect(byStaff.errors?.map((e) => e.errorType)).toEqual(['Unauthorized']);
    const maRule = await create(server, admin, 'ContactRuleMdl', ruleInput('state', 'MA', { blockedChannels: ['sms'] }));
    const clientRule = await create(server, admin, 'ContactRuleMdl', ruleInput('client', 'C-9105', { hours: { call: { start: '12:00', end: '13:00' } } }));

    const boston = await create(server, staff, 'AccountMdl', { clientNumber: 'C-9104', fileNumber: 'F-20', accountStatus: 'ACTIVE', currentUpb: 500, delinquencyDate: '2026-01-02', zipCode: '02108' });
    await create(server, staff, 'DebtorMdl', { accountmdlID: boston, clientNumber: 'C-9104', fileNumber: 'F-20', debtorSeq: 1, firstName: 'Eve', phone: '+16175550100', zipCode: '02108', state: 'MA' });
    const noon = await create(server, staff, 'AccountMdl', { clientNumber: 'C-9105', fileNumber: 'F-21', accountStatus: 'ACTIVE', currentUpb: 500, delinquencyDate: '2026-01-02', zipCode: '10001' });
    await create(server, staff, 'DebtorMdl', { accountmdlID: noon, clientNumber: 'C-9105', fileNumber: 'F-21', debtorSeq: 1, firstName: 'Finn', phone: '+12125550177', timeZone: NY });
    // Earlier tests moved the clock on: the campaigns start two days after whatever now is.
    const day = (offset: number): string => new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const later = { startDate: day(2), endDate: day(3) };
    const texts = await create(server, staff, 'CampaignMdl', campaignInput('Boston texts', 'sms', 'C-9104', later));
    const calls = await create(server, staff, 'CampaignMdl', campaignInput('Lunch calls', 'call', 'C-9105', later));
    try {
      expect(await plan(texts)).toMatchObject({ planned: 0, refused: 1 });
      const [refused] = await entries(texts);
      expect(reasonCodes(refused)).toEqual(['CHANNEL_NOT_ALLOWED']);
      expect(refused?.reasons).toContain('state MA');

      expect(await plan(calls)).toMatchObject({ planned: 1, refused: 0 });
      const [call] = await entries(calls);
      const local = new Intl.DateTimeFormat('en-GB', { timeZone: NY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(call?.plannedAt ?? ''));
      // The campaign's window is 10:00–16:00; the client's rule leaves 12:00–13:00.
      expect(local >= '12:00' && local < '13:00').toBe(true);
    } finally {
      for (const id of [maRule, clientRule]) await gql(server, admin, `mutation ($i: DeleteContactRuleMdlInput!) { deleteContactRuleMdl(input: $i) { id } }`, { i: { id } });
    }
  });

  it('answers client users, unknown campaigns and bad settings with typed errors', async () => {
    const clientPlan = await gql(server, client, PLAN_MUTATION, { id: ids.email });
    expect(clientPlan.errors?.map((e) => e.errorType)).toEqual(['Unauthorized']);
    const clientDays = await gql(server, client, DAYS_QUERY, { c: ids.email });
    expect(clientDays.errors?.map((e) => e.errorType)).toEqual(['Unauthorized']);
    const unknown = await gql(server, staff, PLAN_MUTATION, { id: 'no-such-campaign' });
    expect(unknown.errors?.map((e) => e.errorType)).toEqual(['BadRequestException']);
    expect((await gql(server, staff, DAYS_QUERY, { c: 'no-such-campaign' })).errors?.map((e) => e.errorType)).toEqual(['BadRequestException']);
    const bad = await create(server, staff, 'CampaignMdl', campaignInput('Bad', 'email', 'C-9001', { timeZone: 'Mars/Olympus', dailyWindows: JSON.stringify([{ start: '17:00', end: '09:00' }]), accountFilter: JSON.stringify({ balanceMin: 'lots' }) }));
    const refused = await gql(server, staff, PLAN_MUTATION, { id: bad });
    expect(refused.errors?.map((e) => e.errorType)).toEqual(['BadRequestException']);
    expect(refused.errors?.[0]?.message).toMatch(/timeZone.*daily window|daily window.*timeZone|timeZone/);
    expect(refused.errors?.[0]?.message).toContain('balanceMin');
    expect(refused.errors?.[0]?.message).toContain('daily window');
  });
});

describe.each(BOTH_DATABASES)('campaigns wider than the inline limit on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let staff: string;
  let runner: JobRunner;
  const QUEUED_PLAN = `mutation ($id: ID!) { planCampaign(id: $id) { campaignId planned refused cancelled queued accounts } }`;
  const plan = async (id: string) => {
    const res = await gql<{ planCampaign: { campaignId: string; planned: number; refused: number; cancelled: number; queued: boolean; accounts: number } }>(server, staff, QUEUED_PLAN, { id });
    expect(res.errors).toBeUndefined();
    return res.data?.planCampaign;
  };
  const campaign = async (id: string) => {
    const res = await gql<{ getCampaignMdl: { status: string; plannedCount: number | null; refusedCount: number | null } }>(server, staff, `query ($id: ID!) { getCampaignMdl(id: $id) { status plannedCount refusedCount } }`, { id });
    expect(res.errors).toBeUndefined();
    return res.data?.getCampaignMdl;
  };
  const planJobs = async (id: string) =>
    server.db.query<{ state: string; last_error: string | null }>(`SELECT state, last_error FROM jobs WHERE kind = 'campaign.plan' AND payload->>'campaignId' = $1 ORDER BY created_at`, [id]);

  beforeAll(async () => {
    clock = new ManualClock(T0);
    // Two accounts are planned in the request; the three of client C-7001 go to the background.
    server = await startTestServer({ database, clock, env: { CAMPAIGN_INLINE_PLAN_LIMIT: '2' } });
    staff = (await issueTokensFor(server, 'staff')).AccessToken;
    runner = new JobRunner({ db: server.db, clock, handlers: campaignJobHandlers({ db: server.db, clock, delivery: server.app.steward.delivery, messages: campaignMessageSettings(server.app.steward.config) }) }, { concurrency: 5 });
    for (const [clientNumber, files] of [['C-7001', ['W-1', 'W-2', 'W-3']], ['C-7002', ['N-1']]] as const) {
      for (const fileNumber of files) {
        const account = await create(server, staff, 'AccountMdl', { clientNumber, fileNumber, accountStatus: 'ACTIVE', currentUpb: 500, delinquencyDate: '2026-01-02', zipCode: '10001' });
        await create(server, staff, 'DebtorMdl', { accountmdlID: account, clientNumber, fileNumber, debtorSeq: 1, firstName: fileNumber, email: `${fileNumber}@example.com`, timeZone: NY });
      }
    }
  });
  afterAll(async () => server.close());

  it('plans a selection within the limit in the request, not queued', async () => {
    const id = await create(server, staff, 'CampaignMdl', campaignInput('Narrow', 'email', 'C-7002'));
    expect(await plan(id)).toEqual({ campaignId: id, planned: 1, refused: 0, cancelled: 0, queued: false, accounts: 1 });
    expect((await campaign(id))?.status).toBe('planned');
    expect(await planJobs(id)).toEqual([]);
  });

  it('queues a wider selection once however often it is asked, marks the campaign planning, and the job writes the plan', async () => {
    const id = await create(server, staff, 'CampaignMdl', campaignInput('Wide', 'email', 'C-7001'));
    const queued = { campaignId: id, planned: 0, refused: 0, cancelled: 0, queued: true, accounts: 3 };
    expect(await plan(id)).toEqual(queued);
    expect(await campaign(id)).toEqual({ status: 'planning', plannedCount: null, refusedCount: null });
    // A second click while queued, and two at once, add no job.
    expect(await Promise.all([plan(id), plan(id)])).toEqual([queued, queued]);
    expect((await planJobs(id)).map((j) => j.state)).toEqual(['pending']);

    expect(await runner.runDue()).toBe(1);
    expect((await planJobs(id)).map((j) => j.state)).toEqual(['done']);
    expect(await campaign(id)).toEqual({ status: 'planned', plannedCount: 3, refusedCount: 0 });
    const days = await gql<{ campaignPlanDays: { planned: number }[] }>(server, staff, DAYS_QUERY, { c: id });
    expect(days.data?.campaignPlanDays.reduce((sum, d) => sum + d.planned, 0)).toBe(3);

    // Planned again later: a new job (the plan bumped updatedAt), and the old entries cancelled by the same write as inline.
    expect(await plan(id)).toEqual(queued);
    expect(await runner.runDue()).toBe(1);
    expect((await planJobs(id)).map((j) => j.state)).toEqual(['done', 'done']);
    const [counts] = await server.db.query<{ planned: number; cancelled: number }>(
      `SELECT count(*) FILTER (WHERE "status" = 'planned')::int AS planned, count(*) FILTER (WHERE "status" = 'cancelled')::int AS cancelled FROM "CampaignContactMdl" WHERE "campaignmdlID" = $1`,
      [id],
    );
    expect(counts).toEqual({ planned: 3, cancelled: 3 });
  });

  it('queues again a campaign left planning without a job (its last attempt lost in a crash)', async () => {
    const id = await create(server, staff, 'CampaignMdl', campaignInput('Orphaned', 'email', 'C-7001'));
    await server.db.query(`UPDATE "CampaignMdl" SET "status" = 'planning' WHERE "id" = $1`, [id]);
    expect((await plan(id))?.queued).toBe(true);
    expect((await planJobs(id)).map((j) => j.state)).toEqual(['pending']);
    expect(await runner.runDue()).toBe(1);
    expect(await campaign(id)).toEqual({ status: 'planned', plannedCount: 3, refusedCount: 0 });
  });

  it('gives a campaign its previous status back when the background plan is refused, the error kept on the job', async () => {
    const id = await create(server, staff, 'CampaignMdl', campaignInput('Broken later', 'email', 'C-7001'));
    expect((await plan(id))?.queued).toBe(true);
    // Settings broken after queueing (as by a direct edit): the job's plan is refused.
    await server.db.query(`UPDATE "CampaignMdl" SET "dailyWindows" = '[{"start": "17:00", "end": "09:00"}]' WHERE "id" = $1`, [id]);
    expect(await runner.runDue()).toBe(1);
    expect((await campaign(id))?.status).toBe('draft');
    const [job] = await planJobs(id);
    expect(job?.last_error).toContain('daily window');
  });
});

/** An Etc/GMT zone in which it is now about noon, so a contact made now is inside any consumer's hours. */
function noonZone(now: Date): string {
  const offset = ((12 - now.getUTCHours() + 36) % 24) - 12;
  // Etc/GMT names carry the opposite sign: Etc/GMT-5 is five hours ahead of UTC.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

describe('campaign contacts run by two server processes on one PostgreSQL', () => {
  let server: TestServer;
  const processes: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await server.close();
  });

  it('sends each contact exactly once', async () => {
    const now = new Date();
    const zone = noonZone(now);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    server = await startTestServer({ database: 'postgres', clock: new ManualClock(now) });
    const schema = server.schema ?? '';
    const staff = (await issueTokensFor(server, 'staff')).AccessToken;
    const total = 24;
    for (let i = 0; i < total; i++) {
      const accountId = await create(server, staff, 'AccountMdl', { clientNumber: 'C-7777', fileNumber: `P-${i}`, accountStatus: 'ACTIVE', currentUpb: 500 });
      await create(server, staff, 'DebtorMdl', { accountmdlID: accountId, clientNumber: 'C-7777', fileNumber: `P-${i}`, debtorSeq: 1, firstName: `P${i}`, email: `p${i}@example.com`, timeZone: zone });
    }
    const campaignId = await create(server, staff, 'CampaignMdl', {
      campaignName: 'Race',
      channel: 'email',
      accountFilter: JSON.stringify({ clientNumber: 'C-7777' }),
      startDate: today,
      endDate: today,
      timeZone: zone,
      dailyWindows: JSON.stringify([{ start: '00:00', end: '24:00' }]),
      messageTemplate: 'Hello {firstName}',
    });
    const res = await gql<{ planCampaign: { planned: number } }>(server, staff, PLAN_MUTATION, { id: campaignId });
    expect(res.data?.planCampaign.planned).toBe(total);

    processes.push(...(await Promise.all(['a', 'b'].map(() => startServerProcess(schema, { JOBS_POLL_INTERVAL_MS: '50', SEED_DEMO: 'false', MANAGED_LOGIN: 'false' })))));
    // The plan spreads the contacts over the rest of the day: bring them all due now, at once.
    await server.db.query(`UPDATE jobs SET run_at = now() - interval '1 second' WHERE kind = 'campaign.contact' AND state = 'pending'`);
    const until = Date.now() + 45_000;
    for (;;) {
      const [row] = await server.db.query<{ open: number }>(`SELECT count(*)::int AS open FROM "CampaignContactMdl" WHERE "campaignmdlID" = $1 AND "status" = 'planned'`, [campaignId]);
      if (Number(row?.open) === 0) break;
      if (Date.now() > until) throw new Error(`contacts still planned: ${String(row?.open)}\n${processes.map((p) => p.output()).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const sent = await server.db.query<{ destination: string; n: number }>(`SELECT destination, count(*)::int AS n FROM outbox_messages WHERE destination LIKE 'p%@example.com' GROUP BY destination`);
    expect(sent).toHaveLength(total);
    expect(sent.every((r) => Number(r.n) === 1)).toBe(true);
    // Each process prints what it hands to the dev outbox: together, every contact once.
    const printed = processes.map((p) => (p.output().match(/\[dev outbox\] email to p\d+@example\.com/g) ?? []).length);
    expect(printed.reduce((a, b) => a + b, 0)).toBe(total);
    // The campaign's own accounts (the demo desk's seeded calls are history of other accounts).
    const [attemptRows] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_attempts a JOIN "AccountMdl" m ON m."id" = a.account_id WHERE m."clientNumber" = 'C-7777'`);
    expect(Number(attemptRows?.n)).toBe(total);
    const statuses = await server.db.query<{ status: string }>(`SELECT DISTINCT "status" FROM "CampaignContactMdl" WHERE "campaignmdlID" = $1`, [campaignId]);
    expect(statuses.map((s) => s.status)).toEqual(['sent']);
    // The two processes finished the last contacts side by side; one of them closed the campaign.
    const [campaign] = await server.db.query<{ status: string }>(`SELECT "status" FROM "CampaignMdl" WHERE "id" = $1`, [campaignId]);
    expect(campaign?.status).toBe('done');
  }, 120_000);
});
