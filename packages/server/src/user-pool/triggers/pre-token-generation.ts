// PreTokenGeneration, V1, V2 and V3 (LambdaConfig.PreTokenGenerationConfig.LambdaVersion; the plain
// PreTokenGeneration key is V1). Asked before every pair of access and id tokens is signed —
// sign-in (TokenGeneration_Authentication), managed login (TokenGeneration_HostedAuth) and refresh
// (TokenGeneration_RefreshTokens) — installed into the token service as its customizer.
//   V1: response.claimsOverrideDetails { claimsToAddOrOverride (strings), claimsToSuppress,
//       groupOverrideDetails { groupsToOverride, iamRolesToOverride, preferredRole } }: the id token.
//   V2: response.claimsAndScopeOverrideDetails { idTokenGeneration { claimsToAddOrOverride,
//       claimsToSuppress }, accessTokenGeneration { …, scopesToAdd, scopesToSuppress },
//       groupOverrideDetails }: both tokens, claim values any JSON.
//   V3: V2's event (version "3") and response for sign-ins, and also asked before a client_credentials
//       access token (TokenGeneration_ClientCredentials, the client customizer): no user, so no
//       userName, userAttributes or groupConfiguration; request { scopes, clientMetadata? }. Only
//       accessTokenGeneration applies there (there is no id token and no group claim).
// Protected claims (token-customization.ts) are left as they are whatever the handler says.
import type { ServerServices } from '../operations/operation-context.js';
import { findPool } from '../pools/pool-repository.js';
import type { ClaimChanges, ClientTokenCustomizer, TokenCustomization, TokenCustomizer } from '../../tokens/token-customization.js';
import { invokeTrigger, unrecognizable } from './invoke-trigger.js';
import { triggerTarget } from './lambda-config.js';
import { eventUserAttributes, triggerEvent, withClientMetadata } from './trigger-event.js';

type Json = Record<string, unknown>;

function object(value: unknown): Json | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw unrecognizable();
  return value as Json;
}

function strings(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw unrecognizable();
  return value;
}

function claimChanges(value: unknown, stringValuesOnly: boolean): ClaimChanges | undefined {
  const details = object(value);
  if (details === undefined) return undefined;
  const add = object(details.claimsToAddOrOverride);
  if (add !== undefined && stringValuesOnly && !Object.values(add).every((v) => typeof v === 'string')) throw unrecognizable();
  const suppress = strings(details.claimsToSuppress);
  return { ...(add !== undefined ? { addOrOverride: add } : {}), ...(suppress !== undefined ? { suppress } : {}) };
}

function groupOverride(value: unknown): Pick<TokenCustomization, 'groups' | 'iamRoles' | 'preferredRole'> {
  const details = object(value);
  if (details === undefined) return {};
  const groups = strings(details.groupsToOverride);
  const iamRoles = strings(details.iamRolesToOverride);
  const preferredRole = details.preferredRole;
  if (preferredRole !== undefined && preferredRole !== null && typeof preferredRole !== 'string') throw unrecognizable();
  return { ...(groups !== undefined ? { groups } : {}), ...(iamRoles !== undefined ? { iamRoles } : {}), ...(typeof preferredRole === 'string' ? { preferredRole } : {}) };
}

/** Reads a V1 response into a customization. */
export function fromV1(response: Json): TokenCustomization | undefined {
  const details = object(response.claimsOverrideDetails);
  if (details === undefined) return undefined;
  const idToken = claimChanges(details, true);
  return { ...(idToken !== undefined ? { idToken } : {}), ...groupOverride(details.groupOverrideDetails) };
}

/** Reads a V2 response into a customization. */
export function fromV2(response: Json): TokenCustomization | undefined {
  const details = object(response.claimsAndScopeOverrideDetails);
  if (details === undefined) return undefined;
  const idToken = claimChanges(details.idTokenGeneration, false);
  const accessDetails = object(details.accessTokenGeneration);
  const access = claimChanges(accessDetails, false);
  const scopesToAdd = strings(accessDetails?.scopesToAdd);
  const scopesToSuppress = strings(accessDetails?.scopesToSuppress);
  const accessToken = access === undefined && scopesToAdd === undefined && scopesToSuppress === undefined ? undefined : { ...access, ...(scopesToAdd !== undefined ? { scopesToAdd } : {}), ...(scopesToSuppress !== undefined ? { scopesToSuppress } : {}) };
  return { ...(idToken !== undefined ? { idToken } : {}), ...(accessToken !== undefined ? { accessToken } : {}), ...groupOverride(details.groupOverrideDetails) };
}

/** The event's `version` for a LambdaVersion: "1", "2" or "3" (V2 and V3 share the event's and the response's shape). */
export function eventVersion(lambdaVersion: string): '1' | '2' | '3' {
  if (lambdaVersion === 'V1_0') return '1';
  return lambdaVersion === 'V3_0' ? '3' : '2';
}

/** The token service's customizer: runs the user's pool's PreTokenGeneration trigger when one is configured. */
export function preTokenGenerationCustomizer(services: Pick<ServerServices, 'db' | 'secrets' | 'clock' | 'log' | 'triggerTimeoutMs'>): TokenCustomizer {
  return async ({ client, user, groups, scopes, source, pool: known, clientMetadata }) => {
    const pool = known ?? (await findPool(services.db, user.poolId));
    const target = pool === undefined ? undefined : triggerTarget(pool, 'PreTokenGeneration');
    if (pool === undefined || target === undefined) return undefined;
    const v2 = target.lambdaVersion !== 'V1_0';
    const event = triggerEvent(undefined, pool, {
      version: eventVersion(target.lambdaVersion),
      triggerSource: `TokenGeneration_${source}`,
      userName: user.username,
      clientId: client.id,
      request: {
        userAttributes: eventUserAttributes(user),
        groupConfiguration: { groupsToOverride: [...groups], iamRolesToOverride: [], preferredRole: null },
        ...(v2 ? { scopes: [...scopes] } : {}),
        ...withClientMetadata(clientMetadata),
      },
      response: v2 ? { claimsAndScopeOverrideDetails: null } : { claimsOverrideDetails: null },
    });
    const answer = await invokeTrigger(services, pool, target, event);
    const response = object(answer.response) ?? {};
    return v2 ? fromV2(response) : fromV1(response);
  };
}

/**
 * The token service's client customizer: runs the client's pool's PreTokenGeneration trigger for a
 * client_credentials access token when it is V3_0 (V1 and V2 are never asked about machine tokens).
 */
export function preTokenGenerationClientCustomizer(services: Pick<ServerServices, 'db' | 'secrets' | 'clock' | 'log'>): ClientTokenCustomizer {
  return async ({ client, scopes, clientMetadata }) => {
    const pool = await findPool(services.db, client.poolId);
    const target = pool === undefined ? undefined : triggerTarget(pool, 'PreTokenGeneration');
    if (pool === undefined || target === undefined || target.lambdaVersion !== 'V3_0') return undefined;
    const event = triggerEvent(undefined, pool, {
      version: '3',
      triggerSource: 'TokenGeneration_ClientCredentials',
      userName: undefined,
      clientId: client.id,
      request: { scopes: [...scopes], ...withClientMetadata(clientMetadata) },
      response: { claimsAndScopeOverrideDetails: null },
    });
    const answer = await invokeTrigger(services, pool, target, event);
    // Read whole (a malformed idTokenGeneration is as unrecognizable as anywhere), applied to the access token only.
    const customization = fromV2(object(answer.response) ?? {});
    return customization?.accessToken === undefined ? undefined : { accessToken: customization.accessToken };
  };
}
