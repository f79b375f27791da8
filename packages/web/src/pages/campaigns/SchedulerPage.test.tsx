import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DataApiRequestError } from '@steward/data-client';
import type { GraphqlTransport } from '@steward/data-client';
import { renderApp, resetStores } from '../../testing/render-app';
import { memoryModels } from '../../testing/memory-models';
import { signedInServices } from '../../testing/signed-in';
import type { EntityRow } from '../entities/entity-access';

const CAMPAIGN: EntityRow = {
  id: 'camp-1',
  campaignName: 'December calls',
  channel: 'call',
  status: 'draft',
  accountFilter: JSON.stringify({ clientNumber: '1001', statuses: ['ACTIVE'] }),
  startDate: '2026-12-01',
  endDate: '2026-12-04',
  timeZone: 'America/Denver',
  dailyWindows: JSON.stringify([{ start: '09:00', end: '12:00' }]),
  maxAttemptsPerAccount: 1,
  plannedCount: null,
  refusedCount: null,
  lastPlannedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const ENTRIES: EntityRow[] = [
  { id: 'e2', campaignmdlID: 'camp-1', fileNumber: 'F-2002', channel: 'call', status: 'task', planDate: '2026-12-03', plannedAt: '2026-12-03T17:15:00.000Z', reasons: null, outcome: null },
  { id: 'e1', campaignmdlID: 'camp-1', fileNumber: 'F-2001', channel: 'call', status: 'planned', planDate: '2026-12-03', plannedAt: '2026-12-03T16:00:00.000Z', reasons: null, outcome: null },
  {
    id: 'e3',
    campaignmdlID: 'camp-1',
    fileNumber: 'F-2003',
    channel: 'call',
    status: 'refused',
    planDate: '2026-12-03',
    plannedAt: null,
    reasons: JSON.stringify([{ code: 'OUTSIDE_CONTACT_HOURS', message: "Calls are allowed only 08:00–21:00 in the consumer's local time (FDCPA/Regulation F); it is 07:15 in America/Los_Angeles.", sources: ['FDCPA/Regulation F'] }]),
    outcome: null,
  },
  { id: 'e4', campaignmdlID: 'camp-1', fileNumber: 'F-2004', channel: 'call', status: 'planned', planDate: '2026-12-04', plannedAt: '2026-12-04T16:00:00.000Z', reasons: null, outcome: null },
];

// The next planCampaign fails with this error (the server refusing the build).
let refuseNextPlan: DataApiRequestError | null = null;
// The next planCampaign selects this many accounts, more than the server plans in the request: it queues a job.
let queueNextPlan: number | null = null;

/** The campaign operations of the data API over the in-memory tables, recording every request. */
function campaignTransport(tables: Record<string, EntityRow[]>): { transport: GraphqlTransport; requests: { query: string; variables: Record<string, unknown> }[] } {
  const requests: { query: string; variables: Record<string, unknown> }[] = [];
  const contacts = (): EntityRow[] => tables.CampaignContactMdl ?? [];
  const transport: GraphqlTransport = {
    async request<TData>(query: string, variables: Record<string, unknown> = {}): Promise<TData> {
      requests.push({ query, variables });
      if (query.includes('planCampaign(')) {
        if (refuseNextPlan !== null) {
          const refusal = refuseNextPlan;
          refuseNextPlan = null;
          throw refusal;
        }
        if (queueNextPlan !== null) {
          const accounts = queueNextPlan;
          queueNextPlan = null;
          const queued = tables.CampaignMdl?.find((c) => c.id === variables.id);
          if (queued !== undefined) queued.status = 'planning';
          return { planCampaign: { campaignId: variables.id, planned: 0, refused: 0, cancelled: 0, queued: true, accounts } } as TData;
        }
        tables.CampaignContactMdl = ENTRIES.map((e) => ({ ...e }));
        const campaign = tables.CampaignMdl?.find((c) => c.id === variables.id);
        if (campaign !== undefined) Object.assign(campaign, { plannedCount: 3, refusedCount: 1, lastPlannedAt: '2026-11-26T12:00:00.000Z', status: 'planned' });
        return { planCampaign: { campaignId: variables.id, planned: 3, refused: 1, cancelled: 0, queued: false, accounts: 4 } } as TData;
      }
      if (query.includes('campaignPlanDays(')) {
        const dates = [...new Set(contacts().map((e) => String(e.planDate)))].sort();
        const count = (date: string, status: string): number => contacts().filter((e) => e.planDate === date && e.status === status).length;
        return {
          campaignPlanDays: dates.map((date) => ({ date, planned: count(date, 'planned'), refused: count(date, 'refused'), sent: 0, tasks: count(date, 'task'), done: count(date, 'done'), failed: 0, cancelled: 0 })),
        } as TData;
      }
      if (query.includes('recordCampaignContactOutcome(')) {
        const entry = contacts().find((e) => e.id === variables.id);
        if (entry === undefined) throw new Error('no such entry');
        Object.assign(entry, { status: 'done', outcome: variables.outcome });
        return { recordCampaignContactOutcome: entry } as TData;
      }
      throw new Error(`unexpected operation ${query}`);
    },
  };
  return { transport, requests };
}

async function openScheduler(path = '/apps/campaigns/scheduler', campaigns: EntityRow[] = [{ ...CAMPAIGN }]) {
  const services = signedInServices();
  const tables: Record<string, EntityRow[]> = { CampaignMdl: campaigns, ClientMdl: [{ id: 'cl-1', clientName: 'Acme Lending', clientNumber: '1001' }], CampaignContactMdl: [] };
  const memory = memoryModels(tables);
  services.data.models.mockImplementation(memory.models);
  const { transport, requests } = campaignTransport(tables);
  services.data.transport.mockResolvedValue(transport);
  const rendered = await renderApp(services, path);
  await screen.findByRole('heading', { level: 1, name: 'Campaign scheduler' });
  return { ...rendered, ...memory, tables, requests };
}

describe('the campaign scheduler', () => {
  beforeEach(() => resetStores());

  it('lists campaigns newest first with channel, status and plan counts', async () => {
    await openScheduler(undefined, [{ ...CAMPAIGN }, { ...CAMPAIGN, id: 'camp-2', campaignName: 'January letters', channel: 'letter', createdAt: '2026-11-25T10:00:00.000Z' }]);
    const table = await screen.findByRole('table', { name: 'Campaigns, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['January letters', 'December calls']);
    expect(rows[0]?.textContent).toContain('Letter');
    expect(rows[1]?.textContent).toContain('Not planned yet');
  });

  it('shows an error under each wrong field and sends nothing, then creates a draft campaign from the corrected form', async () => {
    const { calls, router } = await openScheduler();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    const form = await screen.findByRole('form', { name: 'New campaign' });
    await within(form).findByRole('option', { name: 'Acme Lending (1001)' });
    await user.type(within(form).getByLabelText('Balance from ($)'), '10.999');
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));
    expect(within(form).getByText('Give the campaign a name.')).toBeTruthy();
    expect(within(form).getByText('Choose a channel.')).toBeTruthy();
    expect(within(form).getByText('Type an amount like 1,250.00 (dollars and at most two decimals).')).toBeTruthy();
    expect(within(form).getByLabelText('Campaign name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.operation === 'create')).toEqual([]);

    await user.type(within(form).getByLabelText('Campaign name'), 'Spring texts');
    await user.selectOptions(within(form).getByLabelText('Channel'), 'SMS');
    await user.selectOptions(within(form).getByLabelText('Client'), 'Acme Lending (1001)');
    await user.click(within(form).getByRole('checkbox', { name: 'Payment plan' }));
    await user.clear(within(form).getByLabelText('Balance from ($)'));
    await user.type(within(form).getByLabelText('Balance from ($)'), '1,000.50');
    await user.type(within(form).getByLabelText('First day'), '2026-12-01');
    await user.type(within(form).getByLabelText('Last day'), '2026-12-15');
    await user.selectOptions(within(form).getByLabelText('Time zone of the daily windows'), 'America/Chicago');
    await user.click(within(form).getByRole('button', { name: 'Add a window' }));
    await user.type(within(form).getByLabelText('Window 2 starts'), '18:00');
    await user.type(within(form).getByLabelText('Window 2 ends'), '20:00');
    await user.type(within(form).getByLabelText('Message'), 'Hi {{firstName}, about file {{fileNumber}.');
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));

    await waitFor(() => expect(calls.filter((c) => c.operation === 'create')).toHaveLength(1));
    const input = calls.find((c) => c.operation === 'create')?.args as Record<string, unknown>;
    expect(input).toMatchObject({ campaignName: 'Spring texts', channel: 'sms', status: 'draft', startDate: '2026-12-01', endDate: '2026-12-15', timeZone: 'America/Chicago', maxAttemptsPerAccount: 1, messageTemplate: 'Hi {firstName}, about file {fileNumber}.' });
    expect(JSON.parse(String(input.accountFilter))).toEqual({ clientNumber: '1001', statuses: ['PAYMENT_PLAN'], balanceMin: 1000.5 });
    expect(JSON.parse(String(input.dailyWindows))).toEqual([{ start: '09:00', end: '17:00' }, { start: '18:00', end: '20:00' }]);
    // The new campaign opens, ready for its plan.
    await screen.findByRole('heading', { level: 2, name: 'Spring texts' });
    expect(router.state.location.search).toBe(`?campaign=${String((calls.find((c) => c.operation === 'create')?.args as { id?: string }).id ?? 'CampaignMdl-2')}`);
  });

  it('builds the plan, names each calendar day by its counts and lists a day by time with the refusal in words', async () => {
    const { requests } = await openScheduler('/apps/campaigns/scheduler?campaign=camp-1');
    await screen.findByRole('heading', { level: 2, name: 'December calls' });
    expect(await screen.findByText('No plan yet: choose “Build plan” to plan the contacts.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Build plan' }));
    await screen.findByText('Plan built: 3 planned, 1 refused, 0 cancelled.');
    expect(requests.find((r) => r.query.includes('planCampaign('))?.variables).toEqual({ id: 'camp-1' });

    const calendar = await screen.findByRole('table', { name: /^Contact plan for December 2026/ });
    const day = await within(calendar).findByRole('button', { name: '3 December 2026: 1 planned, 1 refused, 1 task' });
    expect(within(calendar).getByRole('button', { name: '4 December 2026: 1 planned' })).toBeTruthy();
    expect(within(calendar).getByRole('button', { name: '1 December 2026: no contacts' })).toBeTruthy();
    // Days outside the campaign are no buttons.
    expect(within(calendar).getAllByRole('button')).toHaveLength(4);
    await user.click(day);
    expect(day.getAttribute('aria-pressed')).toBe('true');
    // One day in the tab order; the arrow keys walk the campaign's days, Enter opens one.
    expect(within(calendar).getAllByRole('button').filter((b) => b.tabIndex === 0)).toEqual([day]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(within(calendar).getByRole('button', { name: '4 December 2026: 1 planned' }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(within(calendar).getByRole('button', { name: '1 December 2026: no contacts' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(day);
    await user.keyboard('{Enter}');
    expect(day.getAttribute('aria-pressed')).toBe('true');

    const table = await screen.findByRole('table', { name: 'Contacts of 3 December 2026 by planned time' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelectorAll('td')[0]?.textContent)).toEqual(['09:00 MST', '10:15 MST', '–']);
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['planned', 'task', 'refused']);
    expect(rows[2]?.textContent).toContain("Calls are allowed only 08:00–21:00 in the consumer's local time (FDCPA/Regulation F); it is 07:15 in America/Los_Angeles.");
  });

  it('says a wide campaign is planned in the background, reads the campaign every 2 s until the job is done, then shows the new plan', async () => {
    const { calls, tables } = await openScheduler('/apps/campaigns/scheduler?campaign=camp-1');
    await screen.findByRole('heading', { level: 2, name: 'December calls' });
    const user = userEvent.setup();
    queueNextPlan = 12000;
    await user.click(screen.getByRole('button', { name: 'Build plan' }));
    const status = await screen.findByText('Planning 12,000 accounts in the background…');
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Build plan' }).hasAttribute('disabled')).toBe(true);
    // The first read still finds it planning; then the job writes the plan.
    const reads = () => calls.filter((c) => c.entity === 'CampaignMdl' && c.operation === 'get').length;
    await waitFor(() => expect(reads()).toBe(1), { timeout: 3000 });
    tables.CampaignContactMdl = ENTRIES.map((e) => ({ ...e }));
    Object.assign(tables.CampaignMdl?.[0] ?? {}, { status: 'planned', plannedCount: 3, refusedCount: 1, lastPlannedAt: '2026-11-26T12:00:00.000Z' });
    await screen.findByText('Plan built: 3 planned, 1 refused.', undefined, { timeout: 3000 });
    expect(reads()).toBe(2);
    const calendar = await screen.findByRole('table', { name: /^Contact plan for December 2026/ });
    expect(await within(calendar).findByRole('button', { name: '4 December 2026: 1 planned' })).toBeTruthy();
  }, 10_000);

  it("shows the server's reason when it refuses to build a plan", async () => {
    const { requests } = await openScheduler('/apps/campaigns/scheduler?campaign=camp-1');
    await screen.findByRole('heading', { level: 2, name: 'December calls' });
    const user = userEvent.setup();
    refuseNextPlan = new DataApiRequestError(200, [{ errorType: 'CampaignInvalid', message: 'The campaign ended on 2026-12-04: no day is left to plan.' }]);
    await user.click(screen.getByRole('button', { name: 'Build plan' }));
    const alert = await screen.findByText('The campaign ended on 2026-12-04: no day is left to plan.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(requests.filter((r) => r.query.includes('planCampaign('))).toHaveLength(1);
  });

  it('records the outcome of a call task with whether staff spoke with the consumer', async () => {
    const { requests, tables } = await openScheduler('/apps/campaigns/scheduler?campaign=camp-1&day=2026-12-03');
    tables.CampaignContactMdl = ENTRIES.map((e) => ({ ...e }));
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'December calls' });
    // The entries were put in place after the first load: build the plan to read them again.
    await user.click(screen.getByRole('button', { name: 'Build plan' }));
    await user.click(await screen.findByRole('button', { name: 'Record outcome for file F-2002' }));
    const form = await screen.findByRole('form', { name: 'Record the outcome for file F-2002' });
    await user.click(within(form).getByRole('button', { name: 'Save outcome' }));
    expect(within(form).getByText('Choose what came of the contact.')).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText('Outcome'), 'Promise to pay');
    await user.click(within(form).getByRole('checkbox', { name: 'We spoke with the consumer' }));
    await user.click(within(form).getByRole('button', { name: 'Save outcome' }));
    await waitFor(() => expect(requests.some((r) => r.query.includes('recordCampaignContactOutcome('))).toBe(true));
    expect(requests.find((r) => r.query.includes('recordCampaignContactOutcome('))?.variables).toEqual({ id: 'e2', outcome: 'promise-to-pay', conversation: true });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Record the outcome for file F-2002' })).toBeNull());
    const table = await screen.findByRole('table', { name: 'Contacts of 3 December 2026 by planned time' });
    await within(table).findByText('Promise to pay');
    expect(screen.queryByRole('button', { name: 'Record outcome for file F-2002' })).toBeNull();
  });
});
