import type { DetailField } from '../entities/EntityDetails';
import { ACCOUNT_STATUS } from './mortgage-codes';

/** The fields of an account (AccountMdl) shown in its detail views. */
export const ACCOUNT_FIELDS: readonly DetailField[] = [
  { key: 'fileNumber', label: 'File number' },
  { key: 'clientName', label: 'Client' },
  { key: 'clientNumber', label: 'Client number' },
  { key: 'accountStatus', label: 'Status', codes: ACCOUNT_STATUS },
  { key: 'currentUpb', label: 'Current balance (UPB)', kind: 'money' },
  { key: 'originalUpbLoaded', label: 'Original balance', kind: 'money' },
  { key: 'amountPaid', label: 'Amount paid', kind: 'money' },
  { key: 'listedDate', label: 'Listed', kind: 'date' },
  { key: 'tuScore', label: 'TU score' },
  { key: 'zipCode', label: 'ZIP code' },
  { key: 'operator', label: 'Operator' },
];
