// The storage key of a pending sign-in, in a module of its own so an app can look for a pending
// sign-in without bundling the state store (and the sign-in machine's chunk with it).

/** The storage key of the pending sign-in of app client `clientId`. */
export function signInStateKey(clientId: string): string {
  return `CognitoSignInState.${clientId}`;
}
