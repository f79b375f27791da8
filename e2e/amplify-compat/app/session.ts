// Reading the session the way app code does: who is signed in, claims for the UI and for
// authorization decisions, tokens for API calls, AWS credentials from the identity pool.
import { decodeJWT, fetchAuthSession, getCurrentUser, signIn, confirmSignIn, signOut } from 'compat-auth';
import type { AuthSession, AuthUser, JWT } from 'compat-auth';
import { expectFailure, viewError, type ErrorView } from './errors.js';
import { viewStep, type StepView } from './onboarding.js';
import type { Authenticator, Inbox, Person } from './ports.js';

/** The claims the app reads from the tokens. */
export interface SessionView {
  readonly signedIn: boolean;
  readonly access?: { readonly tokenUse: unknown; readonly username: unknown; readonly clientIdMatches: boolean; readonly scopes: string[]; readonly expiresAfterIssue: boolean };
  readonly id?: { readonly email: unknown; readonly cognitoUsername: unknown; readonly groups: unknown; readonly givenName: unknown; readonly audMatches: boolean };
  readonly userSubMatchesToken: boolean | undefined;
  /** decodeJWT over the token text gives the same claims the session holds. */
  readonly decodesToSameClaims: boolean | undefined;
  readonly credentials?: { readonly hasAccessKey: boolean; readonly hasSecret: boolean; readonly hasSessionToken: boolean; readonly expiresInFuture: boolean };
  readonly identityIdInPoolRegion: boolean | undefined;
}

/** The parts of a session the app uses. */
export function viewSession(session: AuthSession, clientId: string, identityPoolId: string): SessionView {
  const access: JWT | undefined = session.tokens?.accessToken;
  const id: JWT | undefined = session.tokens?.idToken;
  const groups = id?.payload['cognito:groups'];
  const credentials = session.credentials;
  return {
    signedIn: access !== undefined,
    ...(access === undefined
      ? {}
      : {
          access: {
            tokenUse: access.payload.token_use,
            username: access.payload.username,
            clientIdMatches: access.payload.client_id === clientId,
            scopes: (access.payload.scope ?? '').split(' ').sort(),
            expiresAfterIssue: (access.payload.exp ?? 0) > (access.payload.iat ?? Number.POSITIVE_INFINITY),
          },
        }),
    ...(id === undefined
      ? {}
      : {
          id: {
            email: id.payload.email,
            cognitoUsername: id.payload['cognito:username'],
            groups: Array.isArray(groups) ? groups : null,
            givenName: id.payload.given_name,
            audMatches: id.payload.aud === clientId,
          },
        }),
    userSubMatchesToken: access === undefined ? undefined : session.userSub === access.payload.sub,
    decodesToSameClaims: access === undefined ? undefined : JSON.stringify(decodeJWT(access.toString()).payload) === JSON.stringify(access.payload),
    ...(credentials === undefined
      ? {}
      : {
          credentials: {
            hasAccessKey: credentials.accessKeyId !== '',
            hasSecret: credentials.secretAccessKey !== '',
            hasSessionToken: typeof credentials.sessionToken === 'string',
            expiresInFuture: (credentials.expiration?.getTime() ?? 0) > Date.now(),
          },
        }),
    identityIdInPoolRegion: session.identityId === undefined ? undefined : session.identityId.startsWith(`${identityPoolId.split(':')[0] ?? ''}:`),
  };
}

/** The signed-in user as the header shows them. */
export interface UserView {
  readonly username: string;
  readonly userIdIsSub: boolean;
  readonly signInDetails: { readonly loginId?: string; readonly authFlowType?: string } | undefined;
}

/** getCurrentUser, reduced to what the app shows. */
export async function currentUser(): Promise<UserView> {
  const user: AuthUser = await getCurrentUser();
  const { tokens } = await fetchAuthSession();
  return { username: user.username, userIdIsSub: user.userId === tokens?.accessToken.payload.sub, signInDetails: user.signInDetails };
}

/** What a session refresh changed. */
export interface RefreshView {
  readonly before: SessionView;
  readonly after: SessionView;
  readonly newAccessToken: boolean;
  readonly newIdToken: boolean;
  readonly sameUser: boolean;
  readonly sameIdentity: boolean;
  /** A second read right after returns the refreshed tokens without another refresh. */
  readonly cachedAfterwards: boolean;
}

/** Reads the session, forces a refresh (fetchAuthSession({ forceRefresh: true })), and reads it again. */
export async function refreshSession(clientId: string, identityPoolId: string): Promise<RefreshView> {
  const before = await fetchAuthSession();
  const after = await fetchAuthSession({ forceRefresh: true });
  const again = await fetchAuthSession();
  return {
    before: viewSession(before, clientId, identityPoolId),
    after: viewSession(after, clientId, identityPoolId),
    newAccessToken: before.tokens?.accessToken.toString() !== after.tokens?.accessToken.toString(),
    newIdToken: before.tokens?.idToken?.toString() !== after.tokens?.idToken?.toString(),
    sameUser: before.userSub === after.userSub && after.userSub !== undefined,
    sameIdentity: before.identityId === after.identityId && after.identityId !== undefined,
    cachedAfterwards: again.tokens?.accessToken.toString() === after.tokens?.accessToken.toString(),
  };
}

/** Signs in with SRP (the default flow) and answers the TOTP step; returns each step. */
export async function signInWithTotp(person: Person, authenticator: Authenticator, secret: string): Promise<StepView[]> {
  const first = await signIn({ username: person.username, password: person.password });
  const steps = [viewStep(first, person.username)];
  if (first.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') steps.push(viewStep(await confirmSignIn({ challengeResponse: await authenticator.code(secret) }), person.username));
  return steps;
}

/** Signs in with USER_PASSWORD_AUTH (password sent to the pool, e.g. for a migration trigger) and answers the emailed code. */
export async function signInWithPasswordAndEmailCode(person: Person, inbox: Inbox): Promise<StepView[]> {
  return signInWithEmailCode(person, inbox, 'USER_PASSWORD_AUTH');
}

/** Signs in (SRP unless another flow is given) and answers the emailed code when asked for one. */
export async function signInWithEmailCode(person: Person, inbox: Inbox, authFlowType: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH' = 'USER_SRP_AUTH'): Promise<StepView[]> {
  const first = await signIn({ username: person.username, password: person.password, options: { authFlowType } });
  const steps = [viewStep(first, person.username)];
  if (first.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE') steps.push(viewStep(await confirmSignIn({ challengeResponse: await inbox.latestCode(person.email) }), person.username));
  return steps;
}

/** Signs out this browser (signOut()), or every session of the user (signOut({ global: true })). */
export async function signOutEverywhere(global: boolean): Promise<void> {
  await signOut(global ? { global: true } : undefined);
}

/** The signed-in user's sub (fetchAuthSession().userSub), or undefined when signed out. */
export async function userSub(): Promise<string | undefined> {
  return (await fetchAuthSession()).userSub;
}

/** The session as the app sees it right now (fetchAuthSession()). */
export async function readSession(clientId: string, identityPoolId: string): Promise<SessionView> {
  return viewSession(await fetchAuthSession(), clientId, identityPoolId);
}

/** The access token the app sends to its API (the Authorization header). */
export async function accessTokenForApi(): Promise<string | undefined> {
  return (await fetchAuthSession()).tokens?.accessToken.toString();
}

/** What the app sees when it refreshes a session that was revoked elsewhere (signed out on every device). */
export async function refreshRevokedSession(clientId: string, identityPoolId: string): Promise<{ session: SessionView | ErrorView; currentUser: ErrorView }> {
  let session: SessionView | ErrorView;
  try {
    session = viewSession(await fetchAuthSession({ forceRefresh: true }), clientId, identityPoolId);
  } catch (error) {
    session = viewError(error);
  }
  return { session, currentUser: await expectFailure(() => getCurrentUser()) };
}
