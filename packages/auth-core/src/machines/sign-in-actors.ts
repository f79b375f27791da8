// The round trips the sign-in machine invokes. Each takes the runtime (all I/O) as input and returns
// the Cognito answer for the machine to route; none decides the next state.
import { callUserPool, unexpectedResponse } from '../cognito/user-pool-client.js';
import type { ChallengeNameType, ClientMetadata } from '../cognito/user-pool-operations.js';
import { withDeviceNotFoundRetry } from '../devices/device-not-found.js';
import { getDeviceMetadata } from '../devices/device-store.js';
import type { DeviceMetadata } from '../devices/device-store.js';
import { AuthValidationError, CognitoServiceError, DeviceMetadataNotFoundException, PasskeyError, SignInException } from '../errors/auth-errors.js';
import { EmptySignInPassword, InvalidPasskeyAuthenticationOptions, PasskeyNotSupported } from '../errors/catalogue.js';
import { toPasskeyAuthenticationError } from '../errors/passkey-errors.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { parsePasskeyGetOptions } from '../runtime/web-authn-options.js';
import type { PasskeyAuthenticationResponseJson } from '../runtime/web-authn-port.js';
import { bigIntToHex, hexToBigInt } from '../srp/bigint-codec.js';
import { formatCognitoTimestamp } from '../srp/claim-signature.js';
import { drawClientEphemeral, poolNameFromUserPoolId } from '../srp/client.js';
import { slidingWindowModPowEngine } from '../srp/mod-pow.js';
import { computeClaimSignatureAsync, computePasswordAuthenticationKeyAsync } from '../srp/web-crypto.js';
import { completeSignIn } from '../tokens/complete-sign-in.js';
import { assertNoSignedInUser } from '../tokens/auth-session.js';
import { loadTokens } from '../tokens/token-store.js';
import type { AuthFlowType, CognitoAuthSignInDetails } from '../tokens/token-store.js';
import { createTotpSetupDetails } from '../api/totp-setup-uri.js';
import type { AuthTOTPSetupDetails } from '../api/types.js';
import { assertConfiguredPasswordPolicy } from '../validation/configured-password-policy.js';
import { assertSignInInput } from '../validation/required-fields.js';
import { planChallengeAnswer } from './challenges/challenge-responses.js';
import { nextStepForChallenge } from './challenges/sign-in-steps.js';
import type { CognitoAnswer, PendingChallenge, SignInMachineStep } from './challenges/sign-in-steps.js';
import type { ConfirmSignInOptions, SignInInput } from './flow-types.js';
import { challengeOfState, clearSignInState, loadSignInState } from './sign-in-state-store.js';

/** An SRP client ephemeral kept between two round trips, as hex so snapshots stay serialisable. */
export interface SrpEphemeralHex {
  aHex: string;
  AHex: string;
}

/** Secrets the machine holds only while it is authenticating (cleared when it stops there). */
export interface SignInSecrets {
  password?: string | undefined;
  srp?: SrpEphemeralHex | undefined;
  deviceSrp?: SrpEphemeralHex | undefined;
}

/** The outcome of one round trip. */
export interface RoundTripResult {
  answer: CognitoAnswer;
  /** The challenge the machine just answered (to spot two passkey challenges in a row). */
  answered: ChallengeNameType | undefined;
  /** The active username after this answer. */
  username: string;
  secrets?: SignInSecrets;
}

function newEphemeral(runtime: Pick<AuthRuntime, 'randomBytes'>): SrpEphemeralHex {
  const ephemeral = drawClientEphemeral(runtime.randomBytes, slidingWindowModPowEngine);
  return { aHex: bigIntToHex(ephemeral.a), AHex: ephemeral.srpAHex };
}

function withMetadata<T extends object>(request: T, clientMetadata: ClientMetadata | undefined): T & { ClientMetadata?: ClientMetadata } {
  return clientMetadata === undefined ? request : { ...request, ClientMetadata: clientMetadata };
}

function withDeviceKey(parameters: Record<string, string>, device: DeviceMetadata | null): Record<string, string> {
  return device === null ? parameters : { ...parameters, DEVICE_KEY: device.deviceKey };
}

/**
 * The username a sign-in keeps, as aws-amplify's sign-in store does: set from the first answer
 * (InitiateAuth, or SELECT_CHALLENGE with a password) as Cognito's USERNAME, else, for
 * USER_PASSWORD_AUTH only (`withUserIdForSrp`), USER_ID_FOR_SRP, else the name as typed. Later
 * challenges leave it as it is (their USER_ID_FOR_SRP may be the sub). It names the stored session
 * (LastAuthUser and the user segment of the storage keys) and the remembered device.
 */
export function activeUsername(answer: CognitoAnswer, current: string, withUserIdForSrp = false): string {
  const parameters = answer.ChallengeParameters ?? {};
  return parameters.USERNAME ?? (withUserIdForSrp ? parameters.USER_ID_FOR_SRP : undefined) ?? current;
}

/** The SIGN_IN request: the signIn input plus, for auto sign-in after sign-up, the USER_AUTH session. */
export interface SignInRequest extends SignInInput {
  session?: string | undefined;
}

/** The flow of a request (USER_SRP_AUTH by default). */
export function flowOf(request: SignInInput): AuthFlowType {
  return request.options?.authFlowType ?? 'USER_SRP_AUTH';
}

/** signInDetails stored with the tokens: the login id and the flow. */
export function signInDetailsOf(request: SignInInput): CognitoAuthSignInDetails {
  return { loginId: request.username, authFlowType: flowOf(request) };
}

/**
 * Validates a sign-in (spec section 5), refuses it while a user is signed in, and calls
 * InitiateAuth for the requested flow. SRP flows keep the password and the ephemeral for the
 * PASSWORD_VERIFIER answer.
 */
export async function initiateSignIn(input: { runtime: AuthRuntime; request: SignInRequest }): Promise<RoundTripResult> {
  const { runtime, request } = input;
  const flow = flowOf(request);
  assertSignInInput({ username: request.username, password: request.password, authFlowType: flow });
  const preferred = request.options?.preferredChallenge;
  if (flow === 'USER_AUTH' && (preferred === 'PASSWORD' || preferred === 'PASSWORD_SRP') && !request.password) {
    throw new AuthValidationError(EmptySignInPassword);
  }
  await assertNoSignedInUser(runtime);

  const { username } = request;
  const password = request.password ?? '';
  const clientMetadata = request.options?.clientMetadata;
  const clientId = runtime.config.userPoolClientId;
  const initiate = (authFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH' | 'CUSTOM_AUTH' | 'USER_AUTH', parameters: Record<string, string>, session?: string) =>
    callUserPool(
      runtime,
      'InitiateAuth',
      withMetadata({ AuthFlow: authFlow, AuthParameters: parameters, ClientId: clientId, ...(session ? { Session: session } : {}) }, clientMetadata),
    );
  // USER_AUTH keeps the name as typed (aws-amplify's handleUserAuthFlow), but for PASSWORD_SRP.
  const keepTyped = flow === 'USER_AUTH' && preferred !== 'PASSWORD_SRP';
  const result = (answer: CognitoAnswer, secrets?: SignInSecrets): RoundTripResult => ({
    answer,
    answered: undefined,
    username: keepTyped ? username : activeUsername(answer, username, flow === 'USER_PASSWORD_AUTH'),
    ...(secrets ? { secrets } : {}),
  });

  switch (flow) {
    case 'USER_SRP_AUTH': {
      const srp = newEphemeral(runtime);
      return result(await initiate('USER_SRP_AUTH', { USERNAME: username, SRP_A: srp.AHex }), { password, srp });
    }
    case 'CUSTOM_WITH_SRP': {
      const srp = newEphemeral(runtime);
      return result(await initiate('CUSTOM_AUTH', { USERNAME: username, SRP_A: srp.AHex, CHALLENGE_NAME: 'SRP_A' }), { password, srp });
    }
    case 'USER_PASSWORD_AUTH':
      return result(
        await withDeviceNotFoundRetry(runtime, username, (device) =>
          initiate('USER_PASSWORD_AUTH', withDeviceKey({ USERNAME: username, PASSWORD: password }, device)),
        ),
      );
    case 'CUSTOM_WITHOUT_SRP':
      return result(await withDeviceNotFoundRetry(runtime, username, (device) => initiate('CUSTOM_AUTH', withDeviceKey({ USERNAME: username }, device))));
    case 'USER_AUTH': {
      if (preferred === 'PASSWORD_SRP') {
        const srp = newEphemeral(runtime);
        return result(await initiate('USER_AUTH', { USERNAME: username, SRP_A: srp.AHex, PREFERRED_CHALLENGE: preferred }, request.session), {
          password,
          srp,
        });
      }
      const parameters: Record<string, string> = { USERNAME: username };
      if (preferred !== undefined) parameters.PREFERRED_CHALLENGE = preferred;
      if (preferred === 'PASSWORD') parameters.PASSWORD = password;
      return result(await initiate('USER_AUTH', parameters, request.session));
    }
    default:
      throw new SignInException({ message: `An error occurred during the sign in process: the ${String(flow)} flow is not supported.` });
  }
}

/** Common input of the automatic answers. */
export interface AutoAnswerInput {
  runtime: AuthRuntime;
  username: string;
  answer: CognitoAnswer;
  secrets: SignInSecrets;
  clientMetadata: ClientMetadata | undefined;
}

function requireParameter(answer: CognitoAnswer, name: string): string {
  const value = answer.ChallengeParameters?.[name];
  if (value === undefined || value === '') throw unexpectedResponse('RespondToAuthChallenge', `ChallengeParameters.${name}`);
  return value;
}

function respond(
  runtime: AuthRuntime,
  challengeName: ChallengeNameType,
  responses: Record<string, string>,
  session: string | undefined,
  clientMetadata: ClientMetadata | undefined,
) {
  return callUserPool(
    runtime,
    'RespondToAuthChallenge',
    withMetadata(
      { ChallengeName: challengeName, ChallengeResponses: responses, ClientId: runtime.config.userPoolClientId, ...(session ? { Session: session } : {}) },
      clientMetadata,
    ),
  );
}

/**
 * Answers PASSWORD_VERIFIER: derives the SRP key from the password and SALT/SRP_B, signs the
 * SECRET_BLOCK with Cognito's timestamp, and sends USERNAME = USER_ID_FOR_SRP with the remembered
 * DEVICE_KEY (retried once without a device Cognito no longer knows). The device is the one stored
 * under the sign-in's username (USERNAME), else under USER_ID_FOR_SRP (where auth-core kept it
 * before, and where aws-amplify looks); the username stays.
 */
export async function answerPasswordVerifier(input: AutoAnswerInput): Promise<RoundTripResult> {
  const { runtime, answer, secrets, username } = input;
  if (secrets.srp === undefined || secrets.password === undefined) {
    throw new SignInException({ message: 'An error occurred during the sign in process: PASSWORD_VERIFIER arrived without an SRP exchange in progress.' });
  }
  const userIdForSrp = requireParameter(answer, 'USER_ID_FOR_SRP');
  const poolName = poolNameFromUserPoolId(runtime.config.userPoolId);
  const responses = await claimResponses(runtime, answer, { poolName, userIdForSrp, password: secrets.password, srp: secrets.srp }, userIdForSrp);
  const next = await withDeviceNotFoundRetry(
    runtime,
    username,
    (device) => respond(runtime, 'PASSWORD_VERIFIER', withDeviceKey(responses, device), answer.Session, input.clientMetadata),
    userIdForSrp,
  );
  return { answer: next, answered: 'PASSWORD_VERIFIER', username };
}

/** Who signs the SECRET_BLOCK: for devices the device group key is the pool and the device key the user. */
interface ClaimSigner {
  poolName: string;
  userIdForSrp: string;
  password: string;
  srp: SrpEphemeralHex;
}

/**
 * The PASSWORD_VERIFIER / DEVICE_PASSWORD_VERIFIER responses: derives the SRP key from SALT and
 * SRP_B, and signs the SECRET_BLOCK with Cognito's timestamp.
 */
async function claimResponses(runtime: AuthRuntime, answer: CognitoAnswer, signer: ClaimSigner, username: string): Promise<Record<string, string>> {
  const { poolName, userIdForSrp } = signer;
  const secretBlock = requireParameter(answer, 'SECRET_BLOCK');
  const key = await computePasswordAuthenticationKeyAsync({
    poolName,
    username: userIdForSrp,
    password: signer.password,
    saltHex: requireParameter(answer, 'SALT'),
    serverBHex: requireParameter(answer, 'SRP_B'),
    a: hexToBigInt(signer.srp.aHex, 'a'),
    A: hexToBigInt(signer.srp.AHex, 'SRP_A'),
  });
  const timestamp = formatCognitoTimestamp(new Date(runtime.clock.now()));
  return {
    USERNAME: username,
    PASSWORD_CLAIM_SECRET_BLOCK: secretBlock,
    TIMESTAMP: timestamp,
    PASSWORD_CLAIM_SIGNATURE: await computeClaimSignatureAsync({ key, poolName, userIdForSrp, secretBlockB64: secretBlock, timestamp }),
  };
}

async function requireDevice(runtime: AuthRuntime, username: string): Promise<DeviceMetadata> {
  const device = await getDeviceMetadata(runtime, username);
  if (device === null) throw new DeviceMetadataNotFoundException();
  return device;
}

/** Answers DEVICE_SRP_AUTH with the remembered device's key and a fresh SRP_A. */
export async function answerDeviceSrp(input: AutoAnswerInput): Promise<RoundTripResult> {
  const { runtime, username } = input;
  const device = await requireDevice(runtime, username);
  const deviceSrp = newEphemeral(runtime);
  const next = await respond(
    runtime,
    'DEVICE_SRP_AUTH',
    { USERNAME: username, SRP_A: deviceSrp.AHex, DEVICE_KEY: device.deviceKey },
    input.answer.Session,
    input.clientMetadata,
  );
  return { answer: next, answered: 'DEVICE_SRP_AUTH', username, secrets: { deviceSrp } };
}

/** Answers DEVICE_PASSWORD_VERIFIER: the device SRP key (device group key as pool, device key as user) signs the SECRET_BLOCK. */
export async function answerDevicePasswordVerifier(input: AutoAnswerInput): Promise<RoundTripResult> {
  const { runtime, answer, username } = input;
  const deviceSrp = input.secrets.deviceSrp;
  if (deviceSrp === undefined) {
    throw new SignInException({ message: 'An error occurred during the sign in process: DEVICE_PASSWORD_VERIFIER arrived without DEVICE_SRP_AUTH.' });
  }
  const device = await requireDevice(runtime, username);
  const signer = { poolName: device.deviceGroupKey, userIdForSrp: device.deviceKey, password: device.randomPassword, srp: deviceSrp };
  const responses = await claimResponses(runtime, answer, signer, answer.ChallengeParameters?.USERNAME ?? username);
  const next = await respond(runtime, 'DEVICE_PASSWORD_VERIFIER', { ...responses, DEVICE_KEY: device.deviceKey }, answer.Session, input.clientMetadata);
  return { answer: next, answered: 'DEVICE_PASSWORD_VERIFIER', username };
}

/**
 * Answers WEB_AUTHN directly: CREDENTIAL_REQUEST_OPTIONS go to the runtime's WebAuthn port (a
 * navigator.credentials.get), the assertion goes back as CREDENTIAL. Ceremony failures become PasskeyErrors.
 */
export async function answerPasskey(input: AutoAnswerInput): Promise<RoundTripResult> {
  const { runtime, answer, username } = input;
  const raw = answer.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS;
  if (raw === undefined || raw === '') throw new PasskeyError(InvalidPasskeyAuthenticationOptions);
  const options = parsePasskeyGetOptions(raw);
  if (!runtime.webAuthn.isSupported()) throw new PasskeyError(PasskeyNotSupported);
  let credential: PasskeyAuthenticationResponseJson;
  try {
    credential = await runtime.webAuthn.get(options);
  } catch (error) {
    throw toPasskeyAuthenticationError(error);
  }
  const next = await respond(runtime, 'WEB_AUTHN', { USERNAME: username, CREDENTIAL: JSON.stringify(credential) }, answer.Session, input.clientMetadata);
  return { answer: next, answered: 'WEB_AUTHN', username };
}

/** The TOTP secret and the session that continues MFA_SETUP. */
export interface TotpAssociation {
  session: string | undefined;
  totpSetupDetails: AuthTOTPSetupDetails;
}

/** Starts TOTP setup inside the sign-in: AssociateSoftwareToken with the challenge's Session. */
export async function associateTotp(input: { runtime: AuthRuntime; username: string; session: string | undefined }): Promise<TotpAssociation> {
  const response = await callUserPool(input.runtime, 'AssociateSoftwareToken', input.session ? { Session: input.session } : {});
  if (!response.SecretCode) throw unexpectedResponse('AssociateSoftwareToken', 'SecretCode');
  return { session: response.Session ?? input.session, totpSetupDetails: createTotpSetupDetails(response.SecretCode, input.username) };
}

/** Input of answerChallenge: the confirmSignIn answer to the pending challenge. */
export interface AnswerChallengeInput {
  runtime: AuthRuntime;
  username: string;
  challenge: PendingChallenge | undefined;
  challengeResponse: string;
  options?: ConfirmSignInOptions | undefined;
}

/**
 * Answers the waiting challenge with the user's response (validated first): one
 * RespondToAuthChallenge, a local choice, VerifySoftwareToken + MFA_SETUP, or SELECT_CHALLENGE
 * PASSWORD_SRP leading to the PASSWORD_VERIFIER exchange.
 */
export async function answerChallenge(input: AnswerChallengeInput): Promise<RoundTripResult> {
  const { runtime, username, challenge } = input;
  if (challenge === undefined) throw new SignInException();
  const clientMetadata = input.options?.clientMetadata;
  const plan = planChallengeAnswer(challenge, username, input.challengeResponse, input.options);
  if (challenge.name === 'NEW_PASSWORD_REQUIRED') assertConfiguredPasswordPolicy(runtime.config.passwordPolicy, input.challengeResponse);
  switch (plan.kind) {
    case 'local': {
      const answer: CognitoAnswer = { ChallengeName: plan.challenge.name, Session: plan.challenge.session, ChallengeParameters: plan.challenge.parameters };
      return { answer, answered: challenge.name, username };
    }
    case 'respond': {
      const send = (device: DeviceMetadata | null) =>
        respond(runtime, plan.challengeName, withDeviceKey(plan.responses, device), challenge.session, clientMetadata);
      const next = plan.withDevice ? await withDeviceNotFoundRetry(runtime, username, send) : await send(null);
      // Only a password chosen at SELECT_CHALLENGE sets the username again (aws-amplify's handleSelectChallengeWithPassword).
      const choosesPassword = plan.challengeName === 'SELECT_CHALLENGE' && plan.responses.ANSWER === 'PASSWORD';
      return { answer: next, answered: plan.challengeName, username: choosesPassword ? activeUsername(next, username) : username };
    }
    case 'verifyTotp': {
      const verified = await callUserPool(runtime, 'VerifySoftwareToken', {
        UserCode: plan.code,
        ...(challenge.session ? { Session: challenge.session } : {}),
        ...(plan.friendlyDeviceName === undefined ? {} : { FriendlyDeviceName: plan.friendlyDeviceName }),
      });
      if (verified.Status === 'ERROR') {
        throw new CognitoServiceError({ name: 'EnableSoftwareTokenMFAException', httpStatusCode: 200, service: 'user-pool', operation: 'VerifySoftwareToken' });
      }
      const next = await respond(runtime, 'MFA_SETUP', { USERNAME: username }, verified.Session ?? challenge.session, clientMetadata);
      return { answer: next, answered: 'MFA_SETUP', username };
    }
    case 'passwordSrp': {
      const srp = newEphemeral(runtime);
      const next = await respond(runtime, 'SELECT_CHALLENGE', { ANSWER: 'PASSWORD_SRP', USERNAME: username, SRP_A: srp.AHex }, challenge.session, clientMetadata);
      return { answer: next, answered: 'SELECT_CHALLENGE', username: activeUsername(next, username), secrets: { password: plan.password, srp } };
    }
  }
}

/** Input of finishSignIn. */
export interface FinishSignInInput {
  runtime: AuthRuntime;
  username: string;
  answer: CognitoAnswer;
  signInDetails: CognitoAuthSignInDetails | undefined;
}

/**
 * Stores the tokens, confirms a new device, emits signedIn (the tokens module's completeSignIn),
 * then reads the session back: resolves only when tokens are really stored.
 */
export async function finishSignIn(input: FinishSignInInput): Promise<{ tokensStored: boolean }> {
  const { runtime, answer } = input;
  if (answer.AuthenticationResult === undefined) throw unexpectedResponse('RespondToAuthChallenge', 'AuthenticationResult');
  await completeSignIn(runtime, { username: input.username, authenticationResult: answer.AuthenticationResult, signInDetails: input.signInDetails });
  await clearSignInState(runtime);
  return { tokensStored: (await loadTokens(runtime)) !== null };
}

/** A pending sign-in read back from storage. */
export interface RestoredSignIn {
  username: string;
  challenge: PendingChallenge;
  nextStep: SignInMachineStep;
  signInDetails: CognitoAuthSignInDetails | undefined;
}

/** The pending sign-in persisted within the last 3 minutes, or null (none, expired, or not a waiting step). */
export async function restoreSignIn(runtime: AuthRuntime): Promise<RestoredSignIn | null> {
  const state = await loadSignInState(runtime);
  if (state === null) return null;
  const challenge = challengeOfState(state);
  const nextStep = nextStepForChallenge(challenge);
  if (nextStep === undefined) {
    await clearSignInState(runtime);
    return null;
  }
  return { username: state.username, challenge, nextStep, signInDetails: state.signInDetails };
}
