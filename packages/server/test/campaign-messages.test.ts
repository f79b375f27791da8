// Issue 21: what consumers receive from a campaign, end to end over HTTP on both databases. A campaign's
// templates are filled in (never its internal name), every message carries the debt-collector disclosure
// and a way to opt out, and opting out (the email's link, a STOP reply through the inbound SMS webhook)
// makes the runner refuse the debtor's next contact on that channel when it comes due.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINI_MIRANDA } from '@steward/collections';
import { campaignMessageSettings, optOutDebtors } from '../src/campaigns/messages/opt-out.js';
import { campaignJobHandlers } from '../src/campaigns/runner/contact-handler.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { ManualClock } from '../src/time/clock.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from './harness.js';

interface GqlBody<T> {
  readonly data: T | null;
  readonly errors?: readonly { readonly errorType: string; readonly message: string }[];
}

const SMS_SECRET = 'inbound-sms-shared-secret-for-tests-0123456789';
const NY = 'America/New_York';
const T0 = new Date('2026-03-06T15:00:00Z');

describe.each(BOTH_DATABASES)('campaign messages and opting out on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let staff: string;
  let runner: JobRunner;
  let debtorId: string;

  const gql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<GqlBody<T>> => {
    const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: staff }, body: JSON.stringify({ query, variables }) });
    expect(res.status).toBe(200);
    return (await res.json()) as GqlBody<T>;
  };
  const create = async (entity: string, input: Record<string, unknown>): Promise<string> => {
    const res = await gql<Record<string, { id: string }>>(`mutation ($i: Create${entity}Input!) { create${entity}(input: $i) { id } }`, { i: input });
    expect(res.errors).toBeUndefined();
    const id = res.data?.[`create${entity}`]?.id;
    if (id === undefined) throw new Error(`no ${entity} created`);
    return id;
  };
  const campaign = (name: string, channel: string, extra: Record<string, unknown> = {}): Promise<string> =>
    create('CampaignMdl', {
      campaignName: name,
      channel,
      status: 'draft',
      accountFilter: JSON.stringify({ clientNumber: 'C-7001' }),
      startDate: '2026-03-09',
      endDate: '2026-03-10',
      timeZone: NY,
      dailyWindows: JSON.stringify([{ start: '10:00', end: '16:00' }]),
      messageTemplate: '{{debtor.firstName}}, file {{account.fileNumber}} has {{account.balance}} due.',
      maxAttemptsPerAccount: 2,
      ...extra,
    });
  const plan = async (id: string) => gql<{ planCampaign: { planned: number; refused: number } }>(`mutation ($id: ID!) { planCampaign(id: $id) { planned refused } }`, { id });
  const entries = async (id: string) => {
    const res = await gql<{ campaignContactMdlsByCampaignAndPlannedAt: { items: { id: string; status: string; plannedAt: string; reasons: string | null }[] } }>(
      `query ($c: ID!) { campaignContactMdlsByCampaignAndPlannedAt(campaignmdlID: $c, limit: 10) { items { id status plannedAt reasons } } }`,
      { c: id },
    );
    return res.data?.campaignContactMdlsByCampaignAndPlannedAt.items ?? [];
  };
  const runAt = async (instant: string): Promise<number> => {
    clock.advance(Math.max(0, (Date.parse(instant) - clock.now().getTime()) / 1000) + 1);
    staff = (await issueTokensFor(server, 'staff')).AccessToken;
    return runner.runDue();
  };
  const inboundSms = (body: string, signature: string) => fetch(`${server.url}/sms/inbound`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-steward-signature': signature }, body });
  const sign = (body: string): string => `sha256=${createHmac('sha256', SMS_SECRET).update(body).digest('hex')}`;

  beforeAll(async () => {
    clock = new ManualClock(T0);
    server = await startTestServer({ database, clock, env: { SMS_WEBHOOK_SECRET: SMS_SECRET } });
    staff = (await issueTokensFor(server, 'staff')).AccessToken;
    runner = new JobRunner({ db: server.db, clock, handlers: campaignJobHandlers({ db: server.db, clock, delivery: server.app.steward.delivery, messages: campaignMessageSettings(server.app.steward.config) }) });
    await create('ClientMdl', { clientName: 'First Bank', clientNumber: 'C-7001' });
    const account = await create('AccountMdl', { clientNumber: 'C-7001', fileNumber: 'F-71', accountStatus: 'ACTIVE', currentUpb: 980.25, zipCode: '10001' });
    debtorId = await create('DebtorMdl', { accountmdlID: account, clientNumber: 'C-7001', fileNumber: 'F-71', debtorSeq: 1, firstName: 'Rosa', lastName: 'Diaz', email: 'rosa@example.com', phone: '+1 (212) 555-0142', timeZone: NY });
  });
  afterAll(async () => server.close());

  it('previews a message for a sample consumer exactly as it is sent, and names an unknown placeholder with a typed error', async () => {
    const query = `query ($c: String!, $s: String, $b: String!) { previewCampaignMessage(channel: $c, subject: $s, body: $b) { subject body } }`;
    const sms = await gql<{ previewCampaignMessage: { subject: string | null; body: string } }>(query, { c: 'sms', b: 'Hi {{debtor.firstName}}, {{account.balance}} is due.' });
    expect(sms.data?.previewCampaignMessage).toEqual({ subject: null, body: `Hi Jordan, $1,234.56 is due. ${MINI_MIRANDA} Reply STOP to opt out.` });
    const email = await gql<{ previewCampaignMessage: { subject: string | null; body: string } }>(query, { c: 'email', s: null, b: 'Hello.' });
    expect(email.data?.previewCampaignMessage.subject).toBe('About your account F-100234');
    expect(email.data?.previewCampaignMessage.body).toContain('To stop receiving emails about this account');
    const bad = await gql(query, { c: 'email', s: '{{campaign.name}}', b: 'Hello.' });
    expect(bad.errors?.map((e) => e.errorType)).toEqual(['UnknownTemplatePlaceholderException']);
  });

  it('refuses to plan a template with a placeholder it does not fill, with a typed error naming it', async () => {
    const id = await campaign('Bad placeholders', 'sms', { messageTemplate: 'Hi {{debtor.firstName}}, see {{campaign.name}}' });
    const res = await plan(id);
    expect(res.errors?.map((e) => e.errorType)).toEqual(['UnknownTemplatePlaceholderException']);
    expect(res.errors?.[0]?.message).toContain('{{campaign.name}}');
  });

  it("emails the filled template under a subject that is not the campaign's name, with the disclosure and a link that opts out, after which the next email is refused", async () => {
    const id = await campaign('Walk email Nov', 'email', { messageSubject: 'Your account with {{client.name}}' });
    expect((await plan(id)).data?.planCampaign).toEqual({ planned: 2, refused: 0 });
    const [first, second] = await entries(id);
    expect(await runAt(first?.plannedAt ?? '')).toBe(1);

    const [email] = await server.outbox('rosa@example.com');
    expect(email?.subject).toBe('Your account with First Bank');
    expect(email?.body).toContain('Rosa, file F-71 has $980.25 due.');
    expect(email?.body).toContain(MINI_MIRANDA);
    expect(`${email?.subject ?? ''} ${email?.body ?? ''}`).not.toContain('Walk email Nov');
    const link = /https?:\/\/\S+(\/opt-out\/\S+)$/.exec(email?.body ?? '')?.[1];
    expect(link).toBeDefined();

    // The link's page asks first (a mail scanner's GET changes nothing) and redirects nowhere.
    const page = await fetch(`${server.url}${link ?? ''}`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain('<form method="post">');
    expect((await server.db.query<{ doNotContact: string | null }>(`SELECT "doNotContact" FROM "DebtorMdl" WHERE "id" = $1`, [debtorId]))[0]?.doNotContact ?? null).toBeNull();
    // Threat: a guessed or altered link opting out someone else.
    expect((await fetch(`${server.url}${(link ?? '').slice(0, -3)}xyz`, { method: 'POST' })).status).toBe(404);
    const confirmed = await fetch(`${server.url}${link ?? ''}`, { method: 'POST', redirect: 'manual' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('You are opted out');

    expect(await runAt(second?.plannedAt ?? '')).toBe(1);
    const after = (await entries(id)).find((e) => e.id === second?.id);
    expect(after?.status).toBe('refused');
    const reasons = JSON.parse(after?.reasons ?? '[]') as { code: string; message: string }[];
    expect(reasons.map((r) => r.code)).toEqual(['CHANNEL_DO_NOT_CONTACT']);
    expect(reasons[0]?.message).toContain('File F-71 (Rosa Diaz)');
    expect(await server.outbox('rosa@example.com')).toHaveLength(1);
  });

  it('texts with the disclosure and "Reply STOP", and a signed STOP from the gateway refuses the next text', async () => {
    // Two days after the email campaign's: the clock has moved on to its last day.
    const id = await campaign('SMS wave 3', 'sms', { startDate: '2026-03-11', endDate: '2026-03-12' });
    expect((await plan(id)).data?.planCampaign).toEqual({ planned: 2, refused: 0 });
    const [first, second] = await entries(id);
    expect(await runAt(first?.plannedAt ?? '')).toBe(1);
    const [text] = await server.outbox('+1 (212) 555-0142');
    expect(text?.body).toBe(`Rosa, file F-71 has $980.25 due. ${MINI_MIRANDA} Reply STOP to opt out.`);

    const stop = JSON.stringify({ from: '+12125550142', body: 'Stop' });
    // Threat: anyone on the internet posting STOP (or worse) for a number: unsigned or wrongly signed requests change nothing.
    expect((await inboundSms(stop, 'sha256=00')).status).toBe(401);
    expect((await inboundSms(stop, sign(`${stop} `))).status).toBe(401);
    expect((await inboundSms('{not json', sign('{not json'))).status).toBe(400);
    const other = JSON.stringify({ from: '+12125550142', body: 'who is this?' });
    expect(await (await inboundSms(other, sign(other))).json()).toEqual({ optedOut: 0 });
    const res = await inboundSms(stop, sign(stop));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ optedOut: 1 });

    expect(await runAt(second?.plannedAt ?? '')).toBe(1);
    const after = (await entries(id)).find((e) => e.id === second?.id);
    expect(after?.status).toBe('refused');
    expect((JSON.parse(after?.reasons ?? '[]') as { code: string }[]).map((r) => r.code)).toEqual(['CHANNEL_DO_NOT_CONTACT']);
    expect(await server.outbox('+1 (212) 555-0142')).toHaveLength(1);
  });
  it('keeps both channels when an email opt-out and a STOP for one debtor arrive at the same moment (no lost update)', async () => {
    // Threat: two opt-outs read the same doNotContact and the second write erases the first, so the
    // consumer keeps receiving messages on a channel they refused.
    const account = await create('AccountMdl', { clientNumber: 'C-7001', fileNumber: 'F-72', accountStatus: 'ACTIVE', currentUpb: 10, zipCode: '10001' });
    const id = await create('DebtorMdl', { accountmdlID: account, clientNumber: 'C-7001', fileNumber: 'F-72', debtorSeq: 1, firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com', phone: '+1 (212) 555-0199', timeZone: NY });
    for (let round = 0; round < 5; round += 1) {
      await server.db.query(`UPDATE "DebtorMdl" SET "doNotContact" = NULL WHERE "id" = $1`, [id]);
      const [before] = await server.db.query<{ v: number }>(`SELECT "_version" AS "v" FROM "DebtorMdl" WHERE "id" = $1`, [id]);
      await Promise.all([optOutDebtors(server.db, clock, [id], 'email'), optOutDebtors(server.db, clock, [id], 'sms')]);
      const [row] = await server.db.query<{ doNotContact: string; v: number }>(`SELECT "doNotContact", "_version" AS "v" FROM "DebtorMdl" WHERE "id" = $1`, [id]);
      expect((JSON.parse(row?.doNotContact ?? '{}') as { channels: string[] }).channels.sort()).toEqual(['email', 'sms']);
      // Each opt-out is a write a form holding the old version must notice.
      expect(row?.v).toBe((before?.v ?? NaN) + 2);
    }
  });
});
