import { useState } from 'react';
import { Button } from '../../ui/Button';
import { EntityList } from '../entities/EntityList';
import { textOf } from '../entities/format';
import { PageHeader } from '../PageHeader';

/** /settings/database: client organisations (ClientMdl) and, for the one chosen, its accounts. */
export function DatabasePage() {
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  return (
    <section className="page">
      <PageHeader title="Database" description="Client organisations in the data store and their accounts." />
      <div className="card">
        <h2 className="card__title">Clients</h2>
        <EntityList
          entity="ClientMdl"
          noun="client"
          filters={[
            { key: 'clientName', label: 'Name contains', operator: 'contains' },
            { key: 'clientNumber', label: 'Client number', operator: 'eq' },
          ]}
          columns={[
            { key: 'clientName', label: 'Client' },
            { key: 'clientNumber', label: 'Client number' },
            { key: 'createdAt', label: 'Added', kind: 'datetime' },
          ]}
          rowActions={(row) => (
            <Button variant="link" onClick={() => setChosen({ id: row.id, name: textOf(row.clientName, row.id) })}>
              Show accounts<span className="visually-hidden"> of {textOf(row.clientName, '')}</span>
            </Button>
          )}
        />
      </div>
      {chosen === null ? null : (
        <div className="card">
          <h2 className="card__title">Accounts of {chosen.name}</h2>
          <EntityList
            key={chosen.id}
            entity="AccountMdl"
            noun="account"
            pageSize={10}
            baseFilter={{ clientmdlID: { eq: chosen.id } }}
            detailPath={(row) => `/mortgages/requests/option-builder?id=${encodeURIComponent(row.id)}`}
            columns={[
              { key: 'fileNumber', label: 'File' },
              { key: 'accountStatus', label: 'Status' },
              { key: 'currentUpb', label: 'Balance', kind: 'money' },
            ]}
          />
        </div>
      )}
    </section>
  );
}
