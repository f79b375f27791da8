// Sending a code: rate limit, store its hash, hand the message to the delivery port, and answer with
// Cognito's CodeDeliveryDetails (destination masked).
import type { Queryable } from '../../db/database.js';
import type { AuditEvent } from '../../audit/audit-event.js';
import { fail } from '../../errors/catalogue.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { UserRecord } from '../users/user-repository.js';
import { issueCode, type CodePurpose } from './one-time-codes.js';
import { findPool } from '../pools/pool-repository.js';
import { customMessage, hasCustomSender, runCustomSender, type MessageSource } from '../triggers/custom-message.js';
import { confirmsWithLink, emailSender, poolCodeMessage } from './pool-messages.js';

/** Cognito's CodeDeliveryDetailsType. */
export interface CodeDeliveryDetails {
  Destination: string;
  DeliveryMedium: 'EMAIL' | 'SMS';
  AttributeName: string;
}

/** Masks an email ("j***@e***") or phone number ("+*******1234") as Cognito does. */
export function maskDestination(destination: string): string {
  const at = destination.indexOf('@');
  if (at > 0) return `${destination[0] ?? ''}***@${destination[at + 1] ?? ''}***`;
  return `+${'*'.repeat(Math.max(0, destination.length - 5))}${destination.slice(-4)}`;
}

/** The built-in wording of each kind of code message (a pool's templates override it); `link` replaces a sign-up code with a link to open. */
export function codeMessage(purpose: CodePurpose, code: string, link?: string): { subject: string; body: string } {
  switch (purpose) {
    case 'SIGN_UP':
      if (link !== undefined) return { subject: 'Confirm your account', body: `Open this link to confirm your account: ${link}` };
      return { subject: 'Your verification code', body: `Your confirmation code is ${code}` };
    case 'FORGOT_PASSWORD':
      return { subject: 'Your password reset code', body: `Your password reset code is ${code}` };
    case 'MFA_SMS':
    case 'MFA_EMAIL':
    case 'EMAIL_OTP_SIGN_IN':
    case 'SMS_OTP_SIGN_IN':
      return { subject: 'Your sign-in code', body: `Your authentication code is ${code}` };
    default:
      return { subject: 'Your verification code', body: `Your verification code is ${code}` };
  }
}

/** Cognito's hosted confirmation link: `{PUBLIC_URL}/confirmUser?client_id=…&user_name=…&confirmation_code=…`. */
export function signUpConfirmationLink(publicUrl: string, clientId: string, username: string, code: string): string {
  const url = new URL('/confirmUser', publicUrl);
  url.search = new URLSearchParams({ client_id: clientId, user_name: username, confirmation_code: code }).toString();
  return url.toString();
}

/** Which attribute a channel delivers to. */
export type DeliveryChannel = 'email' | 'sms';

/** The address `channel` reaches for `user`; InvalidParameterException when the user has none. */
export function codeDestination(user: Pick<UserRecord, 'attributes'>, channel: DeliveryChannel): string {
  const attributeName = channel === 'email' ? 'email' : 'phone_number';
  const destination = user.attributes[attributeName];
  if (destination === undefined || destination === '') {
    throw fail('InvalidParameterException', `The user has no ${attributeName} to send a code to.`);
  }
  return destination;
}

/**
 * Sends a fresh code for `purpose` to the user's email or phone number. LimitExceededException past
 * CODE_SEND_LIMIT; InvalidParameterException when the user has no such attribute;
 * CodeDeliveryFailureException when delivery fails.
 */
export async function sendCode(
  ctx: OperationContext,
  args: { user: UserRecord; purpose: CodePurpose; channel: DeliveryChannel; ttlSeconds?: number; clientId?: string; audit?: AuditEvent; source?: MessageSource },
): Promise<CodeDeliveryDetails> {
  const destination = codeDestination(args.user, args.channel);
  await ctx.limits.assertCodeSendAllowed(args.user.sub, args.purpose);
  const issue = (q: Queryable): Promise<string> => issueCode(ctx, { user: args.user, purpose: args.purpose, destination, ...(args.ttlSeconds !== undefined ? { ttlSeconds: args.ttlSeconds } : {}) }, q);
  // The audit event (a reset requested, a code resent) is stored with the code it records.
  const code = args.audit === undefined ? await issue(ctx.db) : await ctx.audit.change(issue, () => args.audit);
  return deliverCode(ctx, { user: args.user, purpose: args.purpose, channel: args.channel, code, ...(args.clientId !== undefined ? { clientId: args.clientId } : {}), ...(args.source !== undefined ? { source: args.source } : {}) });
}

/**
 * Hands a code already issued (issueCode) to the delivery port and answers Cognito's
 * CodeDeliveryDetails; CodeDeliveryFailureException when delivery fails.
 */
export async function deliverCode(
  ctx: OperationContext,
  args: { user: UserRecord; purpose: CodePurpose; channel: DeliveryChannel; code: string; clientId?: string; source?: MessageSource },
): Promise<CodeDeliveryDetails> {
  const destination = codeDestination(args.user, args.channel);
  const details: CodeDeliveryDetails = { Destination: maskDestination(destination), DeliveryMedium: args.channel === 'email' ? 'EMAIL' : 'SMS', AttributeName: args.channel === 'email' ? 'email' : 'phone_number' };
  const pool = await findPool(ctx.db, args.user.poolId);
  // With SIGN_UP_VERIFICATION=link, or in a pool whose DefaultEmailOption is CONFIRM_WITH_LINK, an
  // emailed sign-up code travels inside Cognito's confirmation link.
  const linkWanted = ctx.config.signUpVerification === 'link' || (pool !== undefined && confirmsWithLink(pool));
  const asLink = args.purpose === 'SIGN_UP' && args.channel === 'email' && linkWanted && args.clientId !== undefined;
  const link = asLink ? signUpConfirmationLink(ctx.config.publicUrl, args.clientId ?? '', args.user.username, args.code) : undefined;
  // The pool's template (pool-messages.ts), member by member over the built-in wording.
  const worded = poolCodeMessage(pool, { purpose: args.purpose, channel: args.channel, code: args.code, link, builtIn: codeMessage(args.purpose, args.code, link) });
  // The pool's triggers (user-pool/triggers/custom-message.ts): a custom sender delivers instead, or CustomMessage rewords.
  const request = { user: args.user, source: args.source ?? messageSourceOf(args.purpose), channel: args.channel, code: args.code, message: worded, clientId: args.clientId };
  if (pool !== undefined && hasCustomSender(pool, args.channel)) {
    await runCustomSender(ctx, pool, request);
    return details;
  }
  const message = pool === undefined || asLink ? worded : await customMessage(ctx, pool, request);
  await ctx.delivery.send({
    poolId: args.user.poolId,
    channel: args.channel,
    destination,
    ...(args.channel === 'email' ? { subject: message.subject, ...emailSender(pool) } : {}),
    body: message.body,
    code: args.code,
  });
  return details;
}

/** The trigger source suffix of a code's purpose (callers that know better pass `source`). */
function messageSourceOf(purpose: CodePurpose): MessageSource {
  if (purpose === 'SIGN_UP') return 'SignUp';
  if (purpose === 'FORGOT_PASSWORD') return 'ForgotPassword';
  if (purpose.startsWith('VERIFY_ATTRIBUTE:')) return 'VerifyUserAttribute';
  return 'Authentication';
}

/** The channel for account codes: email when the user has one, else SMS. */
export function preferredChannel(user: UserRecord): DeliveryChannel {
  return (user.attributes.email ?? '') !== '' ? 'email' : 'sms';
}
