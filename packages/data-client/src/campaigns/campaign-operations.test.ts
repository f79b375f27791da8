// The campaign operations against the real server (its test harness: the whole app on PGlite or
// PostgreSQL, a manual clock): the seeded staff user plans a campaign, reads its days and refusals,
// and completes a call task.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '@steward/server/test/harness';
import { ManualClock } from '../../../server/src/time/clock.js';
import { createDataClient, type DataClient } from '../client/data-client.js';
import { DataApiRequestError } from '../errors/data-client-errors.js';
import { createCampaignOperations, type CampaignOperations } from './campaign-operations.js';

// A Tuesday; the campaign runs Wednesday to Friday in Denver.
const T0 = new Date('2026-12-01T15:00:00Z');

describe.each(BOTH_DATABASES)('campaign operations on %s', (database) => {
  let server: TestServer;
  let staff: DataClient;
  let operations: CampaignOperations;
  let campaignId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, clock: new ManualClock(T0) });
    const { AccessToken } = await issueTokensFor(server, 'staff');
    staff = createDataClient({ graphqlEndpoint: `${server.url}/graphql`, tokenSource: async () => AccessToken });
    operations = createCampaignOperations(staff.transport);
    // Accounts of a client of their own, so the seeded book stays out of the plan.
    const open = await staff.models.AccountMdl.create({ clientNumber: 'C-7001', fileNumber: 'F-7001', accountStatus: 'ACTIVE', currentUpb: 1500, zipCode: '80202' });
    const disputed = await staff.models.AccountMdl.create({ clientNumber: 'C-7001', fileNumber: 'F-7002', accountStatus: 'ACTIVE', currentUpb: 900, zipCode: '80202', disputed: true });
    for (const account of [open, disputed]) {
      await staff.models.DebtorMdl.create({ clientNumber: 'C-7001', fileNumber: account.fileNumber, debtorSeq: 1, firstName: 'Dana', phone: '+13035550199', timeZone: 'America/Denver', accountmdlID: account.id });
    }
    const campaign = await staff.models.CampaignMdl.create({
      campaignName: 'Operations test',
      channel: 'call',
      status: 'draft',
      accountFilter: JSON.stringify({ clientNumber: 'C-7001' }),
      startDate: '2026-12-02',
      endDate: '2026-12-04',
      timeZone: 'America/Denver',
      dailyWindows: JSON.stringify([{ start: '09:00', end: '12:00' }]),
      maxAttemptsPerAccount: 1,
    });
    campaignId = campaign.id;
  });
  afterAll(async () => server.close());

  it('plans the campaign: the open account is planned and the disputed one refused', async () => {
    expect(await operations.planCampaign(campaignId)).toEqual({ campaignId, planned: 1, refused: 1, cancelled: 0, queued: false, accounts: 2 });
  });

  it("counts the plan's entries per campaign day, in date order and inside the campaign", async () => {
    const days = await operations.campaignPlanDays(campaignId);
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    for (const day of days) expect(day.date >= '2026-12-02' && day.date <= '2026-12-04').toBe(true);
    expect(days.reduce((sum, d) => sum + d.planned, 0)).toBe(1);
    expect(days.reduce((sum, d) => sum + d.refused, 0)).toBe(1);
  });

  it('keeps why an entry is refused with the entry', async () => {
    const page = await staff.models.CampaignContactMdl.listByIndex('campaignContactMdlsByCampaignAndPlanDate', { partition: campaignId, filter: { status: { eq: 'refused' } }, limit: 100 });
    const reasons = page.items.flatMap((entry) => JSON.parse(entry.reasons ?? '[]') as { code: string; message: string }[]);
    expect(reasons.map((reason) => reason.code)).toEqual(['ACCOUNT_DISPUTED']);
    expect(reasons[0]?.message).toMatch(/disputed/);
  });

  it('refuses to complete an entry that is not a task, and names an unknown campaign', async () => {
    const page = await staff.models.CampaignContactMdl.listByIndex('campaignContactMdlsByCampaignAndPlanDate', { partition: campaignId, filter: { status: { eq: 'planned' } }, limit: 10 });
    const planned = page.items[0];
    if (planned === undefined) throw new Error('the plan has a planned entry');
    const notTask = await operations.recordCampaignContactOutcome({ id: planned.id, outcome: 'reached' }).catch((error: unknown) => error);
    expect(notTask).toBeInstanceOf(DataApiRequestError);
    expect((notTask as DataApiRequestError).errorType).toBe('ConditionalCheckFailedException');
    expect((notTask as DataApiRequestError).message).toMatch(/task/);
    const unknown = await operations.planCampaign('no-such-campaign').catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(DataApiRequestError);
    expect((unknown as DataApiRequestError).message).toMatch(/No campaign/);
  });

  it('completes a call task with its outcome, and the day counts it as done', async () => {
    const page = await staff.models.CampaignContactMdl.listByIndex('campaignContactMdlsByCampaignAndPlanDate', { partition: campaignId, filter: { status: { eq: 'planned' } }, limit: 10 });
    const entry = page.items[0];
    if (entry === undefined) throw new Error('the plan has a planned entry');
    // The job runner hands a due call to staff as a task (server tests cover that); here it is handed out directly.
    await server.db.query(`UPDATE "CampaignContactMdl" SET "status" = 'task' WHERE "id" = $1`, [entry.id]);
    const done = await operations.recordCampaignContactOutcome({ id: entry.id, outcome: 'promise-to-pay', conversation: true });
    expect(done).toMatchObject({ id: entry.id, status: 'done', outcome: 'promise-to-pay', campaignmdlID: campaignId, fileNumber: 'F-7001' });
    const days = await operations.campaignPlanDays(campaignId);
    expect(days.reduce((sum, d) => sum + d.done, 0)).toBe(1);
    expect(days.reduce((sum, d) => sum + d.planned, 0)).toBe(0);
  });

  it('previews a text as sent, disclosure and opt-out included, and refuses an unknown placeholder with its errorType', async () => {
    const preview = await operations.previewCampaignMessage({ channel: 'sms', body: 'Hi {{debtor.firstName}}.' });
    expect(preview.subject).toBeNull();
    expect(preview.body).toMatch(/^Hi Jordan\. This communication is from a debt collector\..* Reply STOP to opt out\.$/);
    const refused = await operations.previewCampaignMessage({ channel: 'email', subject: 'Re {{campaign.name}}', body: 'Hello' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataApiRequestError);
    expect((refused as DataApiRequestError).errors.map((e) => e.errorType)).toEqual(['UnknownTemplatePlaceholderException']);
  });
});
