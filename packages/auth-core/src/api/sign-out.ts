import { getAuthRuntime } from '../runtime/auth-runtime.js';
import { signOutWith } from '../sign-out/sign-out.js';
import type { SignOutInput } from '../sign-out/sign-out.js';

/** Signs out, optionally globally, through the hosted logout page after a hosted-UI sign-in (aws-amplify v6 signOut). */
export async function signOut(input?: SignOutInput): Promise<void> {
  return signOutWith(getAuthRuntime(), input);
}
