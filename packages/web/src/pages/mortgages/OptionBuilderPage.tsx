import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { TextField } from '../../ui/TextField';
import { EntityDetails } from '../entities/EntityDetails';
import { EntityList } from '../entities/EntityList';
import { formatMoney } from '../entities/format';
import { RecordState } from '../entities/RecordState';
import { useEntity } from '../entities/use-entity';
import { PageHeader } from '../PageHeader';
import { ACCOUNT_FIELDS } from './account-fields';
import { modificationOptions } from './loan-math';

/** /mortgages/requests/option-builder?id=: one account, its contacts and transactions, and its options. */
export function OptionBuilderPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { state } = useEntity('AccountMdl', id);
  const [rate, setRate] = useState('6.5');
  const [months, setMonths] = useState('300');
  return (
    <section className="page">
      <PageHeader title="Option builder" description="Compare modification options for one account." actions={<Link to="/mortgages/requests">All requests</Link>} />
      <RecordState state={state} noun="account" backTo="/mortgages/requests" backLabel="Choose an account from the requests">
        {(row) => {
          const balance = typeof row.currentUpb === 'number' ? row.currentUpb : 0;
          const options = modificationOptions(balance, Number(rate) || 0, Number(months) || 0);
          return (
            <>
              <div className="card">
                <h2 className="card__title">Account</h2>
                <EntityDetails row={row} fields={ACCOUNT_FIELDS} />
              </div>
              <div className="card">
                <h2 className="card__title">Options</h2>
                <div className="row">
                  <TextField label="Current rate (% a year)" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
                  <TextField label="Remaining term (months)" inputMode="numeric" value={months} onChange={(e) => setMonths(e.target.value)} />
                </div>
                <div className="table-wrap">
                  <table className="table">
                    <thead>
                      <tr>
                        <th scope="col">Option</th>
                        <th scope="col">Rate</th>
                        <th scope="col">Term</th>
                        <th scope="col">Monthly payment</th>
                      </tr>
                    </thead>
                    <tbody>
                      {options.map((option) => (
                        <tr key={option.name}>
                          <td>
                            <strong>{option.name}</strong>
                            <div className="muted">{option.description}</div>
                          </td>
                          <td>{option.ratePercent.toFixed(2)} %</td>
                          <td>{option.months} months</td>
                          <td>{formatMoney(option.payment)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <p>
                  <Link to={`/mortgages/documents/generate-options-document?id=${encodeURIComponent(row.id)}&rate=${encodeURIComponent(rate)}&months=${encodeURIComponent(months)}`}>
                    Generate the options document
                  </Link>
                </p>
              </div>
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
                    { key: 'accountStatus', label: 'Status' },
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
                    { key: 'transactionType', label: 'Type' },
                    { key: 'paymentAmount', label: 'Amount', kind: 'money' },
                    { key: 'postedBy', label: 'Posted by' },
                  ]}
                />
              </div>
            </>
          );
        }}
      </RecordState>
    </section>
  );
}
