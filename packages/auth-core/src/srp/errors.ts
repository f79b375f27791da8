// SRP's own error classes. The package catalogue (src/errors/) re-exports and maps them; they live
// here so the srp entry point (`@steward/auth-core/srp`) stays self-contained for the server.
// Each `name` is a literal, not `constructor.name`, so minified builds keep it stable.

/** Base class of every SRP error: a stable `name`, a message and what the caller can do. */
export abstract class SrpError extends Error {
  abstract override readonly name: string;
  readonly recoverySuggestion: string;

  protected constructor(message: string, recoverySuggestion: string, options?: { cause?: unknown }) {
    super(message, options);
    this.recoverySuggestion = recoverySuggestion;
  }
}

/** Which public value of the exchange was rejected. */
export type SrpEphemeralName = 'A' | 'B' | 'u';

const ephemeralMessages: Record<SrpEphemeralName, { message: string; recoverySuggestion: string }> = {
  A: {
    message: 'Illegal SRP parameter: A mod N cannot be 0.',
    recoverySuggestion: 'Start the sign-in again so the client picks a new ephemeral value.',
  },
  B: {
    message: 'Illegal SRP parameter: B mod N cannot be 0.',
    recoverySuggestion: 'Start the sign-in again; the server sent an invalid SRP_B.',
  },
  u: {
    message: 'Illegal SRP parameter: u = H(A | B) cannot be 0.',
    recoverySuggestion: 'Start the sign-in again with new ephemeral values.',
  },
};

/** A, B or u is zero modulo N: continuing would let an attacker fix the session key. */
export class SrpInvalidEphemeralError extends SrpError {
  override readonly name = 'SrpInvalidEphemeralError';
  /** The rejected value. */
  readonly value: SrpEphemeralName;

  constructor(value: SrpEphemeralName) {
    super(ephemeralMessages[value].message, ephemeralMessages[value].recoverySuggestion);
    this.value = value;
  }
}

/** An SRP input is malformed (not hexadecimal, not base64, negative, wrong length, bad timestamp...). */
export class SrpInvalidParameterError extends SrpError {
  override readonly name = 'SrpInvalidParameterError';
  /** The offending parameter, in Cognito's spelling where there is one (SRP_B, SALT, SECRET_BLOCK...). */
  readonly parameter: string;

  constructor(parameter: string, reason: string, options?: { cause?: unknown }) {
    super(`Invalid SRP parameter ${parameter}: ${reason}`, 'Send the value exactly as the other side produced it.', options);
    this.parameter = parameter;
  }
}

/** No secure random source, or it returned the wrong number of bytes. */
export class SrpRandomSourceError extends SrpError {
  override readonly name = 'SrpRandomSourceError';

  constructor(reason: string, options?: { cause?: unknown }) {
    super(
      `No usable secure random source: ${reason}`,
      'Run on a platform with WebCrypto (globalThis.crypto.getRandomValues) or pass a randomBytes function.',
      options,
    );
  }
}
