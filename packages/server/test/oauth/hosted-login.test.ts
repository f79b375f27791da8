// The hosted login page (src/oauth/login/) and its session (src/oauth/hosted-session/), driven as a
// browser without JavaScript drives it: plain fetch, a cookie jar, the page's forms. Every sign-in
// runs the pool's own operations, so the messages, lockout and MFA rules are the JSON API's.
import { randomBytes } from 'node:crypto';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../src/user-pool/operations/operation.js';
import { totpCode } from '../../src/user-pool/auth/totp/totp.js';
import { findUserBySub } from '../../src/user-pool/users/user-repository.js';
import { AUTH_TEST_ENV, advance, createTestUser, passwordAuth, srpAuth, totpAt, type TestUser } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestDatabase, type TestServer } from '../harness.js';
import { adminInvoke } from './app-client-fixtures.js';
import { alertText, CookieJar, decodeEntities, headingText, parseForms, signInThroughHostedPage, type ParsedForm } from './hosted-login-driver.js';
import { SoftwarePasskey } from '../auth/software-authenticator.js';
import { authorizeUrl, CALLBACK, createOAuthClient, fetchTrusting, pkcePair, postForm, type OAuthTestClient } from './oauth-fixtures.js';

/** One answer of the managed-login origin, as a browser without script sees it. */
interface Visit {
  readonly status: number;
  readonly location: string | null;
  readonly html: string;
  readonly url: string;
}

/** A browser: a cookie jar, every page it saw, and GET/POST without following redirects. */
class TestBrowser {
  readonly jar = new CookieJar();
  readonly pages: string[] = [];

  async open(url: string, init: RequestInit = {}): Promise<Visit> {
    const headers = new Headers(init.headers);
    if (this.jar.header() !== '') headers.set('cookie', this.jar.header());
    headers.set('accept', 'text/html');
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar.store(response);
    const html = await response.text();
    this.pages.push(html);
    return { status: response.status, location: response.headers.get('location'), html, url };
  }

  /** Opens `url` and follows redirects that stay on `origin`. */
  async follow(url: string, origin: string): Promise<Visit> {
    let visit = await this.open(url);
    while (visit.location !== null && new URL(visit.location, visit.url).origin === origin) visit = await this.open(new URL(visit.location, visit.url).toString());
    return visit;
  }

  /** Posts the page's step form with its hidden fields and `values`. */
  async submit(from: Visit, values: Record<string, string>, step?: string): Promise<Visit> {
    const form = formOf(from, step);
    const body = new URLSearchParams({ ...form.hidden, ...values });
    return this.open(new URL(form.action, from.url).toString(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
  }
}

/** The step form of a page (the first with data-step, or the one named). */
function formOf(visit: Visit, step?: string): ParsedForm {
  const form = parseForms(visit.html).find((f) => f.step !== undefined && (step === undefined || f.step === step));
  if (form === undefined) throw new Error(`no ${step ?? 'step'} form on the page (${visit.status}): ${headingText(visit.html)} ${alertText(visit.html) ?? ''}`);
  return form;
}

function stepOf(visit: Visit): string | undefined {
  return parseForms(visit.html).find((f) => f.step !== undefined)?.step;
}

/** The attributes of a Set-Cookie header, lower-cased. */
function cookieAttributes(header: string | undefined): string[] {
  return (header ?? '')
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());
}

describe.each(BOTH_DATABASES)('hosted login page (%s)', (database: TestDatabase) => {
  let server: TestServer;
  let client: OAuthTestClient;
  const logs: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ database, env: { ...AUTH_TEST_ENV, LOG_LEVEL: 'debug' }, logStream: { write: (line) => logs.push(line) } });
    // No ALLOW_USER_SRP_AUTH: the hosted page signs in through any managed-login client (as Cognito's hosted UI).
    client = await createOAuthClient(server, { ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'] });
  });
  afterAll(async () => server.close());

  const authorize = (extra: Record<string, string | undefined> = {}): string =>
    authorizeUrl(server, { response_type: 'code', client_id: client.clientId, redirect_uri: CALLBACK, state: 'st-1', code_challenge: pkcePair().challenge, code_challenge_method: 'S256', scope: 'openid email', ...extra });

  /** The sign-in page of a fresh browser, reached through /oauth2/authorize. */
  async function signInPage(extra: Record<string, string | undefined> = {}): Promise<{ browser: TestBrowser; page: Visit }> {
    const browser = new TestBrowser();
    const page = await browser.follow(authorize(extra), server.managedLoginUrl);
    expect(page.status, page.html).toBe(200);
    expect(stepOf(page)).toBe('SIGN_IN');
    return { browser, page };
  }

  /** Signs a TOTP user in with the driver (the clock moved on so the code is fresh). */
  async function driverSignIn(user: TestUser, cookies?: CookieJar, extra: Record<string, string | undefined> = {}) {
    advance(server, 30);
    return signInThroughHostedPage({
      authorizeUrl: authorize(extra),
      username: user.username,
      password: user.password,
      totp: () => totpAt(server, user.totpSecret ?? ''),
      ...(cookies !== undefined ? { cookies } : {}),
    });
  }

  function expectCallbackWithCode(location: string | null, state = 'st-1'): URL {
    expect(location).not.toBeNull();
    const url = new URL(location ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(CALLBACK);
    expect(url.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('state')).toBe(state);
    return url;
  }

  describe('signing in', () => {
    it('signs in with password and authenticator code, even for a client without ALLOW_USER_SRP_AUTH, and redirects with a code', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const { location, cookies } = await driverSignIn(user);
      expectCallbackWithCode(location);
      expect(cookies.get('steward-session')).toMatch(/^[\w-]{43}$/);
      // The JSON API still holds the client to its ExplicitAuthFlows.
      const direct = await server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: client.clientId, AuthParameters: { USERNAME: user.username, SRP_A: 'ab' } });
      expect(direct.body.message).toBe('USER_SRP_AUTH flow not enabled for this client');
    });

    it('exchanges the code for tokens of the same user at /oauth2/token', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const pkce = pkcePair();
      advance(server, 30);
      const { location } = await signInThroughHostedPage({
        authorizeUrl: authorize({ code_challenge: pkce.challenge }),
        username: user.username,
        password: user.password,
        totp: () => totpAt(server, user.totpSecret ?? ''),
      });
      const code = expectCallbackWithCode(location).searchParams.get('code') ?? '';
      const token = await postForm(`${server.managedLoginUrl}/oauth2/token`, { grant_type: 'authorization_code', client_id: client.clientId, code, redirect_uri: CALLBACK, code_verifier: pkce.verifier });
      expect(token.status, JSON.stringify(token.body)).toBe(200);
      const claims = JSON.parse(Buffer.from(String(token.body.id_token).split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
      expect(claims.sub).toBe(user.sub);
    });

    it('shows the spec’s message for a wrong password and for an unknown user, on the form again', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const { browser, page } = await signInPage();
      const wrong = await browser.submit(page, { username: user.username, password: `${user.password}x` });
      expect(wrong.status).toBe(400);
      expect(stepOf(wrong)).toBe('SIGN_IN');
      expect(alertText(wrong.html)).toBe('Incorrect username or password.');
      expect(wrong.html).toContain(`value="${user.username}"`);
      const unknown = await browser.submit(wrong, { username: `nobody-${randomBytes(4).toString('hex')}`, password: 'Whatever-1!' });
      expect(alertText(unknown.html)).toBe('Incorrect username or password.');
      const empty = await browser.submit(unknown, { username: user.username, password: '' });
      expect(alertText(empty.html)).toBe('Enter your password.');
    });

    it('locks out after repeated wrong passwords on the same counter as the JSON API', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      for (let i = 0; i < 3; i += 1) expect((await srpAuth(server, user.username, `${user.password}x`)).body.message).toBe('Incorrect username or password.');
      const { browser, page } = await signInPage();
      const fourth = await browser.submit(page, { username: user.username, password: `${user.password}x` });
      expect(alertText(fourth.html)).toBe('Incorrect username or password.');
      const fifth = await browser.submit(fourth, { username: user.username, password: `${user.password}x` });
      expect(alertText(fifth.html)).toContain('Too many wrong passwords.');
      // Locked: the right password is refused unchecked, on the page and on the JSON API alike.
      const right = await browser.submit(fifth, { username: user.username, password: user.password });
      expect(alertText(right.html)).toContain('Too many wrong passwords.');
      expect((await passwordAuth(server, user.username, user.password)).body.message).toBe('Password attempts exceeded');
    });

    it('asks for the text-message code (from the outbox) of an SMS user', async () => {
      const user = await createTestUser(server, { mfa: 'sms' });
      const { browser, page } = await signInPage();
      const sms = await browser.submit(page, { username: user.username, password: user.password });
      expect(stepOf(sms)).toBe('SMS_MFA');
      const wrong = await browser.submit(sms, { code: '000000' === (await server.latestCode(user.phone)) ? '111111' : '000000' });
      expect(stepOf(wrong)).toBe('SMS_MFA');
      expect(alertText(wrong.html)).toContain('That code is not right.');
      const done = await browser.submit(wrong, { code: await server.latestCode(user.phone) });
      expectCallbackWithCode(done.location);
    });

    it('asks for the emailed code of an email-MFA user', async () => {
      const user = await createTestUser(server, { mfa: 'email' });
      const { browser, page } = await signInPage();
      const email = await browser.submit(page, { username: user.username, password: user.password });
      expect(stepOf(email)).toBe('EMAIL_OTP');
      expect(email.html).toContain('We sent a 6-digit code by email to');
      const done = await browser.submit(email, { code: await server.latestCode(user.email) });
      expectCallbackWithCode(done.location);
    });

    it('lets a user with two methods choose one (SELECT_MFA_TYPE)', async () => {
      const user = await createTestUser(server, { mfa: 'sms+totp' });
      const { browser, page } = await signInPage();
      const select = await browser.submit(page, { username: user.username, password: user.password });
      expect(stepOf(select)).toBe('SELECT_MFA_TYPE');
      expect(formOf(select).answers.sort()).toEqual(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
      const totp = await browser.submit(select, { answer: 'SOFTWARE_TOKEN_MFA' });
      expect(stepOf(totp)).toBe('SOFTWARE_TOKEN_MFA');
      advance(server, 30);
      const done = await browser.submit(totp, { code: totpAt(server, user.totpSecret ?? '') });
      expectCallbackWithCode(done.location);
    });

    it('sets up an authenticator app with a server-drawn QR code when the pool requires MFA and the user has none', async () => {
      const user = await createTestUser(server, { mfa: 'none' });
      const { browser, page } = await signInPage();
      const choose = await browser.submit(page, { username: user.username, password: user.password });
      expect(stepOf(choose)).toBe('MFA_SETUP');
      expect(formOf(choose).answers).toEqual(['TOTP', 'EMAIL']);
      const setup = await browser.submit(choose, { answer: 'TOTP' });
      expect(stepOf(setup)).toBe('MFA_SETUP_TOTP');
      expect(setup.html).toMatch(/<div class="totp-setup__qr"><svg role="img" aria-label="QR code for your authenticator app"[^>]*viewBox/);
      const secret = /<code class="totp-setup__secret">([A-Z2-7]{32})<\/code>/.exec(setup.html)?.[1] ?? '';
      expect(secret).toHaveLength(32);
      const wrong = await browser.submit(setup, { code: totpCode(secret, new Date(server.clock.now().getTime() + 10 * 60_000)) });
      expect(stepOf(wrong)).toBe('MFA_SETUP_TOTP');
      expect(alertText(wrong.html)).toContain('That code from your authenticator app is not right.');
      expect(wrong.html).toContain(secret);
      const done = await browser.submit(wrong, { code: totpCode(secret, server.clock.now()) });
      expectCallbackWithCode(done.location);
      expect((await findUserBySub(server.db, user.sub))?.softwareTokenMfaEnabled).toBe(true);
    });

    it('sets up codes by email: the address, then the code sent to it', async () => {
      const user = await createTestUser(server, { mfa: 'none' });
      const { browser, page } = await signInPage();
      const choose = await browser.submit(page, { username: user.username, password: user.password });
      const address = await browser.submit(choose, { answer: 'EMAIL' });
      expect(stepOf(address)).toBe('MFA_SETUP_EMAIL');
      const code = await browser.submit(address, { email: user.email });
      expect(stepOf(code)).toBe('EMAIL_OTP');
      const done = await browser.submit(code, { code: await server.latestCode(user.email) });
      expectCallbackWithCode(done.location);
      expect((await findUserBySub(server.db, user.sub))?.emailMfaEnabled).toBe(true);
    });

    it('asks a user with a temporary password for a new one (NEW_PASSWORD_REQUIRED), then MFA', async () => {
      const user = await createTestUser(server, { mfa: 'totp', status: 'FORCE_CHANGE_PASSWORD' });
      const { browser, page } = await signInPage();
      const change = await browser.submit(page, { username: user.username, password: user.password });
      expect(stepOf(change)).toBe('NEW_PASSWORD_REQUIRED');
      const differ = await browser.submit(change, { new_password: 'New-Passw0rd!', confirm_password: 'Other-Passw0rd!' });
      expect(alertText(differ.html)).toBe('The two passwords are not the same.');
      const weak = await browser.submit(differ, { new_password: 'weak', confirm_password: 'weak' });
      expect(alertText(weak.html)).toContain('This password does not meet the requirements.');
      const mfa = await browser.submit(weak, { new_password: 'New-Passw0rd!', confirm_password: 'New-Passw0rd!' });
      expect(stepOf(mfa)).toBe('SOFTWARE_TOKEN_MFA');
      advance(server, 30);
      const done = await browser.submit(mfa, { code: totpAt(server, user.totpSecret ?? '') });
      expectCallbackWithCode(done.location);
      expect((await findUserBySub(server.db, user.sub))?.status).toBe('CONFIRMED');
    });

    it('signs in with a passkey where the pool allows them (the one step that needs the page’s script)', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const passkey = new SoftwarePasskey();
      // Browsers refuse an IP address as relying party: the page runs on localhost.
      const origin = server.managedLoginUrl.replace('127.0.0.1', 'localhost');
      const { AccessToken } = await issueTokensFor(server, user.username);
      const started = await server.call('StartWebAuthnRegistration', { AccessToken });
      const creation = started.body.CredentialCreationOptions as { challenge: string; rp: { id: string } };
      expect((await server.call('CompleteWebAuthnRegistration', { AccessToken, Credential: passkey.register(creation, origin) })).status).toBe(200);

      const { browser, page } = await signInPage();
      // Offered only through the script: hidden in the markup, revealed by /login-assets/passkey.js.
      expect(page.html).toMatch(/<button[^>]*value="passkey"[^>]*data-passkey-only hidden>/);
      expect(page.html).toContain('<script src="/login-assets/passkey.js" defer></script>');
      expect((await fetch(`${server.managedLoginUrl}/login-assets/passkey.js`)).headers.get('content-type')).toContain('javascript');
      const ask = await browser.submit(page, { username: user.username, action: 'passkey' });
      expect(stepOf(ask)).toBe('WEB_AUTHN');
      const optionsAttribute = /data-passkey-options="([^"]*)"/.exec(ask.html)?.[1] ?? '';
      const options = JSON.parse(decodeEntities(optionsAttribute)) as { challenge: string; rpId: string };
      expect(options.rpId).toBe('localhost');
      const done = await browser.submit(ask, { credential: passkey.assert(options, origin) });
      expectCallbackWithCode(done.location);

      // A name whose only other way is the password is told so on the sign-in form (the password form).
      const other = await createTestUser(server, { mfa: 'totp', attributes: { email: 'no-codes@example.com', email_verified: 'false' } });
      const { browser: second, page: again } = await signInPage();
      const none = await second.submit(again, { username: other.username, action: 'passkey' });
      expect(stepOf(none)).toBe('SIGN_IN');
      expect(alertText(none.html)).toBe('Your device could not find a passkey for this account.');
      expect(none.html).toContain(`value="${other.username}"`);
    });

    it('offers the account’s other ways to sign in when it has no passkey (SELECT_CHALLENGE): a code, or the password', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const { browser, page } = await signInPage();
      const choose = await browser.submit(page, { username: user.username, action: 'passkey' });
      expect(choose.status).toBe(400);
      expect(stepOf(choose)).toBe('SELECT_CHALLENGE');
      expect(headingText(choose.html)).toBe('Choose how to sign in');
      expect(alertText(choose.html)).toBe('Your device could not find a passkey for this account.');
      // PASSWORD and PASSWORD_SRP are one choice; no passkey among them.
      expect(formOf(choose).answers).toEqual(['EMAIL_OTP', 'SMS_OTP', 'PASSWORD']);
      expect(choose.html).not.toContain('passkey.js');
      // Nothing chosen (or something not offered): the same choice again.
      const nothing = await browser.submit(choose, { answer: 'WEB_AUTHN' });
      expect(stepOf(nothing)).toBe('SELECT_CHALLENGE');
      expect(alertText(nothing.html)).toBe('Choose a way to sign in.');

      // A code by email answers the challenge; the password goes back to the sign-in form with the name in it.
      const email = await browser.submit(nothing, { answer: 'EMAIL_OTP' });
      expect(stepOf(email)).toBe('EMAIL_OTP');
      // A code is one factor: the account's MFA follows.
      const mfa = await browser.submit(email, { code: await server.latestCode(user.email) });
      expect(stepOf(mfa)).toBe('SOFTWARE_TOKEN_MFA');
      advance(server, 30);
      expectCallbackWithCode((await browser.submit(mfa, { code: totpAt(server, user.totpSecret ?? '') })).location);

      const { browser: second, page: again } = await signInPage();
      const choice = await second.submit(again, { username: user.username, action: 'passkey' });
      const form = await second.submit(choice, { answer: 'PASSWORD' });
      expect(form.status).toBe(200);
      expect(stepOf(form)).toBe('SIGN_IN');
      expect(alertText(form.html)).toBeUndefined();
      expect(form.html).toContain(`value="${user.username}"`);
      const totp = await second.submit(form, { username: user.username, password: user.password });
      expect(stepOf(totp)).toBe('SOFTWARE_TOKEN_MFA');
      advance(server, 30);
      expectCallbackWithCode((await second.submit(totp, { code: totpAt(server, user.totpSecret ?? '') })).location);
      // The choice's sign-in is over: its form cannot be posted again.
      const stale = await second.submit(choice, { answer: 'EMAIL_OTP' });
      expect(stepOf(stale)).toBe('SIGN_IN');
    });

    it('leaves the passkey prompt for the other ways, the passkey among them (“Sign in another way”, no script needed)', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const passkey = new SoftwarePasskey();
      const origin = server.managedLoginUrl.replace('127.0.0.1', 'localhost');
      const { AccessToken } = await issueTokensFor(server, user.username);
      const started = await server.call('StartWebAuthnRegistration', { AccessToken });
      expect((await server.call('CompleteWebAuthnRegistration', { AccessToken, Credential: passkey.register(started.body.CredentialCreationOptions as { challenge: string; rp: { id: string } }, origin) })).status).toBe(200);

      const { browser, page } = await signInPage();
      const ask = await browser.submit(page, { username: user.username, action: 'passkey' });
      expect(stepOf(ask)).toBe('WEB_AUTHN');
      expect(ask.html).toMatch(/<button[^>]*name="action" value="other"[^>]*>Sign in another way<\/button>/);
      const choose = await browser.submit(ask, { action: 'other' });
      expect(choose.status).toBe(200);
      expect(stepOf(choose)).toBe('SELECT_CHALLENGE');
      expect(alertText(choose.html)).toBeUndefined();
      // The passkey choice needs the script, which reveals it; the others are plain buttons.
      expect(formOf(choose).answers).toEqual(['EMAIL_OTP', 'SMS_OTP', 'PASSWORD']);
      expect(choose.html).toMatch(/<button[^>]*value="WEB_AUTHN" data-passkey-only hidden>/);
      expect(choose.html).toContain('<script src="/login-assets/passkey.js" defer></script>');

      // Back to the passkey: a fresh challenge, and the passkey signs in.
      const again = await browser.submit(choose, { answer: 'WEB_AUTHN' });
      expect(stepOf(again)).toBe('WEB_AUTHN');
      const options = JSON.parse(decodeEntities(/data-passkey-options="([^"]*)"/.exec(again.html)?.[1] ?? '')) as { challenge: string; rpId: string };
      const done = await browser.submit(again, { credential: passkey.assert(options, origin) });
      expectCallbackWithCode(done.location);
    });

    // A passkey made in the app (its origin) is used on the managed-login origin: same RP id, other
    // origin. The hosted page's ceremonies are expected there and only there, whatever the pool's
    // `origins` list says about its apps; the apps' calls keep that list.
    it('accepts a passkey used on the managed-login origin even when the pool lists only its apps’ origins, and no other origin on the page', async () => {
      const appOrigin = server.url.replace('127.0.0.1', 'localhost');
      const loginOrigin = server.managedLoginUrl.replace('127.0.0.1', 'localhost');
      const setOrigins = (settings: Record<string, unknown>) => server.db.query('UPDATE user_pools SET webauthn_configuration = $1 WHERE id = $2', [JSON.stringify(settings), server.pool.userPoolId]);
      await setOrigins({ origins: [appOrigin] });
      try {
        const user = await createTestUser(server, { mfa: 'totp' });
        const passkey = new SoftwarePasskey();
        const { AccessToken } = await issueTokensFor(server, user.username);
        const started = await server.call('StartWebAuthnRegistration', { AccessToken });
        const creation = started.body.CredentialCreationOptions as { challenge: string; rp: { id: string } };
        expect((await server.call('CompleteWebAuthnRegistration', { AccessToken, Credential: passkey.register(creation, appOrigin) })).status).toBe(200);
        const requestOptions = (html: string) => JSON.parse(decodeEntities(/data-passkey-options="([^"]*)"/.exec(html)?.[1] ?? '')) as { challenge: string; rpId: string };

        // On the hosted page, an assertion made on the app's origin (listed for the apps, within the RP id) is refused…
        const { browser, page } = await signInPage();
        const ask = await browser.submit(page, { username: user.username, action: 'passkey' });
        expect(stepOf(ask)).toBe('WEB_AUTHN');
        const relayed = await browser.submit(ask, { credential: passkey.assert(requestOptions(ask.html), appOrigin) });
        expect(relayed.location).toBeNull();
        expect(alertText(relayed.html)).toBe('This passkey belongs to a different website address.');

        // …and one made on the managed-login origin signs in.
        const { browser: second, page: again } = await signInPage();
        const askAgain = await second.submit(again, { username: user.username, action: 'passkey' });
        const done = await second.submit(askAgain, { credential: passkey.assert(requestOptions(askAgain.html), loginOrigin) });
        expectCallbackWithCode(done.location);

        // The JSON API (the pool's apps) still takes only the listed origins: not the managed-login one.
        const start = await server.call('InitiateAuth', { AuthFlow: 'USER_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, PREFERRED_CHALLENGE: 'WEB_AUTHN' } });
        const options = JSON.parse((start.body.ChallengeParameters as Record<string, string>).CREDENTIAL_REQUEST_OPTIONS ?? '') as { challenge: string; rpId: string };
        const respond = (origin: string) =>
          server.call('RespondToAuthChallenge', { ClientId: server.pool.clientId, ChallengeName: 'WEB_AUTHN', Session: start.body.Session, ChallengeResponses: { USERNAME: user.username, CREDENTIAL: passkey.assert(options, origin) } });
        expect((await respond(loginOrigin)).body.__type).toBe('WebAuthnOriginNotAllowedException');
        expect((await respond(appOrigin)).body.AuthenticationResult).toBeDefined();
      } finally {
        await setOrigins({});
      }
    });

    it('keeps lang on the html element and prefills login_hint', async () => {
      const { page } = await signInPage({ lang: 'fr', login_hint: 'alice@example.com' });
      expect(page.html).toContain('<html lang="fr">');
      expect(page.html).toContain('value="alice@example.com"');
      const plain = await signInPage();
      expect(plain.page.html).toContain('<html lang="en">');
    });

    it('looks like Steward’s sign-in: its card and stylesheet, served from this origin', async () => {
      const { page } = await signInPage();
      expect(page.html).toContain('<div class="auth-card">');
      expect(page.html).toContain('<link rel="stylesheet" href="/login-assets/hosted-login.css">');
      const css = await fetch(`${server.managedLoginUrl}/login-assets/hosted-login.css`);
      expect(css.headers.get('content-type')).toContain('text/css');
      expect(await css.text()).toContain('--primary: #2456c7');
      expect(page.html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    });

    it('shows an error page, never a redirect, for an unknown client', async () => {
      const browser = new TestBrowser();
      const visit = await browser.open(`${server.managedLoginUrl}/login?client_id=nope&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code`);
      expect(visit.status).toBe(400);
      expect(visit.location).toBeNull();
      expect(stepOf(visit)).toBeUndefined();
    });
  });

  describe('the hosted session', () => {
    it('lets a second authorize skip the form; prompt=login forces it', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const { cookies } = await driverSignIn(user);
      const browser = new TestBrowser();
      browser.jar.set('steward-session', cookies.get('steward-session'));
      const again = await browser.open(authorize({ state: 'st-2' }));
      expectCallbackWithCode(again.location, 'st-2');
      const forced = await browser.open(authorize({ prompt: 'login' }));
      expect(forced.status).toBe(302);
      expect(forced.location).toMatch(/^\/login\?/);
      // The driver, given the jar, comes back at once too.
      const { location } = await signInThroughHostedPage({ authorizeUrl: authorize({ state: 'st-3' }), username: user.username, password: 'not used', cookies });
      expectCallbackWithCode(location, 'st-3');
    });

    it('sets its cookies HttpOnly, SameSite=Lax, Path=/ (not Secure on plain-http development)', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const { cookies } = await driverSignIn(user);
      for (const name of ['steward-session', 'steward-csrf']) {
        const attributes = cookieAttributes(cookies.lastSetCookie(name));
        expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
        expect(attributes).not.toContain('secure');
      }
      expect(cookieAttributes(cookies.lastSetCookie('steward-session'))).toContain('max-age=3599');
    });

    it('ends at /logout (redirecting only to a registered logout_uri)', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const { cookies } = await driverSignIn(user);
      const browser = new TestBrowser();
      const value = cookies.get('steward-session');
      browser.jar.set('steward-session', value);
      const out = await browser.open(`${server.managedLoginUrl}/logout?client_id=${client.clientId}&logout_uri=${encodeURIComponent('http://localhost:5173/')}`);
      expect(out.status).toBe(302);
      expect(out.location).toBe('http://localhost:5173/');
      expect(browser.jar.get('steward-session')).toBeUndefined();
      // Even a browser that kept the old value is signed out.
      browser.jar.set('steward-session', value);
      expect((await browser.open(authorize())).location).toMatch(/^\/login\?/);
    });

    it('signs out and goes back to /login with /logout?client_id&redirect_uri&response_type', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const { cookies } = await driverSignIn(user);
      const browser = new TestBrowser();
      browser.jar.set('steward-session', cookies.get('steward-session'));
      const out = await browser.open(`${server.managedLoginUrl}/logout?client_id=${client.clientId}&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code&state=again&scope=openid`);
      expect(out.status).toBe(302);
      const target = new URL(out.location ?? '', server.managedLoginUrl);
      expect(target.origin).toBe(server.managedLoginUrl);
      expect(target.pathname).toBe('/login');
      expect(target.searchParams.get('redirect_uri')).toBe(CALLBACK);
      expect(target.searchParams.get('state')).toBe('again');
      expect(browser.jar.get('steward-session')).toBeUndefined();
    });

    it('ends after an hour', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const { cookies } = await driverSignIn(user);
      const browser = new TestBrowser();
      browser.jar.set('steward-session', cookies.get('steward-session'));
      advance(server, 3599 - 30);
      expectCallbackWithCode((await browser.open(authorize())).location);
      advance(server, 31);
      expect((await browser.open(authorize())).location).toMatch(/^\/login\?/);
    });

    it('ends when the user is signed out globally, or disabled', async () => {
      for (const operation of ['AdminUserGlobalSignOut', 'AdminDisableUser']) {
        const user = await createTestUser(server, { mfa: 'totp' });
        const { cookies } = await driverSignIn(user);
        const browser = new TestBrowser();
        browser.jar.set('steward-session', cookies.get('steward-session'));
        expectCallbackWithCode((await browser.open(authorize())).location);
        await adminInvoke(server, operation, { UserPoolId: server.pool.userPoolId, Username: user.username });
        expect((await browser.open(authorize())).location, operation).toMatch(/^\/login\?/);
      }
    });

    it('does not end when one app revokes its own refresh token', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const pkce = pkcePair();
      const { location, cookies } = await driverSignIn(user, undefined, { code_challenge: pkce.challenge });
      const code = new URL(location).searchParams.get('code') ?? '';
      const token = await postForm(`${server.managedLoginUrl}/oauth2/token`, { grant_type: 'authorization_code', client_id: client.clientId, code, redirect_uri: CALLBACK, code_verifier: pkce.verifier });
      expect(token.status).toBe(200);
      expect((await server.call('RevokeToken', { ClientId: client.clientId, Token: String(token.body.refresh_token) })).status).toBe(200);
      const browser = new TestBrowser();
      browser.jar.set('steward-session', cookies.get('steward-session'));
      expectCallbackWithCode((await browser.open(authorize())).location);
    });
  });

  describe('sign-up and forgot password', () => {
    it('signs up, confirms with the emailed code and returns to the sign-in form with the authorize query', async () => {
      const { browser, page } = await signInPage();
      const signUpLink = /href="(\/signup\?[^"]+)"/.exec(page.html)?.[1]?.replace(/&amp;/g, '&') ?? '';
      expect(new URL(signUpLink, server.managedLoginUrl).searchParams.get('client_id')).toBe(client.clientId);
      const form = await browser.open(new URL(signUpLink, server.managedLoginUrl).toString());
      expect(stepOf(form)).toBe('SIGN_UP');
      const username = `hosted-${randomBytes(4).toString('hex')}`;
      const email = `${username}@example.com`;
      const weak = await browser.submit(form, { username, email, password: 'short' });
      expect(alertText(weak.html)).toContain('This password does not meet the requirements.');
      const confirm = await browser.submit(weak, { username, email, password: 'Hosted-Passw0rd!', given_name: 'Hosted' });
      expect(stepOf(confirm)).toBe('CONFIRM_SIGN_UP');
      const wrongCode = await browser.submit(confirm, { code: (await server.latestCode(email)) === '000000' ? '111111' : '000000' });
      expect(alertText(wrongCode.html)).toContain('That code is not right.');
      const signIn = await browser.submit(wrongCode, { code: await server.latestCode(email) });
      expect(stepOf(signIn)).toBe('SIGN_IN');
      expect(signIn.html).toContain('Your account is confirmed.');
      expect(formOf(signIn).action).toContain(`client_id=${client.clientId}`);
      // On to MFA setup: the pool requires MFA.
      const setup = await browser.submit(signIn, { username, password: 'Hosted-Passw0rd!' });
      expect(stepOf(setup)).toBe('MFA_SETUP');
    });

    it('resets a forgotten password with the code and signs in with the new one', async () => {
      const user = await createTestUser(server, { mfa: 'totp' });
      const { browser, page } = await signInPage();
      const link = /href="(\/forgotPassword\?[^"]+)"/.exec(page.html)?.[1]?.replace(/&amp;/g, '&') ?? '';
      const forgot = await browser.open(new URL(link, server.managedLoginUrl).toString());
      expect(stepOf(forgot)).toBe('FORGOT_PASSWORD');
      const confirm = await browser.submit(forgot, { username: user.username });
      expect(stepOf(confirm)).toBe('CONFIRM_FORGOT_PASSWORD');
      const signIn = await browser.submit(confirm, { code: await server.latestCode(user.email), new_password: 'Reset-Passw0rd!', confirm_password: 'Reset-Passw0rd!' });
      expect(stepOf(signIn)).toBe('SIGN_IN');
      expect(signIn.html).toContain('Your password is changed.');
      const { location } = await driverSignIn({ ...user, password: 'Reset-Passw0rd!' });
      expectCallbackWithCode(location);
    });
  });

  describe('security', () => {
    it('refuses a POST without the CSRF token, with a wrong one, or without the cookie (login CSRF)', async () => {
      // Threat: another site posts the attacker's credentials into the victim's browser (login CSRF), or answers a step for it.
      const user = await createTestUser(server, { mfa: 'totp' });
      const { browser, page } = await signInPage();
      const form = formOf(page);
      const action = new URL(form.action, page.url).toString();
      const post = (body: Record<string, string>, cookie: string) =>
        fetch(action, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: new URLSearchParams(body).toString() });
      const credentials = { username: user.username, password: user.password };
      const missing = await post(credentials, browser.jar.header());
      expect(missing.status).toBe(403);
      expect(await missing.text()).toContain('This page has expired.');
      expect((await post({ ...credentials, _csrf: 'A'.repeat(43) }, browser.jar.header())).status).toBe(403);
      expect((await post({ ...credentials, _csrf: form.hidden._csrf ?? '' }, '')).status).toBe(403);
      // Another browser's token does not fit this browser's cookie.
      const other = await signInPage();
      expect((await post({ ...credentials, _csrf: formOf(other.page).hidden._csrf ?? '' }, browser.jar.header())).status).toBe(403);
      // The same goes for the steps after the password.
      const totp = await browser.submit(page, credentials);
      expect(stepOf(totp)).toBe('SOFTWARE_TOKEN_MFA');
      const stepForm = formOf(totp);
      const forged = await fetch(new URL(stepForm.action, totp.url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.jar.header() },
        body: new URLSearchParams({ flow: stepForm.hidden.flow ?? '', code: '123456' }).toString(),
      });
      expect(forged.status).toBe(403);
    });

    it('continues a sign-in only in the browser that started it', async () => {
      // Threat: a leaked flow id (a shared screen, a proxy log of a form post) used to finish someone's sign-in elsewhere.
      const user = await createTestUser(server, { mfa: 'totp' });
      const victim = await signInPage();
      const totp = await victim.browser.submit(victim.page, { username: user.username, password: user.password });
      const flow = formOf(totp).hidden.flow ?? '';
      const attacker = await signInPage();
      advance(server, 30);
      const stolen = await attacker.browser.submit({ ...totp, html: totp.html.replace(formOf(totp).hidden._csrf ?? '', formOf(attacker.page).hidden._csrf ?? '') }, { flow, code: totpAt(server, user.totpSecret ?? '') });
      expect(stolen.location).toBeNull();
      expect(stepOf(stolen)).toBe('SIGN_IN');
      expect(alertText(stolen.html)).toBe('This sign-in took too long.');
    });

    it('draws a fresh session cookie at sign-in, whatever value the browser brought (no session fixation)', async () => {
      // Threat: an attacker plants a session cookie value in the victim's browser, waits for the victim to sign in, then uses the value.
      const user = await createTestUser(server, { mfa: 'totp' });
      const planted = randomBytes(32).toString('base64url');
      const jar = new CookieJar();
      jar.set('steward-session', planted);
      const { cookies } = await driverSignIn(user, jar);
      expect(cookies.get('steward-session')).not.toBe(planted);
      const attacker = new TestBrowser();
      attacker.jar.set('steward-session', planted);
      expect((await attacker.open(authorize())).location).toMatch(/^\/login\?/);
    });

    it('never redirects /logout to an address the client did not register (no open redirect)', async () => {
      // Threat: a phishing link through the trusted sign-in domain to the attacker's site.
      const browser = new TestBrowser();
      const cases = [
        `logout_uri=${encodeURIComponent('https://evil.example/')}`,
        `logout_uri=${encodeURIComponent('http://localhost:5173/@evil.example')}`,
        `redirect_uri=${encodeURIComponent('https://evil.example/cb')}&response_type=code`,
        `redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=evil`,
      ];
      for (const query of cases) {
        const visit = await browser.open(`${server.managedLoginUrl}/logout?client_id=${client.clientId}&${query}`);
        expect(visit.status, query).toBe(400);
        expect(visit.location, query).toBeNull();
      }
    });

    it('never puts the password or the Session string in a page or a log line', async () => {
      // Threat: the password or the challenge Session (a bearer of the half-done sign-in) readable in the browser, its history or the server log.
      const sessions: string[] = [];
      const registry = server.app.steward.registry;
      const watched: Array<{ operation: Operation; invoke: Operation['invoke'] }> = [];
      for (const name of ['InitiateAuth', 'RespondToAuthChallenge', 'AssociateSoftwareToken', 'VerifySoftwareToken']) {
        const operation = registry.require('AWSCognitoIdentityProviderService', name);
        const invoke = operation.invoke.bind(operation);
        watched.push({ operation, invoke });
        (operation as { invoke: Operation['invoke'] }).invoke = async (ctx, input, admit) => {
          const answer = await invoke(ctx, input, admit);
          if (typeof answer.Session === 'string') sessions.push(answer.Session);
          return answer;
        };
      }
      try {
        const user = await createTestUser(server, { mfa: 'none', password: `Pw-${randomBytes(6).toString('hex')}-Zz9!` });
        const { browser, page } = await signInPage();
        const wrong = await browser.submit(page, { username: user.username, password: `${user.password}-wrong` });
        const choose = await browser.submit(wrong, { username: user.username, password: user.password });
        const setup = await browser.submit(choose, { answer: 'TOTP' });
        const secret = /<code class="totp-setup__secret">([A-Z2-7]{32})<\/code>/.exec(setup.html)?.[1] ?? '';
        const done = await browser.submit(setup, { code: totpCode(secret, server.clock.now()) });
        expectCallbackWithCode(done.location);
        expect(sessions.length).toBeGreaterThanOrEqual(3);
        const everything = [...browser.pages, logs.join('\n'), done.location ?? ''].join('\n');
        expect(everything).not.toContain(user.password);
        for (const session of sessions) expect(everything).not.toContain(session);
      } finally {
        for (const { operation, invoke } of watched) (operation as { invoke: Operation['invoke'] }).invoke = invoke;
      }
    });
  });
});

describe('hosted login page over HTTPS (MANAGED_LOGIN_TLS=true)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ...AUTH_TEST_ENV, MANAGED_LOGIN_TLS: 'true' } });
  });
  afterAll(async () => server.close());

  /** A GET over https that accepts the generated certificate; the Set-Cookie headers and status. */
  function get(url: string): Promise<{ status: number; setCookie: string[] }> {
    return new Promise((resolve, reject) => {
      https
        .get(url, { rejectUnauthorized: false, headers: { accept: 'text/html' } }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, setCookie: response.headers['set-cookie'] ?? [] }));
        })
        .on('error', reject);
    });
  }

  it('sets its cookies Secure with the __Host- prefix', async () => {
    const client = await createOAuthClient(server);
    const query = new URLSearchParams({ response_type: 'code', client_id: client.clientId, redirect_uri: CALLBACK, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
    expect(server.managedLoginUrl).toMatch(/^https:/);
    const page = await get(`${server.managedLoginUrl}/login?${query.toString()}`);
    expect(page.status).toBe(200);
    const csrf = page.setCookie.find((c) => c.startsWith('__Host-steward-csrf='));
    expect(cookieAttributes(csrf)).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
  });

  it('signs in over TLS (trusting the generated certificate) and sets the session cookie Secure', async () => {
    const trusting = fetchTrusting(String(server.managedLoginCertificate));
    const client = await createOAuthClient(server);
    const user = await createTestUser(server, { mfa: 'totp' });
    const jar = new CookieJar();
    const send = async (url: string, form?: Record<string, string>): Promise<{ status: number; location: string | null; html: string }> => {
      const headers: Record<string, string> = { accept: 'text/html', ...(jar.header() !== '' ? { cookie: jar.header() } : {}) };
      if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const response = await trusting(url, { method: form === undefined ? 'GET' : 'POST', headers, ...(form !== undefined ? { body: new URLSearchParams(form).toString() } : {}) });
      jar.store(response);
      return { status: response.status, location: response.headers.get('location'), html: await response.text() };
    };
    const query = new URLSearchParams({ response_type: 'code', client_id: client.clientId, redirect_uri: CALLBACK, state: 'tls', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
    const start = await send(`${server.managedLoginUrl}/oauth2/authorize?${query.toString()}`);
    expect(start.location).toMatch(/^\/login\?/);
    const page = await send(new URL(start.location ?? '', server.managedLoginUrl).toString());
    const signIn = parseForms(page.html)[0];
    const totp = await send(new URL(signIn?.action ?? '', server.managedLoginUrl).toString(), { ...signIn?.hidden, username: user.username, password: user.password });
    const step = parseForms(totp.html)[0];
    expect(step?.step).toBe('SOFTWARE_TOKEN_MFA');
    advance(server, 30);
    const done = await send(new URL(step?.action ?? '', server.managedLoginUrl).toString(), { ...step?.hidden, code: totpAt(server, user.totpSecret ?? '') });
    expect(new URL(done.location ?? '').searchParams.get('state')).toBe('tls');
    expect(cookieAttributes(jar.lastSetCookie('__Host-steward-session'))).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
    // The second authorize skips the form.
    const again = await send(`${server.managedLoginUrl}/oauth2/authorize?${query.toString()}`);
    expect(new URL(again.location ?? '').searchParams.get('code')).toBeTruthy();
  });
});
