// GetTokensFromRefreshToken: the refresh aws-amplify 6.22 always uses, whether the app client rotates
// refresh tokens or not (src/tokens/refresh-rotation.ts decides).
import { assertClientSecret } from '../auth/sign-in/app-client-checks.js';
import { defineOperation } from '../operations/operation.js';
import { requireClient } from '../pools/pool-repository.js';
import { clientIdSchema, clientMetadataSchema, object, optional, string } from '../wire/input-schema.js';

/** GetTokensFromRefreshToken: new access and id tokens, and a new refresh token when the client rotates them. */
export const getTokensFromRefreshToken = defineOperation(
  'GetTokensFromRefreshToken',
  object({
    RefreshToken: string({ min: 1, max: 16384, pattern: /^[A-Za-z0-9-_=.]+$/ }),
    ClientId: clientIdSchema,
    ClientSecret: optional(string({ min: 1, max: 64, pattern: /^[\w+]+$/ })),
    DeviceKey: optional(string({ min: 1, max: 55, pattern: /^[\w-]+_[0-9a-f-]+$/ })),
    // Accepted for the SDKs' sake: there are no Lambda triggers to hand it to.
    ClientMetadata: optional(clientMetadataSchema),
  }),
)
  .step('found', (ctx, i) => requireClient(ctx, i.ClientId))
  .do('authenticate the client', (_ctx, i, s) => assertClientSecret(s.found.client, i.ClientSecret))
  .step('result', (ctx, i, s) => ctx.tokens.refreshGrant(s.found.client, i.RefreshToken, i.DeviceKey !== undefined ? { deviceKey: i.DeviceKey } : {}))
  .respond((_ctx, _i, s) => ({ AuthenticationResult: s.result }));
