// What a consumer receives from a campaign: the campaign's subject and body templates with the
// placeholders filled in, and after them, whatever the template says, the disclosures the law asks of a
// debt collector's communication (FDCPA §807(11), the "mini-Miranda") and a simple way to opt out
// (Regulation F §1006.6(e): a link in an email, "Reply STOP" in a text). The campaign's own name is
// internal and never part of a message.

/** The disclosure every campaign message ends with. */
export const MINI_MIRANDA = 'This communication is from a debt collector. This is an attempt to collect a debt and any information obtained will be used for that purpose.';

/** How a text tells the consumer to opt out (the inbound SMS webhook acts on the reply). */
export const SMS_OPT_OUT = 'Reply STOP to opt out.';

/** The subject of an email whose campaign sets none. */
export const DEFAULT_EMAIL_SUBJECT = 'About your account {{account.fileNumber}}';

/** The placeholders a template may use, each filled from the debtor, the account or its client. */
export const TEMPLATE_PLACEHOLDERS = ['debtor.firstName', 'debtor.lastName', 'account.fileNumber', 'account.balance', 'client.name'] as const;

/** One of TEMPLATE_PLACEHOLDERS. */
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

// Templates written before issue 21 used {firstName}, {fileNumber} and {balance}: they keep working.
const LEGACY: Readonly<Record<string, TemplatePlaceholder>> = { firstName: 'debtor.firstName', fileNumber: 'account.fileNumber', balance: 'account.balance' };

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}|\{(firstName|fileNumber|balance)\}/g;

/** What the placeholders are filled with. */
export interface MessageValues {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly fileNumber: string | null;
  /** The account's balance in dollars, shown as money ('$1,234.50'). */
  readonly balance: number | null;
  readonly clientName: string | null;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const isPlaceholder = (name: string): name is TemplatePlaceholder => TEMPLATE_PLACEHOLDERS.some((p) => p === name);

/** The `{{…}}` names of a template that are not placeholders, in order of first use. */
export function unknownPlaceholders(template: string): string[] {
  const unknown: string[] = [];
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1];
    if (name !== undefined && !isPlaceholder(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

function valueOf(name: TemplatePlaceholder, values: MessageValues): string {
  switch (name) {
    case 'debtor.firstName':
      return values.firstName ?? '';
    case 'debtor.lastName':
      return values.lastName ?? '';
    case 'account.fileNumber':
      return values.fileNumber ?? '';
    case 'account.balance':
      return values.balance === null ? '' : money.format(values.balance);
    case 'client.name':
      return values.clientName ?? '';
  }
}

/** The template with its placeholders filled in; throws on an unknown one (checked before planning, so only a changed campaign meets it). */
export function fillTemplate(template: string, values: MessageValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string | undefined, legacy: string | undefined) => {
    const placeholder = name ?? (legacy === undefined ? undefined : LEGACY[legacy]);
    if (placeholder === undefined || !isPlaceholder(placeholder)) throw new RangeError(`unknown placeholder ${whole}`);
    return valueOf(placeholder, values);
  });
}

/** A campaign message ready for the delivery port. */
export interface RenderedMessage {
  /** For an email only. */
  readonly subject?: string;
  readonly body: string;
}

/** What a message is rendered from. */
export type MessageRequest =
  | { readonly channel: 'email'; readonly subjectTemplate: string | null; readonly bodyTemplate: string; readonly values: MessageValues; readonly optOutUrl: string }
  | { readonly channel: 'sms'; readonly bodyTemplate: string; readonly values: MessageValues };

/** The message a consumer receives: the filled template, then the disclosure and the way to opt out, which no template can leave out. */
export function renderCampaignMessage(request: MessageRequest): RenderedMessage {
  const text = fillTemplate(request.bodyTemplate, request.values).trim();
  if (request.channel === 'sms') return { body: [text, MINI_MIRANDA, SMS_OPT_OUT].filter((part) => part !== '').join(' ') };
  const subjectTemplate = request.subjectTemplate === null || request.subjectTemplate.trim() === '' ? DEFAULT_EMAIL_SUBJECT : request.subjectTemplate;
  // A subject is one line: a line break in it would start the message's headers over.
  const subject = fillTemplate(subjectTemplate, request.values).replace(/\s+/g, ' ').trim();
  const body = [text, MINI_MIRANDA, `To stop receiving emails about this account, open this link: ${request.optOutUrl}`].filter((part) => part !== '').join('\n\n');
  return { subject, body };
}
