// Label values stay in their closed sets whatever the input: each mapping is checked against the
// errors the server really throws and against caller-chosen strings.
import { describe, expect, it } from 'vitest';
import { fail } from '../errors/catalogue.js';
import { ATTEMPTS_EXCEEDED } from '../user-pool/auth/flows/password-check.js';
import { WRONG_CREDENTIALS } from '../user-pool/auth/sign-in/user-gate.js';
import { FAILURE_REASONS, GRANT_OUTCOMES, GRANT_TYPES, SIGN_IN_FLOWS } from './metrics.js';
import { grantOutcomeLabel, grantTypeLabel, httpMethodLabel, lockoutKindOf, mfaFailureKind, signInFailureReason, signInFlowLabel } from './metric-labels.js';

describe('signInFailureReason', () => {
  it.each([
    [fail('NotAuthorizedException', WRONG_CREDENTIALS), 'wrong_credentials'],
    [fail('UserNotFoundException'), 'wrong_credentials'],
    [fail('NotAuthorizedException', ATTEMPTS_EXCEEDED), 'locked_out'],
    [fail('TooManyFailedAttemptsException'), 'locked_out'],
    [fail('CodeMismatchException'), 'wrong_code'],
    [fail('ExpiredCodeException'), 'wrong_code'],
    [fail('NotAuthorizedException', 'Invalid session for the user, session is expired.'), 'session_expired'],
    [fail('NotAuthorizedException', 'User is disabled.'), 'user_state'],
    [fail('UserNotConfirmedException'), 'user_state'],
    [fail('PasswordResetRequiredException'), 'user_state'],
    [fail('NotAuthorizedException', 'Refresh Token has been revoked'), 'token_refused'],
    [fail('NotAuthorizedException', 'Invalid Refresh Token'), 'token_refused'],
    [fail('RefreshTokenReuseException'), 'token_reused'],
    [fail('NotAuthorizedException', 'Unable to verify secret hash for client abc'), 'not_authorized'],
    [fail('TooManyRequestsException'), 'rate_limited'],
    [fail('InvalidParameterException'), 'invalid_request'],
    [fail('ResourceNotFoundException'), 'invalid_request'],
    [fail('CodeDeliveryFailureException'), 'other'],
    [new Error('boom'), 'internal'],
    ['not an error', 'internal'],
  ] as const)('%s is %s', (error, reason) => {
    expect(signInFailureReason(error)).toBe(reason);
  });

  it('names only classes of the closed list', () => {
    for (const name of ['NotAuthorizedException', 'InvalidPasswordException', 'AliasExistsException', 'WebAuthnNotEnabledException'] as const) {
      expect(FAILURE_REASONS).toContain(signInFailureReason(fail(name, 'anything a caller could have made us say')));
    }
  });
});

describe('lockoutKindOf and mfaFailureKind', () => {
  it('tells the password lockout from the code lockout, and nothing else', () => {
    expect(lockoutKindOf(fail('NotAuthorizedException', ATTEMPTS_EXCEEDED))).toBe('password');
    expect(lockoutKindOf(fail('TooManyFailedAttemptsException'))).toBe('mfa');
    expect(lockoutKindOf(fail('NotAuthorizedException', WRONG_CREDENTIALS))).toBeUndefined();
    expect(lockoutKindOf(fail('CodeMismatchException'))).toBeUndefined();
  });

  it('counts code challenges only', () => {
    expect(mfaFailureKind('SOFTWARE_TOKEN_MFA')).toBe('SOFTWARE_TOKEN_MFA');
    expect(mfaFailureKind('SMS_MFA')).toBe('SMS_MFA');
    expect(mfaFailureKind('PASSWORD_VERIFIER')).toBeUndefined();
    expect(mfaFailureKind('user@example.com')).toBeUndefined();
    expect(mfaFailureKind(undefined)).toBeUndefined();
  });
});

// Threat: a caller choosing label values (a username as AuthFlow, a token as grant_type) to leak
// data into the metrics or to grow one series per request until Prometheus falls over.
describe('caller-chosen values', () => {
  const hostile = ['alice@example.com', 'eyJhbGciOiJSUzI1NiJ9.e30.sig', '../../etc/passwd', 'USER_SRP_AUTH ', 'user_srp_auth', '', '{"a":1}'];

  it('map to a flow of the list, "unknown" otherwise', () => {
    expect(signInFlowLabel('USER_SRP_AUTH')).toBe('USER_SRP_AUTH');
    expect(signInFlowLabel('REFRESH_TOKEN')).toBe('REFRESH_TOKEN_AUTH');
    for (const value of [...hostile, 42, null, undefined, 'MANAGED_LOGIN']) expect(signInFlowLabel(value)).toBe('unknown');
    for (const value of hostile) expect(SIGN_IN_FLOWS).toContain(signInFlowLabel(value));
  });

  it('map to a grant type of the list', () => {
    expect(grantTypeLabel({ grant_type: 'authorization_code' })).toBe('authorization_code');
    expect(grantTypeLabel({ grant_type: 'client_credentials' })).toBe('client_credentials');
    expect(grantTypeLabel({})).toBe('none');
    expect(grantTypeLabel(undefined)).toBe('none');
    expect(grantTypeLabel({ grant_type: 'none' })).toBe('other');
    expect(grantTypeLabel({ grant_type: ['refresh_token'] })).toBe('other');
    for (const value of hostile.filter((v) => v !== '')) expect(grantTypeLabel({ grant_type: value })).toBe('other');
    for (const value of hostile) expect(GRANT_TYPES).toContain(grantTypeLabel({ grant_type: value }));
  });

  it('map to a grant outcome of the list', () => {
    expect(grantOutcomeLabel('invalid_grant')).toBe('invalid_grant');
    for (const value of hostile) expect(GRANT_OUTCOMES).toContain(grantOutcomeLabel(value));
  });

  it('map to a usual method or "other"', () => {
    expect(httpMethodLabel('GET')).toBe('GET');
    expect(httpMethodLabel('PROPFIND')).toBe('other');
    expect(httpMethodLabel('get')).toBe('other');
  });
});
