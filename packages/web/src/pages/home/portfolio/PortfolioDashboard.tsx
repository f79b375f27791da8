// The portfolio at a glance (issue 22 section 5): collections per day and month against the
// previous period, liquidation by client, promises, contacts by outcome, balance by aging bucket.
// The server decides whose portfolio it is (a client user's client, a collector's assigned
// accounts, supervisors and admins everything); each chart has a table view.
import { useEffect, useState } from 'react';
import { addLocalDays, localDateOf } from '@steward/collections';
import type { CollectionsDashboard } from '@steward/data-client';
import { LiveRegion } from '../../../ui/LiveRegion';
import { Spinner } from '../../../ui/Spinner';
import { deskProblem, useDeskOperations } from '../../collections/desk-data';
import { SelectField } from '../../collections/SelectField';
import { ChartFigure } from './ChartFigure';
import { chartSpecs } from './portfolio-data';
import './portfolio.css';

type DashboardState = { status: 'loading' } | { status: 'failed'; message: string; detail?: string | undefined } | { status: 'ready'; dashboard: CollectionsDashboard };

const PERIODS = [
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 12 months' },
];

/** The period [from, to] of the last `days` days up to the reader's today. */
export function periodOf(days: number, now: Date, timeZone: string): { from: string; to: string } {
  const to = localDateOf(now, timeZone);
  return { from: addLocalDays(to, -(days - 1)), to };
}

/** The charts of the portfolio; `scope` words whose portfolio it is. */
export function PortfolioDashboard({ scope }: { scope: string }) {
  const operations = useDeskOperations();
  const [days, setDays] = useState('30');
  const [state, setState] = useState<DashboardState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    const period = periodOf(Number(days), new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
    operations()
      .then((ops) => ops.collectionsDashboard(period))
      .then(
        (dashboard) => current && setState({ status: 'ready', dashboard }),
        (failure: unknown) => {
          if (!current) return;
          const problem = deskProblem(failure);
          setState({ status: 'failed', message: problem.message, detail: problem.detail });
        },
      );
    return () => {
      current = false;
    };
  }, [operations, days]);

  return (
    <div className="portfolio">
      <div className="portfolio__bar">
        <p className="portfolio__scope">{scope}</p>
        <SelectField label="Period" value={days} onChange={(e) => setDays(e.target.value)} options={PERIODS} />
      </div>
      {state.status === 'loading' ? <Spinner label="Loading the portfolio" /> : null}
      {state.status === 'failed' ? <LiveRegion message={`The portfolio did not load: ${state.message}`} detail={state.detail} /> : null}
      {state.status === 'ready' ? (
        <div className="portfolio__charts">
          {chartSpecs(state.dashboard).map((spec) => (
            <ChartFigure key={spec.id} spec={spec} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
