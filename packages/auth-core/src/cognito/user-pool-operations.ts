// Request and response shapes of the Cognito user-pool operations auth-core calls, with field names
// exactly as the Amazon Cognito user pools API reference spells them.

/** A name/value pair (AttributeType). */
export interface AttributeType {
  Name: string;
  Value?: string;
}

/** Where a code was sent (CodeDeliveryDetailsType). */
export interface CodeDeliveryDetailsType {
  Destination?: string;
  DeliveryMedium?: 'SMS' | 'EMAIL' | (string & {});
  AttributeName?: string;
}

/** Device keys Cognito hands out with tokens when device tracking is on (NewDeviceMetadataType). */
export interface NewDeviceMetadataType {
  DeviceKey?: string;
  DeviceGroupKey?: string;
}

/** Tokens issued by a successful authentication (AuthenticationResultType). */
export interface AuthenticationResultType {
  AccessToken?: string;
  ExpiresIn?: number;
  TokenType?: string;
  RefreshToken?: string;
  IdToken?: string;
  NewDeviceMetadata?: NewDeviceMetadataType;
}

/** Opaque context data for advanced security (UserContextDataType). */
export interface UserContextDataType {
  IpAddress?: string;
  EncodedData?: string;
}

/** Pinpoint analytics metadata (AnalyticsMetadataType). */
export interface AnalyticsMetadataType {
  AnalyticsEndpointId?: string;
}

/** Free-form key/value metadata passed to user-pool triggers. */
export type ClientMetadata = Record<string, string>;

/** Authentication flows of InitiateAuth. */
export type AuthFlowType =
  | 'USER_SRP_AUTH'
  | 'USER_PASSWORD_AUTH'
  | 'CUSTOM_AUTH'
  | 'USER_AUTH'
  | 'REFRESH_TOKEN_AUTH'
  | 'REFRESH_TOKEN'
  | 'ADMIN_NO_SRP_AUTH'
  | 'ADMIN_USER_PASSWORD_AUTH';

/** Challenge names Cognito returns or accepts (ChallengeNameType). */
export type ChallengeNameType =
  | 'SMS_MFA'
  | 'SMS_OTP'
  | 'EMAIL_OTP'
  | 'SOFTWARE_TOKEN_MFA'
  | 'SELECT_MFA_TYPE'
  | 'SELECT_CHALLENGE'
  | 'MFA_SETUP'
  | 'PASSWORD'
  | 'PASSWORD_SRP'
  | 'PASSWORD_VERIFIER'
  | 'CUSTOM_CHALLENGE'
  | 'DEVICE_SRP_AUTH'
  | 'DEVICE_PASSWORD_VERIFIER'
  | 'ADMIN_NO_SRP_AUTH'
  | 'NEW_PASSWORD_REQUIRED'
  | 'WEB_AUTHN';

export interface InitiateAuthRequest {
  AuthFlow: AuthFlowType;
  AuthParameters?: Record<string, string>;
  ClientMetadata?: ClientMetadata;
  ClientId: string;
  AnalyticsMetadata?: AnalyticsMetadataType;
  UserContextData?: UserContextDataType;
  Session?: string;
}
export interface InitiateAuthResponse {
  ChallengeName?: ChallengeNameType;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: AuthenticationResultType;
  AvailableChallenges?: ChallengeNameType[];
}

export interface RespondToAuthChallengeRequest {
  ClientId: string;
  ChallengeName: ChallengeNameType;
  Session?: string;
  ChallengeResponses?: Record<string, string>;
  AnalyticsMetadata?: AnalyticsMetadataType;
  UserContextData?: UserContextDataType;
  ClientMetadata?: ClientMetadata;
}
export interface RespondToAuthChallengeResponse {
  ChallengeName?: ChallengeNameType;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: AuthenticationResultType;
}

export interface SignUpRequest {
  ClientId: string;
  SecretHash?: string;
  Username: string;
  Password?: string;
  UserAttributes?: AttributeType[];
  ValidationData?: AttributeType[];
  AnalyticsMetadata?: AnalyticsMetadataType;
  UserContextData?: UserContextDataType;
  ClientMetadata?: ClientMetadata;
}
export interface SignUpResponse {
  UserConfirmed: boolean;
  CodeDeliveryDetails?: CodeDeliveryDetailsType;
  UserSub: string;
  Session?: string;
}

export interface ConfirmSignUpRequest {
  ClientId: string;
  SecretHash?: string;
  Username: string;
  ConfirmationCode: string;
  ForceAliasCreation?: boolean;
  AnalyticsMetadata?: AnalyticsMetadataType;
  UserContextData?: UserContextDataType;
  ClientMetadata?: ClientMetadata;
  Session?: string;
}
export interface ConfirmSignUpResponse {
  Session?: string;
}

export interface ResendConfirmationCodeRequest {
  ClientId: string;
  SecretHash?: string;
  UserContextData?: UserContextDataType;
  Username: string;
  AnalyticsMetadata?: AnalyticsMetadataType;
  ClientMetadata?: ClientMetadata;
}
export interface ResendConfirmationCodeResponse {
  CodeDeliveryDetails?: CodeDeliveryDetailsType;
}

export interface ForgotPasswordRequest {
  ClientId: string;
  SecretHash?: string;
  UserContextData?: UserContextDataType;
  Username: string;
  AnalyticsMetadata?: AnalyticsMetadataType;
  ClientMetadata?: ClientMetadata;
}
export interface ForgotPasswordResponse {
  CodeDeliveryDetails?: CodeDeliveryDetailsType;
}

export interface ConfirmForgotPasswordRequest {
  ClientId: string;
  SecretHash?: string;
  Username: string;
  ConfirmationCode: string;
  Password: string;
  AnalyticsMetadata?: AnalyticsMetadataType;
  UserContextData?: UserContextDataType;
  ClientMetadata?: ClientMetadata;
}
export type ConfirmForgotPasswordResponse = Record<string, never>;

export interface ChangePasswordRequest {
  PreviousPassword?: string;
  ProposedPassword: string;
  AccessToken: string;
}
export type ChangePasswordResponse = Record<string, never>;

/** The MFA option of a legacy SMS setting (MFAOptionType). */
export interface MFAOptionType {
  DeliveryMedium?: 'SMS' | 'EMAIL' | (string & {});
  AttributeName?: string;
}

export interface GetUserRequest {
  AccessToken: string;
}
export interface GetUserResponse {
  Username: string;
  UserAttributes: AttributeType[];
  MFAOptions?: MFAOptionType[];
  PreferredMfaSetting?: string;
  UserMFASettingList?: string[];
}

/** One MFA factor's setting in SetUserMFAPreference. */
export interface MfaSettingsType {
  Enabled?: boolean;
  PreferredMfa?: boolean;
}
export interface SetUserMFAPreferenceRequest {
  SMSMfaSettings?: MfaSettingsType;
  SoftwareTokenMfaSettings?: MfaSettingsType;
  EmailMfaSettings?: MfaSettingsType;
  AccessToken: string;
}
export type SetUserMFAPreferenceResponse = Record<string, never>;

export interface UpdateUserAttributesRequest {
  UserAttributes: AttributeType[];
  AccessToken: string;
  ClientMetadata?: ClientMetadata;
}
export interface UpdateUserAttributesResponse {
  CodeDeliveryDetailsList?: CodeDeliveryDetailsType[];
}

export interface GetUserAttributeVerificationCodeRequest {
  AccessToken: string;
  AttributeName: string;
  ClientMetadata?: ClientMetadata;
}
export interface GetUserAttributeVerificationCodeResponse {
  CodeDeliveryDetails?: CodeDeliveryDetailsType;
}

export interface VerifyUserAttributeRequest {
  AccessToken: string;
  AttributeName: string;
  Code: string;
}
export type VerifyUserAttributeResponse = Record<string, never>;

export interface DeleteUserAttributesRequest {
  UserAttributeNames: string[];
  AccessToken: string;
}
export type DeleteUserAttributesResponse = Record<string, never>;

/** A remembered or tracked device (DeviceType); dates are epoch seconds. */
export interface DeviceType {
  DeviceKey?: string;
  DeviceAttributes?: AttributeType[];
  DeviceCreateDate?: number;
  DeviceLastModifiedDate?: number;
  DeviceLastAuthenticatedDate?: number;
}
export interface ListDevicesRequest {
  AccessToken: string;
  Limit?: number;
  PaginationToken?: string;
}
export interface ListDevicesResponse {
  Devices?: DeviceType[];
  PaginationToken?: string;
}

export interface ForgetDeviceRequest {
  AccessToken?: string;
  DeviceKey: string;
}
export type ForgetDeviceResponse = Record<string, never>;

export interface UpdateDeviceStatusRequest {
  AccessToken: string;
  DeviceKey: string;
  DeviceRememberedStatus?: 'remembered' | 'not_remembered';
}
export type UpdateDeviceStatusResponse = Record<string, never>;

/** The verifier ConfirmDevice registers (DeviceSecretVerifierConfigType), both base64. */
export interface DeviceSecretVerifierConfigType {
  PasswordVerifier?: string;
  Salt?: string;
}
export interface ConfirmDeviceRequest {
  AccessToken: string;
  DeviceKey: string;
  DeviceSecretVerifierConfig?: DeviceSecretVerifierConfigType;
  DeviceName?: string;
}
export interface ConfirmDeviceResponse {
  UserConfirmationNecessary?: boolean;
}

export interface DeleteUserRequest {
  AccessToken: string;
}
export type DeleteUserResponse = Record<string, never>;

export interface AssociateSoftwareTokenRequest {
  AccessToken?: string;
  Session?: string;
}
export interface AssociateSoftwareTokenResponse {
  SecretCode?: string;
  Session?: string;
}

export interface VerifySoftwareTokenRequest {
  AccessToken?: string;
  Session?: string;
  UserCode: string;
  FriendlyDeviceName?: string;
}
export interface VerifySoftwareTokenResponse {
  Status?: 'SUCCESS' | 'ERROR';
  Session?: string;
}

export interface RevokeTokenRequest {
  Token: string;
  ClientId: string;
  ClientSecret?: string;
}
export type RevokeTokenResponse = Record<string, never>;

// Token refresh as current Amplify does it (rotation-aware): a new RefreshToken comes back only when
// the app client rotates refresh tokens.
export interface GetTokensFromRefreshTokenRequest {
  RefreshToken: string;
  ClientId: string;
  ClientSecret?: string;
  DeviceKey?: string;
  ClientMetadata?: ClientMetadata;
}
export interface GetTokensFromRefreshTokenResponse {
  AuthenticationResult?: AuthenticationResultType;
}

export interface GlobalSignOutRequest {
  AccessToken: string;
}
export type GlobalSignOutResponse = Record<string, never>;

/** WebAuthn credential creation options (PublicKeyCredentialCreationOptionsJSON) as Cognito sends them. */
export type CredentialCreationOptionsDocument = Record<string, unknown>;
/** A WebAuthn registration response (RegistrationResponseJSON) as Cognito expects it. */
export type RegistrationCredentialDocument = Record<string, unknown>;

export interface StartWebAuthnRegistrationRequest {
  AccessToken: string;
}
export interface StartWebAuthnRegistrationResponse {
  CredentialCreationOptions: CredentialCreationOptionsDocument;
}

export interface CompleteWebAuthnRegistrationRequest {
  AccessToken: string;
  Credential: RegistrationCredentialDocument;
}
export type CompleteWebAuthnRegistrationResponse = Record<string, never>;

/** A registered passkey (WebAuthnCredentialDescription); CreatedAt is epoch seconds. */
export interface WebAuthnCredentialDescription {
  CredentialId: string;
  FriendlyCredentialName: string;
  RelyingPartyId: string;
  AuthenticatorAttachment?: string;
  AuthenticatorTransports: string[];
  CreatedAt: number;
}
export interface ListWebAuthnCredentialsRequest {
  AccessToken: string;
  NextToken?: string;
  MaxResults?: number;
}
export interface ListWebAuthnCredentialsResponse {
  Credentials: WebAuthnCredentialDescription[];
  NextToken?: string;
}

export interface DeleteWebAuthnCredentialRequest {
  AccessToken: string;
  CredentialId: string;
}
export type DeleteWebAuthnCredentialResponse = Record<string, never>;

/** Every user-pool operation auth-core calls, with its request and response types. */
export interface UserPoolOperations {
  InitiateAuth: { request: InitiateAuthRequest; response: InitiateAuthResponse };
  RespondToAuthChallenge: { request: RespondToAuthChallengeRequest; response: RespondToAuthChallengeResponse };
  SignUp: { request: SignUpRequest; response: SignUpResponse };
  ConfirmSignUp: { request: ConfirmSignUpRequest; response: ConfirmSignUpResponse };
  ResendConfirmationCode: { request: ResendConfirmationCodeRequest; response: ResendConfirmationCodeResponse };
  ForgotPassword: { request: ForgotPasswordRequest; response: ForgotPasswordResponse };
  ConfirmForgotPassword: { request: ConfirmForgotPasswordRequest; response: ConfirmForgotPasswordResponse };
  ChangePassword: { request: ChangePasswordRequest; response: ChangePasswordResponse };
  GetUser: { request: GetUserRequest; response: GetUserResponse };
  SetUserMFAPreference: { request: SetUserMFAPreferenceRequest; response: SetUserMFAPreferenceResponse };
  UpdateUserAttributes: { request: UpdateUserAttributesRequest; response: UpdateUserAttributesResponse };
  GetUserAttributeVerificationCode: {
    request: GetUserAttributeVerificationCodeRequest;
    response: GetUserAttributeVerificationCodeResponse;
  };
  VerifyUserAttribute: { request: VerifyUserAttributeRequest; response: VerifyUserAttributeResponse };
  DeleteUserAttributes: { request: DeleteUserAttributesRequest; response: DeleteUserAttributesResponse };
  ListDevices: { request: ListDevicesRequest; response: ListDevicesResponse };
  ForgetDevice: { request: ForgetDeviceRequest; response: ForgetDeviceResponse };
  UpdateDeviceStatus: { request: UpdateDeviceStatusRequest; response: UpdateDeviceStatusResponse };
  ConfirmDevice: { request: ConfirmDeviceRequest; response: ConfirmDeviceResponse };
  DeleteUser: { request: DeleteUserRequest; response: DeleteUserResponse };
  AssociateSoftwareToken: { request: AssociateSoftwareTokenRequest; response: AssociateSoftwareTokenResponse };
  VerifySoftwareToken: { request: VerifySoftwareTokenRequest; response: VerifySoftwareTokenResponse };
  RevokeToken: { request: RevokeTokenRequest; response: RevokeTokenResponse };
  GetTokensFromRefreshToken: { request: GetTokensFromRefreshTokenRequest; response: GetTokensFromRefreshTokenResponse };
  GlobalSignOut: { request: GlobalSignOutRequest; response: GlobalSignOutResponse };
  StartWebAuthnRegistration: { request: StartWebAuthnRegistrationRequest; response: StartWebAuthnRegistrationResponse };
  CompleteWebAuthnRegistration: { request: CompleteWebAuthnRegistrationRequest; response: CompleteWebAuthnRegistrationResponse };
  ListWebAuthnCredentials: { request: ListWebAuthnCredentialsRequest; response: ListWebAuthnCredentialsResponse };
  DeleteWebAuthnCredential: { request: DeleteWebAuthnCredentialRequest; response: DeleteWebAuthnCredentialResponse };
}

/** The name of a user-pool operation. */
export type UserPoolOperation = keyof UserPoolOperations;
/** The request body type of a user-pool operation. */
export type UserPoolRequest<Op extends UserPoolOperation> = UserPoolOperations[Op]['request'];
/** The response body type of a user-pool operation. */
export type UserPoolResponse<Op extends UserPoolOperation> = UserPoolOperations[Op]['response'];
