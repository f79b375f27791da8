import { describe, expect, it } from 'vitest';
import type { MessageValues } from './campaign-message.js';
import { MINI_MIRANDA, SMS_OPT_OUT, fillTemplate, renderCampaignMessage, unknownPlaceholders } from './campaign-message.js';

const values: MessageValues = { firstName: 'Ann', lastName: 'Lee', fileNumber: 'F-1', balance: 1234.5, clientName: 'First Bank' };

describe('campaign messages', () => {
  it('fills debtor, account and client placeholders, the balance as dollars, and the placeholders of older templates', () => {
    expect(fillTemplate('Hi {{debtor.firstName}} {{ debtor.lastName }}, {{client.name}} file {{account.fileNumber}} owes {{account.balance}}.', values)).toBe('Hi Ann Lee, First Bank file F-1 owes $1,234.50.');
    expect(fillTemplate('Hi {firstName}, file {fileNumber} owes {balance}. {other}', values)).toBe('Hi Ann, file F-1 owes $1,234.50. {other}');
    expect(fillTemplate('{{debtor.firstName}}|{{account.balance}}', { ...values, firstName: null, balance: null })).toBe('|');
  });

  it('finds the placeholders it does not fill, and refuses to render them', () => {
    expect(unknownPlaceholders('Hi {{debtor.firstName}} {{campaign.name}} {{ssn}} {{campaign.name}} {other}')).toEqual(['campaign.name', 'ssn']);
    expect(() => fillTemplate('{{campaign.name}}', values)).toThrow('unknown placeholder {{campaign.name}}');
  });

  it('always ends an email with the debt-collector disclosure and an opt-out link, whatever the template says, and defaults the subject to the file number', () => {
    const email = renderCampaignMessage({ channel: 'email', subjectTemplate: null, bodyTemplate: 'Please call us.', values, optOutUrl: 'https://steward.example/opt-out/abc' });
    expect(email.subject).toBe('About your account F-1');
    expect(email.body).toBe(`Please call us.\n\n${MINI_MIRANDA}\n\nTo stop receiving emails about this account, open this link: https://steward.example/opt-out/abc`);
    // A subject is one line, whatever the template holds.
    expect(renderCampaignMessage({ channel: 'email', subjectTemplate: 'Hi\r\nBcc: x@evil.example', bodyTemplate: '', values, optOutUrl: 'u' }).subject).toBe('Hi Bcc: x@evil.example');
  });

  it('always ends a text with the disclosure and "Reply STOP to opt out"', () => {
    expect(renderCampaignMessage({ channel: 'sms', bodyTemplate: 'Hi {{debtor.firstName}}.', values }).body).toBe(`Hi Ann. ${MINI_MIRANDA} ${SMS_OPT_OUT}`);
  });
});
