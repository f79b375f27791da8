// The WebAuthn port: JSON in, JSON out (the WebAuthn Level 3 JSON forms Cognito sends and expects),
// so machines and tests never touch ArrayBuffers. Binary fields are base64url strings.

/** A credential descriptor (PublicKeyCredentialDescriptorJSON). */
export interface PasskeyCredentialDescriptorJson {
  type: 'public-key';
  id: string;
  transports?: string[];
}

/** Registration options (PublicKeyCredentialCreationOptionsJSON). */
export interface PasskeyCreateOptionsJson {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: { type: 'public-key'; alg: number }[];
  timeout?: number;
  excludeCredentials?: PasskeyCredentialDescriptorJson[];
  authenticatorSelection?: {
    authenticatorAttachment?: string;
    residentKey?: string;
    requireResidentKey?: boolean;
    userVerification?: string;
  };
  hints?: string[];
  attestation?: string;
  extensions?: Record<string, unknown>;
}

/** Authentication options (PublicKeyCredentialRequestOptionsJSON). */
export interface PasskeyGetOptionsJson {
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: PasskeyCredentialDescriptorJson[];
  userVerification?: string;
  hints?: string[];
  extensions?: Record<string, unknown>;
}

/** A new credential (RegistrationResponseJSON). */
export interface PasskeyRegistrationResponseJson {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment?: string;
  clientExtensionResults: Record<string, unknown>;
  response: {
    clientDataJSON: string;
    attestationObject: string;
    transports?: string[];
    authenticatorData?: string;
    publicKey?: string;
    publicKeyAlgorithm?: number;
  };
}

/** An assertion (AuthenticationResponseJSON). */
export interface PasskeyAuthenticationResponseJson {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment?: string;
  clientExtensionResults: Record<string, unknown>;
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
}

/**
 * The WebAuthn port (navigator.credentials create/get). Implementations throw what the platform
 * throws (DOMException names); callers map it with toPasskeyError().
 */
export interface WebAuthnPort {
  /** True when this environment can run WebAuthn ceremonies. */
  isSupported(): boolean;
  /** Registers a new passkey. */
  create(options: PasskeyCreateOptionsJson): Promise<PasskeyRegistrationResponseJson>;
  /** Signs a challenge with an existing passkey. */
  get(options: PasskeyGetOptionsJson): Promise<PasskeyAuthenticationResponseJson>;
}
