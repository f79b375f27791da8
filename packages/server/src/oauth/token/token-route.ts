// POST /oauth2/token: authorization_code, refresh_token and client_credentials grants, with client
// authentication by HTTP Basic, the form body, or (public clients) client_id alone.
import { grantOutcomeLabel, grantTypeLabel } from '../../metrics/metric-labels.js';
import { defineEndpoint, type EndpointContext } from '../http/endpoint.js';
import { formParameters } from '../http/form.js';
import { NO_STORE, OAuthError, oauthError } from '../http/oauth-error.js';
import type { StepListOutcome } from '../http/step-list.js';
import { authenticateClient, type AuthenticatedClient } from './client-authentication.js';
import { authorizationCodeGrant } from './grants/authorization-code-grant.js';
import { clientCredentialsGrant } from './grants/client-credentials-grant.js';
import { refreshTokenGrant } from './grants/refresh-token-grant.js';
import { TOKEN_PARAMETERS, type TokenParameters, type TokenResponse } from './grants/token-response.js';
import type { ServerServices } from '../../user-pool/operations/operation-context.js';
import { isServiceError } from '../../errors/catalogue.js';

type Grant = (services: ServerServices, client: AuthenticatedClient, parameters: TokenParameters) => Promise<TokenResponse>;

/** The grants served, by grant_type. */
export const GRANTS: Readonly<Record<string, Grant>> = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
  client_credentials: clientCredentialsGrant,
};

/** Counts the request in the OAuth grant metrics: its grant type and the error code it was answered with. */
function countGrant(ctx: EndpointContext, outcome: StepListOutcome): void {
  const { metrics } = ctx.steward;
  if (!metrics.enabled) return;
  const result = outcome.ok ? 'success' : outcome.error instanceof OAuthError ? grantOutcomeLabel(outcome.error.error) : 'server_error';
  metrics.oauthGrant(grantTypeLabel(ctx.request.body), result);
}

const LAMBDA_ERRORS = ['UserLambdaValidationException', 'UnexpectedLambdaException', 'InvalidLambdaResponseException'] as const;

/** POST /oauth2/token. */
export const tokenEndpoint = defineEndpoint('token', { onOutcome: countGrant })
  .step('parameters', (ctx) => formParameters(ctx.request, TOKEN_PARAMETERS))
  .step('client', (ctx, s) => authenticateClient(ctx.steward, ctx.request, s.parameters))
  .step('grant', (_ctx, s) => {
    const type = s.parameters.grant_type;
    if (type === undefined) throw oauthError('invalid_request', 'The grant_type parameter is required.');
    const grant = Object.prototype.hasOwnProperty.call(GRANTS, type) ? GRANTS[type] : undefined;
    if (grant === undefined) throw oauthError('unsupported_grant_type', `The grant_type ${type} is not supported.`);
    return grant;
  })
  .step('tokens', async (ctx, s) => {
    try {
      return await s.grant(ctx.steward, s.client, s.parameters);
    } catch (error) {
      // PreTokenGeneration refused or failed (user-pool/triggers/): an OAuth error, not a server error.
      if (LAMBDA_ERRORS.some((name) => isServiceError(error, name))) throw oauthError('invalid_request', (error as Error).message);
      throw error;
    }
  })
  .respond((ctx, s) => ctx.reply.headers(NO_STORE).send(s.tokens));
