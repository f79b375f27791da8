// The signed-in user's own recent sign-ins (GET /account/sign-ins with their access token): the
// server answers only the token's own user.
import { WebError } from '../../app/web-errors';

/** One sign-in as the server lists it. */
export interface OwnSignIn {
  at: string;
  outcome: 'success' | 'failure';
  ip: string | null;
  userAgent: string | null;
  device: string | null;
  /** Why a failure failed (the server's error name). */
  reason: string | null;
  method: string | null;
}

/** The address of the list, on the admin API's origin. */
export function signInHistoryUrl(adminEndpoint: string, limit = 20): string {
  const url = new URL('/account/sign-ins', adminEndpoint);
  url.searchParams.set('limit', String(limit));
  return url.href;
}

/** A failure's reason in words. */
export function failureReason(reason: string | null): string {
  switch (reason) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return 'Wrong password, or the account could not sign in';
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return 'Wrong or expired code';
    case 'TooManyFailedAttemptsException':
      return 'Too many wrong codes';
    case 'PasswordResetRequiredException':
      return 'Password reset required';
    case 'UserNotConfirmedException':
      return 'Account not confirmed';
    default:
      return reason ?? 'Refused';
  }
}

/** Fetches the user's recent sign-ins, newest first. */
export async function fetchOwnSignIns(fetchFn: typeof fetch, url: string, accessToken: () => Promise<string | null>): Promise<OwnSignIn[]> {
  const token = await accessToken();
  if (token === null) throw new WebError('SignInHistoryFailed', { message: 'Please use your credentials to sign in.' });
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { authorization: token, accept: 'application/json' } });
  } catch (error) {
    throw new WebError('SignInHistoryFailed', { cause: error });
  }
  if (!response.ok) throw new WebError('SignInHistoryFailed');
  const body = (await response.json()) as { signIns?: OwnSignIn[] };
  return body.signIns ?? [];
}
