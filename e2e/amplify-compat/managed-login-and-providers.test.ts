// aws-amplify v6 and @steward/auth-core running the same app code for managed login and for
// aws-amplify/auth/cognito's building blocks, against the real server: signInWithRedirect with an
// authSessionOpener (the in-app browser tab of a native shell) through the hosted page and its MFA
// step, signOut through /logout, a cancelled tab; then auth state in the app's own storage
// (cognitoUserPoolsTokenProvider, CognitoAWSCredentialsAndIdentityIdProvider, DefaultIdentityIdStore),
// a second reader of the session (DefaultTokenStore, TokenOrchestrator, refreshAuthTokens), token and
// credentials providers the app wrote itself, and the OAuth helpers. Each scenario runs on aws-amplify first, then on auth-core; the records must be equal.
import { describe, expect, it } from 'vitest';
import { anonymize, expectSameRecords, managedLoginBrowser, newPerson, onEach, useCompatSuite, type CompatApp } from './harness.js';

const suite = useCompatSuite();

/** A person signed up with email MFA, then signed out, and the values to anonymize in their records. */
async function signedUpAndOut(app: CompatApp, label: string): Promise<{ person: ReturnType<typeof newPerson>; values: Record<string, string> }> {
  const person = newPerson(label);
  await app.registerWithEmailMfa(person, suite.inbox);
  const sub = (await app.userSub()) ?? '';
  await app.signOutEverywhere(false);
  return { person, values: { email: person.email, username: person.username, sub } };
}

describe('managed login and aws-amplify/auth/cognito on aws-amplify/auth and on @steward/auth-core', { timeout: 120_000 }, () => {
  it('signs in on managed login through an in-app browser tab, with the same authorize request, user and events, and signs out through /logout', async () => {
    const browser = managedLoginBrowser((person) => suite.inbox.latestCode(person.email));
    const records = await onEach(suite.apps, async (app) => {
      const { person, values } = await signedUpAndOut(app, 'hosted');
      const recording = app.recordAuthEvents();
      const signedIn = await app.signInOnManagedLogin(person, browser, 'back-to=/orders?id=7');
      const before = suite.page.navigations.length;
      await app.signOutOfManagedLogin();
      recording.stop();
      const logout = new URL(suite.page.navigations[before] ?? 'about:blank');
      return anonymize(
        {
          signedIn,
          events: recording.events,
          logout: { origin: logout.origin, path: logout.pathname, clientIdMatches: logout.searchParams.get('client_id') === suite.settings.userPoolClientId, logoutUri: logout.searchParams.get('logout_uri') },
          navigationsAfterSignOut: suite.page.navigations.length - before,
        },
        values,
      );
    });
    expect(records.amplify.signedIn.authorize.path).toBe('/oauth2/authorize');
    expect(records.amplify.events.map((event) => event.event)).toEqual(['customOAuthState', 'signInWithRedirect', 'signedIn', 'signedOut']);
    expect(records.amplify.logout).toMatchObject({ path: '/logout', clientIdMatches: true, logoutUri: 'http://localhost:5173/' });
    expectSameRecords(records);
  });

  it('reports a managed-login tab closed without signing in as the same error and event', async () => {
    const records = await onEach(suite.apps, async (app) => {
      const recording = app.recordAuthEvents();
      const error = await app.abandonManagedLogin();
      recording.stop();
      return { error, events: recording.events };
    });
    expect(records.amplify.error).toMatchObject({ name: 'OAuthSignInException', isAuthError: true });
    expectSameRecords(records);
  });

  it("keeps tokens and identity ids in the app's own storage under Cognito's key names, and signs out of it, alike", async () => {
    const records = await onEach(suite.apps, async (app) => {
      const storage = new app.AppStorage();
      app.useAppStorage(suite.settings, storage);
      try {
        const { person, values } = await signedUpAndOut(app, 'storage');
        await app.signInWithEmailCode(person, suite.inbox);
        const session = await app.readSession(suite.settings.userPoolClientId, suite.settings.identityPoolId);
        const signedIn = app.inspectAppStorage(suite.settings, storage);
        const reader = await app.readSessionElsewhere(suite.settings, storage);
        const signedOut = await app.signOutOfAppStorage(suite.settings, storage);
        return anonymize({ session, signedIn, reader, signedOut }, values);
      } finally {
        app.configureAuth(suite.settings);
      }
    });
    // aws-amplify's DefaultIdentityIdStore keeps only guest identity ids in storage, a signed-in user's in memory.
    expect(records.amplify.signedIn).toMatchObject({ lastAuthUser: '<username>', identityIdStored: false });
    expect(records.amplify.signedIn.filledUserKeys).toEqual(expect.arrayContaining(['accessToken', 'idToken', 'refreshToken']));
    expect(records.amplify.reader).toMatchObject({ storeHasSession: true, orchestratorSeesSameToken: true, providerRefreshed: true, refreshedWithoutDedupe: true });
    expectSameRecords(records);
  });

  it("asks the app's own token and credentials providers (Amplify.configure's second argument) for the session, alike", async () => {
    const records = await onEach(suite.apps, async (app) => {
      const { person, values } = await signedUpAndOut(app, 'providers');
      try {
        const record = await app.useAppProviders(suite.settings, () => app.signInWithEmailCode(person, suite.inbox));
        return anonymize(record, { ...values, identityPoolId: suite.settings.identityPoolId, userPoolClientId: suite.settings.userPoolClientId });
      } finally {
        app.configureAuth(suite.settings);
      }
    });
    const guest = { authenticated: false, forceRefresh: undefined, identityPoolId: '<identityPoolId>', userPoolClientId: '<userPoolClientId>', tokenSub: undefined };
    expect(records.amplify.guest).toMatchObject({ signedIn: false, credentialsFrom: [guest], credentials: { accessKeyId: 'BROKER-GUEST' }, identityId: '<identityPoolId>#guest' });
    expect(records.amplify.signedIn).toMatchObject({ signedIn: true, userSub: '<sub>', identityId: '<identityPoolId>#<sub>' });
    expect(records.amplify.signedIn.credentialsFrom).toEqual([{ ...guest, authenticated: true, tokenSub: '<sub>' }]);
    expect(records.amplify.forced.tokensFrom).toEqual([{ forceRefresh: true }]);
    expect(records.amplify.locked).toMatchObject({ signedIn: false, credentialsFrom: [guest] });
    expect(records.amplify.clearedOnSignOut).toBe(1);
    expectSameRecords(records);
  });

  it('gives a hand-rolled authorize request the same state, PKCE verifier and redirect URL helpers', async () => {
    const records = await onEach(suite.apps, (app) => app.useOAuthHelpers(suite.settings, 'http://localhost:5173'));
    expect(records.amplify.verifier).toMatchObject({ length: 128, method: 'S256', challengeLength: 43 });
    expect(records.amplify.redirectUrlIsSameOrigin).toBe(true);
    expectSameRecords(records);
  });
});
