// Typed errors of the collections rules. Each has a stable `name` and `code` a caller can branch on
// (the server maps them onto its protocol's error types), a message for people and a recovery
// suggestion saying what to change in the input.

/** Codes of MoneyError. */
export type MoneyErrorCode = 'INVALID_MONEY' | 'TOO_MANY_DECIMALS' | 'OUT_OF_RANGE' | 'INVALID_CENTS';

/** A money amount that cannot be read or written as integer cents. */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
  constructor(
    readonly code: MoneyErrorCode,
    message: string,
    readonly recoverySuggestion: string,
  ) {
    super(message);
  }
}

/** Codes of PromiseRuleError. */
export type PromiseRuleErrorCode = 'INVALID_AMOUNT' | 'DUE_DATE_IN_PAST' | 'DATES_NOT_INCREASING' | 'TOO_MANY_INSTALLMENTS' | 'INVALID_DATE' | 'EMPTY_SCHEDULE';

/** A promise schedule (or a promise to evaluate) that breaks the promise rules. */
export class PromiseRuleError extends Error {
  override readonly name = 'PromiseRuleError';
  constructor(
    readonly code: PromiseRuleErrorCode,
    message: string,
    readonly recoverySuggestion: string,
  ) {
    super(message);
  }
}

/** Codes of LocalDateError. */
export type LocalDateErrorCode = 'INVALID_DATE' | 'INVALID_TIME_ZONE';

/** A local date that is not a real `YYYY-MM-DD` calendar date, or a time zone the platform does not know. */
export class LocalDateError extends Error {
  override readonly name = 'LocalDateError';
  constructor(
    readonly code: LocalDateErrorCode,
    message: string,
    readonly recoverySuggestion: string,
  ) {
    super(message);
  }
}
