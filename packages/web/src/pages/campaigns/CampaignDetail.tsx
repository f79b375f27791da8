import { useCallback, useEffect, useState } from 'react';
import type { CampaignPlanDay } from '@steward/data-client';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { Spinner } from '../../ui/Spinner';
import { notify } from '../../ui/notify';
import { useServices } from '../../app/ports-context';
import { labelOf } from '../entities/code-tables';
import type { DataProblem } from '../entities/data-errors';
import { entityAccess } from '../entities/entity-access';
import type { EntityRow } from '../entities/entity-access';
import { countOf, formatCount, formatDate, formatMoney, textOf } from '../entities/format';
import { ACCOUNT_STATUS } from '../mortgages/mortgage-codes';
import { CHANNEL_LABELS } from './campaign-form';
import type { CampaignChannel } from './campaign-form';
import { DayPlan } from './DayPlan';
import { PlanCalendar } from './PlanCalendar';
import { monthOf, openingMonth } from './plan-calendar';
import type { YearMonth } from './plan-calendar';
import { CAMPAIGN_STATUS_LABELS, campaignCounts } from './plan-entries';
import { campaignProblem, useCampaignOperations, useLoaded } from './scheduler-data';

/** How often a campaign planned in the background is read again, in ms. */
export const PLAN_POLL_MS = 2000;

function parsed(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The account filter in words: "client 1001; Active or Payment plan; balance $100.00–$2,500.00; 30–90 days past due". */
export function filterInWords(raw: unknown): string {
  const filter = parsed(raw);
  if (typeof filter !== 'object' || filter === null) return 'All accounts';
  const f = filter as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof f.clientNumber === 'string') parts.push(`client ${f.clientNumber}`);
  if (Array.isArray(f.statuses) && f.statuses.length > 0) parts.push(f.statuses.map((s) => labelOf(ACCOUNT_STATUS, s)).join(' or '));
  const range = (min: unknown, max: unknown, show: (n: number) => string, noun: string): void => {
    const lo = typeof min === 'number' ? show(min) : null;
    const hi = typeof max === 'number' ? show(max) : null;
    if (lo !== null && hi !== null) parts.push(`${noun} ${lo}–${hi}`);
    else if (lo !== null) parts.push(`${noun} from ${lo}`);
    else if (hi !== null) parts.push(`${noun} up to ${hi}`);
  };
  range(f.balanceMin, f.balanceMax, (n) => formatMoney(n), 'balance');
  range(f.daysPastDueMin, f.daysPastDueMax, String, 'days past due');
  return parts.length === 0 ? 'All accounts' : parts.join('; ');
}

function windowsInWords(raw: unknown): string {
  const windows = parsed(raw);
  if (!Array.isArray(windows)) return '–';
  return windows.map((w: { start?: unknown; end?: unknown }) => `${textOf(w.start)}–${textOf(w.end)}`).join(', ');
}

/** A campaign: its settings, "Build plan", the plan's calendar and the chosen day's contacts. */
export function CampaignDetail({ campaign, day, onDay, onChanged }: { campaign: EntityRow; day: string | null; onDay: (date: string | null) => void; onChanged: () => void }) {
  const operations = useCampaignOperations();
  const { data } = useServices();
  const timeZone = typeof campaign.timeZone === 'string' ? campaign.timeZone : 'UTC';
  const startDate = typeof campaign.startDate === 'string' ? campaign.startDate : null;
  const endDate = typeof campaign.endDate === 'string' ? campaign.endDate : null;
  const loadDays = useCallback(async (): Promise<CampaignPlanDay[]> => (await operations()).campaignPlanDays(campaign.id), [operations, campaign.id]);
  const { state: days, reload: reloadDays } = useLoaded(loadDays);
  const [month, setMonth] = useState<YearMonth | null>(day === null ? null : monthOf(day));
  const [building, setBuilding] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  // A new plan replaces the entries of the open day: its list is read again.
  const [planVersion, setPlanVersion] = useState(0);
  const [problem, setProblem] = useState<DataProblem | null>(null);
  // A plan a server job is making: the campaign's lastPlannedAt before it, to tell a new plan from a failed one.
  const [planning, setPlanning] = useState<{ readonly lastPlannedAt: unknown } | null>(campaign.status === 'planning' ? { lastPlannedAt: campaign.lastPlannedAt } : null);

  // While a job plans, the campaign is read every PLAN_POLL_MS until it is no longer 'planning'; leaving the page stops it.
  useEffect(() => {
    if (planning === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (): Promise<void> => {
      try {
        const row = await entityAccess(data, 'CampaignMdl').get(campaign.id);
        if (stopped) return;
        if (row?.status === 'planning') {
          timer = setTimeout(() => void poll(), PLAN_POLL_MS);
          return;
        }
        setPlanning(null);
        if (row !== null && row !== undefined && row.lastPlannedAt !== planning.lastPlannedAt) {
          const words = `Plan built: ${formatCount(Number(row.plannedCount ?? 0))} planned, ${formatCount(Number(row.refusedCount ?? 0))} refused.`;
          setStatus(words);
          void notify.success(words);
        } else {
          setStatus(null);
          setProblem({ message: `The plan could not be built in the background; the campaign is ${(CAMPAIGN_STATUS_LABELS[textOf(row?.status)] ?? textOf(row?.status, 'gone')).toLowerCase()} again. Build it again, or narrow the accounts.` });
        }
        setMonth(null);
        setPlanVersion((v) => v + 1);
        reloadDays();
        onChanged();
      } catch (failure) {
        if (stopped) return;
        setPlanning(null);
        setProblem(campaignProblem(failure));
      }
    };
    timer = setTimeout(() => void poll(), PLAN_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [planning, data, campaign.id, reloadDays, onChanged]);

  // The calendar opens on the plan's first day once the days are in (or on the day in the address).
  useEffect(() => {
    if (month === null && days.status === 'ready') setMonth(openingMonth(days.value, startDate, new Date().toISOString().slice(0, 10)));
  }, [month, days, startDate]);

  const build = async (): Promise<void> => {
    setBuilding(true);
    setProblem(null);
    setStatus(null);
    try {
      const summary = await (await operations()).planCampaign(campaign.id);
      if (summary.queued) {
        setStatus(`Planning ${countOf(summary.accounts, 'account')} in the background…`);
        setPlanning({ lastPlannedAt: campaign.lastPlannedAt });
        onChanged();
        return;
      }
      const words = `Plan built: ${formatCount(summary.planned)} planned, ${formatCount(summary.refused)} refused, ${formatCount(summary.cancelled)} cancelled.`;
      setStatus(words);
      void notify.success(words);
      setMonth(null);
      setPlanVersion((v) => v + 1);
      reloadDays();
      onChanged();
    } catch (failure) {
      setProblem(campaignProblem(failure));
    } finally {
      setBuilding(false);
    }
  };

  const name = textOf(campaign.campaignName, 'Campaign');
  const channel = textOf(campaign.channel, '');
  return (
    <section className="card campaign-detail" aria-labelledby="campaign-detail-title">
      <div className="campaign-detail__head">
        <h2 className="card__title" id="campaign-detail-title">
          {name}
        </h2>
        <Button onClick={() => void build()} busy={building || planning !== null}>
          {typeof campaign.lastPlannedAt === 'string' ? 'Rebuild plan' : 'Build plan'}
        </Button>
      </div>
      <LiveRegion message={status} tone="status" />
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      <dl className="details">
        <dt>Channel</dt>
        <dd>{Object.hasOwn(CHANNEL_LABELS, channel) ? CHANNEL_LABELS[channel as CampaignChannel] : channel}</dd>
        <dt>Status</dt>
        <dd>{CAMPAIGN_STATUS_LABELS[textOf(campaign.status)] ?? textOf(campaign.status, '–')}</dd>
        <dt>Accounts</dt>
        <dd>{filterInWords(campaign.accountFilter)}</dd>
        <dt>Days</dt>
        <dd>{startDate === null || endDate === null ? '–' : `${formatDate(startDate)} to ${formatDate(endDate)}`}</dd>
        <dt>Daily windows</dt>
        <dd>
          {windowsInWords(campaign.dailyWindows)} ({timeZone})
        </dd>
        <dt>Plan</dt>
        <dd>{campaignCounts(campaign)}</dd>
        {typeof campaign.messageTemplate === 'string' && campaign.messageTemplate !== '' ? (
          <>
            <dt>Message</dt>
            <dd>{campaign.messageTemplate}</dd>
          </>
        ) : null}
      </dl>
      <h3 className="campaign-detail__section">Calendar</h3>
      {days.status === 'loading' || month === null ? (days.status === 'failed' ? null : <Spinner label="Loading the plan's days" />) : null}
      {days.status === 'failed' ? <LiveRegion message={days.problem.message} detail={days.problem.detail} /> : null}
      {days.status === 'ready' && month !== null ? (
        <>
          {days.value.length === 0 ? <p className="muted">No plan yet: choose “Build plan” to plan the contacts.</p> : null}
          <PlanCalendar days={days.value} month={month} onMonth={setMonth} selected={day} onSelect={onDay} startDate={startDate} endDate={endDate} />
        </>
      ) : null}
      {day === null ? null : <DayPlan key={`${campaign.id}-${day}-${planVersion}`} campaignId={campaign.id} date={day} timeZone={timeZone} onChanged={reloadDays} />}
    </section>
  );
}
