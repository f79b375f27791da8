// Cognito's rules for an identity provider's ProviderDetails, AttributeMapping and IdpIdentifiers:
// the keys each provider type needs and accepts, the shape of their values, and which members are
// secrets (sealed at rest, see identity-provider-repository.ts).
import { fail } from '../../errors/catalogue.js';
import type { PoolRecord } from '../pools/pool-repository.js';
import { STANDARD_ATTRIBUTES } from '../users/attributes.js';

/** Cognito's provider types (IdentityProviderTypeType). */
export const PROVIDER_TYPES = ['SAML', 'Facebook', 'Google', 'LoginWithAmazon', 'SignInWithApple', 'OIDC'] as const;

/** One provider type. */
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** The social types, whose provider name must be the type's own name (as Cognito requires). */
export const SOCIAL_TYPES: ReadonlySet<ProviderType> = new Set(['Facebook', 'Google', 'LoginWithAmazon', 'SignInWithApple']);

/** ProviderDetails members that are secrets: never stored in clear. */
export const SECRET_DETAIL_KEYS: readonly string[] = ['client_secret', 'private_key'];

/** Secret members Cognito's describe answers leave out (Sign in with Apple's key never leaves the pool). */
const HIDDEN_DETAIL_KEYS: ReadonlySet<string> = new Set(['private_key']);

interface TypeRules {
  readonly required: readonly string[];
  readonly optional: readonly string[];
}

const OIDC_ENDPOINTS = ['authorize_url', 'token_url', 'attributes_url', 'jwks_uri'] as const;
// Keys Cognito itself adds to a describe answer; accepted back so that describe → update round-trips.
const DESCRIBED = ['attributes_url', 'attributes_url_add_attributes', 'authorize_url', 'token_url', 'token_request_method', 'oidc_issuer'];

const RULES: Readonly<Record<ProviderType, TypeRules>> = {
  Google: { required: ['client_id', 'client_secret', 'authorize_scopes'], optional: DESCRIBED },
  LoginWithAmazon: { required: ['client_id', 'client_secret', 'authorize_scopes'], optional: DESCRIBED },
  Facebook: { required: ['client_id', 'client_secret', 'authorize_scopes'], optional: ['api_version', ...DESCRIBED] },
  SignInWithApple: { required: ['client_id', 'team_id', 'key_id', 'private_key', 'authorize_scopes'], optional: DESCRIBED },
  OIDC: {
    required: ['client_id', 'client_secret', 'attributes_request_method', 'oidc_issuer', 'authorize_scopes'],
    optional: [...OIDC_ENDPOINTS, 'attributes_url_add_attributes', 'token_request_method'],
  },
  SAML: {
    required: [],
    optional: ['MetadataFile', 'MetadataURL', 'IDPSignout', 'IDPInit', 'EncryptedResponses', 'RequestSigningAlgorithm', 'SSORedirectBindingURI', 'SLORedirectBindingURI', 'ActiveEncryptionCertificate'],
  },
};

const URL_KEYS: ReadonlySet<string> = new Set(['oidc_issuer', ...OIDC_ENDPOINTS, 'MetadataURL', 'SSORedirectBindingURI', 'SLORedirectBindingURI']);
const BOOLEAN_KEYS: ReadonlySet<string> = new Set(['IDPSignout', 'IDPInit', 'EncryptedResponses', 'attributes_url_add_attributes']);
const APPLE_SCOPES: ReadonlySet<string> = new Set(['email', 'name']);

function invalid(message: string): never {
  throw fail('InvalidParameterException', message);
}

function checkUrl(key: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return invalid(`ProviderDetails ${key} must be a URL.`);
  }
  if (url.protocol !== 'https:') invalid(`ProviderDetails ${key} must be an https URL.`);
  if (url.username !== '' || url.password !== '') invalid(`ProviderDetails ${key} must not hold credentials.`);
}

function checkValue(type: ProviderType, key: string, value: string): void {
  if (value.trim() === '') invalid(`ProviderDetails ${key} must not be empty.`);
  if (URL_KEYS.has(key)) checkUrl(key, value);
  if (BOOLEAN_KEYS.has(key) && value !== 'true' && value !== 'false') invalid(`ProviderDetails ${key} must be true or false.`);
  if (key === 'attributes_request_method' && value !== 'GET' && value !== 'POST') invalid('ProviderDetails attributes_request_method must be GET or POST.');
  if (key === 'token_request_method' && value !== 'GET' && value !== 'POST') invalid('ProviderDetails token_request_method must be GET or POST.');
  if (key === 'RequestSigningAlgorithm' && value !== 'rsa-sha256') invalid('ProviderDetails RequestSigningAlgorithm must be rsa-sha256.');
  if (key === 'api_version' && !/^v\d+\.\d+$/.test(value)) invalid('ProviderDetails api_version must look like v17.0.');
  if (key === 'MetadataFile' && !/<([\w-]+:)?EntityDescriptor[\s>]/.test(value)) invalid('ProviderDetails MetadataFile must be a SAML metadata document (an EntityDescriptor).');
  if (key === 'private_key' && !/^-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----\s*$/.test(value.trim())) {
    invalid('ProviderDetails private_key must be the PEM private key Apple issued (-----BEGIN PRIVATE KEY-----).');
  }
  if (key === 'authorize_scopes' && type === 'SignInWithApple') {
    const unknown = value.split(/\s+/).filter((s) => s !== '' && !APPLE_SCOPES.has(s));
    if (unknown.length > 0) invalid(`ProviderDetails authorize_scopes of Sign in with Apple may only be email and name, not ${unknown.join(', ')}.`);
  }
}

/** Checks ProviderDetails for `type` as Cognito does; returns them (InvalidParameterException otherwise). */
export function checkProviderDetails(type: ProviderType, details: Readonly<Record<string, string>>): Record<string, string> {
  const rules = RULES[type];
  const allowed = new Set([...rules.required, ...rules.optional]);
  const unknown = Object.keys(details).filter((k) => !allowed.has(k));
  if (unknown.length > 0) invalid(`ProviderDetails of a ${type} provider do not take ${unknown.join(', ')}; they take ${[...allowed].join(', ')}.`);
  const missing = rules.required.filter((k) => details[k] === undefined);
  if (missing.length > 0) invalid(`ProviderDetails of a ${type} provider need ${missing.join(', ')}.`);
  for (const [key, value] of Object.entries(details)) checkValue(type, key, value);
  if (type === 'SAML' && (details.MetadataFile === undefined) === (details.MetadataURL === undefined)) {
    invalid('ProviderDetails of a SAML provider need exactly one of MetadataFile and MetadataURL.');
  }
  if (type === 'OIDC') {
    // Endpoints are given all together or not at all (then they come from the issuer's discovery document).
    const given = OIDC_ENDPOINTS.filter((k) => details[k] !== undefined);
    if (given.length > 0 && given.length < OIDC_ENDPOINTS.length) invalid(`ProviderDetails of an OIDC provider need all of ${OIDC_ENDPOINTS.join(', ')} or none (${given.join(', ')} given).`);
  }
  return { ...details };
}

/** ProviderDetails split into what is stored in clear and the secret members (sealed). */
export function splitSecrets(details: Readonly<Record<string, string>>): { plain: Record<string, string>; secrets: Record<string, string> } {
  const plain: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const [key, value] of Object.entries(details)) (SECRET_DETAIL_KEYS.includes(key) ? secrets : plain)[key] = value;
  return { plain, secrets };
}

/** ProviderDetails as a describe answer shows them: sorted, without the members Cognito never returns. */
export function describedDetails(plain: Readonly<Record<string, string>>, secrets: Readonly<Record<string, string>>): Record<string, string> {
  const all: Record<string, string> = { ...plain, ...secrets };
  return Object.fromEntries(
    Object.keys(all)
      .filter((k) => !HIDDEN_DETAIL_KEYS.has(k))
      .sort()
      .map((k) => [k, all[k] ?? '']),
  );
}

/** Checks an AttributeMapping: its keys must be attributes of the pool (or username). */
export function checkAttributeMapping(pool: PoolRecord, mapping: Readonly<Record<string, string>>): Record<string, string> {
  const known = new Set<string>(['username', ...STANDARD_ATTRIBUTES, ...pool.customAttributes.map((c) => c.name)]);
  for (const [attribute, claim] of Object.entries(mapping)) {
    if (!known.has(attribute)) invalid(`AttributeMapping: ${attribute} is not an attribute of user pool ${pool.id}.`);
    if (claim.trim() === '') invalid(`AttributeMapping: the provider attribute for ${attribute} must not be empty.`);
  }
  return { ...mapping };
}

/** The IdpIdentifiers as given; InvalidParameterException when one repeats. */
export function checkIdpIdentifiers(identifiers: readonly string[]): string[] {
  const repeated = identifiers.find((id, i) => identifiers.indexOf(id) !== i);
  if (repeated !== undefined) invalid(`IdpIdentifiers lists ${repeated} twice.`);
  return [...identifiers];
}

/** Checks AcrMapping (OIDC only; keys Level1…Level4). */
export function checkAcrMapping(type: ProviderType, mapping: Readonly<Record<string, string>> | undefined): Record<string, string> {
  if (mapping === undefined || Object.keys(mapping).length === 0) return {};
  if (type !== 'OIDC') invalid('AcrMapping is only for OIDC providers.');
  const bad = Object.keys(mapping).find((k) => !/^Level[1-4]$/.test(k));
  if (bad !== undefined) invalid(`AcrMapping keys are Level1 to Level4, not ${bad}.`);
  return { ...mapping };
}
