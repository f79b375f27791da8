import { EntityList } from '../entities/EntityList';
import { PageHeader } from '../PageHeader';
import { ACCOUNT_STATUS } from './mortgage-codes';

/** /mortgages/requests: loan accounts (AccountMdl) with filters, server-sorted columns and pages; a row opens the option builder. */
export function RequestsPage() {
  return (
    <section className="page">
      <PageHeader title="Mortgage requests" description="Loan accounts waiting for a decision. Open one to build its options." />
      <EntityList
        entity="AccountMdl"
        noun="account"
        detailPath={(row) => `/mortgages/requests/option-builder?id=${encodeURIComponent(row.id)}`}
        filters={[
          { key: 'fileNumber', label: 'File number starts with', operator: 'beginsWith' },
          { key: 'clientNumber', label: 'Client number', operator: 'eq' },
          { key: 'accountStatus', label: 'Status', operator: 'eq', codes: ACCOUNT_STATUS },
        ]}
        columns={[
          { key: 'fileNumber', label: 'File', sortQuery: 'accountMdlsByFileNumber' },
          { key: 'clientName', label: 'Client' },
          { key: 'clientNumber', label: 'Client no.' },
          { key: 'accountStatus', label: 'Status', codes: ACCOUNT_STATUS },
          { key: 'currentUpb', label: 'Balance', kind: 'money', sortQuery: 'accountMdlsByCurrentUpb' },
          { key: 'listedDate', label: 'Listed', kind: 'date', sortQuery: 'accountMdlsByListedDate' },
          { key: 'operator', label: 'Operator' },
        ]}
      />
    </section>
  );
}
