// An in-memory Cognito user pool for unit tests of apps built on auth-core: users with passwords
// checked over real SRP (the package's own server half), SMS and email MFA, sign-up and password
// reset with codes the test reads back, and real-looking (unsigned) tokens with refresh and
// revocation. It answers through the fake Cognito transport, so every request is also checked for
// the protocol's shape and recorded. Operations it does not model answer a protocol problem unless
// the test registers a handler with `pool.cognito.on(…)`.
import type { FetchLike } from '../src/cognito/aws-json-transport.js';
import type { AuthenticationResultType, CodeDeliveryDetailsType } from '../src/cognito/user-pool-operations.js';
import { parseAuthConfig } from '../src/config/auth-config.js';
import type { AuthOptions, Clock } from '../src/runtime/auth-runtime.js';
import {
  bytesToBase64,
  bytesToHex,
  computeServerPasswordKey,
  createPasswordVerifier,
  createServerEphemeral,
  poolNameFromUserPoolId,
  verifyClaimSignature,
  webCryptoRandomBytes,
} from '../src/srp/index.js';
import { cognitoError, createFakeCognito } from './fake-cognito.js';
import type { FakeAnswer, FakeCognito, FakeReply } from './fake-cognito.js';
import { makeJwt } from './test-runtime.js';

/** How a user's second factor is delivered at sign-in. */
export type InMemoryMfa = 'SMS' | 'EMAIL';

/** What a code was sent for. */
export type CodePurpose = 'SIGN_IN' | 'SIGN_UP' | 'RESET_PASSWORD';

/** A user to add with `pool.addUser`. */
export interface NewInMemoryUser {
  username: string;
  password: string;
  /** Cognito attributes (`email`, `phone_number`, `given_name`, `custom:…`); `sub` is generated unless given. */
  attributes?: Record<string, string>;
  /** Asks for a code after the password: SMS needs `phone_number`, EMAIL needs `email`. */
  mfa?: InMemoryMfa;
  /** False: signed up but not confirmed (sign-in answers UserNotConfirmedException: signIn's CONFIRM_SIGN_UP step). Default true. */
  confirmed?: boolean;
}

/** A user as the pool holds it (a copy: change users through the API or `addUser`). */
export interface InMemoryUser {
  readonly username: string;
  readonly sub: string;
  readonly password: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly confirmed: boolean;
  readonly mfa: InMemoryMfa | undefined;
}

/** A code the pool "sent" by SMS or email. */
export interface SentCode {
  readonly username: string;
  readonly purpose: CodePurpose;
  readonly code: string;
  readonly deliveryMedium: 'SMS' | 'EMAIL';
  /** The full address or number (Cognito itself only reveals a masked one). */
  readonly destination: string;
}

/** Options of createInMemoryUserPool. */
export interface InMemoryUserPoolOptions {
  /** Default `us-east-1_InMemory`; its region picks the default endpoint. */
  userPoolId?: string;
  /** The app client id requests must carry. Default `in-memory-client`. */
  userPoolClientId?: string;
  /** Where the pool answers. Default: Cognito's endpoint for the pool's region. */
  userPoolEndpoint?: string;
  /** Issues tokens by this clock; give the runtime the same one to test expiry. Default Date.now. */
  clock?: Clock;
  /** Lifetime of access and id tokens in seconds. Default 3600. */
  tokenLifetimeSeconds?: number;
}

/** The pool: add users, point a runtime at it, read the codes it sent. */
export interface InMemoryUserPool {
  /** The options to pass to `configure` / `createAuthRuntime` (ids and endpoint). */
  readonly authOptions: AuthOptions;
  /** The transport: inject as the runtime's `fetch` port. */
  readonly fetch: FetchLike;
  /** The underlying fake: every call (`calls`, `callsTo`), protocol `problems`, and `on` to override an operation. */
  readonly cognito: FakeCognito;
  /** The clock tokens are issued by. */
  readonly clock: Clock;
  /** Every code sent, oldest first. */
  readonly sentCodes: readonly SentCode[];
  /** Adds a user (throws if the username is taken or the MFA medium has no address). */
  addUser(user: NewInMemoryUser): InMemoryUser;
  /** The user named `username`, if any. */
  getUser(username: string): InMemoryUser | undefined;
  /** The latest code sent to `username` (for `purpose`, if given); throws when there is none. */
  lastCode(username: string, purpose?: CodePurpose): string;
}

interface StoredUser {
  username: string;
  sub: string;
  password: string;
  saltHex: string;
  verifierHex: string;
  attributes: Record<string, string>;
  confirmed: boolean;
  mfa: InMemoryMfa | undefined;
  /** Pending codes by purpose; a code is used once. */
  codes: Map<CodePurpose, string>;
}

type PendingSession =
  | { kind: 'srp'; username: string; b: bigint; B: bigint; clientAHex: string; secretBlock: string }
  | { kind: 'mfa'; username: string; challenge: 'SMS_MFA' | 'EMAIL_OTP' };

interface IssuedAccessToken {
  username: string;
  refreshToken: string;
  exp: number;
}

const CODE_KEYS = { SMS_MFA: 'SMS_MFA_CODE', EMAIL_OTP: 'EMAIL_OTP_CODE' } as const;

function randomHex(bytes: number): string {
  return bytesToHex(webCryptoRandomBytes(bytes));
}

/** A version 4 UUID (crypto.randomUUID needs a secure context in browsers). */
function randomUuid(): string {
  const bytes = webCryptoRandomBytes(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytesToHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function sixDigits(): string {
  const [a = 0, b = 0, c = 0] = webCryptoRandomBytes(3);
  return String(((a << 16) | (b << 8) | c) % 1_000_000).padStart(6, '0');
}

/** Cognito's masked destination: `a***@e***` for an email, `+*******1234` for a phone number. */
function mask(medium: 'SMS' | 'EMAIL', destination: string): string {
  if (medium === 'SMS') return `+${'*'.repeat(Math.max(0, destination.length - 5))}${destination.slice(-4)}`;
  const [local = '', domain = ''] = destination.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

function snapshot(user: StoredUser): InMemoryUser {
  return {
    username: user.username,
    sub: user.sub,
    password: user.password,
    attributes: { ...user.attributes },
    confirmed: user.confirmed,
    mfa: user.mfa,
  };
}

/** Creates an empty in-memory user pool (see `InMemoryUserPoolOptions` for the defaults). */
export function createInMemoryUserPool(options: InMemoryUserPoolOptions = {}): InMemoryUserPool {
  const userPoolId = options.userPoolId ?? 'us-east-1_InMemory';
  const userPoolClientId = options.userPoolClientId ?? 'in-memory-client';
  // parseAuthConfig fills in the endpoint exactly as the runtime will, so the two always agree.
  const { userPoolEndpoint, region } = parseAuthConfig({ userPoolId, userPoolClientId, userPoolEndpoint: options.userPoolEndpoint });
  const clock = options.clock ?? { now: () => Date.now() };
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const poolName = poolNameFromUserPoolId(userPoolId);
  const issuer = `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  const cognito = createFakeCognito({ userPool: userPoolEndpoint });

  const users = new Map<string, StoredUser>();
  const sessions = new Map<string, PendingSession>();
  const accessTokens = new Map<string, IssuedAccessToken>();
  const refreshTokens = new Map<string, string>();
  const sentCodes: SentCode[] = [];

  const nowSeconds = () => Math.floor(clock.now() / 1000);

  function setPassword(user: StoredUser, password: string): void {
    const verifier = createPasswordVerifier({ poolName, username: user.username, password });
    user.password = password;
    user.saltHex = verifier.saltHex;
    user.verifierHex = verifier.verifierHex;
  }

  function createUser(user: NewInMemoryUser): StoredUser {
    if (users.has(user.username)) throw new Error(`in-memory user pool: ${user.username} already exists`);
    const attributes = { ...user.attributes };
    if (user.mfa === 'SMS' && attributes.phone_number === undefined) throw new Error(`in-memory user pool: SMS MFA for ${user.username} needs a phone_number attribute`);
    if (user.mfa === 'EMAIL' && attributes.email === undefined) throw new Error(`in-memory user pool: EMAIL MFA for ${user.username} needs an email attribute`);
    const stored: StoredUser = {
      username: user.username,
      sub: attributes.sub ?? randomUuid(),
      password: '',
      saltHex: '',
      verifierHex: '',
      attributes,
      confirmed: user.confirmed ?? true,
      mfa: user.mfa,
      codes: new Map(),
    };
    delete stored.attributes.sub;
    setPassword(stored, user.password);
    users.set(user.username, stored);
    return stored;
  }

  /** "Sends" a code by `medium` (default: email if the user has one, else SMS) and returns Cognito's delivery details. */
  function sendCode(user: StoredUser, purpose: CodePurpose, medium?: 'SMS' | 'EMAIL'): CodeDeliveryDetailsType {
    const deliveryMedium = medium ?? (user.attributes.email !== undefined ? 'EMAIL' : 'SMS');
    const attributeName = deliveryMedium === 'EMAIL' ? 'email' : 'phone_number';
    const destination = user.attributes[attributeName] ?? '';
    const code = sixDigits();
    user.codes.set(purpose, code);
    sentCodes.push({ username: user.username, purpose, code, deliveryMedium, destination });
    return { Destination: mask(deliveryMedium, destination), DeliveryMedium: deliveryMedium, AttributeName: attributeName };
  }

  function useCode(user: StoredUser, purpose: CodePurpose, code: string | undefined): boolean {
    if (code === undefined || user.codes.get(purpose) !== code) return false;
    user.codes.delete(purpose);
    return true;
  }

  function newSession(session: PendingSession): string {
    const id = randomHex(32);
    sessions.set(id, session);
    return id;
  }

  function accessAndIdTokens(user: StoredUser, refreshToken: string): Pick<AuthenticationResultType, 'AccessToken' | 'IdToken' | 'ExpiresIn' | 'TokenType'> {
    const iat = nowSeconds();
    const exp = iat + lifetime;
    const common = { sub: user.sub, iss: issuer, iat, exp, auth_time: iat };
    const accessToken = makeJwt({
      ...common,
      token_use: 'access',
      client_id: userPoolClientId,
      scope: 'aws.cognito.signin.user.admin',
      username: user.username,
      jti: randomUuid(),
    });
    const idClaims: Record<string, unknown> = { ...common, token_use: 'id', aud: userPoolClientId, 'cognito:username': user.username, jti: randomUuid() };
    for (const [name, value] of Object.entries(user.attributes)) {
      // The id token carries the *_verified attributes as booleans, like Cognito's.
      idClaims[name] = name.endsWith('_verified') ? value === 'true' : value;
    }
    accessTokens.set(accessToken, { username: user.username, refreshToken, exp });
    return { AccessToken: accessToken, IdToken: makeJwt(idClaims), ExpiresIn: lifetime, TokenType: 'Bearer' };
  }

  function signInResult(user: StoredUser): { AuthenticationResult: AuthenticationResultType } {
    const refreshToken = `refresh-${randomHex(24)}`;
    refreshTokens.set(refreshToken, user.username);
    return { AuthenticationResult: { ...accessAndIdTokens(user, refreshToken), RefreshToken: refreshToken } };
  }

  /** What follows a correct password: an MFA challenge, or tokens. */
  function afterPassword(user: StoredUser): FakeAnswer {
    if (!user.confirmed) return cognitoError('UserNotConfirmedException', 'User is not confirmed.');
    if (user.mfa === undefined) return signInResult(user);
    const challenge = user.mfa === 'SMS' ? 'SMS_MFA' : 'EMAIL_OTP';
    const delivery = sendCode(user, 'SIGN_IN', user.mfa);
    return {
      ChallengeName: challenge,
      Session: newSession({ kind: 'mfa', username: user.username, challenge }),
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: delivery.DeliveryMedium ?? '',
        CODE_DELIVERY_DESTINATION: delivery.Destination ?? '',
        USER_ID_FOR_SRP: user.username,
      },
    };
  }

  /** The user an access token belongs to, or the error Cognito answers for it. */
  function userOfAccessToken(token: string): StoredUser | FakeReply {
    const issued = accessTokens.get(token);
    if (issued === undefined) return cognitoError('NotAuthorizedException', 'Invalid Access Token');
    if (!refreshTokens.has(issued.refreshToken)) return cognitoError('NotAuthorizedException', 'Access Token has been revoked');
    if (issued.exp <= nowSeconds()) return cognitoError('NotAuthorizedException', 'Access Token has expired');
    return users.get(issued.username) ?? cognitoError('UserNotFoundException', 'User does not exist.');
  }

  function isReply(value: StoredUser | FakeReply): value is FakeReply {
    return !('sub' in value);
  }

  function revokeRefreshToken(token: string): void {
    refreshTokens.delete(token);
  }

  const unknownClient = (clientId: string) => cognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  const noUser = () => cognitoError('UserNotFoundException', 'User does not exist.');

  cognito
    .on('InitiateAuth', (request) => {
      if (request.ClientId !== userPoolClientId) return unknownClient(request.ClientId);
      const parameters = request.AuthParameters ?? {};
      const user = users.get(parameters.USERNAME ?? '');
      if (request.AuthFlow === 'USER_SRP_AUTH') {
        if (user === undefined) return noUser();
        if (parameters.SRP_A === undefined) return cognitoError('InvalidParameterException', 'Missing required parameter SRP_A');
        const server = createServerEphemeral({ verifierHex: user.verifierHex });
        const secretBlock = bytesToBase64(webCryptoRandomBytes(64));
        const session = newSession({ kind: 'srp', username: user.username, b: server.b, B: server.B, clientAHex: parameters.SRP_A, secretBlock });
        return {
          ChallengeName: 'PASSWORD_VERIFIER',
          Session: session,
          ChallengeParameters: { SALT: user.saltHex, SRP_B: server.srpBHex, SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: user.username, USERNAME: user.username },
        };
      }
      if (request.AuthFlow === 'USER_PASSWORD_AUTH') {
        if (user === undefined) return noUser();
        if (parameters.PASSWORD !== user.password) return cognitoError('NotAuthorizedException', 'Incorrect username or password.');
        return afterPassword(user);
      }
      return cognitoError('InvalidParameterException', `The in-memory user pool does not model the ${request.AuthFlow} flow.`);
    })
    .on('RespondToAuthChallenge', (request) => {
      if (request.ClientId !== userPoolClientId) return unknownClient(request.ClientId);
      const session = sessions.get(request.Session ?? '');
      if (session === undefined) return cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
      const user = users.get(session.username);
      if (user === undefined) return noUser();
      const responses = request.ChallengeResponses ?? {};
      if (session.kind === 'srp' && request.ChallengeName === 'PASSWORD_VERIFIER') {
        sessions.delete(request.Session ?? '');
        let key: Uint8Array;
        try {
          key = computeServerPasswordKey({ clientAHex: session.clientAHex, b: session.b, B: session.B, verifierHex: user.verifierHex });
        } catch {
          return cognitoError('NotAuthorizedException', 'Incorrect username or password.');
        }
        const verified =
          responses.PASSWORD_CLAIM_SECRET_BLOCK === session.secretBlock &&
          verifyClaimSignature({
            key,
            poolName,
            userIdForSrp: user.username,
            secretBlockB64: session.secretBlock,
            timestamp: responses.TIMESTAMP ?? '',
            signatureB64: responses.PASSWORD_CLAIM_SIGNATURE ?? '',
          });
        return verified ? afterPassword(user) : cognitoError('NotAuthorizedException', 'Incorrect username or password.');
      }
      if (session.kind === 'mfa' && request.ChallengeName === session.challenge) {
        // A wrong code leaves the session usable, so the user can type the code again.
        if (!useCode(user, 'SIGN_IN', responses[CODE_KEYS[session.challenge]])) return cognitoError('CodeMismatchException', 'Invalid code or auth state for the user.');
        sessions.delete(request.Session ?? '');
        return signInResult(user);
      }
      return cognitoError('InvalidParameterException', `Unexpected challenge ${request.ChallengeName} for this session.`);
    })
    .on('GetTokensFromRefreshToken', (request) => {
      if (request.ClientId !== userPoolClientId) return unknownClient(request.ClientId);
      const user = users.get(refreshTokens.get(request.RefreshToken) ?? '');
      if (user === undefined) return cognitoError('NotAuthorizedException', 'Invalid Refresh Token');
      // No refresh-token rotation: the old refresh token stays valid and none comes back.
      return { AuthenticationResult: accessAndIdTokens(user, request.RefreshToken) };
    })
    .on('RevokeToken', (request) => {
      if (request.ClientId !== userPoolClientId) return unknownClient(request.ClientId);
      revokeRefreshToken(request.Token);
      return {};
    })
    .on('GlobalSignOut', (request) => {
      const user = userOfAccessToken(request.AccessToken);
      if (isReply(user)) return user;
      for (const [token, username] of refreshTokens) if (username === user.username) revokeRefreshToken(token);
      return {};
    })
    .on('GetUser', (request) => {
      const user = userOfAccessToken(request.AccessToken);
      if (isReply(user)) return user;
      const mfa = user.mfa === undefined ? {} : { UserMFASettingList: [user.mfa === 'SMS' ? 'SMS_MFA' : 'EMAIL_OTP'], PreferredMfaSetting: user.mfa === 'SMS' ? 'SMS_MFA' : 'EMAIL_OTP' };
      return {
        Username: user.username,
        UserAttributes: [{ Name: 'sub', Value: user.sub }, ...Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value }))],
        ...mfa,
      };
    })
    .on('ChangePassword', (request) => {
      const user = userOfAccessToken(request.AccessToken);
      if (isReply(user)) return user;
      if (request.PreviousPassword !== user.password) return cognitoError('NotAuthorizedException', 'Incorrect username or password.');
      setPassword(user, request.ProposedPassword);
      return {};
    })
    .on('SignUp', (request) => {
      if (request.ClientId !== userPoolClientId) return unknownClient(request.ClientId);
      if (users.has(request.Username)) return cognitoError('UsernameExistsException', 'User already exists');
      const attributes = Object.fromEntries((request.UserAttributes ?? []).map((attribute) => [attribute.Name, attribute.Value ?? '']));
      if (attributes.email === undefined && attributes.phone_number === undefined) {
        return cognitoError('InvalidParameterException', 'The in-memory user pool verifies new users by email or phone_number; give one.');
      }
      const user = createUser({ username: request.Username, password: request.Password ?? '', attributes, confirmed: false });
      return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: sendCode(user, 'SIGN_UP') };
    })
    .on('ConfirmSignUp', (request) => {
      if (request.ClientId !== userPoolClientId) return unknownClient(request.ClientId);
      const user = users.get(request.Username);
      if (user === undefined) return noUser();
      if (user.confirmed) return cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
      if (!useCode(user, 'SIGN_UP', request.ConfirmationCode)) return cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
      user.confirmed = true;
      user.attributes[user.attributes.email !== undefined ? 'email_verified' : 'phone_number_verified'] = 'true';
      return {};
    })
    .on('ResendConfirmationCode', (request) => {
      if (request.ClientId !== userPoolClientId) return unknownClient(request.ClientId);
      const user = users.get(request.Username);
      if (user === undefined) return noUser();
      if (user.confirmed) return cognitoError('InvalidParameterException', 'User is already confirmed.');
      return { CodeDeliveryDetails: sendCode(user, 'SIGN_UP') };
    })
    .on('ForgotPassword', (request) => {
      if (request.ClientId !== userPoolClientId) return unknownClient(request.ClientId);
      const user = users.get(request.Username);
      if (user === undefined) return noUser();
      return { CodeDeliveryDetails: sendCode(user, 'RESET_PASSWORD') };
    })
    .on('ConfirmForgotPassword', (request) => {
      if (request.ClientId !== userPoolClientId) return unknownClient(request.ClientId);
      const user = users.get(request.Username);
      if (user === undefined) return noUser();
      if (!useCode(user, 'RESET_PASSWORD', request.ConfirmationCode)) return cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
      setPassword(user, request.Password);
      return {};
    });

  return {
    authOptions: { userPoolId, userPoolClientId, userPoolEndpoint },
    fetch: cognito.fetch,
    cognito,
    clock,
    sentCodes,
    addUser: (user) => snapshot(createUser(user)),
    getUser: (username) => {
      const user = users.get(username);
      return user === undefined ? undefined : snapshot(user);
    },
    lastCode: (username, purpose) => {
      const sent = sentCodes.findLast((entry) => entry.username === username && (purpose === undefined || entry.purpose === purpose));
      if (sent === undefined) throw new Error(`in-memory user pool: no code was sent to ${username}${purpose === undefined ? '' : ` for ${purpose}`}`);
      return sent.code;
    },
  };
}
