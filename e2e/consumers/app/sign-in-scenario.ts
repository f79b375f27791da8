// What every consumer app of the packed @steward/auth-core does, whatever its module system, resolution
// mode or bundler: read the server's /runtime-config.json, configure, sign a demo user in with SRP
// (answering the pool's required MFA with an emailed code, read from the dev outbox as a person reads
// their inbox), read the session and the current user, sign out. It only uses what browsers and
// Node >= 20.19 both have (fetch, Headers, URL), so the same file runs in Node, compiled by tsc in three
// resolution modes, and in a page bundled by Vite; the plain-JavaScript consumers get it type-stripped.
// The functions come in as a parameter so each consumer imports (or requires) them its own way.
import type * as AuthCore from '@steward/auth-core';

/** The functions of '@steward/auth-core' the scenario calls. */
export type ScenarioAuth = Pick<typeof AuthCore, 'configure' | 'signIn' | 'confirmSignIn' | 'fetchAuthSession' | 'getCurrentUser' | 'signOut'>;

/** Who signs in, and where. */
export interface ScenarioInput {
  /** The server's origin: its runtime configuration and dev outbox are read from it. */
  serverUrl: string;
  username: string;
  password: string;
  email: string;
}

/** What the consumer prints (Node) or returns to the test (page). */
export interface ScenarioReport {
  /** Every signInStep answered, in order, ending with DONE. */
  steps: string[];
  /** Each Cognito call as `Operation AuthFlow-or-ChallengeName`, to show the password went over SRP. */
  calls: string[];
  accessTokenUsername: string | undefined;
  currentUser: { username: string; userId: string };
  /** The id token's `sub` is getCurrentUser's userId. */
  subIsUserId: boolean;
  tokensAfterSignOut: 'none' | 'still present';
}

/** The newest code the dev outbox holds for an address. */
async function latestCode(serverUrl: string, destination: string): Promise<string> {
  const response = await fetch(new URL(`/dev/outbox?destination=${encodeURIComponent(destination)}`, serverUrl));
  const { messages } = (await response.json()) as { messages: { code: string | null }[] };
  const code = messages[0]?.code;
  if (code === undefined || code === null) throw new Error(`no code was sent to ${destination}`);
  return code;
}

/** Signs in, reads the session and user, signs out; throws on any step the demo pool should not ask. */
export async function runSignInScenario(auth: ScenarioAuth, input: ScenarioInput): Promise<ScenarioReport> {
  const runtimeConfig = (await (await fetch(new URL('/runtime-config.json', input.serverUrl))).json()) as Parameters<ScenarioAuth['configure']>[0];
  const calls: string[] = [];
  // Wraps the global fetch only to record what was sent; the request itself is unchanged.
  const recordingFetch: typeof fetch = (resource, init) => {
    const operation = new Headers(init?.headers).get('x-amz-target')?.split('.').pop() ?? 'unknown';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { AuthFlow?: string; ChallengeName?: string }) : {};
    calls.push([operation, body.AuthFlow ?? body.ChallengeName].filter((part) => part !== undefined).join(' '));
    return fetch(resource, init);
  };
  auth.configure(runtimeConfig, { fetch: recordingFetch });

  const steps: string[] = [];
  let result = await auth.signIn({ username: input.username, password: input.password });
  steps.push(result.nextStep.signInStep);
  // The demo pool requires MFA: a first sign-in sets up email MFA, later ones are asked for its code.
  if (result.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION') {
    result = await auth.confirmSignIn({ challengeResponse: 'EMAIL' });
    steps.push(result.nextStep.signInStep);
  }
  if (result.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP') {
    result = await auth.confirmSignIn({ challengeResponse: input.email });
    steps.push(result.nextStep.signInStep);
  }
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE') {
    result = await auth.confirmSignIn({ challengeResponse: await latestCode(input.serverUrl, input.email) });
    steps.push(result.nextStep.signInStep);
  }
  if (!result.isSignedIn) throw new Error(`sign-in stopped at ${result.nextStep.signInStep}`);

  const { tokens } = await auth.fetchAuthSession();
  const username = tokens?.accessToken.payload.username;
  const currentUser = await auth.getCurrentUser();
  await auth.signOut();
  const afterSignOut = await auth.fetchAuthSession();
  return {
    steps,
    calls,
    accessTokenUsername: typeof username === 'string' ? username : undefined,
    currentUser: { username: currentUser.username, userId: currentUser.userId },
    subIsUserId: tokens?.idToken?.payload.sub === currentUser.userId,
    tokensAfterSignOut: afterSignOut.tokens === undefined ? 'none' : 'still present',
  };
}
