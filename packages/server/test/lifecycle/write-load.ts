// Concurrent writers against a server process, as real clients: GraphQL mutations of a signed-in
// user and Cognito SignUps, each result sorted into acknowledged, cleanly refused (503, connection
// refused) or unclean (reset or closed mid-request, truncated answer), so a stop or a restart can be
// judged by what clients saw; and a check that every acknowledged write is there afterwards.
import { randomUUID } from 'node:crypto';

/** How one request ended, from the client's side. */
export type RequestEnd = 'acknowledged' | 'rejected' | 'unavailable' | 'refused' | 'unclean';

/** What the writers saw. */
export interface LoadResult {
  /** ConfigMdl ids whose create was answered without errors. */
  readonly configs: string[];
  /** Usernames whose SignUp was answered 200. */
  readonly users: string[];
  readonly counts: Record<RequestEnd, number>;
  /** The unclean ends, described (error cause code or what was wrong with the answer). */
  readonly unclean: string[];
}

/** A user signed in to a server process: its pool client and access token. */
export interface SignedInUser {
  readonly clientId: string;
  readonly accessToken: string;
}

/** A JSON 1.1 user-pool call. */
export async function cognito(url: string, target: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Signs up, confirms and signs in a user (USER_PASSWORD_AUTH, email MFA set up on the way; codes from the development outbox). */
export async function signUpAndSignIn(url: string): Promise<SignedInUser> {
  const { userPoolClientId: clientId } = (await (await fetch(`${url}/runtime-config.json`)).json()) as { userPoolClientId: string };
  const username = `writer-${randomUUID().slice(0, 8)}`;
  const email = `${username}@example.com`;
  const password = 'Writ3r-Passw0rd!';
  const latestCode = async (): Promise<unknown> => ((await (await fetch(`${url}/dev/outbox?destination=${encodeURIComponent(email)}`)).json()) as { messages: { code: string }[] }).messages[0]?.code;
  const signUp = await cognito(url, 'SignUp', { ClientId: clientId, Username: username, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
  if (signUp.status !== 200) throw new Error(`SignUp: ${JSON.stringify(signUp.body)}`);
  const confirm = await cognito(url, 'ConfirmSignUp', { ClientId: clientId, Username: username, ConfirmationCode: await latestCode() });
  if (confirm.status !== 200) throw new Error(`ConfirmSignUp: ${JSON.stringify(confirm.body)}`);
  // The pool asks for MFA: email one-time codes, set up at this first sign-in.
  const start = await cognito(url, 'InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } });
  const asked = await cognito(url, 'RespondToAuthChallenge', { ClientId: clientId, ChallengeName: 'MFA_SETUP', Session: start.body.Session, ChallengeResponses: { USERNAME: username, EMAIL: email } });
  const auth = await cognito(url, 'RespondToAuthChallenge', { ClientId: clientId, ChallengeName: 'EMAIL_OTP', Session: asked.body.Session, ChallengeResponses: { USERNAME: username, EMAIL_OTP_CODE: await latestCode() } });
  const result = auth.body.AuthenticationResult as { AccessToken?: string } | undefined;
  if (result?.AccessToken === undefined) throw new Error(`InitiateAuth: ${JSON.stringify(auth.body)}`);
  return { clientId, accessToken: result.AccessToken };
}

/** A GraphQL request with the user's token. */
export async function graphql(url: string, user: SignedInUser, query: string, variables: Record<string, unknown>): Promise<{ status: number; body: { data?: Record<string, unknown> | null; errors?: unknown[] } }> {
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: user.accessToken }, body: JSON.stringify({ query, variables }) });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> | null; errors?: unknown[] } };
}

function failureCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}

/** Sorts a request that threw: a refused connection is clean (nothing was sent), anything else is not. */
function endOfFailure(error: unknown): { end: RequestEnd; detail: string } {
  const code = failureCode(error);
  return { end: code === 'ECONNREFUSED' ? 'refused' : 'unclean', detail: code };
}

/**
 * Runs `writers` concurrent writers against `url` until `until` resolves or a writer's connection
 * is refused (the server is gone: a writer does not retry). Every fourth write is a SignUp.
 */
export async function runWriters(url: string, user: SignedInUser, writers: number, until: Promise<void>): Promise<LoadResult> {
  const result: LoadResult = { configs: [], users: [], counts: { acknowledged: 0, rejected: 0, unavailable: 0, refused: 0, unclean: 0 }, unclean: [] };
  let stopped = false;
  void until.then(() => (stopped = true));
  const record = (end: RequestEnd, detail?: string): void => {
    result.counts[end] += 1;
    if (end === 'unclean') result.unclean.push(detail ?? '');
  };
  const writer = async (index: number): Promise<void> => {
    for (let n = 0; !stopped; n++) {
      try {
        if (n % 4 === 3) {
          const username = `load-${index}-${n}-${randomUUID().slice(0, 6)}`;
          const answer = await cognito(url, 'SignUp', { ClientId: user.clientId, Username: username, Password: 'L0ad-Passw0rd!!', UserAttributes: [{ Name: 'email', Value: `${username}@example.com` }] });
          if (answer.status === 200) {
            result.users.push(username);
            record('acknowledged');
          } else record(answer.status === 503 ? 'unavailable' : 'rejected');
        } else {
          const id = randomUUID();
          const answer = await graphql(url, user, 'mutation ($input: CreateConfigMdlInput!) { createConfigMdl(input: $input) { id } }', { input: { id, configName: `load ${index}/${n}` } });
          if (answer.status === 200 && answer.body.errors === undefined && (answer.body.data?.createConfigMdl as { id?: string } | undefined)?.id === id) {
            result.configs.push(id);
            record('acknowledged');
          } else record(answer.status === 503 ? 'unavailable' : 'rejected');
        }
      } catch (error) {
        const { end, detail } = endOfFailure(error);
        record(end, detail);
        // Refused: the server no longer listens. A writer that saw an unclean end stops too, as a client would report it.
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, i) => writer(i)));
  return result;
}

/** The acknowledged writes of `load` missing from the server at `url` (expected: none). */
export async function missingWrites(url: string, user: SignedInUser, load: LoadResult): Promise<string[]> {
  const missing: string[] = [];
  const queue = [...load.configs.map((id) => ({ kind: 'config' as const, key: id })), ...load.users.map((username) => ({ kind: 'user' as const, key: username }))];
  const worker = async (): Promise<void> => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      if (item.kind === 'config') {
        const answer = await graphql(url, user, 'query ($id: ID!) { getConfigMdl(id: $id) { id } }', { id: item.key });
        if ((answer.body.data?.getConfigMdl as { id?: string } | null | undefined)?.id !== item.key) missing.push(`ConfigMdl ${item.key}`);
      } else {
        // The user exists exactly when signing the name up again is refused as taken.
        const again = await cognito(url, 'SignUp', { ClientId: user.clientId, Username: item.key, Password: 'L0ad-Passw0rd!!', UserAttributes: [{ Name: 'email', Value: `${item.key}@example.com` }] });
        if (again.body.__type !== 'UsernameExistsException') missing.push(`user ${item.key}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, () => worker()));
  return missing;
}
