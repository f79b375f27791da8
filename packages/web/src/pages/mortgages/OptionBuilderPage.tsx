import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useServices } from '../../app/ports-context';
import { displayName, useUserStore } from '../../stores/user-store';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { notify } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { describeDataError } from '../entities/data-errors';
import type { DataProblem } from '../entities/data-errors';
import { entityAccess } from '../entities/entity-access';
import type { EntityRow } from '../entities/entity-access';
import { EntityDetails } from '../entities/EntityDetails';
import { EntityList } from '../entities/EntityList';
import { formatMoney, formatValue, textOf } from '../entities/format';
import { RecordState } from '../entities/RecordState';
import { useEntity } from '../entities/use-entity';
import { PageHeader } from '../PageHeader';
import { ACCOUNT_FIELDS } from './account-fields';
import { checkLoanTerms, modificationOptions } from '@steward/collections';
import { ACCOUNT_STATUS, TRANSACTION_TYPE } from './mortgage-codes';
import type { LoanTermsInput, ModificationOption } from '@steward/collections';

/** How many saved options of one account the builder lists. */
export const SAVED_OPTIONS_LIMIT = 50;

const cents = (value: number): number => Math.round(value * 100) / 100;

/** The address of the printable document for these terms. */
export function optionsDocumentPath(accountId: string, input: LoanTermsInput): string {
  const query = new URLSearchParams({ id: accountId, balance: input.balance.trim(), rate: input.ratePercent.trim(), months: input.months.trim() });
  return `/mortgages/documents/generate-options-document?${query.toString()}`;
}

function SavedOptions({ rows, problem }: { rows: EntityRow[] | null; problem: DataProblem | null }) {
  if (problem !== null) return <LiveRegion message={problem.message} detail={problem.detail} />;
  if (rows === null) return <Spinner label="Loading the saved options" />;
  if (rows.length === 0) return <p className="muted">No options saved for this account yet.</p>;
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Saved options">
        <thead>
          <tr>
            <th scope="col">Saved</th>
            <th scope="col">Option</th>
            <th scope="col">Balance</th>
            <th scope="col">Rate</th>
            <th scope="col">Term</th>
            <th scope="col">Monthly payment</th>
            <th scope="col">By</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{formatValue(row.createdAt, 'datetime')}</td>
              <td>{textOf(row.optionName, '–')}</td>
              <td>{formatValue(row.balance, 'money')}</td>
              <td>{typeof row.ratePercent === 'number' ? `${row.ratePercent.toFixed(2)} %` : '–'}</td>
              <td>{typeof row.termMonths === 'number' ? `${row.termMonths} months` : '–'}</td>
              <td>{formatValue(row.monthlyPayment, 'money')}</td>
              <td>{textOf(row.preparedBy, '–')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OptionsCard({ account }: { account: EntityRow }) {
  const { data } = useServices();
  const user = useUserStore();
  const [input, setInput] = useState<LoanTermsInput>(() => ({
    balance: typeof account.currentUpb === 'number' && account.currentUpb > 0 ? String(account.currentUpb) : '',
    ratePercent: '6.5',
    months: '300',
  }));
  const [saving, setSaving] = useState<string | null>(null);
  const [saveProblem, setSaveProblem] = useState<DataProblem | null>(null);
  const [saved, setSaved] = useState<EntityRow[] | null>(null);
  const [listProblem, setListProblem] = useState<DataProblem | null>(null);
  const checked = checkLoanTerms(input);
  const errors = checked.ok ? {} : checked.errors;

  const loadSaved = useCallback(async () => {
    try {
      const page = await entityAccess(data, 'ModificationOptionMdl').list({ filter: { accountmdlID: { eq: account.id } }, limit: SAVED_OPTIONS_LIMIT });
      setSaved([...page.items].sort((a, b) => textOf(b.createdAt).localeCompare(textOf(a.createdAt))));
      setListProblem(null);
    } catch (failure) {
      setListProblem(describeDataError(failure));
    }
  }, [account.id, data]);

  useEffect(() => {
    void loadSaved();
  }, [loadSaved]);

  const save = async (option: ModificationOption, balance: number): Promise<void> => {
    setSaving(option.name);
    setSaveProblem(null);
    try {
      await entityAccess(data, 'ModificationOptionMdl').create({
        optionName: option.name,
        description: option.description,
        ratePercent: option.ratePercent,
        termMonths: option.months,
        balance: cents(balance),
        monthlyPayment: cents(option.payment),
        preparedBy: displayName(user),
        clientNumber: typeof account.clientNumber === 'string' ? account.clientNumber : null,
        fileNumber: typeof account.fileNumber === 'string' ? account.fileNumber : null,
        accountmdlID: account.id,
      });
      void notify.success(`Saved the ${option.name.toLowerCase()} option.`);
      await loadSaved();
    } catch (failure) {
      // The typed terms stay as they are, so saving can simply be tried again.
      setSaveProblem(describeDataError(failure));
    } finally {
      setSaving(null);
    }
  };

  const field = (key: keyof LoanTermsInput) => ({
    value: input[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setInput((current) => ({ ...current, [key]: event.target.value })),
  });

  return (
    <>
      <div className="card">
        <h2 className="card__title">Options</h2>
        <div className="card-grid">
          <TextField label="Balance (USD)" inputMode="decimal" {...field('balance')} hint="The current balance (UPB) of the account; change it to try another amount." />
          <TextField label="Current rate (% a year)" inputMode="decimal" {...field('ratePercent')} />
          <TextField label="Remaining term (months)" inputMode="numeric" {...field('months')} />
        </div>
        <LiveRegion message={saveProblem?.message} detail={saveProblem?.detail} />
        {checked.ok ? (
          <>
            <div className="table-wrap">
              <table className="table" aria-label="Modification options">
                <thead>
                  <tr>
                    <th scope="col">Option</th>
                    <th scope="col">Rate</th>
                    <th scope="col">Term</th>
                    <th scope="col">Monthly payment</th>
                    <th scope="col">
                      <span className="visually-hidden">Save</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {modificationOptions(checked.terms.balance, checked.terms.ratePercent, checked.terms.months).map((option) => (
                    <tr key={option.name}>
                      <td>
                        <strong>{option.name}</strong>
                        <div className="muted">{option.description}</div>
                      </td>
                      <td>{option.ratePercent.toFixed(2)} %</td>
                      <td>{option.months} months</td>
                      <td>{formatMoney(option.payment)}</td>
                      <td>
                        <Button variant="secondary" busy={saving === option.name} disabled={saving !== null} onClick={() => void save(option, checked.terms.balance)}>
                          Save<span className="visually-hidden"> the {option.name.toLowerCase()} option</span>
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              <Link to={optionsDocumentPath(account.id, input)}>Generate the options document</Link>
            </p>
          </>
        ) : (
          <p className="muted">Correct the terms above to see the options.</p>
        )}
      </div>
      <div className="card">
        <h2 className="card__title">Saved options</h2>
        <SavedOptions rows={saved} problem={listProblem} />
      </div>
    </>
  );
}

/** /mortgages/requests/option-builder?id=: one account, its contacts and transactions, and its options (checked, saved and listed). */
export function OptionBuilderPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { state } = useEntity('AccountMdl', id);
  return (
    <section className="page">
      <PageHeader title="Option builder" description="Compare modification options for one account and save the ones to offer." actions={<Link to="/mortgages/requests">All requests</Link>} />
      <RecordState state={state} noun="account" backTo="/mortgages/requests" backLabel="Choose an account from the requests">
        {(row) => (
          <>
            <div className="card">
              <h2 className="card__title">Account</h2>
              <EntityDetails row={row} fields={ACCOUNT_FIELDS} />
            </div>
            <OptionsCard key={row.id} account={row} />
            <div className="card">
              <h2 className="card__title">Contacts</h2>
              <EntityList
                entity="ContactMdl"
                noun="contact"
                pageSize={10}
                baseFilter={{ accountmdlID: { eq: row.id } }}
                detailPath={(contact) => `/documents/modifications/options/view?id=${encodeURIComponent(contact.id)}`}
                columns={[
                  { key: 'createdDate', label: 'Date', kind: 'date' },
                  { key: 'accountStatus', label: 'Status', codes: ACCOUNT_STATUS },
                  { key: 'paymentAmount', label: 'Payment', kind: 'money' },
                  { key: 'doneBy', label: 'By' },
                ]}
              />
            </div>
            <div className="card">
              <h2 className="card__title">Transactions</h2>
              <EntityList
                entity="TransactionMdl"
                noun="transaction"
                pageSize={10}
                baseFilter={{ accountmdlID: { eq: row.id } }}
                columns={[
                  { key: 'paymentDate', label: 'Date', kind: 'date' },
                  { key: 'transactionType', label: 'Type', codes: TRANSACTION_TYPE },
                  { key: 'paymentAmount', label: 'Amount', kind: 'money' },
                  { key: 'postedBy', label: 'Posted by' },
                ]}
              />
            </div>
          </>
        )}
      </RecordState>
    </section>
  );
}
