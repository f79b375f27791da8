import { describe, expect, it } from 'vitest';
import { categoryOf, fieldChanges, isSecretKey, REDACTED, redactSecrets, searchKeysOf, toAuditEntry } from './audit-event.js';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLWJ5dGVz';

describe('audit events', () => {
  // Threat: a secret (password, code, token, TOTP secret) written into the append-only log, where it
  // can never be deleted and every administrator can read it.
  it('replace secret-named members and texts holding a JWT, at any depth', () => {
    const redacted = redactSecrets({ username: 'dana', Password: 'Dana-Passw0rd!', nested: { SecretCode: 'JBSWY3DP', list: [{ RefreshToken: 'abc' }, `Bearer ${JWT}`] }, code: '123456', zipCode: '10001' });
    expect(redacted).toEqual({ username: 'dana', Password: REDACTED, nested: { SecretCode: REDACTED, list: [{ RefreshToken: REDACTED }, REDACTED] }, code: REDACTED, zipCode: '10001' });
  });

  it('name passwords, codes, tokens, TOTP secrets, verifiers and session data as secrets, and business fields as not', () => {
    for (const key of ['password', 'TemporaryPassword', 'NEW_PASSWORD', 'ConfirmationCode', 'code', 'UserCode', 'SOFTWARE_TOKEN_MFA_CODE', 'EMAIL_OTP_CODE', 'AccessToken', 'refresh_token', 'totpSecret', 'totpPendingSecret', 'srpVerifier', 'passwordHash', 'sessionData', 'Session', 'ClientSecret', 'SecretCode', 'authorization']) {
      expect(isSecretKey(key), key).toBe(true);
    }
    for (const key of ['amountCents', 'zipCode', 'clientNumber', 'transactionRef', 'sessionStart', 'sessionLength', 'description', 'email', 'softwareTokenMfaEnabled', 'EnableTokenRevocation', 'RefreshTokenValidity', 'passwordChangedAt']) {
      expect(isSecretKey(key), key).toBe(false);
    }
  });

  it('keep a secret field name in changes but never its values', () => {
    const entry = toAuditEntry({ action: 'data.update', actor: { kind: 'user', sub: 's', name: 'n' }, changes: { sessionData: { before: null, after: '{"a":1}' }, note: { before: 'x', after: JWT } } }, new Date('2026-01-02T03:04:05.000Z'));
    expect(entry.changes).toEqual({ sessionData: { before: null, after: REDACTED }, note: { before: 'x', after: REDACTED } });
  });

  it('stamp the instant, the category and a success outcome, and key the entry by users and records', () => {
    const entry = toAuditEntry(
      { action: 'desk.payment_posted', actor: { kind: 'user', sub: 'ABC-sub', name: 'Dana' }, record: { type: 'TransactionMdl', id: 't1' }, related: [{ type: 'AccountMdl', id: 'a1' }] },
      new Date('2026-01-02T03:04:05.000Z'),
    );
    expect(entry).toMatchObject({ v: 1, at: '2026-01-02T03:04:05.000Z', category: 'data', outcome: 'success', keys: ['u:abc-sub', 'u:dana', 'r:t1', 'r:a1'] });
    expect(categoryOf('admin.user.created')).toBe('admin');
    expect(categoryOf('sign_in')).toBe('security');
    expect(searchKeysOf({ actor: { kind: 'anonymous' } })).toEqual([]);
  });

  it('replace what jsonb cannot store (a NUL, a lone surrogate) instead of failing the write', () => {
    expect(redactSecrets({ note: 'a\u0000b', half: 'x\ud800y', pair: '\ud83d\ude00' })).toEqual({ note: 'a\ufffdb', half: 'x\ufffdy', pair: '\ud83d\ude00' });
  });

  it('list only the fields that changed, leaving out the bookkeeping ones', () => {
    expect(fieldChanges({ a: 1, b: 'x', updatedAt: '1', _version: 1 }, { a: 2, b: 'x', updatedAt: '2', _version: 2 })).toEqual({ a: { before: 1, after: 2 } });
    expect(fieldChanges(null, { a: 1, b: null })).toEqual({ a: { before: null, after: 1 } });
    expect(fieldChanges({ a: 1 }, null)).toEqual({ a: { before: 1, after: null } });
    expect(fieldChanges({ d: new Date('2026-01-01T00:00:00Z') }, { d: '2026-01-01T00:00:00.000Z' })).toEqual({});
  });
});
