// The account workspace's actions: record a call (a refusal shows the reasons and when a call is
// allowed; supervisors may override with a reason), take a promise with its schedule previewed by
// @steward/collections, post a payment, reverse one, add a note, set a dispute, schedule a follow-up.
// Each form keeps one client reference until it succeeds, so a double submit is written once.
import { useMemo, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { CALL_OUTCOMES, PromiseRuleError, buildPromiseSchedule, formatCents, localDateOf } from '@steward/collections';
import type { PromiseScheduleRequest, ScheduledInstallment } from '@steward/collections';
import { ContactNotAllowedError } from '@steward/data-client';
import type { AccountWorkspace, CollectionsOperations, LedgerEntry, PromiseScheduleInput } from '@steward/data-client';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { formatDate } from '../entities/format';
import { CALL_OUTCOME_LABELS, dateTimeIn } from './desk-format';
import { newClientReference } from './desk-data';
import { MoneyField, readMoney } from './MoneyField';
import { SelectField } from './SelectField';
import { debtorName } from './workspace-views';

/** Runs one desk operation for a form: true when it succeeded (the page reloads and announces), else the failure. */
export type RunAction = (label: string, action: (ops: CollectionsOperations) => Promise<unknown>) => Promise<{ ok: true } | { ok: false; error: unknown }>;

interface ActionProps {
  readonly workspace: AccountWorkspace;
  readonly run: RunAction;
  readonly now: Date;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <form className="card desk-action" aria-label={title} onSubmit={(event) => event.preventDefault()} noValidate>
      <h3 className="card__title">{title}</h3>
      {children}
    </form>
  );
}

/** Record a call and its outcome. */
export function CallForm({ workspace, run, supervisor }: ActionProps & { supervisor: boolean }) {
  const [debtorId, setDebtorId] = useState(workspace.debtors[0]?.id ?? '');
  const [outcome, setOutcome] = useState<string>('right_party');
  const [note, setNote] = useState('');
  const [overrideReason, setOverrideReason] = useState('');
  const [reference, setReference] = useState(newClientReference);
  const [refusal, setRefusal] = useState<ContactNotAllowedError | null>(null);
  const [overrideError, setOverrideError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const debtor = workspace.debtors.find((d) => d.id === debtorId);

  const submit = async (override: boolean): Promise<void> => {
    if (debtor === undefined) return;
    if (override && overrideReason.trim() === '') {
      setOverrideError('Give the reason for calling although the rules refuse it.');
      return;
    }
    setOverrideError(null);
    setBusy(true);
    const result = await run(`Call recorded: ${CALL_OUTCOME_LABELS[outcome] ?? outcome}.`, (ops) =>
      ops.recordCall({ accountId: workspace.account.id, debtorId: debtor.id, outcome, note: note.trim() === '' ? null : note.trim(), overrideReason: override ? overrideReason.trim() : null, clientReference: reference }),
    );
    setBusy(false);
    if (result.ok) {
      setNote('');
      setOverrideReason('');
      setRefusal(null);
      setReference(newClientReference());
    } else if (result.error instanceof ContactNotAllowedError) {
      setRefusal(result.error);
    }
  };

  return (
    <Card title="Record a call">
      {workspace.debtors.length === 0 ? <p className="desk__muted">This account has no debtor to call.</p> : null}
      {workspace.debtors.length > 1 ? <SelectField label="Debtor" value={debtorId} onChange={(e) => setDebtorId(e.target.value)} options={workspace.debtors.map((d) => ({ value: d.id, label: debtorName(d) }))} /> : null}
      <SelectField label="Outcome" value={outcome} onChange={(e) => setOutcome(e.target.value)} options={CALL_OUTCOMES.map((o) => ({ value: o, label: CALL_OUTCOME_LABELS[o] ?? o }))} />
      <TextField label="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} />
      {refusal === null ? null : (
        <div className="desk-refusal" role="alert">
          <p>
            <strong>The rules do not allow this call now.</strong>
          </p>
          <ul>
            {refusal.reasons.map((reason) => (
              <li key={`${reason.code}-${reason.message}`}>{reason.message}</li>
            ))}
          </ul>
          <p>{refusal.nextAllowedAt === null ? 'No later time is allowed while this lasts.' : `A call is allowed from ${dateTimeIn(new Date(refusal.nextAllowedAt), debtor?.timeZone)}.`}</p>
          {supervisor ? (
            <>
              <TextField label="Override reason" value={overrideReason} onChange={(e) => setOverrideReason(e.target.value)} error={overrideError} hint="Supervisors only; recorded on the account's timeline." />
              <Button variant="danger" busy={busy} onClick={() => void submit(true)}>
                Record with override
              </Button>
            </>
          ) : null}
        </div>
      )}
      <Button type="submit" busy={busy} disabled={debtor === undefined} onClick={() => void submit(false)}>
        Record call
      </Button>
    </Card>
  );
}

type PromiseKindChoice = 'single' | 'installments' | 'recurring';

const RULE_WORDS: Readonly<Record<string, string>> = {
  INVALID_AMOUNT: 'Every amount must be above $0.00.',
  DUE_DATE_IN_PAST: 'A due date is before the debtor’s today.',
  DATES_NOT_INCREASING: 'Due dates must come one after another.',
  TOO_MANY_INSTALLMENTS: 'A promise has at most 60 installments.',
  INVALID_DATE: 'Enter the dates as calendar dates.',
  EMPTY_SCHEDULE: 'The schedule has no installment.',
};

/** The schedule a promise form describes, or why it does not make one. */
export function promiseRequest(form: { kind: PromiseKindChoice; amount: string; dueDate: string; count: string; every: string }): { request: PromiseScheduleRequest } | { error: string } {
  const money = readMoney(form.amount, { positive: true });
  if (money.cents === null) return { error: money.error ?? 'Enter the amount.' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.dueDate)) return { error: 'Enter the (first) due date.' };
  const every = form.every === 'weekly' || form.every === 'biweekly' || form.every === 'monthly' ? form.every : 'monthly';
  if (form.kind === 'single') return { request: { kind: 'single', amountCents: money.cents, dueDate: form.dueDate } };
  const count = Number(form.count);
  if (!Number.isInteger(count) || count < 1) return { error: 'Enter how many payments (a whole number).' };
  if (form.kind === 'installments') return { request: { kind: 'installments', totalCents: money.cents, count, firstDueDate: form.dueDate, every } };
  return { request: { kind: 'recurring', amountCents: money.cents, firstDueDate: form.dueDate, every, count } };
}

function scheduleInput(request: PromiseScheduleRequest): PromiseScheduleInput {
  return request;
}

/** Take a promise to pay, with its schedule previewed as it is typed. */
export function PromiseForm({ workspace, run, now }: ActionProps) {
  const debtor = workspace.debtors[0];
  const today = localDateOf(now, debtor?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [kind, setKind] = useState<PromiseKindChoice>('installments');
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState(today);
  const [count, setCount] = useState('3');
  const [every, setEvery] = useState('monthly');
  const [graceDays, setGraceDays] = useState('3');
  const [reference, setReference] = useState(newClientReference);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);

  const preview = useMemo((): { installments: ScheduledInstallment[] } | { error: string } => {
    const built = promiseRequest({ kind, amount, dueDate, count, every });
    if ('error' in built) return built;
    try {
      return { installments: buildPromiseSchedule(built.request, today) };
    } catch (error) {
      if (error instanceof PromiseRuleError) return { error: RULE_WORDS[error.code] ?? error.message };
      return { error: error instanceof Error ? error.message : 'The schedule cannot be built.' };
    }
  }, [kind, amount, dueDate, count, every, today]);

  const submit = async (event?: FormEvent): Promise<void> => {
    event?.preventDefault();
    setTouched(true);
    const built = promiseRequest({ kind, amount, dueDate, count, every });
    if ('error' in built || 'error' in preview) return;
    const grace = Number(graceDays);
    setBusy(true);
    const result = await run(`Promise taken: ${preview.installments.length} payment${preview.installments.length === 1 ? '' : 's'}.`, (ops) =>
      ops.takePromise({ accountId: workspace.account.id, debtorId: debtor?.id ?? null, schedule: scheduleInput(built.request), graceDays: Number.isInteger(grace) && grace >= 0 ? grace : null, clientReference: reference }),
    );
    setBusy(false);
    if (result.ok) {
      setAmount('');
      setTouched(false);
      setReference(newClientReference());
    }
  };

  return (
    <Card title="Take a promise">
      <SelectField
        label="Kind"
        value={kind}
        onChange={(e) => setKind(e.target.value as PromiseKindChoice)}
        options={[
          { value: 'single', label: 'One payment' },
          { value: 'installments', label: 'Installments (a total split evenly)' },
          { value: 'recurring', label: 'Repeating amount' },
        ]}
      />
      <MoneyField label={kind === 'installments' ? 'Total' : kind === 'recurring' ? 'Amount each time' : 'Amount'} value={amount} onChange={setAmount} error={touched || amount !== '' ? ('error' in preview && amount !== '' ? preview.error : touched && amount === '' ? 'Enter the amount.' : null) : null} />
      <TextField label={kind === 'single' ? 'Due date' : 'First due date'} type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} hint={`The debtor's today is ${formatDate(today)}.`} />
      {kind === 'single' ? null : (
        <div className="field-pair">
          <TextField label="Payments" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
          <SelectField label="Every" value={every} onChange={(e) => setEvery(e.target.value)} options={[{ value: 'weekly', label: 'Week' }, { value: 'biweekly', label: 'Two weeks' }, { value: 'monthly', label: 'Month' }]} />
        </div>
      )}
      <TextField label="Grace days" inputMode="numeric" value={graceDays} onChange={(e) => setGraceDays(e.target.value)} />
      {'installments' in preview ? (
        <div className="table-wrap">
          <table className="table" aria-label="Schedule preview">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Due</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.installments.map((i) => (
                <tr key={i.seq}>
                  <td>{i.seq}</td>
                  <td>{formatDate(i.dueDate)}</td>
                  <td className="num">{formatCents(i.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : amount === '' ? null : (
        <p className="field__error">{preview.error}</p>
      )}
      <Button type="submit" busy={busy} onClick={() => void submit()}>
        Take promise
      </Button>
    </Card>
  );
}

const METHODS = [
  { value: 'card', label: 'Card' },
  { value: 'ach', label: 'Bank transfer (ACH)' },
  { value: 'check', label: 'Check' },
  { value: 'cash', label: 'Cash' },
];

/** Post a payment: dollars typed, sent as cents, once per client reference. */
export function PaymentForm({ workspace, run, now }: ActionProps) {
  const zone = workspace.debtors[0]?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(() => localDateOf(now, zone));
  const [method, setMethod] = useState('card');
  const [reference, setReference] = useState(newClientReference);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const money = readMoney(amount, { positive: true });
  const amountError = money.error ?? (touched && money.cents === null ? 'Enter the amount paid.' : null);

  const submit = async (): Promise<void> => {
    setTouched(true);
    if (money.cents === null || busy) return;
    const cents = money.cents;
    setBusy(true);
    const result = await run(`Payment of ${formatCents(cents)} posted.`, (ops) => ops.postPayment({ accountId: workspace.account.id, amountCents: cents, paymentDate: date, method, clientReference: reference }));
    setBusy(false);
    if (result.ok) {
      setAmount('');
      setTouched(false);
      setReference(newClientReference());
    }
  };

  return (
    <Card title="Post a payment">
      <MoneyField label="Amount paid" value={amount} onChange={setAmount} error={amountError} />
      <TextField label="Payment date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      <SelectField label="Method" value={method} onChange={(e) => setMethod(e.target.value)} options={METHODS} />
      <Button type="submit" busy={busy} onClick={() => void submit()}>
        Post payment
      </Button>
    </Card>
  );
}

/** Reverse one payment with a reason. */
export function ReverseForm({ entry, run, onDone }: { entry: LedgerEntry; run: RunAction; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reference] = useState(newClientReference);
  const [busy, setBusy] = useState(false);
  const submit = async (): Promise<void> => {
    if (reason.trim() === '') {
      setError('Give the reason (returned payment, chargeback…).');
      return;
    }
    setBusy(true);
    const result = await run(`Payment of ${formatCents(entry.amountCents)} reversed.`, (ops) => ops.reversePayment({ transactionId: entry.id, reason: reason.trim(), clientReference: reference }));
    setBusy(false);
    if (result.ok) onDone();
  };
  return (
    <Card title={`Reverse the payment of ${formatCents(entry.amountCents)}`}>
      <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={error} />
      <div className="desk__buttons">
        <Button type="submit" variant="danger" busy={busy} onClick={() => void submit()}>
          Reverse payment
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Keep it
        </Button>
      </div>
    </Card>
  );
}

/** Add a note to the timeline. */
export function NoteForm({ workspace, run }: ActionProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (): Promise<void> => {
    if (text.trim() === '') {
      setError('Write the note first.');
      return;
    }
    setError(null);
    setBusy(true);
    const result = await run('Note added.', (ops) => ops.addAccountNote(workspace.account.id, text.trim()));
    setBusy(false);
    if (result.ok) setText('');
  };
  return (
    <Card title="Add a note">
      <TextField label="Note" value={text} onChange={(e) => setText(e.target.value)} error={error} />
      <Button type="submit" busy={busy} onClick={() => void submit()}>
        Add note
      </Button>
    </Card>
  );
}

/** Open or resolve a dispute. */
export function DisputeForm({ workspace, run }: ActionProps) {
  const disputed = workspace.account.disputed;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (): Promise<void> => {
    if (reason.trim() === '') {
      setError(disputed ? 'Say how the dispute was resolved.' : 'Say what the debtor disputes.');
      return;
    }
    setError(null);
    setBusy(true);
    const result = await run(disputed ? 'Dispute resolved.' : 'Dispute opened: collection contacts stop.', (ops) => ops.setAccountDispute(workspace.account.id, !disputed, reason.trim()));
    setBusy(false);
    if (result.ok) setReason('');
  };
  return (
    <Card title={disputed ? 'Resolve the dispute' : 'Dispute'}>
      <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={error} />
      <Button type="submit" variant={disputed ? 'primary' : 'danger'} busy={busy} onClick={() => void submit()}>
        {disputed ? 'Resolve dispute' : 'Set disputed'}
      </Button>
    </Card>
  );
}

/** Schedule a follow-up at a local date and time of the collector. */
export function FollowUpForm({ workspace, run }: ActionProps) {
  const [when, setWhen] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (): Promise<void> => {
    const at = new Date(when);
    if (when === '' || Number.isNaN(at.getTime())) {
      setError('Choose the date and time.');
      return;
    }
    setError(null);
    setBusy(true);
    const result = await run('Follow-up scheduled.', (ops) => ops.scheduleFollowUp({ accountId: workspace.account.id, dueAt: at.toISOString(), note: note.trim() === '' ? null : note.trim() }));
    setBusy(false);
    if (result.ok) {
      setWhen('');
      setNote('');
    }
  };
  return (
    <Card title="Schedule a follow-up">
      <TextField label="When (your time)" type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} error={error} />
      <TextField label="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} />
      <Button type="submit" busy={busy} onClick={() => void submit()}>
        Schedule follow-up
      </Button>
    </Card>
  );
}
