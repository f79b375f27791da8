// /collections/account?id=: one account for the collector (section 4 of issue 22): the facts, the
// debtors with local time and "callable now" (ticking each minute), the actions, the promises, the
// ledger and the timeline. Every action is a server-side operation; the page reloads after each.
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ConflictError } from '@steward/data-client';
import type { AccountWorkspace, CollectionsPromise, LedgerEntry } from '@steward/data-client';
import { useIsSupervisor } from '../../access/supervisor';
import { LiveRegion } from '../../ui/LiveRegion';
import { Spinner } from '../../ui/Spinner';
import { PageHeader } from '../PageHeader';
import { deskProblem, useDeskOperations } from './desk-data';
import { CallForm, DisputeForm, FollowUpForm, NoteForm, PaymentForm, PromiseForm, ReverseForm } from './workspace-actions';
import type { RunAction } from './workspace-actions';
import { AccountSummary, DebtorCard, LedgerTable, PromisesTable, Timeline } from './workspace-views';
import { useNow } from './use-now';
import './collections.css';

type WorkspaceState = { status: 'loading' } | { status: 'failed'; message: string; detail?: string | undefined } | { status: 'ready'; workspace: AccountWorkspace };

/** /collections/account. */
export function AccountWorkspacePage() {
  const [params] = useSearchParams();
  const accountId = params.get('id');
  if (accountId === null || accountId === '') {
    return (
      <section className="page desk">
        <PageHeader title="Account" description="One account at a time: open it from the work queue." />
        <p className="card">
          No account is chosen. <Link to="/collections/queue">Open the work queue</Link> and choose an account.
        </p>
      </section>
    );
  }
  return <Workspace key={accountId} accountId={accountId} />;
}

function Workspace({ accountId }: { accountId: string }) {
  const operations = useDeskOperations();
  const supervisor = useIsSupervisor();
  const now = useNow();
  const [state, setState] = useState<WorkspaceState>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const [announcement, setAnnouncement] = useState<{ message: string; detail?: string | undefined; tone: 'status' | 'error' } | null>(null);
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  const [dncBusy, setDncBusy] = useState(false);

  useEffect(() => {
    let current = true;
    operations()
      .then((ops) => ops.accountWorkspace(accountId))
      .then(
        (workspace) => current && setState({ status: 'ready', workspace }),
        (failure: unknown) => {
          if (!current) return;
          const problem = deskProblem(failure);
          setState({ status: 'failed', message: problem.message, detail: problem.detail });
        },
      );
    return () => {
      current = false;
    };
  }, [operations, accountId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // The server's "callable now" is as of the last load; a quiet reload every five minutes keeps it
  // (and the queue facts) current on a page left open, without touching the forms.
  useEffect(() => {
    const timer = setInterval(reload, 5 * 60_000);
    return () => clearInterval(timer);
  }, [reload]);

  const run: RunAction = useCallback(
    async (label, action) => {
      try {
        await action(await operations());
        setAnnouncement({ message: label, tone: 'status' });
        reload();
        return { ok: true };
      } catch (error) {
        const problem = deskProblem(error);
        setAnnouncement({ message: problem.message, detail: problem.detail, tone: 'error' });
        // Someone else changed the account: show theirs, so the collector decides on what is stored now.
        if (error instanceof ConflictError) reload();
        return { ok: false, error };
      }
    },
    [operations, reload],
  );

  if (state.status === 'loading') return <Spinner label="Loading the account" />;
  if (state.status === 'failed') {
    return (
      <section className="page desk">
        <PageHeader title="Account" />
        <LiveRegion message={state.message} detail={state.detail} />
        <p>
          <Link to="/collections/queue">Back to the work queue</Link>
        </p>
      </section>
    );
  }
  const { workspace } = state;
  const { account } = workspace;

  const setDoNotContact = (debtorId: string, channel: string, on: boolean): void => {
    setDncBusy(true);
    void run(on ? `Do not contact by ${channel} set.` : `Contact by ${channel} allowed again.`, (ops) => ops.setDoNotContact({ debtorId, channel, doNotContact: on, reason: on ? 'Requested by the debtor' : 'Cleared by the collector' })).finally(() => setDncBusy(false));
  };
  const cancelPromise = (promise: CollectionsPromise): void => {
    void run('Promise cancelled.', (ops) => ops.cancelPromise(promise.id, 'Cancelled by the collector'));
  };

  return (
    <section className="page desk">
      <PageHeader
        title={`Account ${account.fileNumber ?? account.id}`}
        description={`${account.clientName ?? account.clientNumber ?? ''}`}
        actions={<Link to="/collections/queue">Back to the work queue</Link>}
      />
      <LiveRegion message={announcement?.message} detail={announcement?.detail} tone={announcement?.tone ?? 'status'} />
      <div className="desk-grid">
        <AccountSummary workspace={workspace} />
        <div className="card">
          <h2 className="card__title">Debtors</h2>
          {workspace.debtors.length === 0 ? <p className="desk__muted">No debtor is on file for this account.</p> : null}
          {workspace.debtors.map((debtor) => (
            <DebtorCard key={debtor.id} workspace={workspace} debtor={debtor} now={now} busy={dncBusy} onDoNotContact={(channel, on) => setDoNotContact(debtor.id, channel, on)} />
          ))}
        </div>
      </div>
      <h2 className="desk__section">Actions</h2>
      <div className="desk-actions">
        <CallForm workspace={workspace} run={run} now={now} supervisor={supervisor} />
        <PromiseForm workspace={workspace} run={run} now={now} />
        <PaymentForm workspace={workspace} run={run} now={now} />
        <NoteForm workspace={workspace} run={run} now={now} />
        <DisputeForm workspace={workspace} run={run} now={now} />
        <FollowUpForm workspace={workspace} run={run} now={now} />
      </div>
      <div className="card">
        <h2 className="card__title">Promises</h2>
        <PromisesTable promises={workspace.promises} onCancel={cancelPromise} />
      </div>
      <div className="card">
        <h2 className="card__title">Ledger</h2>
        {reversing === null ? null : <ReverseForm key={reversing.id} entry={reversing} run={run} onDone={() => setReversing(null)} />}
        <LedgerTable ledger={workspace.ledger} onReverse={setReversing} />
      </div>
      <div className="card">
        <h2 className="card__title">Follow-ups</h2>
        {workspace.followUps.length === 0 ? (
          <p className="desk__muted">No follow-ups.</p>
        ) : (
          <ul className="desk-followups">
            {workspace.followUps.map((f) => (
              <li key={f.id}>
                {new Date(f.dueAt).toLocaleString()} · {f.reason.replace(/_/g, ' ')} · {f.status}
                {f.note === null ? '' : ` · ${f.note}`}
                {f.status === 'open' ? (
                  <button type="button" className="button button--link" onClick={() => void run('Follow-up done.', (ops) => ops.completeFollowUp(f.id))}>
                    <span>Mark done</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="card">
        <h2 className="card__title">Timeline</h2>
        <Timeline activity={workspace.activity} />
      </div>
    </section>
  );
}
