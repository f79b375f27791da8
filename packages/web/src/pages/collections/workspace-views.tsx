// The account workspace's read-only parts: the account summary, the debtors with their local time
// and "callable now", the promises with their installments, the ledger and the timeline.
import { formatCents } from '@steward/collections';
import type { AccountActivity, AccountWorkspace, CollectionsPromise, LedgerEntry, WorkspaceDebtor } from '@steward/data-client';
import { labelOf } from '../entities/code-tables';
import { formatDate } from '../entities/format';
import { ACCOUNT_STATUS } from '../mortgages/mortgage-codes';
import { debtorCallability } from './debtor-callable';
import { STATE_LABELS, callableText, formatInstant, labelFor, timeIn } from './desk-format';

/** The channels do-not-contact is kept for. */
export const DNC_CHANNELS = ['call', 'sms', 'email', 'letter'] as const;

/** The channels a debtor asked not to be contacted on ('all' meaning every channel). */
export function doNotContactChannels(value: unknown): ReadonlySet<string> {
  if (value === true) return new Set([...DNC_CHANNELS, 'all']);
  if (typeof value !== 'object' || value === null) return new Set();
  const flags = value as Record<string, unknown>;
  const channels = new Set(Array.isArray(flags.channels) ? flags.channels.filter((c): c is string => typeof c === 'string') : []);
  if (flags.all === true || channels.has('all')) return new Set([...DNC_CHANNELS, 'all']);
  return channels;
}

/** A debtor's name, or their number on the account. */
export function debtorName(debtor: WorkspaceDebtor): string {
  const name = [debtor.firstName, debtor.lastName].filter((p) => p !== null && p !== '').join(' ');
  return name === '' ? `Debtor ${debtor.seq ?? ''}`.trim() : name;
}

/** The account's facts. */
export function AccountSummary({ workspace }: { workspace: AccountWorkspace }) {
  const { account } = workspace;
  return (
    <div className="card">
      <h2 className="card__title">Account</h2>
      <dl className="desk-facts">
        <div>
          <dt>Client</dt>
          <dd>{account.clientName ?? account.clientNumber ?? '–'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{labelOf(ACCOUNT_STATUS, account.accountStatus)}</dd>
        </div>
        <div>
          <dt>Original</dt>
          <dd>{formatCents(account.originalCents)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatCents(account.paidCents)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd className="desk-facts__strong">{formatCents(account.balanceCents)}</dd>
        </div>
        <div>
          <dt>Delinquent since</dt>
          <dd>{account.delinquencyDate === null ? '–' : formatDate(account.delinquencyDate)}</dd>
        </div>
        <div>
          <dt>Days past due</dt>
          <dd>
            {account.daysPastDue} ({account.agingBucket} days)
          </dd>
        </div>
        <div>
          <dt>Disputed</dt>
          <dd className={account.disputed ? 'desk__flag' : undefined}>{account.disputed ? 'Yes: collection contacts are stopped' : 'No'}</dd>
        </div>
        <div>
          <dt>Collector</dt>
          <dd>{account.assignedToName ?? account.assignedTo ?? 'Unassigned'}</dd>
        </div>
        <div>
          <dt>Last contact</dt>
          <dd>{formatInstant(account.lastContactAt)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** One debtor: contact details, local time and whether a call is allowed now (ticking with `now`). */
export function DebtorCard({ workspace, debtor, now, onDoNotContact, busy }: { workspace: AccountWorkspace; debtor: WorkspaceDebtor; now: Date; onDoNotContact: (channel: string, on: boolean) => void; busy: boolean }) {
  const callability = debtorCallability(workspace, debtor, now);
  const dnc = doNotContactChannels(debtor.doNotContact);
  const name = debtorName(debtor);
  return (
    <article className="desk-debtor" aria-label={name}>
      <h3 className="desk-debtor__name">{name}</h3>
      <p className="desk__muted">
        {[debtor.phone, debtor.email].filter((p) => p !== null && p !== '').join(' · ') || 'No phone or email'}
        <br />
        {[debtor.streetAddress, debtor.city, debtor.state, debtor.zipCode].filter((p) => p !== null && p !== '').join(', ')}
      </p>
      <p>
        Local time: <strong>{timeIn(now, debtor.timeZone)}</strong> {debtor.timeZone === null ? '(zone unknown: your time)' : `(${debtor.timeZone})`}
      </p>
      <p className={callability.callableNow ? 'desk__callable' : 'desk__not-callable'} data-testid="callable">
        {callableText(callability.callableNow, callability.nextAllowedAt, debtor.timeZone)}
      </p>
      {callability.reasons.length === 0 ? null : (
        <ul className="desk__reasons">
          {callability.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <fieldset className="desk-dnc">
        <legend>Do not contact by</legend>
        {DNC_CHANNELS.map((channel) => (
          <label key={channel} className="desk-dnc__option">
            <input type="checkbox" checked={dnc.has(channel)} disabled={busy} onChange={(event) => onDoNotContact(channel, event.target.checked)} /> {channel === 'sms' ? 'Text' : channel[0]?.toUpperCase() + channel.slice(1)}
          </label>
        ))}
      </fieldset>
    </article>
  );
}

/** The promises with their installments and states. */
export function PromisesTable({ promises, onCancel }: { promises: readonly CollectionsPromise[]; onCancel: (promise: CollectionsPromise) => void }) {
  if (promises.length === 0) return <p className="desk__muted">No promises on this account.</p>;
  return (
    <div className="desk-promises">
      {promises.map((promise) => (
        <div key={promise.id} className="desk-promise">
          <p>
            <strong>{labelFor(STATE_LABELS, promise.status)}</strong> · {formatCents(promise.totalCents)} ({promise.kind}) · taken {formatInstant(promise.takenAt)} by {promise.takenByName ?? promise.takenBy ?? '–'} · {promise.graceDays} grace day{promise.graceDays === 1 ? '' : 's'}
            {promise.status === 'active' ? (
              <button type="button" className="button button--link" onClick={() => onCancel(promise)}>
                <span>Cancel promise</span>
              </button>
            ) : null}
          </p>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Installments of the promise of {formatCents(promise.totalCents)}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Due</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    Paid
                  </th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {promise.installments.map((installment) => (
                  <tr key={installment.seq}>
                    <td>{installment.seq}</td>
                    <td>{formatDate(installment.dueDate)}</td>
                    <td className="num">{formatCents(installment.amountCents)}</td>
                    <td className="num">{formatCents(installment.paidCents)}</td>
                    <td className={`desk-state desk-state--${installment.state}`}>{labelFor(STATE_LABELS, installment.state)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The ledger, oldest first, with the balance after each row; payments not yet reversed can be reversed. */
export function LedgerTable({ ledger, onReverse }: { ledger: readonly LedgerEntry[]; onReverse: (entry: LedgerEntry) => void }) {
  if (ledger.length === 0) return <p className="desk__muted">No transactions yet.</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Ledger with running balance</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col" className="num">
              Balance
            </th>
            <th scope="col">Method</th>
            <th scope="col">Note</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ledger.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.date === null ? formatInstant(entry.postedAt) : formatDate(entry.date)}</td>
              <td>{entry.type ?? '–'}</td>
              <td className="num">{formatCents(entry.amountCents)}</td>
              <td className="num">{formatCents(entry.runningBalanceCents)}</td>
              <td>{entry.method ?? '–'}</td>
              <td>{entry.reversedBy !== null ? `Reversed${entry.reversalReason === null ? '' : `: ${entry.reversalReason}`}` : entry.reversalOf !== null ? `Reversal${entry.reversalReason === null ? '' : `: ${entry.reversalReason}`}` : (entry.description ?? '')}</td>
              <td>
                {entry.amountCents > 0 && entry.reversedBy === null && entry.reversalOf === null ? (
                  <button type="button" className="button button--link" onClick={() => onReverse(entry)}>
                    <span>Reverse</span>
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The timeline, newest first. */
export function Timeline({ activity }: { activity: readonly AccountActivity[] }) {
  if (activity.length === 0) return <p className="desk__muted">Nothing has happened on this account yet.</p>;
  return (
    <ol className="desk-timeline">
      {activity.map((entry) => (
        <li key={entry.id} className={`desk-timeline__entry desk-timeline__entry--${entry.kind}`}>
          <span className="desk-timeline__when">{formatInstant(entry.at)}</span> <span className="desk-timeline__kind">{entry.kind.replace(/_/g, ' ')}</span>
          {entry.summary === null ? null : <span> · {entry.summary}</span>}
          {entry.actorName === null && entry.actor === null ? null : <span className="desk__muted"> · {entry.actorName ?? entry.actor}</span>}
        </li>
      ))}
    </ol>
  );
}
