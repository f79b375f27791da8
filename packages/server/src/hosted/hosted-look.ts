// What the hosted login page shows of an app client's own look: the classic UI customization's
// stylesheet and logo (the client's, else the pool's), served as files of managed login's origin so
// its Content-Security-Policy (no inline script, styles and images only from itself) still holds.
import type { Queryable } from '../db/database.js';
import { effectiveCustomization } from '../user-pool/branding/ui-customization-repository.js';
import { customizationCssPath, customizationLogoPath } from '../user-pool/branding/ui-customization-shapes.js';

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
  /** Terms the client shows (CreateTerms). */
  readonly terms: readonly HostedLink[];
}

/** The look of `clientId` of `poolId`. */
export async function hostedLookFor(db: Queryable, poolId: string, clientId: string): Promise<HostedLook> {
  const customization = await effectiveCustomization(db, poolId, clientId);
  return {
    ...(customization?.css != null ? { cssHref: customizationCssPath(customization) } : {}),
    ...(customization?.imageBase64 != null ? { logoSrc: customizationLogoPath(customization) } : {}),
    terms: [],
  };
}
