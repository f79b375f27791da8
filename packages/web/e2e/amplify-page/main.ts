// A page that uses aws-amplify v6 exactly as an app would, configured with Amplify's own config
// shape from the server's /runtime-config.json: the Chromium suite drives it through window.amplify.
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, getCurrentUser, signInWithRedirect, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';

interface RuntimeConfig {
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint: string;
  oauth: { domain: string };
}

/** What a Chromium test reads and calls. */
export interface AmplifyHarness {
  events: string[];
  signInWithRedirect(): Promise<void>;
  session(forceRefresh: boolean): Promise<{ accessToken: string | undefined; idToken: string | undefined; sub: string | undefined }>;
  username(): Promise<string | null>;
  signOut(): Promise<void>;
}

declare global {
  interface Window {
    amplify: AmplifyHarness;
    amplifyReady: boolean;
  }
}

const status = document.getElementById('status');
const events: string[] = [];
Hub.listen('auth', ({ payload }) => {
  events.push(payload.event);
  if (status !== null) status.textContent = events.join('\n');
});

const config = (await (await fetch('/runtime-config.json')).json()) as RuntimeConfig;
const here = `${window.location.origin}/`;
Amplify.configure({
  Auth: {
    Cognito: {
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      userPoolEndpoint: config.userPoolEndpoint,
      loginWith: {
        oauth: { domain: config.oauth.domain, scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'], redirectSignIn: [here], redirectSignOut: [here], responseType: 'code' },
      },
    },
  },
});

window.amplify = {
  events,
  signInWithRedirect: () => signInWithRedirect(),
  async session(forceRefresh) {
    const { tokens } = await fetchAuthSession({ forceRefresh });
    return { accessToken: tokens?.accessToken.toString(), idToken: tokens?.idToken?.toString(), sub: tokens?.accessToken.payload.sub };
  },
  async username() {
    try {
      return (await getCurrentUser()).username;
    } catch {
      return null;
    }
  },
  signOut: () => signOut(),
};
window.amplifyReady = true;
