import { EntityList } from '../entities/EntityList';
import { ACCOUNT_STATUS } from '../mortgages/mortgage-codes';
import { PageHeader } from '../PageHeader';

/** /documents/modifications/options: workout contacts (ContactMdl), newest due date first, with filters, server-sorted columns and pages. */
export function ModificationOptionsPage() {
  return (
    <section className="page">
      <PageHeader title="Modification options" description="Contacts with borrowers about modification options, newest first by due date." />
      <EntityList
        entity="ContactMdl"
        noun="contact"
        defaultSort={{ key: 'dueDate', direction: 'desc' }}
        detailPath={(row) => `/documents/modifications/options/view?id=${encodeURIComponent(row.id)}`}
        filters={[
          { key: 'fileNumber', label: 'File number starts with', operator: 'beginsWith' },
          { key: 'accountStatus', label: 'Status', operator: 'eq', codes: ACCOUNT_STATUS },
          { key: 'operator', label: 'Operator', operator: 'eq' },
        ]}
        columns={[
          { key: 'fileNumber', label: 'File', sortQuery: 'contactMdlsByFileNumber' },
          { key: 'accountStatus', label: 'Status', codes: ACCOUNT_STATUS },
          { key: 'accountBalance', label: 'Balance', kind: 'money', sortQuery: 'contactMdlsByAccountBalance' },
          { key: 'paymentAmount', label: 'Payment', kind: 'money' },
          { key: 'dueDate', label: 'Due', kind: 'date', sortQuery: 'contactMdlsByDueDate' },
          { key: 'operator', label: 'Operator' },
          { key: 'completed', label: 'Done', kind: 'boolean' },
        ]}
      />
    </section>
  );
}
