import { EntityList } from '../entities/EntityList';
import { textOf } from '../entities/format';
import { PageHeader } from '../PageHeader';

/** /mortgages/documents: posted transactions (TransactionMdl); a row opens its account's options document. */
export function DocumentsPage() {
  return (
    <section className="page">
      <PageHeader title="Mortgage documents" description="Transactions posted to loan accounts. Open one to generate its account’s options document." />
      <EntityList
        entity="TransactionMdl"
        noun="transaction"
        detailPath={(row) => `/mortgages/documents/generate-options-document?id=${encodeURIComponent(textOf(row.accountmdlID, ''))}`}
        filters={[
          { key: 'fileNumber', label: 'File number starts with', operator: 'beginsWith' },
          { key: 'transactionType', label: 'Type', operator: 'eq', options: ['Payment', 'Adjustment', 'Fee', 'Refund'] },
        ]}
        columns={[
          { key: 'fileNumber', label: 'File' },
          { key: 'transactionType', label: 'Type' },
          { key: 'description', label: 'Description' },
          { key: 'paymentAmount', label: 'Amount', kind: 'money' },
          { key: 'paymentDate', label: 'Paid', kind: 'date' },
          { key: 'postedBy', label: 'Posted by' },
        ]}
      />
    </section>
  );
}
