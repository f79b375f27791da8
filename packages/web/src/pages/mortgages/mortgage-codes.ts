// Code tables of the mortgage records (AccountMdl, ContactMdl, TransactionMdl). The codes are those
// the data holds (packages/server/src/seed/demo-business-data.ts and imported files).
import type { CodeTable } from '../entities/code-tables';

/** AccountMdl.accountStatus and ContactMdl.accountStatus. */
export const ACCOUNT_STATUS: CodeTable = {
  ACTIVE: 'Active',
  PAYMENT_PLAN: 'Payment plan',
  DISPUTED: 'Disputed',
  CLOSED: 'Closed',
};

/** TransactionMdl.transactionType. */
export const TRANSACTION_TYPE: CodeTable = {
  PAYMENT: 'Payment',
  ADJUSTMENT: 'Adjustment',
  FEE: 'Fee',
  REFUND: 'Refund',
};

/**
 * The document each posted transaction produces for the borrower's file (docs/decisions.md,
 * "Mortgage documents"): keyed by the same transaction type codes, so the type filter matches data.
 */
export const DOCUMENT_TYPE: CodeTable = {
  PAYMENT: 'Payment receipt',
  ADJUSTMENT: 'Adjustment notice',
  FEE: 'Fee notice',
  REFUND: 'Refund notice',
};
