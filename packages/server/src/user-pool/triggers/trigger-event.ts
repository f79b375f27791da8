// The envelope every trigger event shares, in Cognito's shape:
//   { version, triggerSource, region, userPoolId, userName, callerContext: { awsSdkVersion, clientId }, request, response }
// so an existing Lambda handler reads it unchanged behind an HTTP adapter. An event about no user
// (PreTokenGeneration V3's TokenGeneration_ClientCredentials) has no userName.
import type { OperationContext } from '../operations/operation-context.js';
import type { PoolRecord } from '../pools/pool-repository.js';
import type { UserRecord } from '../users/user-repository.js';

/** A trigger event (the body of the request). */
export interface TriggerEvent {
  readonly version: string;
  readonly triggerSource: string;
  readonly region: string;
  readonly userPoolId: string;
  /** Absent when no user is concerned (a client_credentials token). */
  readonly userName?: string;
  readonly callerContext: { readonly awsSdkVersion: string; readonly clientId: string };
  readonly request: Record<string, unknown>;
  readonly response: Record<string, unknown>;
}

/** The region of a pool id ("us-east-1_AbC" → "us-east-1"). */
export function regionOf(poolId: string): string {
  return poolId.split('_')[0] ?? '';
}

/**
 * callerContext.awsSdkVersion as Cognito fills it: the SDK named in the caller's User-Agent
 * ("aws-sdk-js-3.700.0"), or "aws-sdk-unknown-unknown".
 */
export function awsSdkVersionOf(ctx: Pick<OperationContext, 'request'> | undefined): string {
  const match = /aws-sdk-([a-z]+)\/(\d+(?:\.\d+)*)/i.exec(ctx?.request.userAgent ?? '');
  return match === null ? 'aws-sdk-unknown-unknown' : `aws-sdk-${match[1]?.toLowerCase() ?? 'unknown'}-${match[2] ?? 'unknown'}`;
}

/** Builds an event (`ctx` undefined: no request to read the caller's SDK from; `userName` undefined: no user). `clientId`: the app client of the request (Cognito sends "CLIENT_ID_NOT_APPLICABLE" for admin calls without one). */
export function triggerEvent(
  ctx: Pick<OperationContext, 'request'> | undefined,
  pool: Pick<PoolRecord, 'id'>,
  args: { triggerSource: string; userName: string | undefined; clientId: string | undefined; request: Record<string, unknown>; response: Record<string, unknown>; version?: string },
): TriggerEvent {
  return {
    version: args.version ?? '1',
    triggerSource: args.triggerSource,
    region: regionOf(pool.id),
    userPoolId: pool.id,
    ...(args.userName !== undefined ? { userName: args.userName } : {}),
    callerContext: { awsSdkVersion: awsSdkVersionOf(ctx), clientId: args.clientId ?? 'CLIENT_ID_NOT_APPLICABLE' },
    request: args.request,
    response: args.response,
  };
}

/** The userAttributes of a stored user as Cognito sends them: sub, the attributes, cognito:user_status. */
export function eventUserAttributes(user: Pick<UserRecord, 'sub' | 'attributes' | 'status'>): Record<string, string> {
  return { sub: user.sub, ...user.attributes, 'cognito:user_status': user.status };
}

/** clientMetadata for a request: only when the caller sent some (Cognito leaves it out otherwise). */
export function withClientMetadata(clientMetadata: Readonly<Record<string, string>> | undefined): Record<string, unknown> {
  return clientMetadata !== undefined && Object.keys(clientMetadata).length > 0 ? { clientMetadata: { ...clientMetadata } } : {};
}

/** An attribute list (ValidationData) as a name → value map (undefined when not sent). */
export function attributeMap(list: readonly { readonly Name: string; readonly Value?: string | undefined }[] | undefined): Record<string, string> | undefined {
  return list === undefined ? undefined : Object.fromEntries(list.map((a) => [a.Name, a.Value ?? '']));
}
