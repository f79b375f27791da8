import { EntityList } from '../entities/EntityList';
import { PageHeader } from '../PageHeader';

/** /documents/modifications/options: workout contacts (ContactMdl) with filters and pages. */
export function ModificationOptionsPage() {
  return (
    <section className="page">
      <PageHeader title="Modification options" description="Contacts with borrowers about modification options, newest first by due date." />
      <EntityList
        entity="ContactMdl"
        noun="contact"
        detailPath={(row) => `/documents/modifications/options/view?id=${encodeURIComponent(row.id)}`}
        filters={[
          { key: 'fileNumber', label: 'File number starts with', operator: 'beginsWith' },
          { key: 'accountStatus', label: 'Status', operator: 'eq', options: ['Active', 'Delinquent', 'In modification', 'Paid off', 'Closed'] },
          { key: 'operator', label: 'Operator', operator: 'eq' },
        ]}
        columns={[
          { key: 'fileNumber', label: 'File' },
          { key: 'accountStatus', label: 'Status' },
          { key: 'accountBalance', label: 'Balance', kind: 'money' },
          { key: 'paymentAmount', label: 'Payment', kind: 'money' },
          { key: 'dueDate', label: 'Due', kind: 'date' },
          { key: 'operator', label: 'Operator' },
          { key: 'completed', label: 'Done', kind: 'boolean' },
        ]}
      />
    </section>
  );
}
