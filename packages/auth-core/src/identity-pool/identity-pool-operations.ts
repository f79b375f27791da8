// Request and response shapes of the Cognito identity-pool operations auth-core calls, with field
// names exactly as the Amazon Cognito Federated Identities API reference spells them.

export interface GetIdRequest {
  AccountId?: string;
  IdentityPoolId: string;
  /** Provider name (e.g. cognito-idp.us-east-1.amazonaws.com/us-east-1_AbC) to id token. */
  Logins?: Record<string, string>;
}
export interface GetIdResponse {
  IdentityId?: string;
}

export interface GetCredentialsForIdentityRequest {
  IdentityId: string;
  Logins?: Record<string, string>;
  CustomRoleArn?: string;
}
/** Temporary AWS credentials; Expiration is epoch seconds. */
export interface IdentityPoolCredentials {
  AccessKeyId?: string;
  SecretKey?: string;
  SessionToken?: string;
  Expiration?: number;
}
export interface GetCredentialsForIdentityResponse {
  IdentityId?: string;
  Credentials?: IdentityPoolCredentials;
}

/** Every identity-pool operation auth-core calls. */
export interface IdentityPoolOperations {
  GetId: { request: GetIdRequest; response: GetIdResponse };
  GetCredentialsForIdentity: { request: GetCredentialsForIdentityRequest; response: GetCredentialsForIdentityResponse };
}
export type IdentityPoolOperation = keyof IdentityPoolOperations;
