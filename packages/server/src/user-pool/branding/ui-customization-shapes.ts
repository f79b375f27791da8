// Cognito's UICustomizationType, and where managed login serves a customization's stylesheet and logo.
import type { ServerServices } from '../operations/operation-context.js';
import { epochSeconds } from '../../time/clock.js';
import type { UiCustomizationRecord } from './ui-customization-repository.js';

/** Where managed login serves customization files (under its static-file path). */
export const UI_ASSET_PATH = '/login-assets/ui';

/** Path of a customization's stylesheet on managed login's origin. */
export function customizationCssPath(c: Pick<UiCustomizationRecord, 'poolId' | 'clientKey' | 'version'>): string {
  return `${UI_ASSET_PATH}/${encodeURIComponent(c.poolId)}/${encodeURIComponent(c.clientKey)}/custom.css?v=${c.version}`;
}

/** Path of a customization's logo on managed login's origin. */
export function customizationLogoPath(c: Pick<UiCustomizationRecord, 'poolId' | 'clientKey' | 'version'>): string {
  return `${UI_ASSET_PATH}/${encodeURIComponent(c.poolId)}/${encodeURIComponent(c.clientKey)}/logo?v=${c.version}`;
}

/** Managed login's public origin for `services`. */
export function managedLoginBase(services: Pick<ServerServices, 'managedLogin' | 'config'>): string {
  return services.managedLogin?.publicUrl ?? services.config.managedLoginPublicUrl;
}

/** UICustomizationType of a stored customization (or only the ids when there is none). */
export function toUiCustomizationType(services: Pick<ServerServices, 'managedLogin' | 'config'>, poolId: string, clientKey: string, c: UiCustomizationRecord | undefined): Record<string, unknown> {
  if (c === undefined) return { UserPoolId: poolId, ClientId: clientKey };
  return {
    UserPoolId: c.poolId,
    ClientId: c.clientKey,
    ...(c.imageBase64 !== null ? { ImageUrl: `${managedLoginBase(services)}${customizationLogoPath(c)}` } : {}),
    ...(c.css !== null ? { CSS: c.css, CSSVersion: c.cssVersion ?? '' } : {}),
    LastModifiedDate: epochSeconds(c.updatedAt),
    CreationDate: epochSeconds(c.createdAt),
  };
}
