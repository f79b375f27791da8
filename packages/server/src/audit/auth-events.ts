// Cognito's AuthEventType from the audit trail (AdminListUserAuthEvents), and the Profile page's
// own-sign-ins list. Pure: rows in, shapes out.
import type { AuditEntry } from './audit-event.js';
import type { AuditRecordRow } from './audit-search.js';
import { deviceNameOf } from './device-name.js';

/** The actions that are authentication events, with Cognito's EventType for each. */
export const AUTH_EVENT_TYPES = {
  sign_in: 'SignIn',
  sign_up: 'SignUp',
  'password.reset_requested': 'ForgotPassword',
  'password.reset': 'ForgotPassword',
  'password.changed': 'PasswordChange',
  'sign_up.code_resent': 'ResendCode',
} as const;

/** Cognito's ChallengeResponseType. */
export interface ChallengeResponse {
  readonly ChallengeName: 'Password' | 'Mfa';
  readonly ChallengeResponse: 'Success' | 'Failure';
}

/** Cognito's AuthEventType, as this server fills it. */
export interface AuthEvent {
  readonly EventId: string;
  readonly EventType: (typeof AUTH_EVENT_TYPES)[keyof typeof AUTH_EVENT_TYPES];
  /** Epoch seconds (the JSON protocol's timestamps). */
  readonly CreationDate: number;
  readonly EventResponse: 'Pass' | 'Fail' | 'InProgress';
  readonly EventRisk: { readonly RiskDecision: 'NoRisk'; readonly CompromisedCredentialsDetected: false };
  readonly ChallengeResponses: ChallengeResponse[];
  readonly EventContextData?: { readonly IpAddress?: string; readonly DeviceName?: string };
}

const PASSWORD_FACTORS = new Set(['password', 'custom-with-password']);
const MFA_CHALLENGES = new Set(['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'EMAIL_OTP', 'MFA_SETUP', 'SELECT_MFA_TYPE', 'DEVICE_PASSWORD_VERIFIER', 'DEVICE_SRP_AUTH']);
const PASSWORD_CHALLENGES = new Set(['PASSWORD_VERIFIER', 'PASSWORD', 'PASSWORD_SRP', 'NEW_PASSWORD_REQUIRED']);

/** Which challenges a sign-in event answered, and how (Password, then Mfa). */
export function challengeResponsesOf(entry: AuditEntry): ChallengeResponse[] {
  if (entry.action !== 'sign_in') return [];
  const details = entry.details ?? {};
  if (entry.outcome === 'success') {
    const responses: ChallengeResponse[] = [];
    if (typeof details.firstFactor === 'string' && PASSWORD_FACTORS.has(details.firstFactor)) responses.push({ ChallengeName: 'Password', ChallengeResponse: 'Success' });
    if (details.mfa !== undefined || details.device === true) responses.push({ ChallengeName: 'Mfa', ChallengeResponse: 'Success' });
    return responses;
  }
  const challenge = typeof details.challenge === 'string' ? details.challenge : undefined;
  if (challenge !== undefined && MFA_CHALLENGES.has(challenge)) {
    return [
      { ChallengeName: 'Password', ChallengeResponse: 'Success' },
      { ChallengeName: 'Mfa', ChallengeResponse: 'Failure' },
    ];
  }
  if (challenge === undefined || PASSWORD_CHALLENGES.has(challenge)) return [{ ChallengeName: 'Password', ChallengeResponse: 'Failure' }];
  return [];
}

/** A UUID-shaped id from a row's hash: unique, stable, and says nothing else. */
export function eventIdOf(hashHex: string): string {
  const h = hashHex.padEnd(32, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The AuthEventType of an audit row (one of AUTH_EVENT_TYPES' actions). */
export function toAuthEvent(row: AuditRecordRow): AuthEvent {
  const { entry } = row;
  const type = AUTH_EVENT_TYPES[entry.action as keyof typeof AUTH_EVENT_TYPES] ?? 'SignIn';
  const device = deviceNameOf(entry.source?.userAgent);
  const context = { ...(entry.source?.ip !== undefined ? { IpAddress: entry.source.ip } : {}), ...(device !== undefined ? { DeviceName: device } : {}) };
  return {
    EventId: eventIdOf(row.hash),
    EventType: type,
    CreationDate: Math.floor(new Date(entry.at).getTime() / 1000),
    EventResponse: entry.outcome === 'failure' ? 'Fail' : 'Pass',
    // No risk scoring here (Cognito's threat protection): every event is reported as NoRisk.
    EventRisk: { RiskDecision: 'NoRisk', CompromisedCredentialsDetected: false },
    ChallengeResponses: challengeResponsesOf(entry),
    ...(Object.keys(context).length > 0 ? { EventContextData: context } : {}),
  };
}

/** One of a user's own sign-ins, as the Profile page lists them. */
export interface OwnSignIn {
  readonly at: string;
  readonly outcome: 'success' | 'failure';
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly device: string | null;
  /** Why a failure failed (the error's name), null for a success. */
  readonly reason: string | null;
  /** How: the flow, and managed-login when through the hosted page. */
  readonly method: string | null;
}

/** The Profile page's shape of a sign_in row. */
export function toOwnSignIn(row: AuditRecordRow): OwnSignIn {
  const { entry } = row;
  const details = entry.details ?? {};
  const flow = typeof details.flow === 'string' ? details.flow : null;
  return {
    at: entry.at,
    outcome: entry.outcome,
    ip: entry.source?.ip ?? null,
    userAgent: entry.source?.userAgent ?? null,
    device: deviceNameOf(entry.source?.userAgent) ?? null,
    reason: entry.outcome === 'failure' && typeof details.reason === 'string' ? details.reason : null,
    method: details.via === 'managed-login' ? 'hosted page' : flow,
  };
}
