// Wire shapes and checks of the terms operations: TermsName, Links (a URL per Cognito language key),
// TermsType and TermsDescriptionType.
import { fail } from '../../errors/catalogue.js';
import { epochSeconds } from '../../time/clock.js';
import { enumeration, string, stringMap } from '../wire/input-schema.js';
import type { TermsRecord } from './terms-repository.js';

/** Cognito's language keys of Links, with the BCP 47 language each stands for ('' for the default). */
export const TERMS_LANGUAGES: Readonly<Record<string, string>> = {
  'cognito:default': '',
  'cognito:english': 'en',
  'cognito:french': 'fr',
  'cognito:spanish': 'es',
  'cognito:german': 'de',
  'cognito:bahasa-indonesia': 'id',
  'cognito:italian': 'it',
  'cognito:japanese': 'ja',
  'cognito:korean': 'ko',
  'cognito:portuguese-brazil': 'pt-BR',
  'cognito:chinese-simplified': 'zh-CN',
  'cognito:chinese-traditional': 'zh-TW',
};

/** TermsName: which document it is (Cognito's TermsNameType: exactly these two, so a client has at most one of each). */
export const termsNameSchema = enumeration(['terms-of-use', 'privacy-policy'] as const);
/** TermsSource (only LINK). */
export const termsSourceSchema = enumeration(['LINK'] as const);
/** Enforcement (only NONE). */
export const enforcementSchema = enumeration(['NONE'] as const);
/** TermsId. */
export const termsIdSchema = string({ min: 1, max: 36, pattern: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/ });
/** Links. */
export const linksSchema = stringMap({ maxEntries: 12, maxKeyLength: 64, maxValueLength: 1024 });

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/** Checks Links: Cognito's language keys, cognito:default present, https URLs (http only to loopback). */
export function checkLinks(links: Readonly<Record<string, string>> | undefined): Record<string, string> {
  if (links === undefined || links['cognito:default'] === undefined) throw fail('InvalidParameterException', 'Links need a cognito:default URL, shown for every language without its own.');
  for (const [language, value] of Object.entries(links)) {
    if (TERMS_LANGUAGES[language] === undefined) throw fail('InvalidParameterException', `Links: ${language} is not one of ${Object.keys(TERMS_LANGUAGES).join(', ')}.`);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw fail('InvalidParameterException', `Links: ${language} is not a URL.`);
    }
    const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
    if (!allowed || url.username !== '' || url.password !== '') throw fail('InvalidParameterException', `Links: ${language} must be an https URL.`);
  }
  return { ...links };
}

/** Cognito's TermsType. */
export function toTermsType(t: TermsRecord): Record<string, unknown> {
  return {
    TermsId: t.id,
    UserPoolId: t.poolId,
    ClientId: t.clientId,
    TermsName: t.name,
    TermsSource: t.source,
    Enforcement: t.enforcement,
    Links: { ...t.links },
    CreationDate: epochSeconds(t.createdAt),
    LastModifiedDate: epochSeconds(t.updatedAt),
  };
}

/** Cognito's TermsDescriptionType (ListTerms). */
export function toTermsDescription(t: TermsRecord): Record<string, unknown> {
  return { TermsId: t.id, TermsName: t.name, Enforcement: t.enforcement, CreationDate: epochSeconds(t.createdAt), LastModifiedDate: epochSeconds(t.updatedAt) };
}

/** What the audit trail records of terms. */
export function auditedTerms(t: { name: string; links: Readonly<Record<string, string>> }): Record<string, unknown> {
  return { name: t.name, links: { ...t.links } };
}
