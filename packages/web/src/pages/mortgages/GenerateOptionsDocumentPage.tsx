import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { EntityDetails } from '../entities/EntityDetails';
import type { EntityRow } from '../entities/entity-access';
import { formatLocalDay, formatMoney, textOf } from '../entities/format';
import { RecordState } from '../entities/RecordState';
import { useEntity } from '../entities/use-entity';
import { PageHeader } from '../PageHeader';
import { ACCOUNT_FIELDS } from './account-fields';
import { checkLoanTerms, modificationOptions } from '@steward/collections';
import '../../ui/print.css';

function OptionsDocument({ row, params }: { row: EntityRow; params: URLSearchParams }) {
  const builder = `/mortgages/requests/option-builder?id=${encodeURIComponent(row.id)}`;
  const balance = params.get('balance') ?? (typeof row.currentUpb === 'number' ? String(row.currentUpb) : '');
  const checked = checkLoanTerms({ balance, ratePercent: params.get('rate') ?? '6.5', months: params.get('months') ?? '300' });
  if (!checked.ok) {
    // A document with made-up numbers must never be printed: say what is wrong and send the user back.
    return (
      <div className="card" role="alert">
        <p>These terms cannot go into a document:</p>
        <ul>
          {Object.values(checked.errors).map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
        <Link to={builder}>Correct them in the option builder</Link>
      </div>
    );
  }
  const { terms } = checked;
  return (
    <>
      <article className="card print-document" aria-label="Options document">
        <h2 className="card__title">Modification options for file {textOf(row.fileNumber, row.id)}</h2>
        <p className="muted">Prepared on {formatLocalDay(new Date())}.</p>
        <EntityDetails row={row} fields={ACCOUNT_FIELDS} />
        <h3>Options</h3>
        <p>
          For a balance of {formatMoney(terms.balance)} at {terms.ratePercent.toFixed(2)} % a year with {terms.months} months remaining:
        </p>
        <ol>
          {modificationOptions(terms.balance, terms.ratePercent, terms.months).map((option) => (
            <li key={option.name}>
              <strong>{option.name}</strong>: {option.description} Monthly payment {formatMoney(option.payment)} over {option.months} months at {option.ratePercent.toFixed(2)} %.
            </li>
          ))}
        </ol>
      </article>
      <p className="no-print">
        <Link to={builder}>Back to the option builder</Link>
      </p>
    </>
  );
}

/** /mortgages/documents/generate-options-document?id=&balance=&rate=&months=: a printable options letter for one account (only the letter prints). */
export function GenerateOptionsDocumentPage() {
  const [params] = useSearchParams();
  const { state } = useEntity('AccountMdl', params.get('id'));
  return (
    <section className="page page--document">
      <PageHeader title="Generate options document" description="A printable summary of the modification options for an account." actions={<Button onClick={() => window.print()}>Print</Button>} />
      <RecordState state={state} noun="account" backTo="/mortgages/requests" backLabel="Choose an account from the requests">
        {(row) => <OptionsDocument row={row} params={params} />}
      </RecordState>
    </section>
  );
}
