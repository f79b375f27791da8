// Audit events of user-pool operations: the actor from the operation's caller (an administrator, the
// admin credential, the CLI, or the user themselves), the source from its request.
import type { Caller, RequestInfo } from '../user-pool/operations/operation-context.js';
import type { AuditActor, AuditEvent, AuditSource, AuditSubject } from './audit-event.js';

/** A user as events name them. */
export interface NamedUser {
  readonly sub: string;
  readonly username: string;
}

/** The subject of an event about `user`. */
export function subjectOf(user: NamedUser): AuditSubject {
  return { sub: user.sub, name: user.username };
}

/** Who acts in an operation: its admin caller, or `self` (the signed-in user) for public ones. */
export function actorOf(caller: Caller, self?: NamedUser): AuditActor {
  switch (caller.kind) {
    case 'admin-user':
      return { kind: 'admin', sub: caller.sub, name: caller.username };
    case 'admin-credential':
      return { kind: 'admin-credential', name: caller.accessKeyId };
    case 'cli':
      return { kind: 'cli', name: 'cli' };
    default:
      return self !== undefined ? { kind: 'user', sub: self.sub, name: self.username } : { kind: 'anonymous' };
  }
}

/** Where an HTTP request came from (routes outside the operations: OAuth, hosted pages, REST APIs). */
export function sourceOfHttp(request: { readonly ip: string; readonly id?: string; readonly headers: Readonly<Record<string, string | string[] | undefined>> }): AuditSource {
  const agent = request.headers['user-agent'];
  const userAgent = Array.isArray(agent) ? agent[0] : agent;
  return { ip: request.ip, ...(userAgent !== undefined ? { userAgent } : {}), ...(request.id !== undefined ? { requestId: request.id } : {}) };
}

/** Where an operation's request came from. */
export function sourceOf(request: RequestInfo): AuditSource {
  return { ip: request.ip, ...(request.userAgent !== undefined ? { userAgent: request.userAgent } : {}), requestId: request.requestId };
}

/**
 * An event of an operation about `user` (undefined when no user is known): `self` true when the user
 * is also who acts (self-service operations), as a public caller's actor.
 */
export function operationEvent(
  ctx: { readonly caller: Caller; readonly request: RequestInfo },
  action: AuditEvent['action'],
  user: NamedUser | undefined,
  more: Omit<AuditEvent, 'action' | 'actor' | 'subject' | 'source'> & { readonly subject?: AuditSubject } = {},
): AuditEvent {
  return {
    action,
    actor: actorOf(ctx.caller, user),
    ...(user !== undefined ? { subject: subjectOf(user) } : {}),
    source: sourceOf(ctx.request),
    ...more,
  };
}
