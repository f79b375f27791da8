import { EntityList } from '../entities/EntityList';
import { PageHeader } from '../PageHeader';

/** Account statuses offered in the filter. */
export const ACCOUNT_STATUSES = ['Active', 'Delinquent', 'In modification', 'Paid off', 'Closed'] as const;

/** /mortgages/requests: loan accounts (AccountMdl) with filters and pages; a row opens the option builder. */
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
          { key: 'accountStatus', label: 'Status', operator: 'eq', options: ACCOUNT_STATUSES },
        ]}
        columns={[
          { key: 'fileNumber', label: 'File' },
          { key: 'clientName', label: 'Client' },
          { key: 'clientNumber', label: 'Client no.' },
          { key: 'accountStatus', label: 'Status' },
          { key: 'currentUpb', label: 'Balance', kind: 'money' },
          { key: 'listedDate', label: 'Listed', kind: 'date' },
          { key: 'operator', label: 'Operator' },
        ]}
      />
    </section>
  );
}
