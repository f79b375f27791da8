// The managed-login URLs of a user-pool domain: /oauth2/authorize (built here) and /oauth2/token.

/**
 * A social provider by aws-amplify's name, 'COGNITO' for the pool's own users, any other identity
 * provider by its Cognito name (`custom`), or by one of its identifiers (`idpIdentifier`, e.g. an email domain).
 */
export type SignInWithRedirectProvider =
  | 'COGNITO'
  | 'Google'
  | 'Facebook'
  | 'Amazon'
  | 'Apple'
  | { custom: string; idpIdentifier?: never }
  | { idpIdentifier: string; custom?: never };

/** A provider named directly (everything but an `idpIdentifier`, which Cognito resolves itself). */
export type NamedProvider = Exclude<SignInWithRedirectProvider, { idpIdentifier: string }>;

/** The `prompt` values of signInWithRedirect (sent lowercase, as OpenID Connect spells them). */
export type OAuthPrompt = 'NONE' | 'LOGIN' | 'CONSENT' | 'SELECT_ACCOUNT';

// Cognito's names of the built-in social providers, which differ from aws-amplify's short names.
const COGNITO_PROVIDER_NAMES = { COGNITO: 'COGNITO', Google: 'Google', Facebook: 'Facebook', Amazon: 'LoginWithAmazon', Apple: 'SignInWithApple' } as const;

/** The `identity_provider` Cognito knows a provider by (Amazon → LoginWithAmazon, Apple → SignInWithApple). */
export function identityProviderName(provider: NamedProvider): string {
  return typeof provider === 'string' ? COGNITO_PROVIDER_NAMES[provider] : provider.custom;
}

/** `https://{domain}` without a trailing slash; a domain written with its own scheme (a local server) is kept as is. */
export function oauthDomainBase(domain: string): string {
  return /^https?:\/\//.test(domain) ? domain.replace(/\/+$/, '') : `https://${domain}`;
}

/** The token endpoint of a user-pool domain. */
export function tokenEndpointUrl(domain: string): string {
  return `${oauthDomainBase(domain)}/oauth2/token`;
}

/** Everything an authorize request carries. */
export interface AuthorizeUrlInput {
  domain: string;
  clientId: string;
  redirectUri: string;
  responseType: 'code' | 'token';
  scopes: readonly string[];
  state: string;
  /** The S256 challenge; sent with response_type=code only. */
  codeChallenge?: string | undefined;
  /** Absent: Cognito chooses (or resumes whichever session exists, for prompt=none). */
  identityProvider?: string | undefined;
  /** Sent instead of identity_provider: Cognito picks the provider that has this identifier. */
  idpIdentifier?: string | undefined;
  lang?: string | undefined;
  loginHint?: string | undefined;
  nonce?: string | undefined;
  prompt?: OAuthPrompt | undefined;
}

/**
 * `https://{domain}/oauth2/authorize?response_type&client_id&redirect_uri&state&scope[&code_challenge&code_challenge_method=S256]`
 * `[&identity_provider or &idp_identifier][&lang][&login_hint][&nonce][&prompt]`, scopes joined by spaces and prompt lowercase.
 */
export function buildAuthorizeUrl(input: AuthorizeUrlInput): string {
  const query = new URLSearchParams({
    response_type: input.responseType,
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    state: input.state,
    scope: input.scopes.join(' '),
  });
  if (input.responseType === 'code' && input.codeChallenge !== undefined) {
    query.append('code_challenge', input.codeChallenge);
    query.append('code_challenge_method', 'S256');
  }
  const optional: [string, string | undefined][] = [
    // One or the other, as aws-amplify: an identifier lets Cognito choose the provider.
    input.idpIdentifier !== undefined && input.idpIdentifier !== '' ? ['idp_identifier', input.idpIdentifier] : ['identity_provider', input.identityProvider],
    ['lang', input.lang],
    ['login_hint', input.loginHint],
    ['nonce', input.nonce],
    ['prompt', input.prompt?.toLowerCase()],
  ];
  for (const [name, value] of optional) if (value !== undefined && value !== '') query.append(name, value);
  return `${oauthDomainBase(input.domain)}/oauth2/authorize?${query.toString()}`;
}
