export { signOutWith } from './sign-out.js';
export type { SignOutInput } from './sign-out.js';
export { chooseSignOutRedirect, hostedLogoutUrl } from './sign-out-redirect.js';
