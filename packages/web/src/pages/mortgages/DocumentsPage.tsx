import { Link } from 'react-router-dom';
import { EntityList } from '../entities/EntityList';
import { textOf } from '../entities/format';
import { PageHeader } from '../PageHeader';
import { DOCUMENT_TYPE } from './mortgage-codes';

/**
 * /mortgages/documents: the documents of loan files. Each posted transaction (TransactionMdl) is the
 * document it produces for the borrower (a payment receipt, an adjustment, fee or refund notice),
 * dated when posted; each row also offers its account's options letter (docs/decisions.md).
 */
export function DocumentsPage() {
  return (
    <section className="page">
      <PageHeader title="Mortgage documents" description="Receipts and notices of loan files, newest first. Each links to its account’s options letter." />
      <EntityList
        entity="TransactionMdl"
        noun="document"
        defaultSort={{ key: 'postedDate', direction: 'desc' }}
        filters={[
          { key: 'transactionType', label: 'Document type', operator: 'eq', codes: DOCUMENT_TYPE },
          { key: 'fileNumber', label: 'File number starts with', operator: 'beginsWith' },
        ]}
        columns={[
          { key: 'transactionType', label: 'Document', codes: DOCUMENT_TYPE },
          { key: 'fileNumber', label: 'File', sortQuery: 'transactionMdlsByFileNumber' },
          { key: 'description', label: 'Description' },
          { key: 'paymentAmount', label: 'Amount', kind: 'money', sortQuery: 'transactionMdlsByPaymentAmount' },
          { key: 'postedDate', label: 'Dated', kind: 'date', sortQuery: 'transactionMdlsByPostedDate' },
          { key: 'postedBy', label: 'Posted by' },
        ]}
        rowActions={(row) =>
          textOf(row.accountmdlID, '') === '' ? null : (
            <Link to={`/mortgages/documents/generate-options-document?id=${encodeURIComponent(textOf(row.accountmdlID, ''))}`}>
              Options letter<span className="visually-hidden"> for file {textOf(row.fileNumber, '')}</span>
            </Link>
          )
        }
      />
    </section>
  );
}
