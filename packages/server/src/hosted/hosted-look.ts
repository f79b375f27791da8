// What the hosted login page shows of an app client's own look: its managed-login branding style
// where managed login (ManagedLoginVersion 2) applies, else the classic UI customization's stylesheet
// and logo (the client's, else the pool's); both served as files of managed login's origin so its
// Content-Security-Policy (no inline script, styles and images only from itself) still holds.
import type { Queryable } from '../db/database.js';
import { findStyleOfClient, type BrandingStyleRecord } from '../user-pool/branding/branding-repository.js';
import { brandingCssPath, colorSchemeOf, favicons, formLogo, headerLogo, type BrandingStyle, type ColorScheme, type Favicon, type ModeImage } from '../user-pool/branding/branding-look.js';
import { poolDomainVersions } from '../user-pool/pools/domain-repository.js';
import { effectiveCustomization } from '../user-pool/branding/ui-customization-repository.js';
import { customizationCssPath, customizationLogoPath } from '../user-pool/branding/ui-customization-shapes.js';
import { termsOfClient, type TermsRecord } from '../user-pool/terms/terms-repository.js';
import { TERMS_LANGUAGES } from '../user-pool/terms/terms-shapes.js';

/** A link of the page's footer (terms of use, privacy policy). */
export interface HostedLink {
  readonly label: string;
  readonly href: string;
}

/** What the page shows of a managed-login branding style (CreateManagedLoginBranding). */
export interface HostedBranding {
  /** Path of the style's generated stylesheet (loaded after the page's own). */
  readonly cssHref: string;
  /** LIGHT or DARK pins the page's scheme; DYNAMIC follows the browser. */
  readonly scheme: ColorScheme;
  readonly formLogo?: ModeImage;
  readonly headerLogo?: ModeImage;
  readonly favicons: readonly Favicon[];
}

/** A client's look on the hosted page. */
export interface HostedLook {
  /** The client's branding style, where managed login applies and the style has its own values. */
  readonly branding?: HostedBranding;
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

/** The style as the page's helpers take it: the version in its URLs is its last change's time. */
export function brandingStyle(record: BrandingStyleRecord): BrandingStyle {
  return { id: record.id, settings: record.settings, assets: record.assets, version: record.updatedAt.getTime().toString(36) };
}

function hostedBranding(record: BrandingStyleRecord): HostedBranding {
  const style = brandingStyle(record);
  const form = formLogo(style);
  const header = headerLogo(style);
  return { cssHref: brandingCssPath(style), scheme: colorSchemeOf(style.settings), ...(form !== undefined ? { formLogo: form } : {}), ...(header !== undefined ? { headerLogo: header } : {}), favicons: favicons(style) };
}

/**
 * Whether the page is managed login (version 2) rather than the classic hosted UI (1): the version
 * of the domain the request came through; on managed login's own origin (no pool domain), 2 unless
 * every domain the pool has is a classic one.
 */
async function managedLoginApplies(db: Queryable, poolId: string, domainVersion: number | undefined): Promise<boolean> {
  if (domainVersion !== undefined) return domainVersion === 2;
  const versions = await poolDomainVersions(db, poolId);
  return versions.length === 0 || versions.includes(2);
}

/**
 * The look of `clientId` of `poolId` for a page in `lang`, reached through a domain of `domainVersion`
 * (undefined: no pool domain). Where managed login applies and the client has a branding style, the
 * style replaces the classic customization (as Cognito's versions do); a style with
 * UseCognitoProvidedValues shows the page's own look.
 */
export async function hostedLookFor(db: Queryable, poolId: string, clientId: string, lang?: string, domainVersion?: number): Promise<HostedLook> {
  const terms = termsLinks(await termsOfClient(db, poolId, clientId), lang);
  // The style first: most clients have none, and then the domains need no look-up.
  const found = await findStyleOfClient(db, poolId, clientId);
  const style = found !== undefined && (await managedLoginApplies(db, poolId, domainVersion)) ? found : undefined;
  if (style !== undefined) return style.useCognitoProvidedValues ? { terms } : { branding: hostedBranding(style), terms };
  const customization = await effectiveCustomization(db, poolId, clientId);
  return {
    ...(customization?.css != null ? { cssHref: customizationCssPath(customization) } : {}),
    ...(customization?.imageBase64 != null ? { logoSrc: customizationLogoPath(customization) } : {}),
    terms,
  };
}
