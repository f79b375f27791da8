// How a code message goes out when the pool has triggers for it:
// - CustomEmailSender / CustomSMSSender (for the channel): the code is sent to the webhook, which
//   delivers it itself; the built-in delivery sends nothing. Cognito encrypts the code with KMS;
//   here it travels in the signed body in clear, which is why a sender's URL must be https (or
//   loopback, for a sender on the same host).
// - else CustomMessage: the handler writes the message around the placeholders ("{####}" for the
//   code, "{username}" for an invitation's username), the server puts the values in and sends it.
//   A message that lost the code placeholder is refused (InvalidLambdaResponseException): sending
//   it would leave the user without their code.
import type { OperationContext } from '../operations/operation-context.js';
import type { PoolRecord } from '../pools/pool-repository.js';
import type { UserRecord } from '../users/user-repository.js';
import { invokeTrigger, responseOf, unrecognizable } from './invoke-trigger.js';
import { triggerTarget } from './lambda-config.js';
import { eventUserAttributes, triggerEvent, withClientMetadata } from './trigger-event.js';

/** Why a message is sent: the suffix of the CustomMessage_* / Custom*Sender_* trigger source. */
export type MessageSource = 'SignUp' | 'ResendCode' | 'ForgotPassword' | 'UpdateUserAttribute' | 'VerifyUserAttribute' | 'Authentication' | 'AdminCreateUser';

/** Cognito's placeholders. */
export const CODE_PARAMETER = '{####}';
export const USERNAME_PARAMETER = '{username}';

/** What a message send needs. */
export interface MessageRequest {
  readonly user: UserRecord;
  readonly source: MessageSource;
  readonly channel: 'email' | 'sms';
  /** The code (for an invitation: the temporary password). */
  readonly code: string;
  /** The built-in wording, used when no CustomMessage trigger changes it. */
  readonly message: { readonly subject: string; readonly body: string };
  readonly clientId?: string | undefined;
  readonly clientMetadata?: Readonly<Record<string, string>> | undefined;
}

/** True when a custom sender webhook delivers `channel` for the pool (the built-in delivery must then send nothing). */
export function hasCustomSender(pool: PoolRecord, channel: 'email' | 'sms'): boolean {
  return triggerTarget(pool, channel === 'email' ? 'CustomEmailSender' : 'CustomSMSSender') !== undefined;
}

/** Sends the code to the pool's custom sender for the channel (hasCustomSender must hold). */
export async function runCustomSender(ctx: OperationContext, pool: PoolRecord, request: MessageRequest): Promise<void> {
  const name = request.channel === 'email' ? 'CustomEmailSender' : 'CustomSMSSender';
  const target = triggerTarget(pool, name);
  if (target === undefined) return;
  const event = triggerEvent(ctx, pool, {
    triggerSource: `${name}_${request.source}`,
    userName: request.user.username,
    clientId: request.clientId,
    request: {
      type: request.channel === 'email' ? 'customEmailSenderRequestV1' : 'customSMSSenderRequestV1',
      code: request.code,
      ...withClientMetadata(request.clientMetadata),
      userAttributes: eventUserAttributes(request.user),
    },
    response: {},
  });
  await invokeTrigger(ctx, pool, target, event);
}

/** The message to send: CustomMessage's, with the placeholders filled, or the built-in one when the trigger is not configured or changes nothing. */
export async function customMessage(ctx: OperationContext, pool: PoolRecord, request: MessageRequest): Promise<{ subject: string; body: string }> {
  const target = triggerTarget(pool, 'CustomMessage');
  if (target === undefined) return { ...request.message };
  const invitation = request.source === 'AdminCreateUser';
  const event = triggerEvent(ctx, pool, {
    triggerSource: `CustomMessage_${request.source}`,
    userName: request.user.username,
    clientId: request.clientId,
    request: {
      userAttributes: eventUserAttributes(request.user),
      codeParameter: CODE_PARAMETER,
      usernameParameter: invitation ? USERNAME_PARAMETER : null,
      ...withClientMetadata(request.clientMetadata),
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  });
  const response = responseOf(await invokeTrigger(ctx, pool, target, event));
  const text = (key: string): string | undefined => {
    const value = response[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw unrecognizable();
    return value;
  };
  const body = text(request.channel === 'email' ? 'emailMessage' : 'smsMessage');
  const subject = request.channel === 'email' ? text('emailSubject') : undefined;
  if (body !== undefined && !body.includes(CODE_PARAMETER)) throw unrecognizable();
  const fill = (value: string): string => value.split(CODE_PARAMETER).join(request.code).split(USERNAME_PARAMETER).join(invitation ? request.user.username : USERNAME_PARAMETER);
  return { subject: subject ?? request.message.subject, body: body === undefined ? request.message.body : fill(body) };
}
