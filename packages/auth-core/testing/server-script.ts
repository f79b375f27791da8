// Test support for property tests: arbitrary Cognito server replies (tokens good and bad, every
// challenge name, provider errors), arbitrary user answers, and a runtime over a fake Cognito that
// serves a script of replies in order. Used by *.props.test.ts only; it needs fast-check (a dev
// dependency), so index.ts must never export it.
import fc from 'fast-check';
import { cognitoError, createFakeCognito } from './fake-cognito.js';
import type { FakeReply } from './fake-cognito.js';
import type { ChallengeNameType } from '../src/cognito/user-pool-operations.js';
import { createAuthHub } from '../src/events/auth-hub.js';
import type { AuthHubPayload } from '../src/events/auth-hub.js';
import { createAuthRuntime } from '../src/runtime/auth-runtime.js';
import type { AuthOptions, AuthRuntime, AuthRuntimeIO } from '../src/runtime/auth-runtime.js';
import { TEST_CONFIG, createRecordingCookies, createTestClock, epochSeconds, makeAuthenticationResult } from './test-runtime.js';
import type { PasskeyGetOptionsJson, WebAuthnPort } from '../src/runtime/web-authn-port.js';
import type { KeyValueStorage } from '../src/storage/key-value-storage.js';
import type { AuthFlowType } from '../src/tokens/token-store.js';
import type { CognitoAnswer } from '../src/machines/challenges/sign-in-steps.js';

/** Storage the test can read synchronously (to check what is stored when a snapshot is emitted). */
export function mirrorStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => {
      items.set(key, value);
    },
    removeItem: async (key) => {
      items.delete(key);
    },
    clear: async () => {
      items.clear();
    },
  };
}

/** How a tokens reply is broken, if at all. */
export type TokenVariant = 'valid' | 'noAccessToken' | 'garbageAccessToken' | 'noSub';
/** One scripted reply of InitiateAuth / RespondToAuthChallenge. */
export type ServerReply =
  | { kind: 'tokens'; variant: TokenVariant; withDevice: boolean }
  | { kind: 'challenge'; answer: CognitoAnswer }
  | { kind: 'error'; name: string };

const CHALLENGES: ChallengeNameType[] = [
  'SMS_MFA',
  'SMS_OTP',
  'EMAIL_OTP',
  'SOFTWARE_TOKEN_MFA',
  'SELECT_MFA_TYPE',
  'SELECT_CHALLENGE',
  'MFA_SETUP',
  'PASSWORD',
  'PASSWORD_SRP',
  'PASSWORD_VERIFIER',
  'CUSTOM_CHALLENGE',
  'DEVICE_SRP_AUTH',
  'DEVICE_PASSWORD_VERIFIER',
  'ADMIN_NO_SRP_AUTH',
  'NEW_PASSWORD_REQUIRED',
  'WEB_AUTHN',
];
const MFA_NAMES = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'];
/** Valid WEB_AUTHN request options. */
export const PASSKEY_OPTIONS = JSON.stringify({ challenge: 'Y2hhbGxlbmdl', rpId: 'app.example.com' } satisfies PasskeyGetOptionsJson);

const hex = fc.stringMatching(/^[1-9a-f][0-9a-f]{0,40}$/);
const parameters = fc.record(
  {
    MFAS_CAN_SETUP: fc.subarray(MFA_NAMES).map((list) => JSON.stringify(list)),
    MFAS_CAN_CHOOSE: fc.subarray(MFA_NAMES).map((list) => JSON.stringify(list)),
    CODE_DELIVERY_DELIVERY_MEDIUM: fc.constantFrom('SMS', 'EMAIL'),
    CODE_DELIVERY_DESTINATION: fc.string({ maxLength: 12 }),
    requiredAttributes: fc.subarray(['userAttributes.given_name', 'userAttributes.email']).map((list) => JSON.stringify(list)),
    CREDENTIAL_REQUEST_OPTIONS: fc.constantFrom(PASSKEY_OPTIONS, '{"nope":1}', 'not json'),
    SALT: hex,
    SRP_B: hex,
    SECRET_BLOCK: fc.constantFrom('c2VjcmV0LWJsb2Nr', 'AAECAwQ='),
    USER_ID_FOR_SRP: fc.constantFrom('alice', 'internal-1'),
    USERNAME: fc.constantFrom('alice', 'internal-1'),
  },
  { requiredKeys: [] },
);
/** An arbitrary challenge reply. */
export const challengeReply: fc.Arbitrary<ServerReply> = fc
  .record({
    name: fc.constantFrom(...CHALLENGES),
    session: fc.option(fc.constantFrom('s1', 's2', 's3'), { nil: undefined }),
    parameters,
    available: fc.option(fc.subarray<ChallengeNameType>(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'SMS_OTP', 'WEB_AUTHN']), { nil: undefined }),
  })
  .map(({ name, session, parameters: p, available }) => ({
    kind: 'challenge',
    answer: { ChallengeName: name, Session: session, ChallengeParameters: p, ...(available ? { AvailableChallenges: available } : {}) },
  }));
/** An arbitrary reply: tokens, a challenge or a provider error. */
export const serverReply: fc.Arbitrary<ServerReply> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('tokens' as const),
      variant: fc.oneof(
        { weight: 3, arbitrary: fc.constant<TokenVariant>('valid') },
        { weight: 1, arbitrary: fc.constantFrom<TokenVariant>('noAccessToken', 'garbageAccessToken', 'noSub') },
      ),
      withDevice: fc.boolean(),
    }),
  },
  { weight: 5, arbitrary: challengeReply },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        'NotAuthorizedException',
        'CodeMismatchException',
        'ExpiredCodeException',
        'UserNotConfirmedException',
        'PasswordResetRequiredException',
        'ResourceNotFoundException',
        'LimitExceededException',
      )
      .map((name): ServerReply => ({ kind: 'error', name })),
  },
);
/** An arbitrary confirmSignIn answer. */
export const userAnswer = fc.constantFrom('123456', 'SMS', 'TOTP', 'EMAIL', 'alice@example.com', 'PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'WEB_AUTHN', 'Pa55word!', 'nonsense', '');
/** An arbitrary sign-in flow. */
export const flow = fc.constantFrom<AuthFlowType>('USER_SRP_AUTH', 'USER_PASSWORD_AUTH', 'CUSTOM_WITH_SRP', 'CUSTOM_WITHOUT_SRP', 'USER_AUTH');

/** A runtime serving a script, and what it observed. */
export interface Scripted {
  runtime: AuthRuntime;
  storage: ReturnType<typeof mirrorStorage>;
  events: AuthHubPayload[];
  /** AccessTokens served, in order. */
  servedAccessTokens: (string | undefined)[];
  passkeyRequests: number;
  fake: ReturnType<typeof createFakeCognito>;
}

/** A runtime over a fake Cognito that serves `script` in order (then NotAuthorizedException). */
export function scriptedRuntime(script: ServerReply[], config: Partial<AuthOptions> = {}, io: Partial<AuthRuntimeIO> = {}): Scripted {
  const fake = createFakeCognito();
  const clock = createTestClock();
  const storage = mirrorStorage();
  const hub = createAuthHub();
  const observed = { events: [] as AuthHubPayload[], servedAccessTokens: [] as (string | undefined)[], passkeyRequests: 0 };
  const webAuthn: WebAuthnPort = {
    isSupported: () => true,
    create: () => Promise.reject(new Error('unused')),
    get: async () => {
      observed.passkeyRequests += 1;
      return { id: 'c', rawId: 'c', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'a', authenticatorData: 'b', signature: 'c' } };
    },
  };
  let next = 0;
  const serve = (): FakeReply | Record<string, unknown> => {
    const reply = script[next];
    next += 1;
    if (reply === undefined) return cognitoError('NotAuthorizedException', 'script exhausted');
    if (reply.kind === 'error') return cognitoError(reply.name, reply.name === 'ResourceNotFoundException' ? 'Device does not exist.' : 'scripted');
    if (reply.kind === 'challenge') return { ...reply.answer };
    const tokens = makeAuthenticationResult(
      { iat: epochSeconds(clock), ...(reply.variant === 'noSub' ? { sub: '' } : {}) },
      reply.withDevice ? { NewDeviceMetadata: { DeviceKey: 'dev-1', DeviceGroupKey: 'grp-1' } } : {},
    );
    if (reply.variant === 'noAccessToken') delete tokens.AccessToken;
    if (reply.variant === 'garbageAccessToken') tokens.AccessToken = 'not-a-jwt';
    observed.servedAccessTokens.push(tokens.AccessToken);
    return { AuthenticationResult: tokens };
  };
  fake.on('InitiateAuth', serve).on('RespondToAuthChallenge', serve);
  fake.on('AssociateSoftwareToken', () => ({ SecretCode: 'SECRET', Session: 'assoc' }));
  fake.on('VerifySoftwareToken', () => ({ Status: 'SUCCESS', Session: 'verified' }));
  fake.on('ConfirmDevice', () => ({ UserConfirmationNecessary: false }));
  const runtime = createAuthRuntime({ ...TEST_CONFIG, ...config }, { fetch: fake.fetch, clock, storage, cookies: createRecordingCookies(), hub, webAuthn, ...io });
  hub.listen('auth', ({ payload }) => observed.events.push(payload));
  return {
    runtime,
    storage,
    fake,
    get events() {
      return observed.events;
    },
    get servedAccessTokens() {
      return observed.servedAccessTokens;
    },
    get passkeyRequests() {
      return observed.passkeyRequests;
    },
  };
}

