// The dashboard's data as charts and tables read it: series per chart, with every number also in a
// table row (the table view is what screen readers and keyboard users get). Sums arrive as whole
// cents in a Float; they are shown through formatCents and charted in dollars.
import { formatCents } from '@steward/collections';
import type { CollectionsDashboard } from '@steward/data-client';
import { CALL_OUTCOME_LABELS } from '../../collections/desk-format';

/** One series of a chart. */
export interface ChartSeries {
  readonly label: string;
  readonly values: readonly number[];
}

/** A chart and its table: the same numbers twice. */
export interface ChartSpec {
  readonly id: string;
  readonly title: string;
  /** One sentence saying what the chart shows (the canvas's accessible name). */
  readonly summary: string;
  readonly kind: 'bar' | 'line' | 'stacked-bar';
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
  /** 'money' values are dollars on the axis; 'percent' are 0–100; 'count' whole numbers. */
  readonly unit: 'money' | 'percent' | 'count';
  readonly table: { readonly columns: readonly string[]; readonly rows: readonly (readonly string[])[] };
}

const dollars = (cents: number): number => Math.round(cents) / 100;
const money = (cents: number): string => formatCents(Math.round(cents));
const percent = (rate: number | null): string => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

/** The dashboard's charts, in page order. */
export function chartSpecs(dashboard: CollectionsDashboard): ChartSpec[] {
  const byDay = dashboard.collectionsByDay;
  const totalDay = byDay.reduce((sum, d) => sum + d.cents, 0);
  const totalPrevious = byDay.reduce((sum, d) => sum + d.previousCents, 0);
  const byMonth = dashboard.collectionsByMonth;
  const clients = dashboard.liquidationByClient;
  const p = dashboard.promises;
  const outcomes = [...new Set(dashboard.contactsByOutcome.map((c) => c.outcome))].sort();
  const contactDays = [...new Set(dashboard.contactsByOutcome.map((c) => c.date))].sort();
  const countOf = (date: string, outcome: string): number => dashboard.contactsByOutcome.filter((c) => c.date === date && c.outcome === outcome).reduce((sum, c) => sum + c.count, 0);
  const aging = dashboard.agingBuckets;
  return [
    {
      id: 'collections-by-day',
      title: 'Collections per day',
      summary: `Collected ${money(totalDay)} in the period against ${money(totalPrevious)} in the period before.`,
      kind: 'line',
      unit: 'money',
      labels: byDay.map((d) => d.date),
      series: [
        { label: 'This period', values: byDay.map((d) => dollars(d.cents)) },
        { label: 'Previous period', values: byDay.map((d) => dollars(d.previousCents)) },
      ],
      table: { columns: ['Day', 'Collected', 'Previous period'], rows: byDay.map((d) => [d.date, money(d.cents), money(d.previousCents)]) },
    },
    {
      id: 'collections-by-month',
      title: 'Collections per month',
      summary: `Collections per month for ${byMonth.length} month${byMonth.length === 1 ? '' : 's'}, against the same month a year before.`,
      kind: 'bar',
      unit: 'money',
      labels: byMonth.map((m) => m.month),
      series: [
        { label: 'This year', values: byMonth.map((m) => dollars(m.cents)) },
        { label: 'A year before', values: byMonth.map((m) => dollars(m.previousCents)) },
      ],
      table: { columns: ['Month', 'Collected', 'A year before'], rows: byMonth.map((m) => [m.month, money(m.cents), money(m.previousCents)]) },
    },
    {
      id: 'liquidation-by-client',
      title: 'Liquidation rate by client',
      summary: `Collected as a share of placed balances for ${clients.length} client${clients.length === 1 ? '' : 's'}.`,
      kind: 'bar',
      unit: 'percent',
      labels: clients.map((c) => c.clientName ?? c.clientNumber),
      series: [{ label: 'Liquidation rate', values: clients.map((c) => (c.rate === null ? 0 : Math.round(c.rate * 1000) / 10)) }],
      table: { columns: ['Client', 'Placed', 'Collected', 'Rate'], rows: clients.map((c) => [c.clientName ?? c.clientNumber, money(c.placedCents), money(c.collectedCents), percent(c.rate)]) },
    },
    {
      id: 'promises',
      title: 'Promises due, kept and broken',
      summary: `${p.dueCount} installments due in the period: ${p.keptCount} kept, ${p.brokenCount} broken, ${p.pendingCount} pending.`,
      kind: 'bar',
      unit: 'count',
      labels: ['Due', 'Kept', 'Broken', 'Pending'],
      series: [{ label: 'Installments', values: [p.dueCount, p.keptCount, p.brokenCount, p.pendingCount] }],
      table: {
        columns: ['Installments', 'Count', 'Amount'],
        rows: [
          ['Due', String(p.dueCount), money(p.dueCents)],
          ['Kept', String(p.keptCount), money(p.keptCents)],
          ['Broken', String(p.brokenCount), money(p.brokenCents)],
          ['Pending', String(p.pendingCount), '–'],
        ],
      },
    },
    {
      id: 'contacts-by-outcome',
      title: 'Contacts by outcome per day',
      summary: `${dashboard.contactsByOutcome.reduce((sum, c) => sum + c.count, 0)} contacts on ${contactDays.length} day${contactDays.length === 1 ? '' : 's'}.`,
      kind: 'stacked-bar',
      unit: 'count',
      labels: contactDays,
      series: outcomes.map((outcome) => ({ label: CALL_OUTCOME_LABELS[outcome] ?? outcome, values: contactDays.map((day) => countOf(day, outcome)) })),
      table: { columns: ['Day', ...outcomes.map((o) => CALL_OUTCOME_LABELS[o] ?? o)], rows: contactDays.map((day) => [day, ...outcomes.map((o) => String(countOf(day, o)))]) },
    },
    {
      id: 'aging',
      title: 'Balance by days past due',
      summary: `Balances of ${aging.reduce((sum, a) => sum + a.accounts, 0)} accounts by days past due.`,
      kind: 'bar',
      unit: 'money',
      labels: aging.map((a) => `${a.bucket} days`),
      series: [{ label: 'Balance', values: aging.map((a) => dollars(a.balanceCents)) }],
      table: { columns: ['Days past due', 'Accounts', 'Balance'], rows: aging.map((a) => [`${a.bucket} days`, String(a.accounts), money(a.balanceCents)]) },
    },
  ];
}
