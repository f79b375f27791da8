import { describe, expect, it } from 'vitest';
import { campaignMessageSettings, isStopRequest, optOutToken, optOutUrl, readOptOutToken } from './opt-out.js';

const settings = campaignMessageSettings({ publicUrl: 'https://steward.example/', signingKeySecret: 'a'.repeat(32) });

describe('opt-out links', () => {
  it('reads back the debtor and channel of a link it made', () => {
    const url = optOutUrl(settings, 'debtor-1', 'email');
    expect(url.startsWith('https://steward.example/opt-out/')).toBe(true);
    expect(readOptOutToken(settings.optOutKey, url.slice('https://steward.example/opt-out/'.length))).toEqual({ debtorId: 'debtor-1', channel: 'email' });
  });

  it('refuses a forged, altered or re-targeted link: another debtor, another channel, another server key', () => {
    // Threat: a consumer (or anyone with one link) opting out someone else, or a guessed link.
    const token = optOutToken(settings.optOutKey, 'debtor-1', 'email');
    const [, , mac = ''] = token.split('.');
    expect(readOptOutToken(settings.optOutKey, `${Buffer.from('debtor-2').toString('base64url')}.email.${mac}`)).toBeNull();
    expect(readOptOutToken(settings.optOutKey, token.replace('.email.', '.sms.'))).toBeNull();
    expect(readOptOutToken(campaignMessageSettings({ publicUrl: 'x', signingKeySecret: 'b'.repeat(32) }).optOutKey, token)).toBeNull();
    for (const bad of ['', 'a.b', 'a.email.short', `${token}.x`, token.replace('.email.', '.call.')]) expect(readOptOutToken(settings.optOutKey, bad)).toBeNull();
  });
});

describe('isStopRequest', () => {
  it('takes the carriers\' opt-out words in any case, with punctuation or spaces, and nothing else', () => {
    for (const text of ['STOP', 'stop', ' Stop. ', 'UNSUBSCRIBE', 'Cancel', 'end', 'quit', 'STOP ALL']) expect(isStopRequest(text)).toBe(true);
    for (const text of ['please call me', 'stopping by later', 'YES', '']) expect(isStopRequest(text)).toBe(false);
  });
});
