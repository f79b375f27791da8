// The wording and sender of a pool's messages, from its settings (CreateUserPool / UpdateUserPool /
// SetUserPoolMfaConfig), as Cognito uses them:
// - VerificationMessageTemplate (or the legacy Email/SmsVerification* members, folded into it when
//   stored): sign-up and resent codes, attribute verification and password-reset codes;
//   DefaultEmailOption CONFIRM_WITH_LINK: the emailed sign-up code travels in a link, worded by
//   EmailMessageByLink / EmailSubjectByLink around `{##link text##}`.
// - SmsAuthenticationMessage: SMS MFA and SMS sign-in codes.
// - EmailMfaConfiguration Message / Subject: email MFA and email sign-in codes.
// - AdminCreateUserConfig.InviteMessageTemplate: invitations, `{username}` and `{####}` (the
//   temporary password).
// - EmailConfiguration From / ReplyToEmailAddress (else SourceArn's address): the email's sender.
// A member the pool does not set keeps the built-in wording, so pools without templates (the
// demo pool) read as before.
import type { PoolRecord } from '../pools/pool-repository.js';
import type { CodePurpose } from './one-time-codes.js';

/** Cognito's code placeholder. */
export const CODE_PLACEHOLDER = '{####}';
/** Cognito's username placeholder (invitations). */
export const USERNAME_PLACEHOLDER = '{username}';
/** Cognito's link placeholder: `{##Verify Email##}`, the text between the marks being the link's text. */
export const LINK_PLACEHOLDER = /\{##([^#][\s\S]*?)##\}/g;

/** A message's subject (email only) and body. */
export interface MessageText {
  readonly subject: string;
  readonly body: string;
}

/** The key of user_pools.settings holding SetUserPoolMfaConfig's EmailMfaConfiguration. */
export const EMAIL_MFA_SETTING = 'emailMfaConfiguration';

/** What SetUserPoolMfaConfig's EmailMfaConfiguration stores. */
export interface EmailMfaMessage {
  readonly Message?: string;
  readonly Subject?: string;
}

interface VerificationTemplate {
  readonly SmsMessage?: string;
  readonly EmailMessage?: string;
  readonly EmailSubject?: string;
  readonly EmailMessageByLink?: string;
  readonly EmailSubjectByLink?: string;
  readonly DefaultEmailOption?: 'CONFIRM_WITH_LINK' | 'CONFIRM_WITH_CODE';
}

interface InviteTemplate {
  readonly SMSMessage?: string;
  readonly EmailMessage?: string;
  readonly EmailSubject?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const record = (value: unknown): Readonly<Record<string, unknown>> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The pool's stored message settings (pool-settings.ts `poolMessages`); empty for pools without (the demo pool). */
function messagesOf(pool: Pick<PoolRecord, 'settings'>): Readonly<Record<string, unknown>> {
  return record(pool.settings.poolMessages);
}

function verificationTemplate(pool: Pick<PoolRecord, 'settings'>): VerificationTemplate {
  return record(messagesOf(pool).VerificationMessageTemplate);
}

/** Whether the pool confirms emailed sign-ups with a link (VerificationMessageTemplate.DefaultEmailOption CONFIRM_WITH_LINK). */
export function confirmsWithLink(pool: Pick<PoolRecord, 'settings'>): boolean {
  return verificationTemplate(pool).DefaultEmailOption === 'CONFIRM_WITH_LINK';
}

/** Puts the code in for every `{####}`. */
export function fillCode(template: string, code: string): string {
  return template.split(CODE_PLACEHOLDER).join(code);
}

/** Puts the link in for every `{##text##}`: emails are plain text, so the text is followed by the address. */
export function fillLink(template: string, link: string): string {
  return template.replace(LINK_PLACEHOLDER, (_match, label: string) => `${label.trim() === '' ? '' : `${label.trim()}: `}${link}`);
}

/** The pool's template (placeholders unfilled) for a code of `purpose` on `channel`, member by member; `link` for an emailed sign-up link. */
function codeTemplate(pool: Pick<PoolRecord, 'settings'>, purpose: CodePurpose, channel: 'email' | 'sms', link: boolean): { subject?: string | undefined; body?: string | undefined } {
  const messages = messagesOf(pool);
  switch (purpose) {
    case 'MFA_SMS':
    case 'SMS_OTP_SIGN_IN':
      return channel === 'sms' ? { body: text(messages.SmsAuthenticationMessage) } : {};
    case 'MFA_EMAIL':
    case 'EMAIL_OTP_SIGN_IN': {
      const email = record(pool.settings[EMAIL_MFA_SETTING]) as EmailMfaMessage;
      return channel === 'email' ? { subject: text(email.Subject), body: text(email.Message) } : {};
    }
    default: {
      const template = verificationTemplate(pool);
      if (channel === 'sms') return { body: text(template.SmsMessage) };
      if (link) return { subject: text(template.EmailSubjectByLink), body: text(template.EmailMessageByLink) };
      return { subject: text(template.EmailSubject), body: text(template.EmailMessage) };
    }
  }
}

/**
 * The message of a code: the pool's template with the code (or, for `link`, the confirmation link)
 * filled in, each member the pool leaves unset taken from `builtIn` (already filled).
 */
export function poolCodeMessage(pool: Pick<PoolRecord, 'settings'> | undefined, args: { purpose: CodePurpose; channel: 'email' | 'sms'; code: string; link?: string | undefined; builtIn: MessageText }): MessageText {
  if (pool === undefined) return args.builtIn;
  const template = codeTemplate(pool, args.purpose, args.channel, args.link !== undefined);
  const body = template.body === undefined ? args.builtIn.body : args.link !== undefined ? fillCode(fillLink(template.body, args.link), args.code) : fillCode(template.body, args.code);
  return { subject: template.subject ?? args.builtIn.subject, body };
}

/** The built-in invitation, as this server has always worded it. */
export function builtInInvitation(username: string, password: string): MessageText {
  return { subject: 'Your temporary password', body: `Your username is ${username} and temporary password is ${password}` };
}

/** The invitation of AdminCreateUser: InviteMessageTemplate with `{username}` and `{####}` filled in, else the built-in wording. */
export function invitationMessage(pool: Pick<PoolRecord, 'settings'>, channel: 'email' | 'sms', username: string, password: string): MessageText {
  const invite = record(record(messagesOf(pool).AdminCreateUserConfig).InviteMessageTemplate) as InviteTemplate;
  const builtIn = builtInInvitation(username, password);
  const template = channel === 'email' ? text(invite.EmailMessage) : text(invite.SMSMessage);
  const body = template === undefined ? builtIn.body : fillCode(template, password).split(USERNAME_PLACEHOLDER).join(username);
  return { subject: (channel === 'email' ? text(invite.EmailSubject) : undefined) ?? builtIn.subject, body };
}

/** The welcome message of a user UserMigration brought in (no code: the user already has their password). */
export function migrationWelcome(username: string): MessageText {
  return { subject: 'Welcome', body: `Welcome, ${username}. Your account has moved here: sign in with your username and password as before.` };
}

/** The address of an SES identity ARN (`arn:aws:ses:<region>:<account>:identity/<address>`) when it names an address, not a domain. */
function sourceArnAddress(arn: string | undefined): string | undefined {
  const identity = arn === undefined ? undefined : /^arn:[\w-]+:ses:[^:]*:[^:]*:identity\/(.+)$/.exec(arn)?.[1];
  return identity !== undefined && identity.includes('@') ? identity : undefined;
}

/**
 * The sender of the pool's emails (EmailConfiguration): `From`, else the address SourceArn names,
 * else none (the server's SMTP_FROM); `ReplyToEmailAddress` as Reply-To.
 */
export function emailSender(pool: Pick<PoolRecord, 'settings'> | undefined): { from?: string; replyTo?: string } {
  if (pool === undefined) return {};
  const config = record(messagesOf(pool).EmailConfiguration);
  const from = text(config.From) ?? sourceArnAddress(text(config.SourceArn));
  const replyTo = text(config.ReplyToEmailAddress);
  return { ...(from !== undefined ? { from } : {}), ...(replyTo !== undefined ? { replyTo } : {}) };
}
