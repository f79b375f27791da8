import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useServices } from '../../app/ports-context';
import { WebError } from '../../app/web-errors';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { formatValue } from '../entities/format';
import { PageHeader } from '../PageHeader';
import { aboutLabel, actorLabel, createAuditApi, describeChanges, filtersProblem, NO_FILTERS } from './audit-api';
import type { AuditEventView, AuditFilters, AuditPage } from './audit-api';
import { useAccountPort } from './use-account-port';

/** Rows per page of the trail. */
export const AUDIT_PAGE_SIZE = 25;

/** Action prefixes the action field suggests (any prefix of a dotted name matches). */
export const ACTION_SUGGESTIONS = ['sign_in', 'user.locked_out', 'password', 'mfa', 'token.revoked', 'sign_out', 'admin', 'admin.user', 'admin.group', 'admin.client', 'data', 'data.update', 'desk', 'desk.payment_posted', 'desk.promise_taken'] as const;

function problemOf(error: unknown): { message: string; detail?: string } {
  if (error instanceof WebError) return { message: error.message, detail: error.recoverySuggestion };
  return { message: 'The audit trail could not be read.', detail: error instanceof Error ? error.message : undefined };
}

/** Saves `blob` as a file named `name` (a link to an object URL, clicked). */
function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function EventRow({ event }: { event: AuditEventView }) {
  const changes = describeChanges(event.changes);
  const reason = typeof event.details?.reason === 'string' ? event.details.reason : null;
  return (
    <tr>
      <td>
        <time dateTime={event.at}>{formatValue(event.at, 'datetime')}</time>
      </td>
      <td>
        <code>{event.action}</code>
      </td>
      <td>
        <span className={event.outcome === 'success' ? 'badge badge--good' : 'badge badge--bad'}>{event.outcome === 'success' ? 'Success' : 'Failure'}</span>
        {reason === null ? null : <span className="muted"> {reason}</span>}
      </td>
      <td className="audit-table__wrap">{actorLabel(event)}</td>
      <td className="audit-table__wrap">{aboutLabel(event)}</td>
      <td className="audit-table__wrap">
        {changes.length === 0 ? (
          '–'
        ) : (
          <ul className="audit-table__changes">
            {changes.slice(0, 3).map((line) => (
              <li key={line}>{line}</li>
            ))}
            {changes.length > 3 ? <li className="muted">and {changes.length - 3} more</li> : null}
          </ul>
        )}
        <details className="audit-table__details">
          <summary>
            Details<span className="visually-hidden"> of event {event.seq}</span>
          </summary>
          <pre>{JSON.stringify({ ...event, hash: undefined }, null, 2)}</pre>
        </details>
      </td>
      <td className="audit-table__wrap">{event.source?.ip ?? '–'}</td>
    </tr>
  );
}

/** Settings › Audit trail (Admins only): search the trail by user, action, record and time range, page through it, export CSV. */
export function AuditTrailPage() {
  const { config, fetch: fetchFn } = useServices();
  const account = useAccountPort();
  const api = useMemo(() => (account === null ? null : createAuditApi(fetchFn, config.adminApiEndpoint, account.accessToken)), [account, config.adminApiEndpoint, fetchFn]);
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);
  // The token each page starts from; the last is the page shown.
  const [starts, setStarts] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState<AuditPage | null>(null);
  const [problem, setProblem] = useState<{ message: string; detail?: string } | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'search' | 'export' | null>(null);

  const load = useCallback(
    async (filters: AuditFilters, start: string | null): Promise<void> => {
      if (api === null) return;
      setBusy('search');
      setProblem(null);
      try {
        setPage(await api.search(filters, { limit: AUDIT_PAGE_SIZE, nextToken: start }));
      } catch (error) {
        setProblem(problemOf(error));
        setPage((current) => current ?? { events: [], nextToken: null });
      } finally {
        setBusy(null);
      }
    },
    [api],
  );

  useEffect(() => {
    void load(NO_FILTERS, null);
  }, [load]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const wrong = filtersProblem(draft);
    setRangeError(wrong);
    if (wrong !== null) return;
    setApplied(draft);
    setStarts([null]);
    void load(draft, null);
  };

  const exportCsv = async (): Promise<void> => {
    if (api === null) return;
    setBusy('export');
    setProblem(null);
    try {
      download(await api.exportCsv(applied), `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };

  const field = (key: keyof AuditFilters) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value })),
  });

  if (api === null || page === null) return <Spinner label="Loading the audit trail" />;
  return (
    <section className="page">
      <PageHeader title="Audit trail" description="Who signed in, what administrators changed and which records changed, with values before and after. Every row is chained to the one before it, so a changed or missing row shows." />
      <form className="card audit-search" aria-label="Search the audit trail" onSubmit={submit} noValidate>
        <div className="audit-search__fields">
          <TextField label="User" hint="Username or user id, who acted or whom it was about" autoComplete="off" {...field('user')} />
          <TextField label="Action" hint="An action or its start, such as sign_in or admin.user" list="audit-actions" autoComplete="off" {...field('action')} />
          <datalist id="audit-actions">
            {ACTION_SUGGESTIONS.map((action) => (
              <option key={action} value={action} />
            ))}
          </datalist>
          <TextField label="Record" hint="The id of a record, such as an account" autoComplete="off" {...field('record')} />
          <div className="field">
            <label className="field__label" htmlFor="audit-outcome">
              Outcome
            </label>
            <div className="field__row">
              <select id="audit-outcome" className="field__input" {...field('outcome')}>
                <option value="">Any</option>
                <option value="success">Success</option>
                <option value="failure">Failure</option>
              </select>
            </div>
          </div>
          <TextField label="From" type="date" {...field('from')} />
          <TextField label="To" type="date" error={rangeError} {...field('to')} />
        </div>
        <div className="row">
          <Button type="submit" busy={busy === 'search'}>
            Search
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              setRangeError(null);
            }}
          >
            Clear
          </Button>
          <Button variant="secondary" busy={busy === 'export'} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        </div>
      </form>
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      <div className="table-wrap">
        <table className="table audit-table">
          <caption className="visually-hidden">Audit trail events, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Action</th>
              <th scope="col">Outcome</th>
              <th scope="col">By</th>
              <th scope="col">About</th>
              <th scope="col">Changes</th>
              <th scope="col">Address</th>
            </tr>
          </thead>
          <tbody>
            {page.events.length === 0 ? (
              <tr>
                <td className="table__empty" colSpan={7}>
                  No events match.
                </td>
              </tr>
            ) : (
              page.events.map((event) => <EventRow key={event.seq} event={event} />)
            )}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label="Pages of the audit trail">
        <span>Page {starts.length}</span>
        <Button
          variant="secondary"
          disabled={starts.length <= 1 || busy !== null}
          onClick={() => {
            const earlier = starts.slice(0, -1);
            setStarts(earlier);
            void load(applied, earlier[earlier.length - 1] ?? null);
          }}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          disabled={page.nextToken === null || busy !== null}
          onClick={() => {
            const next = page.nextToken;
            setStarts((current) => [...current, next]);
            void load(applied, next);
          }}
        >
          Next
        </Button>
      </nav>
    </section>
  );
}
