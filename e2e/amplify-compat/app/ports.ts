// What the app gets from its surroundings: the settings it is deployed with, and the person using it
// (their credentials, their email inbox and their authenticator app). The tests play the person.

/** The deployment's settings, as the server's /runtime-config.json hands them out. */
export interface AppSettings {
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly userPoolEndpoint: string;
  readonly identityPoolId: string;
  readonly identityPoolEndpoint: string;
  /** Managed login's host (and port): the app reaches it over https, as Amplify does. */
  readonly oauthDomain: string;
  /** Where managed login returns to, and where its /logout sends the browser back. */
  readonly redirectSignIn: readonly string[];
  readonly redirectSignOut: readonly string[];
}

/** Someone using the app. */
export interface Person {
  readonly username: string;
  readonly password: string;
  readonly email: string;
}

/** The person's mailbox: the newest code the pool sent to an address. */
export interface Inbox {
  latestCode(destination: string): Promise<string>;
}

/** The person's authenticator app: the current TOTP code for a shared secret. */
export interface Authenticator {
  code(secret: string): Promise<string>;
}

/** The person acting on managed login's pages (in a browser tab the app opened), ending at the app's callback address. */
export interface ManagedLoginBrowser {
  signIn(authorizeUrl: string, callbackPrefix: string, person: Person): Promise<string>;
}
