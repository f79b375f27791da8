// Cognito's UserPoolClientType, as CreateUserPoolClient, UpdateUserPoolClient and
// DescribeUserPoolClient answer.
import type { Config } from '../../config/config.js';
import { epochSeconds } from '../../time/clock.js';
import type { AppClientDetails } from './app-client-repository.js';
import { UNIT_SECONDS, type TimeUnit } from './client-settings.js';

/** A lifetime in seconds as a value in `unit`, or in seconds when it is no whole number of them. */
function inUnit(seconds: number, unit: TimeUnit): { value: number; unit: TimeUnit } {
  return seconds % UNIT_SECONDS[unit] === 0 ? { value: seconds / UNIT_SECONDS[unit], unit } : { value: seconds, unit: 'seconds' };
}

/** UserPoolClientType of a client; lifetimes left to the server are shown as the defaults in force. */
export function toUserPoolClientType(details: AppClientDetails, defaults: Pick<Config, 'accessTokenTtlSeconds' | 'idTokenTtlSeconds' | 'refreshTokenTtlSeconds'>) {
  const { client } = details;
  const access = inUnit(client.accessTokenTtlSeconds ?? defaults.accessTokenTtlSeconds, details.tokenValidityUnits.AccessToken);
  const id = inUnit(client.idTokenTtlSeconds ?? defaults.idTokenTtlSeconds, details.tokenValidityUnits.IdToken);
  const refresh = inUnit(client.refreshTokenTtlSeconds ?? defaults.refreshTokenTtlSeconds, details.tokenValidityUnits.RefreshToken);
  return {
    UserPoolId: client.poolId,
    ClientName: client.name,
    ClientId: client.id,
    // Cognito shows the secret to administrators on every describe.
    ...(client.secret !== null ? { ClientSecret: client.secret } : {}),
    LastModifiedDate: epochSeconds(details.updatedAt),
    CreationDate: epochSeconds(details.createdAt),
    RefreshTokenValidity: refresh.value,
    AccessTokenValidity: access.value,
    IdTokenValidity: id.value,
    TokenValidityUnits: { AccessToken: access.unit, IdToken: id.unit, RefreshToken: refresh.unit },
    ...(client.readAttributes !== null ? { ReadAttributes: [...client.readAttributes] } : {}),
    ...(client.writeAttributes !== null ? { WriteAttributes: [...client.writeAttributes] } : {}),
    ExplicitAuthFlows: [...client.explicitAuthFlows],
    SupportedIdentityProviders: [...client.supportedIdentityProviders],
    CallbackURLs: [...client.callbackUrls],
    LogoutURLs: [...client.logoutUrls],
    ...(details.defaultRedirectUri !== null ? { DefaultRedirectURI: details.defaultRedirectUri } : {}),
    AllowedOAuthFlows: [...client.allowedOAuthFlows],
    AllowedOAuthScopes: [...client.allowedOAuthScopes],
    AllowedOAuthFlowsUserPoolClient: client.allowedOAuthFlowsUserPoolClient,
    PreventUserExistenceErrors: client.preventUserExistenceErrors ? 'ENABLED' : 'LEGACY',
    EnableTokenRevocation: client.enableTokenRevocation,
    EnablePropagateAdditionalUserContextData: false,
    RefreshTokenRotation: { Feature: client.refreshTokenRotation.enabled ? 'ENABLED' : 'DISABLED', RetryGracePeriodSeconds: client.refreshTokenRotation.retryGracePeriodSeconds },
  };
}
