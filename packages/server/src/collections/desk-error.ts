// The desk's refusals as data: services throw DeskError, the GraphQL layer maps each code to the data
// API's typed error (desk-schema.ts), so no refusal surfaces as an InternalFailure.
import type { AuditSource } from '../audit/audit-event.js';

/** Why a desk operation was refused. */
export type DeskErrorCode = 'NOT_FOUND' | 'BAD_REQUEST' | 'NOT_AUTHORIZED' | 'CONTACT_NOT_ALLOWED';

/** A refused desk operation; `info` goes to the error's errorInfo. */
export class DeskError extends Error {
  constructor(
    readonly code: DeskErrorCode,
    message: string,
    readonly info?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'DeskError';
  }
}

/** Who acts at the desk, as the services need to know them. */
export interface DeskActor {
  /** The caller's pool `sub`. */
  readonly sub: string;
  /** Shown in the timeline (the username). */
  readonly name: string;
  /** Admins or the Supervisors group. */
  readonly supervisor: boolean;
  /** Where the request came from, for the audit trail. */
  readonly source?: AuditSource;
}
