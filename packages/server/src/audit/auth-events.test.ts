import { describe, expect, it } from 'vitest';
import { toAuditEntry, type AuditEvent } from './audit-event.js';
import { challengeResponsesOf, eventIdOf, toAuthEvent, toOwnSignIn } from './auth-events.js';
import { deviceNameOf } from './device-name.js';

const signIn = (outcome: 'success' | 'failure', details: Record<string, unknown>): AuditEvent => ({
  action: 'sign_in',
  outcome,
  actor: { kind: 'user', sub: 's', name: 'dana' },
  subject: { sub: 's', name: 'dana' },
  source: { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' },
  details,
});

describe('authentication events in Cognito\'s shape', () => {
  it('map a password-and-MFA sign-in to SignIn Pass with both challenges answered', () => {
    const row = { seq: '7', hash: 'ab'.repeat(32), entry: toAuditEntry(signIn('success', { flow: 'USER_SRP_AUTH', firstFactor: 'password', mfa: 'SOFTWARE_TOKEN_MFA' }), new Date('2026-03-01T10:00:00Z')) };
    expect(toAuthEvent(row)).toEqual({
      EventId: 'abababab-abab-abab-abab-abababababab',
      EventType: 'SignIn',
      CreationDate: Date.UTC(2026, 2, 1, 10) / 1000,
      EventResponse: 'Pass',
      EventRisk: { RiskDecision: 'NoRisk', CompromisedCredentialsDetected: false },
      ChallengeResponses: [
        { ChallengeName: 'Password', ChallengeResponse: 'Success' },
        { ChallengeName: 'Mfa', ChallengeResponse: 'Success' },
      ],
      EventContextData: { IpAddress: '203.0.113.7', DeviceName: 'Chrome 126 on Windows' },
    });
  });

  it('say which challenge a refused sign-in failed', () => {
    const at = new Date();
    expect(challengeResponsesOf(toAuditEntry(signIn('failure', { flow: 'USER_PASSWORD_AUTH', reason: 'NotAuthorizedException' }), at))).toEqual([{ ChallengeName: 'Password', ChallengeResponse: 'Failure' }]);
    expect(challengeResponsesOf(toAuditEntry(signIn('failure', { challenge: 'SOFTWARE_TOKEN_MFA', reason: 'CodeMismatchException' }), at))).toEqual([
      { ChallengeName: 'Password', ChallengeResponse: 'Success' },
      { ChallengeName: 'Mfa', ChallengeResponse: 'Failure' },
    ]);
    expect(toAuthEvent({ seq: '1', hash: '00'.repeat(32), entry: toAuditEntry(signIn('failure', {}), at) }).EventResponse).toBe('Fail');
  });

  it('map password events to ForgotPassword, PasswordChange, SignUp and ResendCode', () => {
    const at = new Date();
    const of = (action: AuditEvent['action']) => toAuthEvent({ seq: '1', hash: eventIdOf('1').replace(/-/g, ''), entry: toAuditEntry({ action, actor: { kind: 'user' } }, at) }).EventType;
    expect([of('password.reset_requested'), of('password.reset'), of('password.changed'), of('sign_up'), of('sign_up.code_resent')]).toEqual(['ForgotPassword', 'ForgotPassword', 'PasswordChange', 'SignUp', 'ResendCode']);
  });

  it('show a user their own sign-in with device, address and the reason of a failure', () => {
    const own = toOwnSignIn({ seq: '1', hash: '00'.repeat(32), entry: toAuditEntry(signIn('failure', { flow: 'USER_SRP_AUTH', reason: 'NotAuthorizedException', via: 'managed-login' }), new Date('2026-03-01T10:00:00Z')) });
    expect(own).toMatchObject({ at: '2026-03-01T10:00:00.000Z', outcome: 'failure', ip: '203.0.113.7', device: 'Chrome 126 on Windows', reason: 'NotAuthorizedException', method: 'hosted page' });
  });

  it('name devices from user agents, and keep an unknown agent as it is', () => {
    expect(deviceNameOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari 17 on iOS');
    expect(deviceNameOf('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128 on Linux');
    expect(deviceNameOf('aws-sdk-js/3.900.0 ua/2.1 os/linux#6.1 lang/js md/nodejs#20.20.2')).toBe('AWS SDK for JavaScript 3.900.0');
    expect(deviceNameOf('my-batch-tool')).toBe('my-batch-tool');
    expect(deviceNameOf(undefined)).toBeUndefined();
  });
});
