// Configures auth-core from the runtime configuration, once, before the first render.
import { configure, createDocumentCookies } from '@steward/auth-core';
import type { RuntimeConfig } from './runtime-config';

/** Calls auth-core's configure() with what /runtime-config.json said (data-client is configured when first loaded). */
export function configureAuth(config: RuntimeConfig): void {
  configure({
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    region: config.region,
    ...(config.userPoolEndpoint === undefined ? {} : { userPoolEndpoint: config.userPoolEndpoint }),
    ...(config.identityPoolId === undefined ? {} : { identityPoolId: config.identityPoolId }),
    ...(config.identityPoolEndpoint === undefined ? {} : { identityPoolEndpoint: config.identityPoolEndpoint }),
    signUpVerificationMethod: config.signUpVerificationMethod,
    // Managed login (the hosted sign-in page) comes back to, and signs out to, this origin's own entries of the lists.
    ...(config.oauth === undefined || config.oauth.redirectSignIn.length === 0
      ? {}
      : { oauth: { domain: config.oauth.domain, redirectSignIn: [...config.oauth.redirectSignIn], redirectSignOut: [...config.oauth.redirectSignOut], responseType: 'code' as const } }),
    // Secure cookies are dropped on plain http other than localhost; keep them Secure wherever the page is.
    cookies: createDocumentCookies(document, { secure: window.location.protocol === 'https:', sameSite: 'strict' }),
  });
}
