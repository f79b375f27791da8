// Starts the real data API (the server package's own test harness: Fastify + PGlite/PostgreSQL)
// and builds data clients whose tokens come from auth-core's token store.
import { configure, createMemoryStorage, createNoCookies, storeAuthenticationResult } from '@steward/auth-core';
import { makeUser, type Backend, type DataApiHarness } from '@steward/server/test/graphql/data-api-harness';
import { createDataClient, type DataClient, type DataClientOptions } from '../src/index.js';

export { BACKENDS, makeUser, startDataApi, type Backend, type DataApiHarness } from '@steward/server/test/graphql/data-api-harness';

/** A logger that keeps warnings for assertions. */
export function memoryLogger(): { warnings: string[]; warn: (message: string) => void } {
  const warnings: string[] = [];
  return { warnings, warn: (message: string) => void warnings.push(message) };
}

/** A client for user `sub` whose access token is stored in (and fetched through) auth-core. */
export async function clientFor(
  h: DataApiHarness,
  sub: string,
  attributes: Record<string, string>,
  options: Partial<DataClientOptions> & { groups?: string[]; username?: string } = {},
): Promise<{ client: DataClient; accessToken: string }> {
  const accessToken = await h.tokens.issue(sub, { groups: options.groups ?? [], username: options.username ?? sub });
  const runtime = configure({ userPoolId: 'us-east-1_TestPool', userPoolClientId: 'testclient', storage: createMemoryStorage(), cookies: createNoCookies() });
  await storeAuthenticationResult(runtime, options.username ?? sub, { AccessToken: accessToken, IdToken: accessToken, RefreshToken: 'unused-refresh-token' });
  const client = createDataClient({
    graphqlEndpoint: h.url,
    auth: { fetchUserAttributes: async () => ({ sub, ...attributes }), ...options.auth },
    ...options,
  });
  return { client, accessToken };
}

/** A provisioned user record (created by an admin). */
export async function provision(h: DataApiHarness, sub: string, profile: Parameters<typeof makeUser>[2]): Promise<string> {
  const u = await makeUser(h, sub, profile);
  return String(u.userMdlId);
}

export type { Backend as DataBackend };
