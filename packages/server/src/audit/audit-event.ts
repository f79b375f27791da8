// What the audit trail records, as data: the actions, who did them, to whom or to which record, the
// fields they changed, and from where. Pure: no I/O, no clock (the trail stamps `at`). Everything that
// goes into an entry passes through redactSecrets, so a caller cannot put a password or a token into
// the log by mistake.

/** Every action the trail records, with what it means (docs/operations.md lists them). */
export const AUDIT_ACTIONS = {
  // Security events (user pool).
  sign_in: 'A sign-in ended: tokens issued (success) or refused (failure, with the reason)',
  sign_up: 'A user signed up',
  'sign_up.confirmed': 'A user confirmed their sign-up',
  'sign_up.code_resent': 'A new sign-up confirmation code was sent (ResendConfirmationCode)',
  'password.changed': 'A user changed their password (ChangePassword, or a required new password at sign-in)',
  'password.reset_requested': 'A password-reset code was sent (ForgotPassword)',
  'password.reset': 'A password was reset with a code (ConfirmForgotPassword)',
  'mfa.totp_set_up': 'An authenticator app was set up (VerifySoftwareToken)',
  'mfa.email_set_up': 'Email MFA was set up during a sign-in (MFA_SETUP)',
  'mfa.preferences_changed': 'MFA methods were turned on or off, or the preferred one changed (SetUserMFAPreference)',
  'passkey.registered': 'A passkey was registered',
  'passkey.deleted': 'A passkey was deleted',
  'user.locked_out': 'Failed guesses locked a user out for a while',
  'user.attributes_changed': 'A user changed or deleted their own attributes',
  'user.deleted_self': 'A user deleted their own account',
  'user.migrated': 'A user was created in the pool by the UserMigration trigger (sign-in or forgot password of a user not yet in it)',
  'token.revoked': 'A refresh token (one sign-in) was revoked: a sign-out',
  'token.reuse_detected': 'A rotated-out refresh token came back: the sign-in was revoked',
  'sign_out.global': 'A user signed out everywhere (GlobalSignOut)',
  'session.revoked': 'A user revoked one of their other sessions (RevokeUserSession)',
  'session.evicted': "A sign-in beyond the pool's MaxPerUser ended the user's least recently used sessions",
  'sign_out.hosted': 'A managed-login session ended (/logout)',
  // Admin actions (admin credential, admin API, CLI).
  'admin.user.created': 'An administrator created a user',
  'admin.user.deleted': 'An administrator deleted a user',
  'admin.user.disabled': 'An administrator disabled a user (their sign-ins are revoked)',
  'admin.user.enabled': 'An administrator enabled a user',
  'admin.user.confirmed': "An administrator confirmed a user's sign-up",
  'admin.user.password_set': "An administrator set a user's password",
  'admin.user.password_reset': "An administrator required a user's password to be reset",
  'admin.user.mfa_preferences_set': "An administrator changed a user's MFA settings",
  'admin.user.signed_out': 'An administrator signed a user out everywhere',
  'admin.user.attributes_changed': "An administrator changed or deleted a user's attributes",
  'admin.device.forgotten': "An administrator forgot one of a user's devices",
  'admin.device.status_set': "An administrator changed whether a user's device is remembered",
  'admin.user.session_revoked': "An administrator revoked one of a user's sessions (AdminRevokeUserSession)",
  'admin.user.software_token_deleted': "An administrator removed a user's authenticator app (AdminDeleteSoftwareToken)",
  'admin.group.created': 'An administrator created a group',
  'admin.group.member_added': 'An administrator added a user to a group',
  'admin.group.member_removed': 'An administrator removed a user from a group',
  'admin.group.updated': 'An administrator changed a group (description, precedence, role)',
  'admin.group.deleted': 'An administrator deleted a group (its memberships went with it)',
  'admin.pool.mfa_config_set': "An administrator changed the pool's MFA configuration",
  'admin.client.created': 'An administrator created an app client',
  'admin.client.updated': 'An administrator changed an app client',
  'admin.client.deleted': 'An administrator deleted an app client',
  'admin.client.secret_added': 'An administrator added a client secret to an app client (AddUserPoolClientSecret; never the value)',
  'admin.client.secret_deleted': 'An administrator deleted one of the client secrets of an app client',
  'admin.resource_server.created': 'An administrator created a resource server',
  'admin.resource_server.updated': 'An administrator changed a resource server',
  'admin.resource_server.deleted': 'An administrator deleted a resource server',
  'admin.identity_provider.created': 'An administrator added an identity provider to a pool (its secrets are never recorded)',
  'admin.identity_provider.updated': 'An administrator changed an identity provider',
  'admin.identity_provider.deleted': 'An administrator deleted an identity provider (and the links to it)',
  'admin.user.provider_linked': 'An administrator linked a federated identity to a user (AdminLinkProviderForUser)',
  'admin.user.provider_unlinked': "An administrator removed a user's linked federated identity (AdminDisableProviderForUser)",
  'admin.ui_customization.set': 'An administrator set the classic hosted-UI customization (CSS, logo) of a pool or app client',
  'admin.branding.created': 'An administrator created a managed-login branding style',
  'admin.branding.updated': 'An administrator changed a managed-login branding style',
  'admin.branding.deleted': 'An administrator deleted a managed-login branding style',
  'admin.terms.created': 'An administrator created terms (terms of use, privacy policy) of an app client',
  'admin.terms.updated': 'An administrator changed terms of an app client',
  'admin.terms.deleted': 'An administrator deleted terms of an app client',
  'admin.user_import.created': 'An administrator created a user import job (CreateUserImportJob)',
  'admin.user_import.started': 'An administrator started a user import job',
  'admin.user_import.stopped': 'An administrator stopped a user import job',
  'admin.user_import.finished': 'A user import job ended (succeeded, stopped or failed), with its counts',
  'admin.pool.created': 'An administrator created a user pool',
  'admin.pool.updated': "An administrator changed a user pool's settings",
  'admin.pool.deleted': 'An administrator deleted a user pool (with its users, clients and groups)',
  'admin.pool.attributes_added': 'An administrator added custom attributes to a user pool',
  'admin.pool.tags_changed': "An administrator tagged or untagged a user pool",
  'admin.domain.created': 'An administrator created a user-pool domain',
  'admin.domain.updated': 'An administrator changed a user-pool domain',
  'admin.domain.deleted': 'An administrator deleted a user-pool domain',
  'admin.session_policy.set': 'An administrator set the pool-wide maximum session length',
  'admin.session_configuration.set': "An administrator set a pool's session tracking (SetUserPoolSessionConfiguration) or a client's SSO session reuse (SetUserPoolClientSessionConfiguration)",
  'admin.signing_keys.rotated': 'A new token-signing key became active',
  'admin.trigger_secret.rotated': "A new secret signs the pool's trigger requests (the previous one still signs during the rotation)",
  'audit.pruned': 'Retention deleted the oldest rows of this trail (AUDIT_RETENTION_DAYS); the chain is anchored at the last deleted row',
  // Business data changes (the GraphQL data API).
  'data.create': 'A record was created',
  'data.update': 'Fields of a record were changed',
  'data.delete': 'A record was deleted',
  'data.append': 'An item was appended to a list field of a record',
  'desk.payment_posted': 'A payment was posted to an account',
  'desk.payment_reversed': 'A payment was reversed',
  'desk.promise_taken': 'A promise to pay was taken',
  'desk.promise_cancelled': 'A promise to pay was cancelled',
  'desk.call_recorded': 'A call was recorded',
  'desk.note_added': 'A note was added to an account',
  'desk.dispute_set': "An account's dispute was opened or resolved",
  'desk.do_not_contact_set': "A debtor's do-not-contact flag was set or cleared",
  'desk.account_assigned': 'An account was assigned to a collector (or unassigned)',
  'desk.follow_up_scheduled': 'A follow-up was scheduled',
  'desk.follow_up_completed': 'A follow-up was completed',
} as const;

/** An action name of AUDIT_ACTIONS. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Security events, admin actions, business data changes. */
export type AuditCategory = 'security' | 'admin' | 'data';

/** The category of an action: by its prefix. */
export function categoryOf(action: string): AuditCategory {
  if (action.startsWith('admin.')) return 'admin';
  if (action.startsWith('data.') || action.startsWith('desk.')) return 'data';
  return 'security';
}

/** Who did it. `name` is the username (or the access key id, or "cli", or "system"). */
export interface AuditActor {
  readonly kind: 'user' | 'admin' | 'admin-credential' | 'cli' | 'system' | 'anonymous';
  readonly sub?: string;
  readonly name?: string;
}

/** The user an event is about (a sign-in's user, the target of an admin action). */
export interface AuditSubject {
  readonly sub?: string;
  readonly name?: string;
}

/** The record a data change changed. */
export interface AuditRecordRef {
  readonly type: string;
  readonly id: string;
}

/** Where the request came from. */
export interface AuditSource {
  readonly ip?: string;
  readonly userAgent?: string;
  readonly requestId?: string;
}

/** One field's values before and after a change (null: not set, or the record did not exist). */
export interface FieldChange {
  readonly before: unknown;
  readonly after: unknown;
}

/** An event to record. */
export interface AuditEvent {
  readonly action: AuditAction;
  readonly outcome?: 'success' | 'failure';
  readonly actor: AuditActor;
  readonly subject?: AuditSubject;
  readonly record?: AuditRecordRef;
  /** Records the event concerns besides `record` (a payment's account): searching by their id finds it too. */
  readonly related?: readonly AuditRecordRef[];
  /** Changed fields (data changes, admin changes of settings). */
  readonly changes?: Readonly<Record<string, FieldChange>>;
  readonly source?: AuditSource;
  /** Anything else worth keeping (a sign-in's flow and factors, a failure's reason, related ids). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** The stored form of an event (audit_log.entry). */
export interface AuditEntry extends AuditEvent {
  /** Version of this shape. */
  readonly v: 1;
  readonly at: string;
  readonly category: AuditCategory;
  readonly outcome: 'success' | 'failure';
  /** What searches match (audit_log.search_keys): see searchKeysOf. */
  readonly keys: readonly string[];
}

/** What replaces a secret. */
export const REDACTED = '[redacted]';

// Names of what is never recorded: passwords, codes, tokens, TOTP secrets, SRP and hash material,
// sessions (the Session string, SessionMdl.sessionData with its tokens), app-client secrets. Keys are
// compared lower-cased without separators, so SOFTWARE_TOKEN_MFA_CODE and refresh_token match too.
const SECRET_EXACT = new Set(['code', 'confirmationcode', 'usercode', 'answer', 'session', 'sessiondata', 'secretcode', 'srpa', 'srpb', 'secretblock', 'passwordclaimsignature', 'authorization', 'cookie', 'hash', 'salt', 'b']);
const SECRET_SUFFIXES = ['password', 'passwd', 'token', 'secret', 'secrethash', 'verifier', 'salt', 'otpcode', 'mfacode', 'privatekey', 'passwordhash', 'codehash', 'tokenhash'];
const SECRET_PARTS = ['totpsecret', 'passwordhash', 'privatejwk', 'srpverifier'];
// A JWT anywhere in a text (an id or access token pasted into a field).
const JWT = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/;

/** Whether a key names something secret (case and separators ignored). */
export function isSecretKey(key: string): boolean {
  const name = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_EXACT.has(name) || SECRET_SUFFIXES.some((s) => name.endsWith(s)) || SECRET_PARTS.some((p) => name.includes(p));
}

// What jsonb cannot hold (a NUL, half of a surrogate pair): replaced, so an odd value never fails the write it records.
// eslint-disable-next-line no-control-regex -- the NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A copy of `value` with secret-named members and JWT-bearing texts replaced by REDACTED; undefined members dropped. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return JWT.test(value) ? REDACTED : value.replace(UNSTORABLE, '\ufffd');
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : value;
  if (value instanceof Date) return value.toISOString();
  if (depth > 20) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (member === undefined) continue;
    out[key] = isSecretKey(key) ? REDACTED : redactSecrets(member, depth + 1);
  }
  return out;
}

/** The entry stored for `event` at `at`: redacted, with its category, outcome and search keys filled in. */
export function toAuditEntry(event: AuditEvent, at: Date): AuditEntry {
  const { changes, ...rest } = event;
  // The changes' keys name fields, not secrets: a secret field's values are replaced, its name kept.
  const redacted = redactSecrets({ v: 1, at: at.toISOString(), category: categoryOf(event.action), ...rest, outcome: event.outcome ?? 'success' }) as Omit<AuditEntry, 'changes' | 'keys'>;
  return { ...redacted, ...(changes !== undefined ? { changes: redactChanges(changes) } : {}), keys: searchKeysOf(redacted) };
}

/** The search keys of an event: each sub and username of actor and subject (lower-cased), the record's id and the related ids. */
export function searchKeysOf(event: Pick<AuditEvent, 'actor' | 'subject' | 'record' | 'related'>): string[] {
  const users = [event.actor.sub, event.actor.name, event.subject?.sub, event.subject?.name].filter((v): v is string => typeof v === 'string' && v !== '');
  const records = [event.record?.id, ...(event.related ?? []).map((r) => r.id)].filter((v): v is string => typeof v === 'string' && v !== '');
  return [...new Set([...users.map(userSearchKey), ...records.map(recordSearchKey)])];
}

function redactChanges(changes: Readonly<Record<string, FieldChange>>): Record<string, FieldChange> {
  const out: Record<string, FieldChange> = {};
  for (const [field, change] of Object.entries(changes)) {
    out[field] = isSecretKey(field) ? { before: change.before === null ? null : REDACTED, after: change.after === null ? null : REDACTED } : { before: redactSecrets(change.before ?? null), after: redactSecrets(change.after ?? null) };
  }
  return out;
}

/** Two stored values equal as JSON (dates by instant). */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(redactSecrets(a ?? null)) === JSON.stringify(redactSecrets(b ?? null));
}

/**
 * The fields whose values differ between `before` and `after` (either may be null: a record created
 * or deleted), limited to `fields` when given, leaving out the bookkeeping fields (createdAt,
 * updatedAt, _version).
 */
export function fieldChanges(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>> | null, fields?: readonly string[]): Record<string, FieldChange> {
  const names = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: Record<string, FieldChange> = {};
  for (const name of names) {
    if (name === 'createdAt' || name === 'updatedAt' || name === '_version' || name.startsWith('__')) continue;
    const was = before === null ? null : (before[name] ?? null);
    const now = after === null ? null : (after[name] ?? null);
    if (before !== null && after !== null && sameValue(was, now)) continue;
    if (before === null && now === null) continue;
    if (after === null && was === null) continue;
    changes[name] = { before: was, after: now };
  }
  return changes;
}

/** The search key of a user (sub or username) and of a record id, as audit_log.search_keys holds them. */
export const userSearchKey = (subOrName: string): string => `u:${subOrName.toLowerCase()}`;
/** The search key of a record id. */
export const recordSearchKey = (id: string): string => `r:${id}`;

/** The parts of an entry the audit_log columns copy (audit_append in migration 0009 derives the same). */
export interface AuditColumns {
  readonly at: string;
  readonly action: string;
  readonly outcome: string;
  readonly actor_sub: string | null;
  readonly actor_name: string | null;
  readonly subject_sub: string | null;
  readonly subject_name: string | null;
  readonly record_type: string | null;
  readonly record_id: string | null;
  readonly search_keys: readonly string[];
}

const member = (value: unknown, key: string): string | null => {
  if (typeof value !== 'object' || value === null) return null;
  const v = (value as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : v === undefined || v === null ? null : JSON.stringify(v);
};

/** The column values audit_append derives from an entry, for verification. */
export function columnsOf(entry: Readonly<Record<string, unknown>>): AuditColumns {
  const actor = entry.actor;
  const subject = entry.subject;
  const record = entry.record;
  const keys = Array.isArray(entry.keys) ? (entry.keys as unknown[]).map((k) => (typeof k === 'string' ? k : JSON.stringify(k))) : [];
  return {
    at: member(entry, 'at') ?? '',
    action: member(entry, 'action') ?? '',
    outcome: member(entry, 'outcome') ?? '',
    actor_sub: member(actor, 'sub'),
    actor_name: member(actor, 'name'),
    subject_sub: member(subject, 'sub'),
    subject_name: member(subject, 'name'),
    record_type: member(record, 'type'),
    record_id: member(record, 'id'),
    search_keys: keys,
  };
}
