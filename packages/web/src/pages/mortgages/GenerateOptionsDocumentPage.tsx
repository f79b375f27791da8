import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { EntityDetails } from '../entities/EntityDetails';
import { formatMoney, textOf } from '../entities/format';
import { RecordState } from '../entities/RecordState';
import { useEntity } from '../entities/use-entity';
import { PageHeader } from '../PageHeader';
import { ACCOUNT_FIELDS } from './account-fields';
import { modificationOptions } from './loan-math';

/** /mortgages/documents/generate-options-document?id=: a printable options letter for one account. */
export function GenerateOptionsDocumentPage() {
  const [params] = useSearchParams();
  const { state } = useEntity('AccountMdl', params.get('id'));
  const rate = Number(params.get('rate') ?? '6.5') || 6.5;
  const months = Number(params.get('months') ?? '300') || 300;
  return (
    <section className="page">
      <PageHeader title="Generate options document" description="A printable summary of the modification options for an account." actions={<Button onClick={() => window.print()}>Print</Button>} />
      <RecordState state={state} noun="account" backTo="/mortgages/requests" backLabel="Choose an account from the requests">
        {(row) => (
          <article className="card">
            <h2 className="card__title">Modification options for file {textOf(row.fileNumber, row.id)}</h2>
            <p className="muted">Prepared on {new Date().toLocaleDateString()}.</p>
            <EntityDetails row={row} fields={ACCOUNT_FIELDS} />
            <h3>Options</h3>
            <ol>
              {modificationOptions(typeof row.currentUpb === 'number' ? row.currentUpb : 0, rate, months).map((option) => (
                <li key={option.name}>
                  <strong>{option.name}</strong>: {option.description} Monthly payment {formatMoney(option.payment)} over {option.months} months at {option.ratePercent.toFixed(2)} %.
                </li>
              ))}
            </ol>
            <p>
              <Link to={`/mortgages/requests/option-builder?id=${encodeURIComponent(row.id)}`}>Back to the option builder</Link>
            </p>
          </article>
        )}
      </RecordState>
    </section>
  );
}
