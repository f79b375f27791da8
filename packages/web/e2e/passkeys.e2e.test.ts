// Passkeys end to end: Chromium's virtual authenticator (CDP) stands in for a fingerprint reader, the
// real profile page and sign-in page drive auth-core's browser WebAuthn adapter, and the real server
// verifies with @simplewebauthn/server. The shared server runs on http://localhost (global setup),
// the relying party browsers accept for plain http.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addVirtualAuthenticator, chromiumForSuite, newContext, saveScreenshot } from './browser';
import type { VirtualAuthenticator } from './browser';
import { addPasskey, expectHeading, newSignedInPerson, signOut, startPasskeySignIn } from './people';
import type { Person } from './people';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** One user-pool call the page made: the operation and, for sign-in calls, what it answered. */
interface AuthCall {
  operation: string;
  authFlow?: string;
  challengeName?: string;
  answer?: string;
}

interface AuthCallBody {
  AuthFlow?: string;
  ChallengeName?: string;
  ChallengeResponses?: { ANSWER?: string };
}

/** Records every user-pool operation `page` calls, in order (the sign-in steps the server really asked for). */
function recordAuthCalls(page: Page): AuthCall[] {
  const calls: AuthCall[] = [];
  page.on('request', (request: Request) => {
    const target = request.headers()['x-amz-target'];
    if (target?.startsWith(TARGET_PREFIX) !== true) return;
    const body = (request.postDataJSON() ?? {}) as AuthCallBody;
    calls.push({
      operation: target.slice(TARGET_PREFIX.length),
      ...(body.AuthFlow !== undefined ? { authFlow: body.AuthFlow } : {}),
      ...(body.ChallengeName !== undefined ? { challengeName: body.ChallengeName } : {}),
      ...(body.ChallengeResponses?.ANSWER !== undefined ? { answer: body.ChallengeResponses.ANSWER } : {}),
    });
  });
  return calls;
}

/** The names of the token cookies auth-core keeps while signed in. */
async function tokenCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name).filter((name) => name.endsWith('.idToken') || name.endsWith('.accessToken'));
}

/** A signed-in person (TOTP set up) in a fresh context whose page has its own authenticator. */
async function personWithAuthenticator(browser: Browser, baseUrl: string, tag: string): Promise<{ context: BrowserContext; page: Page; authenticator: VirtualAuthenticator; person: Person }> {
  const context = await newContext(browser, baseUrl);
  const page = await context.newPage();
  const authenticator = await addVirtualAuthenticator(context, page);
  const person = await newSignedInPerson(page, baseUrl, tag);
  return { context, page, authenticator, person };
}

interface ChallengeResponseBody {
  ChallengeName?: string;
  ChallengeParameters?: Record<string, string>;
}

describe('passkeys in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const browser = chromiumForSuite();

  it('registers a passkey on the profile page: the list shows it and the authenticator holds one credential for localhost', async () => {
    const { context, page, authenticator } = await personWithAuthenticator(browser(), baseUrl, 'passkey-add');
    expect(await authenticator.credentials()).toEqual([]);

    await addPasskey(page);

    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByRole('listitem').first().waitFor();
    expect(await passkeys.getByRole('listitem').count()).toBe(1);
    expect(await passkeys.getByRole('listitem').first().textContent()).toMatch(/^Passkey\s*Added /);
    expect(await passkeys.getByText('No passkeys yet').count()).toBe(0);
    const held = await authenticator.credentials();
    expect(held).toHaveLength(1);
    // A discoverable credential for the relying party the page runs on.
    expect(held[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    await saveScreenshot(page, 'passkey-registered');
    await context.close();
  });

  it('signs the same user in with the passkey alone after signing out: no password, no authenticator-app code, straight to the dashboard', async () => {
    const { context, page, authenticator, person } = await personWithAuthenticator(browser(), baseUrl, 'passkey-sign-in');
    await addPasskey(page);
    await signOut(page);
    expect(await tokenCookies(context)).toEqual([]);
    const [registered] = await authenticator.credentials();
    const calls = recordAuthCalls(page);

    await startPasskeySignIn(page, person.username);

    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await expectHeading(page, 'Welcome to Steward');
    // The server asked for nothing after the passkey: a user-verified passkey counts as two factors
    // (docs/server.md, "What comes after a factor"), so no TOTP step and no remember-device question.
    const signInCalls = calls.filter((call) => call.operation === 'InitiateAuth' || call.operation === 'RespondToAuthChallenge');
    expect(signInCalls).toEqual([
      { operation: 'InitiateAuth', authFlow: 'USER_AUTH' },
      { operation: 'RespondToAuthChallenge', challengeName: 'SELECT_CHALLENGE', answer: 'WEB_AUTHN' },
      { operation: 'RespondToAuthChallenge', challengeName: 'WEB_AUTHN' },
    ]);
    expect(await tokenCookies(context)).toHaveLength(2);
    expect(await page.getByRole('button', { name: /open the user menu/ }).textContent()).toContain('Erin Tester');
    // The authenticator really signed: its counter moved past the registration's.
    const [used] = await authenticator.credentials();
    expect(used?.credentialId).toBe(registered?.credentialId);
    expect(used?.signCount ?? 0).toBeGreaterThan(registered?.signCount ?? 0);
    await saveScreenshot(page, 'passkey-sign-in-dashboard');
    await context.close();
  });

  it('refuses a passkey of one user presented for another user: the attacker sees the refusal and gets no session', async () => {
    // The threat: someone with an account (and a passkey) of their own types their victim's username
    // and answers the victim's passkey challenge with their own passkey. A browser would only offer
    // the victim's credentials, so the attacker's client drops that list (as a modified client
    // could); the server must still refuse a credential that does not belong to the victim.
    const victim = await personWithAuthenticator(browser(), baseUrl, 'passkey-victim');
    await addPasskey(victim.page);
    await victim.context.close();

    const attacker = await personWithAuthenticator(browser(), baseUrl, 'passkey-attacker');
    await addPasskey(attacker.page);
    await signOut(attacker.page);
    const [own] = await attacker.authenticator.credentials();
    expect(own).toBeDefined();

    const { page, context } = attacker;
    const answers: { challengeName: string | undefined; status: number; errorType: string | undefined }[] = [];
    await page.route(`${baseUrl}/`, async (route) => {
      const target = route.request().headers()['x-amz-target'];
      // InitiateAuth too: "Try again" starts a fresh USER_AUTH sign-in that asks for the passkey directly.
      if (route.request().method() !== 'POST' || (target !== `${TARGET_PREFIX}RespondToAuthChallenge` && target !== `${TARGET_PREFIX}InitiateAuth`)) {
        await route.fallback();
        return;
      }
      const sent = route.request().postDataJSON() as AuthCallBody;
      const response = await route.fetch();
      const body = (await response.json()) as ChallengeResponseBody & { __type?: string };
      if (target === `${TARGET_PREFIX}RespondToAuthChallenge`) {
        answers.push({ challengeName: sent.ChallengeName, status: response.status(), errorType: body.__type ?? response.headers()['x-amzn-errortype'] });
      }
      const options = body.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS;
      if (body.ChallengeName !== 'WEB_AUTHN' || options === undefined || body.ChallengeParameters === undefined) {
        await route.fulfill({ response });
        return;
      }
      // Same challenge, but no allow-list: the authenticator answers with the passkey it holds.
      const { allowCredentials: _victimCredentials, ...openOptions } = JSON.parse(options) as { allowCredentials?: unknown };
      await route.fulfill({ response, json: { ...body, ChallengeParameters: { ...body.ChallengeParameters, CREDENTIAL_REQUEST_OPTIONS: JSON.stringify(openOptions) } } });
    });

    await startPasskeySignIn(page, victim.person.username);

    // Refused in passkey words (not as a wrong password), on the passkey prompt.
    await expectHeading(page, 'Use your passkey');
    await page.getByRole('alert').getByText('This passkey could not be verified.').waitFor();
    await saveScreenshot(page, 'passkey-of-another-user-refused');
    // The authenticator did sign (so the refusal is the server's, not the browser's) with the attacker's own passkey.
    const [after] = await attacker.authenticator.credentials();
    expect(after?.credentialId).toBe(own?.credentialId);
    expect(after?.signCount ?? 0).toBeGreaterThan(own?.signCount ?? 0);
    expect(answers.map((answer) => answer.challengeName)).toEqual(['SELECT_CHALLENGE', 'WEB_AUTHN']);
    expect(answers[1]).toMatchObject({ status: 400 });
    expect(answers[1]?.errorType).toContain('NotAuthorizedException');
    // "Try again" really asks again (a fresh sign-in with a fresh challenge), and is refused again,
    // not turned away as an expired session.
    const calls = recordAuthCalls(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByRole('alert').getByText('This passkey could not be verified.').waitFor();
    expect(calls.map((call) => [call.operation, call.authFlow ?? call.challengeName])).toEqual([
      ['InitiateAuth', 'USER_AUTH'],
      ['RespondToAuthChallenge', 'WEB_AUTHN'],
    ]);
    expect(answers.slice(2)).toMatchObject([{ challengeName: 'WEB_AUTHN', status: 400 }]);
    // No session: still on /login, no tokens, and the signed-in shell never appears.
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await tokenCookies(context)).toEqual([]);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await context.close();
  });
});
