export { awsJsonHeaders, cleanErrorName, postAwsJson } from './aws-json-transport.js';
export type { AwsJsonCall, FetchLike } from './aws-json-transport.js';
export { USER_POOL_TARGET_PREFIX, callUserPool, unexpectedResponse } from './user-pool-client.js';
export type { UserPoolTransport } from './user-pool-client.js';
export type * from './user-pool-operations.js';
