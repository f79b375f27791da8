// What the hosted login page shows of an app client's own look: the classic UI customization's
// stylesheet and logo (the client's, else the pool's), served as files of managed login's origin so
// its Content-Security-Policy (no inline script, styles and images only from itself) still holds.
import type { Queryable } from '../db/database.js';
import { effectiveCustomization } from '../user-pool/branding/ui-customization-repository.js';
import { customizationCssPath, customizationLogoPath } from '../user-pool/branding/ui-customization-shapes.js';
import { termsOfClient, type TermsRecord } from '../user-pool/terms/terms-repository.js';
import { TERMS_LANGUAGES } from '../user-pool/terms/terms-shapes.js';

/** A link of the page's footer (terms of use, privacy policy). */
export interface HostedLink {
  readonly label: string;
  readonly href: string;
}

/** A client's look on the hosted page. */
export interface HostedLook {
  /** Path of the customization stylesheet (loaded after the page's own, so its rules win). */
  readonly cssHref?: string;
  /** Path of the customization logo. */
  readonly logoSrc?: string;
  /** Terms the client shows on its sign-up page (CreateTerms), in the page's language. */
  readonly terms: readonly HostedLink[];
}

const TERMS_LABELS: Readonly<Record<string, string>> = { 'terms-of-use': 'Terms of use', 'privacy-policy': 'Privacy policy' };

/** The URL of `terms` for the page's language: its own language's, else its base language's, else cognito:default. */
export function termsLinkFor(links: Readonly<Record<string, string>>, lang: string | undefined): string | undefined {
  const wanted = (lang ?? '').toLowerCase();
  const byLanguage = Object.entries(TERMS_LANGUAGES).filter(([key]) => links[key] !== undefined && key !== 'cognito:default');
  const exact = byLanguage.find(([, tag]) => tag.toLowerCase() === wanted);
  const base = byLanguage.find(([, tag]) => tag.toLowerCase() === wanted.split('-')[0]);
  const key = exact?.[0] ?? base?.[0] ?? 'cognito:default';
  return links[key];
}

/** The terms links a client shows: as Cognito, only once it has both a terms of use and a privacy policy. */
function termsLinks(terms: readonly TermsRecord[], lang: string | undefined): HostedLink[] {
  if (!['terms-of-use', 'privacy-policy'].every((name) => terms.some((t) => t.name === name))) return [];
  return terms.flatMap((t) => {
    const href = termsLinkFor(t.links, lang);
    return href === undefined ? [] : [{ label: TERMS_LABELS[t.name] ?? t.name, href }];
  });
}

/** The look of `clientId` of `poolId` for a page in `lang`. */
export async function hostedLookFor(db: Queryable, poolId: string, clientId: string, lang?: string): Promise<HostedLook> {
  const customization = await effectiveCustomization(db, poolId, clientId);
  const terms = termsLinks(await termsOfClient(db, poolId, clientId), lang);
  return {
    ...(customization?.css != null ? { cssHref: customizationCssPath(customization) } : {}),
    ...(customization?.imageBase64 != null ? { logoSrc: customizationLogoPath(customization) } : {}),
    terms,
  };
}
