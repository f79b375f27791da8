// /collections/queue: a collector's accounts in priority order (the server's workQueue, ordered by
// @steward/collections' prioritizeQueue), with filters, "Next account" and keyboard use; supervisors
// pick any collector's queue and assign or reassign rows in bulk.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AGING_BUCKETS, formatCents } from '@steward/collections';
import type { Collector, WorkQueueItem } from '@steward/data-client';
import { useIsSupervisor } from '../../access/supervisor';
import { useServices } from '../../app/ports-context';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { Spinner } from '../../ui/Spinner';
import { loadClients } from '../campaigns/scheduler-data';
import { optionsOf } from '../entities/code-tables';
import { textOf } from '../entities/format';
import { ACCOUNT_STATUS } from '../mortgages/mortgage-codes';
import { PageHeader } from '../PageHeader';
import { deskProblem, useDeskOperations } from './desk-data';
import { QUEUE_REASON_LABELS, callableText, labelFor, timeIn } from './desk-format';
import { callableAt, nextAccountIndex, queueKeyAction } from './queue-keys';
import { SelectField } from './SelectField';
import type { SelectOption } from './SelectField';
import { useNow } from './use-now';
import './collections.css';

const PAGE_SIZE = 50;

/** The account page of a queue row. */
export function accountPath(accountId: string): string {
  return `/collections/account?id=${encodeURIComponent(accountId)}`;
}

type QueueState = { status: 'loading' } | { status: 'failed'; message: string; detail?: string | undefined } | { status: 'ready'; items: WorkQueueItem[]; nextToken: string | null; total: number };

/** /collections/queue. */
export function WorkQueuePage() {
  const operations = useDeskOperations();
  const { data } = useServices();
  const supervisor = useIsSupervisor();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(
    () => ({ collector: params.get('collector') ?? '', clientNumber: params.get('client') ?? '', status: params.get('status') ?? '', agingBucket: params.get('aging') ?? '' }),
    [params],
  );
  const [queue, setQueue] = useState<QueueState>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState(0);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [clients, setClients] = useState<SelectOption[]>([]);
  const [collectors, setCollectors] = useState<Collector[]>([]);
  const [assignTo, setAssignTo] = useState('');
  const [assigning, setAssigning] = useState(false);
  const [announcement, setAnnouncement] = useState<{ message: string; tone: 'status' | 'error' } | null>(null);
  const now = useNow();
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const helpId = useId();

  useEffect(() => {
    let current = true;
    setQueue({ status: 'loading' });
    setSelected(0);
    setChecked(new Set());
    operations()
      .then((ops) =>
        ops.workQueue({
          collector: filters.collector === '' ? null : filters.collector,
          clientNumber: filters.clientNumber === '' ? null : filters.clientNumber,
          status: filters.status === '' ? null : filters.status,
          agingBucket: filters.agingBucket === '' ? null : filters.agingBucket,
          limit: PAGE_SIZE,
        }),
      )
      .then(
        (page) => current && setQueue({ status: 'ready', items: [...page.items], nextToken: page.nextToken, total: page.total }),
        (failure: unknown) => {
          if (!current) return;
          const problem = deskProblem(failure);
          setQueue({ status: 'failed', message: problem.message, detail: problem.detail });
        },
      );
    return () => {
      current = false;
    };
  }, [operations, filters, version]);

  useEffect(() => {
    let current = true;
    loadClients(data).then(
      (rows) => current && setClients(rows.map((row) => ({ value: textOf(row.clientNumber), label: `${textOf(row.clientName, textOf(row.clientNumber))} (${textOf(row.clientNumber)})` }))),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [data]);

  useEffect(() => {
    if (!supervisor) return;
    let current = true;
    operations()
      .then((ops) => ops.collectors())
      .then(
        (list) => current && setCollectors(list),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [operations, supervisor, version]);

  const items = queue.status === 'ready' ? queue.items : [];

  const setFilter = (key: string, value: string): void => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(key);
    else next.set(key, value);
    setParams(next);
  };

  const open = useCallback((index: number) => {
    const item = items[index];
    if (item !== undefined) void navigate(accountPath(item.accountId));
  }, [items, navigate]);

  const openNext = (): void => {
    const index = nextAccountIndex(items, new Date());
    if (index < 0) setAnnouncement({ message: 'Your queue is empty.', tone: 'status' });
    else open(index);
  };

  const move = (index: number): void => {
    setSelected(index);
    rowRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    // Keys typed into a control (a checkbox, the link) are the control's, except the arrows and n on a row.
    const target = event.target as HTMLElement;
    if (target.tagName !== 'TR' && target.closest('input, select, textarea, button') !== null) return;
    const action = queueKeyAction(event.key, selected, items.length, event);
    if (action === null) return;
    if (action.kind === 'open' && target.tagName === 'A') return;
    event.preventDefault();
    if (action.kind === 'move') move(action.index);
    else if (action.kind === 'open') open(action.index);
    else openNext();
  };

  const loadMore = (): void => {
    if (queue.status !== 'ready' || queue.nextToken === null) return;
    const token = queue.nextToken;
    operations()
      .then((ops) => ops.workQueue({ collector: filters.collector || null, clientNumber: filters.clientNumber || null, status: filters.status || null, agingBucket: filters.agingBucket || null, limit: PAGE_SIZE, nextToken: token }))
      .then(
        (page) => setQueue((state) => (state.status === 'ready' ? { status: 'ready', items: [...state.items, ...page.items], nextToken: page.nextToken, total: page.total } : state)),
        (failure: unknown) => setAnnouncement({ message: deskProblem(failure).message, tone: 'error' }),
      );
  };

  const toggle = (accountId: string): void => {
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(accountId)) next.delete(accountId);
      else next.add(accountId);
      return next;
    });
  };

  const assign = (): void => {
    const ids = items.filter((item) => checked.has(item.accountId)).map((item) => item.accountId);
    if (ids.length === 0) {
      setAnnouncement({ message: 'Select the accounts to assign first.', tone: 'error' });
      return;
    }
    const collector = assignTo === '' ? null : assignTo;
    const whom = collector === null ? 'nobody (unassigned)' : (collectors.find((c) => c.sub === collector)?.name ?? collectors.find((c) => c.sub === collector)?.username ?? collector);
    setAssigning(true);
    operations()
      .then((ops) => ops.assignAccounts(ids, collector))
      .then(
        (changed) => {
          setAnnouncement({ message: `${changed} account${changed === 1 ? '' : 's'} assigned to ${whom}.`, tone: 'status' });
          setVersion((v) => v + 1);
        },
        (failure: unknown) => setAnnouncement({ message: deskProblem(failure).message, tone: 'error' }),
      )
      .finally(() => setAssigning(false));
  };

  const collectorOptions: SelectOption[] = [{ value: '', label: 'My queue' }, ...collectors.map((c) => ({ value: c.sub, label: `${c.name ?? c.username} (${c.assigned})` }))];
  const allChecked = items.length > 0 && items.every((item) => checked.has(item.accountId));

  return (
    <section className="page desk">
      <PageHeader
        title="Work queue"
        description="Your accounts in the order to work them: promises due, broken promises, follow-ups, then the oldest and largest debts; accounts you may call now come first."
        actions={
          <Button onClick={openNext} disabled={queue.status !== 'ready'} aria-keyshortcuts="n">
            Next account
          </Button>
        }
      />
      <p className="desk__help" id={helpId}>
        Keyboard: Arrow Down or j and Arrow Up or k move through the list, Enter opens the account, n opens the next account.
      </p>
      <form className="filters" aria-label="Filter the queue" onSubmit={(event) => event.preventDefault()}>
        {supervisor ? <SelectField label="Collector" value={filters.collector} onChange={(e) => setFilter('collector', e.target.value)} options={collectorOptions} /> : null}
        <SelectField label="Client" value={filters.clientNumber} onChange={(e) => setFilter('client', e.target.value)} options={[{ value: '', label: 'Any' }, ...clients]} />
        <SelectField label="Status" value={filters.status} onChange={(e) => setFilter('status', e.target.value)} options={[{ value: '', label: 'Any' }, ...optionsOf(ACCOUNT_STATUS)]} />
        <SelectField label="Days past due" value={filters.agingBucket} onChange={(e) => setFilter('aging', e.target.value)} options={[{ value: '', label: 'Any' }, ...AGING_BUCKETS.map((b) => ({ value: b, label: `${b} days` }))]} />
      </form>
      <LiveRegion message={announcement?.message} tone={announcement?.tone ?? 'status'} />
      {supervisor && items.length > 0 ? (
        <div className="desk__assign">
          <SelectField label="Assign selected to" value={assignTo} onChange={(e) => setAssignTo(e.target.value)} options={[{ value: '', label: 'Nobody (unassign)' }, ...collectors.map((c) => ({ value: c.sub, label: c.name ?? c.username }))]} />
          <Button onClick={assign} busy={assigning}>
            Assign {checked.size} selected
          </Button>
        </div>
      ) : null}
      {queue.status === 'loading' ? <Spinner label="Loading the work queue" /> : null}
      {queue.status === 'failed' ? <LiveRegion message={queue.message} detail={queue.detail} /> : null}
      {queue.status === 'ready' ? (
        <>
          <p className="desk__count" role="status">
            {queue.total === 0 ? 'No accounts match.' : `${queue.total} account${queue.total === 1 ? '' : 's'} in the queue; showing ${items.length}.`}
          </p>
          {items.length === 0 ? null : (
            <div className="table-wrap">
              <table className="table desk-queue" aria-describedby={helpId} onKeyDown={onKeyDown}>
                <caption className="visually-hidden">Work queue, in priority order</caption>
                <thead>
                  <tr>
                    {supervisor ? (
                      <th scope="col">
                        <input type="checkbox" aria-label="Select every account shown" checked={allChecked} onChange={() => setChecked(allChecked ? new Set() : new Set(items.map((i) => i.accountId)))} />
                      </th>
                    ) : null}
                    <th scope="col">#</th>
                    <th scope="col">Account</th>
                    <th scope="col">Reason</th>
                    <th scope="col" className="num">
                      Balance
                    </th>
                    <th scope="col" className="num">
                      Days past due
                    </th>
                    <th scope="col">Debtor&apos;s time</th>
                    <th scope="col">Call</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item, index) => {
                    const callable = callableAt(item, now);
                    const next = item.nextCallableAt === null ? null : new Date(item.nextCallableAt);
                    return (
                      <tr
                        key={item.accountId}
                        ref={(element) => {
                          rowRefs.current[index] = element;
                        }}
                        tabIndex={index === selected ? 0 : -1}
                        aria-current={index === selected ? 'true' : undefined}
                        className={index === selected ? 'desk-queue__row desk-queue__row--selected' : 'desk-queue__row'}
                        onFocus={() => setSelected(index)}
                        onDoubleClick={() => open(index)}
                      >
                        {supervisor ? (
                          <td>
                            <input type="checkbox" aria-label={`Select ${item.fileNumber ?? item.accountId}`} checked={checked.has(item.accountId)} onChange={() => toggle(item.accountId)} />
                          </td>
                        ) : null}
                        <td>{index + 1}</td>
                        <td>
                          <a href={accountPath(item.accountId)} onClick={(event) => { event.preventDefault(); open(index); }} tabIndex={-1}>
                            {item.fileNumber ?? item.accountId}
                          </a>
                          <div className="desk__muted">
                            {item.debtorName ?? 'No debtor'} · {item.clientName ?? item.clientNumber ?? ''}
                          </div>
                        </td>
                        <td>{labelFor(QUEUE_REASON_LABELS, item.reason)}</td>
                        <td className="num">{formatCents(item.balanceCents)}</td>
                        <td className="num">{item.daysPastDue}</td>
                        <td>{item.debtorTimeZone === null ? '–' : `${timeIn(now, item.debtorTimeZone)}`}</td>
                        <td className={callable ? 'desk__callable' : 'desk__not-callable'}>
                          {callableText(callable, callable ? null : next, item.debtorTimeZone)}
                          {!callable && item.callRefusal !== null ? <div className="desk__muted">{item.callRefusal}</div> : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {queue.nextToken === null ? null : (
            <div className="pager">
              <Button variant="secondary" onClick={loadMore}>
                Show more
              </Button>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
