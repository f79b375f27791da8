// Test support for the machine tests: a scriptable user pool over the foundation's fake Cognito that
// plays the server side of SRP for real (the SRP module's verifier, B, key and claim check) and
// issues test tokens. Used by auth-core's unit and property tests only, so not exported from
// index.ts: the in-memory user pool is the public one.
import type { InitiateAuthRequest, RespondToAuthChallengeRequest, AuthenticationResultType } from '../src/cognito/user-pool-operations.js';
import { cognitoError } from './fake-cognito.js';
import type { FakeCall, FakeReply } from './fake-cognito.js';
import { epochSeconds, makeAuthenticationResult } from './test-runtime.js';
import type { TestHarness } from './test-runtime.js';
import {
  bytesToBase64,
  computeServerPasswordKey,
  createPasswordVerifier,
  createServerEphemeral,
  decodeDeviceSecretVerifierConfig,
  poolNameFromUserPoolId,
  verifyClaimSignature,
} from '../src/srp/index.js';
import type { CognitoAnswer } from '../src/machines/challenges/sign-in-steps.js';

type Reply = CognitoAnswer | FakeReply;
type InitiateHandler = (request: InitiateAuthRequest, call: FakeCall) => Reply | Promise<Reply>;
type RespondHandler = (request: RespondToAuthChallengeRequest, call: FakeCall) => Reply | Promise<Reply>;

interface SrpExchange {
  username: string;
  b: bigint;
  B: bigint;
  verifierHex: string;
  clientAHex: string;
  secretBlock: string;
  poolName: string;
  userIdForSrp: string;
}

/** A user the pool knows. */
export interface TestUser {
  username: string;
  password: string;
  sub?: string;
  /** USER_ID_FOR_SRP (what the verifier is derived for), as Steward's server sets it to the sub (default: the username). */
  userIdForSrp?: string;
}

/** The scriptable pool. */
export interface TestUserPool {
  /** Handles InitiateAuth (default: USER_SRP_AUTH / CUSTOM_AUTH SRP_A start SRP, others fail). */
  onInitiate(handler: InitiateHandler): TestUserPool;
  /** Handles RespondToAuthChallenge for one challenge name. */
  onRespond(challengeName: string, handler: RespondHandler): TestUserPool;
  /** What a correct PASSWORD_VERIFIER answer gets (default: tokens). */
  afterPassword(handler: (username: string) => Reply): TestUserPool;
  /** Tokens for `username` issued now. */
  tokens(username?: string, extra?: Partial<AuthenticationResultType>): CognitoAnswer;
  /** The next session id. */
  session(): string;
  /** Starts a real SRP exchange for `username` with the client's SRP_A: the PASSWORD_VERIFIER challenge. */
  startSrp(username: string, srpA: string): CognitoAnswer | FakeReply;
  /** Remembers a device verifier ConfirmDevice registered. */
  devices: Map<string, { deviceGroupKey: string; saltHex: string; verifierHex: string }>;
}

/** Creates a scriptable pool on `harness.fake` with the given users (salt and verifier made by the real SRP module). */
export function createTestUserPool(harness: TestHarness, users: TestUser[]): TestUserPool {
  const { fake, runtime } = harness;
  const poolName = poolNameFromUserPoolId(runtime.config.userPoolId);
  const verifiers = new Map(users.map((user) => [user.username, { user, ...createPasswordVerifier({ poolName, username: user.userIdForSrp ?? user.username, password: user.password }) }]));
  const exchanges = new Map<string, SrpExchange>();
  const responders = new Map<string, RespondHandler>();
  let sessionCounter = 0;
  let afterPassword: (username: string) => Reply = (username) => pool.tokens(username);
  let initiate: InitiateHandler | undefined;

  const pool: TestUserPool = {
    devices: new Map(),
    onInitiate(handler) {
      initiate = handler;
      return pool;
    },
    onRespond(challengeName, handler) {
      responders.set(challengeName, handler);
      return pool;
    },
    afterPassword(handler) {
      afterPassword = handler;
      return pool;
    },
    tokens(username = 'alice', extra = {}) {
      const sub = verifiers.get(username)?.user.sub;
      return { AuthenticationResult: makeAuthenticationResult({ username, iat: epochSeconds(harness.clock), ...(sub ? { sub } : {}) }, extra) };
    },
    session() {
      sessionCounter += 1;
      return `session-${sessionCounter}`;
    },
    startSrp(username, srpA) {
      return srpStart(username, srpA);
    },
  };

  function beginSrp(username: string, clientAHex: string, exchangePoolName: string, verifierHex: string, saltHex: string, userIdForSrp: string): CognitoAnswer {
    const server = createServerEphemeral({ verifierHex });
    const secretBlock = bytesToBase64(runtime.randomBytes(32));
    const session = pool.session();
    exchanges.set(session, { username, b: server.b, B: server.B, verifierHex, clientAHex, secretBlock, poolName: exchangePoolName, userIdForSrp });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: session,
      ChallengeParameters: { SALT: saltHex, SRP_B: server.srpBHex, SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: userIdForSrp, USERNAME: username },
    };
  }

  function checkClaim(request: RespondToAuthChallengeRequest): SrpExchange | undefined {
    const exchange = request.Session === undefined ? undefined : exchanges.get(request.Session);
    const responses = request.ChallengeResponses ?? {};
    if (exchange === undefined) return undefined;
    exchanges.delete(request.Session ?? '');
    const key = computeServerPasswordKey({ clientAHex: exchange.clientAHex, b: exchange.b, B: exchange.B, verifierHex: exchange.verifierHex });
    const ok = verifyClaimSignature({
      key,
      poolName: exchange.poolName,
      userIdForSrp: exchange.userIdForSrp,
      secretBlockB64: responses.PASSWORD_CLAIM_SECRET_BLOCK ?? '',
      timestamp: responses.TIMESTAMP ?? '',
      signatureB64: responses.PASSWORD_CLAIM_SIGNATURE ?? '',
    });
    return ok && responses.PASSWORD_CLAIM_SECRET_BLOCK === exchange.secretBlock ? exchange : undefined;
  }

  function srpStart(username: string, srpA: string | undefined): Reply {
    const entry = verifiers.get(username);
    if (entry === undefined) return cognitoError('UserNotFoundException', 'User does not exist.');
    if (srpA === undefined) return cognitoError('InvalidParameterException', 'SRP_A is required');
    return beginSrp(username, srpA, poolName, entry.verifierHex, entry.saltHex, entry.user.userIdForSrp ?? username);
  }

  responders.set('PASSWORD_VERIFIER', (request) => {
    const deviceKey = request.ChallengeResponses?.DEVICE_KEY;
    // Cognito refuses a forgotten device before looking at the claim; the session stays usable.
    if (deviceKey !== undefined && !pool.devices.has(deviceKey)) return cognitoError('ResourceNotFoundException', 'Device does not exist.');
    const exchange = checkClaim(request);
    if (exchange === undefined) return cognitoError('NotAuthorizedException', 'Incorrect username or password.');
    return afterPassword(exchange.username);
  });
  responders.set('DEVICE_SRP_AUTH', (request) => {
    const responses = request.ChallengeResponses ?? {};
    const device = pool.devices.get(responses.DEVICE_KEY ?? '');
    if (device === undefined) return cognitoError('ResourceNotFoundException', 'Device does not exist.');
    const username = responses.USERNAME ?? '';
    const answer = beginSrp(username, responses.SRP_A ?? '', device.deviceGroupKey, device.verifierHex, device.saltHex, responses.DEVICE_KEY ?? '');
    const { SALT, SRP_B, SECRET_BLOCK } = answer.ChallengeParameters ?? {};
    return { ...answer, ChallengeName: 'DEVICE_PASSWORD_VERIFIER', ChallengeParameters: { SALT: SALT ?? '', SRP_B: SRP_B ?? '', SECRET_BLOCK: SECRET_BLOCK ?? '', USERNAME: username } };
  });
  responders.set('DEVICE_PASSWORD_VERIFIER', (request) => {
    const exchange = checkClaim(request);
    if (exchange === undefined) return cognitoError('NotAuthorizedException', 'Incorrect device signature.');
    return pool.tokens(request.ChallengeResponses?.USERNAME ?? exchange.username);
  });

  fake.on('InitiateAuth', (request, call) => {
    if (initiate !== undefined) return initiate(request, call) as FakeReply;
    const parameters = request.AuthParameters ?? {};
    if (request.AuthFlow === 'USER_SRP_AUTH' || parameters.SRP_A !== undefined) {
      return srpStart(parameters.USERNAME ?? '', parameters.SRP_A) as FakeReply;
    }
    return cognitoError('InvalidParameterException', `unscripted flow ${request.AuthFlow}`);
  });
  fake.on('RespondToAuthChallenge', (request, call) => {
    const handler = responders.get(request.ChallengeName);
    if (handler === undefined) return cognitoError('InvalidParameterException', `unscripted challenge ${request.ChallengeName}`);
    return handler(request, call) as FakeReply;
  });
  fake.on('ConfirmDevice', (request) => {
    const config = request.DeviceSecretVerifierConfig;
    if (config?.Salt === undefined || config.PasswordVerifier === undefined) return cognitoError('InvalidParameterException', 'verifier missing');
    const decoded = decodeDeviceSecretVerifierConfig({ Salt: config.Salt, PasswordVerifier: config.PasswordVerifier });
    pool.devices.set(request.DeviceKey, { deviceGroupKey: deviceGroupKeys.get(request.DeviceKey) ?? '', ...decoded });
    return { UserConfirmationNecessary: false };
  });

  return pool;
}

const deviceGroupKeys = new Map<string, string>();

/** NewDeviceMetadata for a tokens answer; the pool learns the group key so it can check the device later. */
export function newDeviceMetadata(deviceKey: string, deviceGroupKey: string): { NewDeviceMetadata: { DeviceKey: string; DeviceGroupKey: string } } {
  deviceGroupKeys.set(deviceKey, deviceGroupKey);
  return { NewDeviceMetadata: { DeviceKey: deviceKey, DeviceGroupKey: deviceGroupKey } };
}
