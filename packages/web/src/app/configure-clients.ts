// Configures auth-core (and data-client) from the runtime configuration, once, before the first render.
import { configure, createDocumentCookies } from '@steward/auth-core';
import { configureDataClient } from '@steward/data-client';
import type { DataClient } from '@steward/data-client';
import type { RuntimeConfig } from './runtime-config';

/** Calls configure() of both clients with what /runtime-config.json said; returns the data client. */
export function configureClients(config: RuntimeConfig): DataClient {
  configure({
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    region: config.region,
    ...(config.userPoolEndpoint === undefined ? {} : { userPoolEndpoint: config.userPoolEndpoint }),
    ...(config.identityPoolId === undefined ? {} : { identityPoolId: config.identityPoolId }),
    ...(config.identityPoolEndpoint === undefined ? {} : { identityPoolEndpoint: config.identityPoolEndpoint }),
    signUpVerificationMethod: 'code',
    // Secure cookies are dropped on plain http other than localhost; keep them Secure wherever the page is.
    cookies: createDocumentCookies(document, { secure: window.location.protocol === 'https:', sameSite: 'strict' }),
  });
  return configureDataClient({ graphqlEndpoint: config.graphqlEndpoint });
}
