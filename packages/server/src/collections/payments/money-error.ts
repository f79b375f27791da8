// The refusals of the collector's desk money operations (payments, promises): each names a code the
// GraphQL layer turns into the data API's typed errors (BadRequestException or
// ConditionalCheckFailedException, with the code in errorInfo.code), never an InternalFailure.

/** Why a money operation was refused. */
export type MoneyErrorCode =
  | 'INVALID_AMOUNT'
  | 'INVALID_INPUT'
  | 'UNKNOWN_ACCOUNT'
  | 'UNKNOWN_DEBTOR'
  | 'UNKNOWN_TRANSACTION'
  | 'UNKNOWN_PROMISE'
  | 'NOT_A_PAYMENT'
  | 'ALREADY_REVERSED'
  | 'BALANCE_OUT_OF_RANGE'
  | 'CLIENT_REFERENCE_REUSED'
  | 'PROMISE_NOT_ACTIVE'
  | 'PROMISE_RULE';

/** Codes that mean "the record is no longer in a state this operation applies to" rather than a bad argument. */
const CONFLICT_CODES: ReadonlySet<MoneyErrorCode> = new Set(['ALREADY_REVERSED', 'PROMISE_NOT_ACTIVE']);

/** A refused money operation; `detail` adds facts (e.g. the promise rule's own code). */
export class MoneyOperationError extends Error {
  readonly code: MoneyErrorCode;
  readonly detail: Readonly<Record<string, unknown>>;
  constructor(code: MoneyErrorCode, message: string, detail: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.name = 'MoneyOperationError';
    this.code = code;
    this.detail = detail;
  }
  /** True when the record's state, not the argument, is at fault (ConditionalCheckFailedException). */
  get isConflict(): boolean {
    return CONFLICT_CODES.has(this.code);
  }
}

/** Largest value of GraphQL's Int: balances and amounts on the wire must fit. */
export const MAX_INT = 2_147_483_647;
/** Smallest value of GraphQL's Int. */
export const MIN_INT = -2_147_483_648;

/** True for a calendar date YYYY-MM-DD that exists. */
export function isLocalDate(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A client reference: 1–200 characters, no control characters. */
export function checkClientReference(reference: string): string {
  const trimmed = reference.trim();
  const control = [...trimmed].some((ch) => ch.charCodeAt(0) < 0x20);
  if (trimmed.length === 0 || trimmed.length > 200 || control) {
    throw new MoneyOperationError('INVALID_INPUT', 'clientReference must be 1 to 200 characters (the same value for a retry of the same request).');
  }
  return trimmed;
}
