import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { notify } from '../../ui/notify';
import { useServices } from '../../app/ports-context';
import { displayName, useUserStore } from '../../stores/user-store';
import { Button } from '../../ui/Button';
import { describeDataError } from '../entities/data-errors';
import { entityAccess } from '../entities/entity-access';
import { ConflictNotice } from '../entities/ConflictNotice';
import { EntityDetails } from '../entities/EntityDetails';
import { useRecordConflict, versionOf } from '../entities/record-conflict';
import { RecordState } from '../entities/RecordState';
import { useEntity } from '../entities/use-entity';
import { PageHeader } from '../PageHeader';
import { ACCOUNT_STATUS } from '../mortgages/mortgage-codes';

/** /documents/modifications/options/view?id=: one contact record; it can be marked done. */
export function ModificationOptionViewPage() {
  const [params] = useSearchParams();
  const { data } = useServices();
  const user = useUserStore();
  const { state, setRow, reload } = useEntity('ContactMdl', params.get('id'));
  const [busy, setBusy] = useState(false);
  const guard = useRecordConflict();
  return (
    <section className="page">
      <PageHeader title="Modification option" actions={<Link to="/documents/modifications/options">All options</Link>} />
      <RecordState state={state} noun="contact" backTo="/documents/modifications/options" backLabel="Choose a contact">
        {(row) => (
          <div className="card">
            <ConflictNotice guard={guard} noun="contact" onReload={(current) => (current === null ? reload() : setRow(current))} />
            <EntityDetails
              row={row}
              fields={[
                { key: 'fileNumber', label: 'File number' },
                { key: 'clientNumber', label: 'Client number' },
                { key: 'accountStatus', label: 'Status', codes: ACCOUNT_STATUS },
                { key: 'accountBalance', label: 'Balance', kind: 'money' },
                { key: 'paymentAmount', label: 'Payment', kind: 'money' },
                { key: 'createdDate', label: 'Created', kind: 'date' },
                { key: 'dueDate', label: 'Due', kind: 'date' },
                { key: 'operator', label: 'Operator' },
                { key: 'doneBy', label: 'Done by' },
                { key: 'completed', label: 'Completed', kind: 'boolean' },
              ]}
            />
            {row.completed === true ? null : (
              <Button
                busy={busy}
                onClick={() => {
                  setBusy(true);
                  // Sent with the version shown: a contact someone changed since is shown, not overwritten.
                  guard
                    .attempt(versionOf(row), async (version) => {
                      setRow(await entityAccess(data, 'ContactMdl').update({ id: row.id, completed: true, doneBy: displayName(user), _version: version }));
                      void notify.success('Marked as done.');
                    })
                    .catch((failure: unknown) => notify.error(describeDataError(failure).message))
                    .finally(() => setBusy(false));
                }}
              >
                Mark as done
              </Button>
            )}
            {typeof row.accountmdlID === 'string' && row.accountmdlID !== '' ? (
              <p>
                <Link to={`/mortgages/requests/option-builder?id=${encodeURIComponent(row.accountmdlID)}`}>Open the account’s option builder</Link>
              </p>
            ) : null}
          </div>
        )}
      </RecordState>
    </section>
  );
}
