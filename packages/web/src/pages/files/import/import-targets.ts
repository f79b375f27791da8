// What each importable entity looks like to the importer: its fields with their kinds, which are
// required, the natural key the server upserts on, the labels people see and the header names
// clients tend to use for them (read by suggest-mapping.ts).

/** The entities a client file can be imported into ("contacts" are DebtorMdl: the consumers to reach). */
export type ImportEntity = 'AccountMdl' | 'DebtorMdl' | 'TransactionMdl';

/** Every importable entity, in the order the page offers them. */
export const IMPORT_ENTITIES: readonly ImportEntity[] = ['AccountMdl', 'DebtorMdl', 'TransactionMdl'];

import type { CodeTable } from '../../entities/code-tables';
import { ACCOUNT_STATUS } from '../../mortgages/mortgage-codes';

/** How a cell is read: money as integer cents, dates as AWSDate, JSON-ish do-not-contact flags, codes through their code table. */
export type FieldKind = 'text' | 'money' | 'date' | 'int' | 'boolean' | 'doNotContact' | 'code';

/** One field a file column can be mapped to. */
export interface TargetField {
  readonly name: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly required: boolean;
  /** Header spellings seen in client files besides the label and the field name. */
  readonly synonyms: readonly string[];
  /** For `code` fields: the code table a cell's code or label is read through (filters match only its codes). */
  readonly codes?: CodeTable;
}

/** One importable entity. */
export interface EntitySpec {
  readonly entity: ImportEntity;
  /** What one record is called in sentences ("account"). */
  readonly noun: string;
  readonly label: string;
  readonly fields: readonly TargetField[];
  /** The fields that name a record outside Steward: the server's upsert conflict target. */
  readonly naturalKey: readonly string[];
}

const field = (name: string, label: string, kind: FieldKind, synonyms: readonly string[] = [], required = false): TargetField => ({ name, label, kind, required, synonyms });

const clientNumber = field('clientNumber', 'Client number', 'text', ['client', 'client id', 'client code', 'client no', 'client num'], true);
const fileNumber = (required: boolean): TargetField =>
  field('fileNumber', 'File number', 'text', ['file', 'file no', 'file #', 'account number', 'acct #', 'acct no', 'account', 'account no', 'loan number', 'loan no'], required);

/** The importable entities and their fields (mirrors the server's data-model.ts). */
export const IMPORT_TARGETS: Readonly<Record<ImportEntity, EntitySpec>> = {
  AccountMdl: {
    entity: 'AccountMdl',
    noun: 'account',
    label: 'Accounts',
    naturalKey: ['clientNumber', 'fileNumber'],
    fields: [
      clientNumber,
      fileNumber(true),
      field('clientName', 'Client name', 'text', ['client name']),
      { ...field('accountStatus', 'Status', 'code', ['status', 'account status', 'acct status']), codes: ACCOUNT_STATUS },
      field('currentUpb', 'Current balance', 'money', ['balance', 'current balance', 'current upb', 'upb', 'principal balance', 'bal', 'balance due', 'amount owed']),
      field('originalUpbLoaded', 'Original balance', 'money', ['original balance', 'original upb', 'orig balance', 'placed balance', 'original amount', 'original upb loaded']),
      field('amountPaid', 'Amount paid', 'money', ['paid', 'amount paid', 'total paid', 'payments']),
      field('listedDate', 'Listed date', 'date', ['listed', 'listed date', 'date listed', 'placement date', 'placed date', 'list date']),
      field('delinquencyDate', 'Delinquency date', 'date', ['delinquency date', 'delinquent date', 'charge off date', 'default date', 'dlq date']),
      field('operator', 'Operator', 'text', ['collector', 'agent', 'operator']),
      field('tuScore', 'TU score', 'int', ['tu score', 'credit score', 'score', 'fico']),
      field('zipCode', 'ZIP code', 'text', ['zip', 'zip code', 'postal code', 'postcode']),
      field('disputed', 'Disputed', 'boolean', ['dispute', 'in dispute', 'disputed']),
    ],
  },
  DebtorMdl: {
    entity: 'DebtorMdl',
    noun: 'contact',
    label: 'Contacts (debtors)',
    naturalKey: ['clientNumber', 'fileNumber', 'debtorSeq'],
    fields: [
      clientNumber,
      fileNumber(true),
      field('debtorSeq', 'Debtor sequence', 'int', ['seq', 'sequence', 'debtor seq', 'debtor number', 'debtor no', 'obligor number'], true),
      field('firstName', 'First name', 'text', ['first', 'first name', 'given name', 'fname']),
      field('lastName', 'Last name', 'text', ['last', 'last name', 'surname', 'family name', 'lname']),
      field('phone', 'Phone', 'text', ['phone number', 'telephone', 'tel', 'mobile', 'cell', 'phone']),
      field('email', 'Email', 'text', ['e mail', 'email address', 'mail']),
      // One field for the street lines: a file with "Address 2" maps it separately or leaves it out.
      field('streetAddress', 'Street address', 'text', ['address', 'street', 'address 1', 'address1', 'address line 1', 'street address', 'mailing address', 'postal address']),
      field('city', 'City', 'text', ['town', 'city name']),
      field('zipCode', 'ZIP code', 'text', ['zip', 'zip code', 'postal code', 'postcode']),
      field('state', 'State', 'text', ['st', 'state code']),
      field('timeZone', 'Time zone', 'text', ['tz', 'time zone', 'timezone']),
      field('doNotContact', 'Do not contact', 'doNotContact', ['dnc', 'do not contact', 'do not call']),
    ],
  },
  TransactionMdl: {
    entity: 'TransactionMdl',
    noun: 'transaction',
    label: 'Transactions',
    naturalKey: ['clientNumber', 'transactionRef'],
    fields: [
      clientNumber,
      field('transactionRef', 'Transaction reference', 'text', ['ref', 'reference', 'transaction id', 'transaction ref', 'txn id', 'trans ref', 'transaction number', 'trans id'], true),
      fileNumber(true),
      field('paymentAmount', 'Payment amount', 'money', ['amount', 'payment', 'payment amount', 'amt', 'amount paid']),
      field('paymentDate', 'Payment date', 'date', ['payment date', 'date paid', 'pay date', 'date']),
      field('postedDate', 'Posted date', 'date', ['posted', 'post date', 'posted date', 'posting date']),
      field('transactionType', 'Type', 'text', ['type', 'transaction type', 'tran type', 'trans type']),
      field('description', 'Description', 'text', ['memo', 'desc', 'note', 'notes']),
      field('contingencyAmount', 'Contingency amount', 'money', ['contingency', 'fee', 'commission']),
      field('operator', 'Operator', 'text', ['collector', 'agent']),
      field('postedBy', 'Posted by', 'text', ['poster', 'posted by', 'entered by']),
    ],
  },
};

/** The field `name` of `spec`, or undefined. */
export function fieldOf(spec: EntitySpec, name: string): TargetField | undefined {
  return spec.fields.find((candidate) => candidate.name === name);
}

/** The label of field `name` of `spec` as the page shows it; the name itself when the spec has no such field. */
export function labelOfField(spec: EntitySpec, name: string): string {
  return fieldOf(spec, name)?.label ?? name;
}

/**
 * A message with the spec's field names (the server's `currentUpb`, `clientNumber`) replaced by the
 * labels on screen, so a refusal reads "no account has Client number …".
 */
export function withFieldLabels(spec: EntitySpec, message: string): string {
  let text = message;
  for (const target of spec.fields) text = text.replace(new RegExp(`\\b${target.name}\\b`, 'g'), target.label);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** True when `value` names an importable entity. */
export function isImportEntity(value: unknown): value is ImportEntity {
  return typeof value === 'string' && (IMPORT_ENTITIES as readonly string[]).includes(value);
}
