// Wire shapes of the managed-login branding operations: the Settings document, AssetType, and
// Cognito's ManagedLoginBrandingType answer.
import { isStorableText, array, enumeration, object, optional, string, type Schema } from '../wire/input-schema.js';
import { epochSeconds } from '../../time/clock.js';
import type { BrandingAsset, BrandingRecord } from './branding-repository.js';

/** AssetCategoryType. */
export const ASSET_CATEGORIES = [
  'FAVICON_ICO',
  'FAVICON_SVG',
  'EMAIL_GRAPHIC',
  'SMS_GRAPHIC',
  'AUTH_APP_GRAPHIC',
  'PASSWORD_GRAPHIC',
  'PASSKEY_GRAPHIC',
  'PAGE_HEADER_LOGO',
  'PAGE_HEADER_BACKGROUND',
  'PAGE_FOOTER_LOGO',
  'PAGE_FOOTER_BACKGROUND',
  'PAGE_BACKGROUND',
  'FORM_BACKGROUND',
  'FORM_LOGO',
  'IDP_BUTTON_ICON',
] as const;

/** Largest Settings document, serialised (Cognito's documents are tens of KB). */
const MAX_SETTINGS_BYTES = 256 * 1024;
const MAX_DEPTH = 32;

function storableDocument(value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (typeof value === 'string') return isStorableText(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.every((v) => storableDocument(v, depth + 1));
  if (typeof value === 'object') return Object.entries(value as Record<string, unknown>).every(([k, v]) => isStorableText(k) && storableDocument(v, depth + 1));
  return false;
}

/** The Settings member: a JSON object (Cognito's Document type), storable and of bounded size. */
export function settingsDocument(): Schema<Record<string, unknown>> {
  return {
    check(value, at, problems) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        problems.push(`Value at '${at}' failed to satisfy constraint: Member must be a JSON object`);
        return undefined;
      }
      if (!storableDocument(value, 0) || Buffer.byteLength(JSON.stringify(value)) > MAX_SETTINGS_BYTES) {
        problems.push(`Value at '${at}' failed to satisfy constraint: Member must be a JSON document of at most ${MAX_SETTINGS_BYTES} bytes, ${MAX_DEPTH} levels deep`);
        return undefined;
      }
      return value as Record<string, unknown>;
    },
  };
}

/** AssetType (Bytes as base64 on the wire). */
export const assetSchema = object({
  Category: enumeration(ASSET_CATEGORIES),
  ColorMode: enumeration(['LIGHT', 'DARK', 'DYNAMIC'] as const),
  Extension: enumeration(['ICO', 'JPEG', 'PNG', 'SVG', 'WEBP'] as const),
  Bytes: optional(string({ max: 1_400_000, pattern: /^[A-Za-z0-9+/]*={0,2}$/ })),
  ResourceId: optional(string({ min: 1, max: 40, pattern: /^[\w\-.]+$/ })),
});

/** The Assets member (Cognito allows 40). */
export const assetsSchema = optional(array(assetSchema, { max: 40 }));

/** ManagedLoginBrandingId (a UUID). */
export const brandingIdSchema = string({ min: 1, max: 36, pattern: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/ });

/**
 * Steward's own look, as a Settings document: what ReturnMergedResources merges a branding's
 * Settings into, and what UseCognitoProvidedValues stands for. A deliberately small document: the
 * hosted page has one stylesheet, not Cognito's branding designer.
 */
export const DEFAULT_BRANDING_SETTINGS: Readonly<Record<string, unknown>> = {
  categories: {
    global: { colorSchemeMode: 'LIGHT', pageHeader: { enabled: false }, pageFooter: { enabled: false } },
    form: { displayGraphics: true, location: { horizontal: 'CENTER', vertical: 'CENTER' } },
  },
  components: {
    primaryButton: { lightMode: { defaults: { backgroundColor: '2456c7ff', textColor: 'ffffffff' } } },
    pageBackground: { lightMode: { color: 'f8fafcff' } },
  },
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `over` laid on `base`: objects merge member by member, anything else in `over` wins. */
export function mergeDocuments(base: Readonly<Record<string, unknown>>, over: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeDocuments(current, value) : value;
  }
  return out;
}

function toAssetType(a: BrandingAsset): Record<string, unknown> {
  return { Category: a.Category, ColorMode: a.ColorMode, Extension: a.Extension, ...(a.Bytes !== undefined ? { Bytes: a.Bytes } : {}), ...(a.ResourceId !== undefined ? { ResourceId: a.ResourceId } : {}) };
}

/** Cognito's ManagedLoginBrandingType; with `merged`, Settings laid on Steward's defaults. */
export function toBrandingType(b: BrandingRecord, merged: boolean): Record<string, unknown> {
  const settings = merged ? mergeDocuments(DEFAULT_BRANDING_SETTINGS, b.settings ?? {}) : b.settings;
  return {
    ManagedLoginBrandingId: b.id,
    UserPoolId: b.poolId,
    UseCognitoProvidedValues: b.useCognitoProvidedValues,
    ...(settings !== null ? { Settings: settings } : {}),
    Assets: b.assets.map(toAssetType),
    CreationDate: epochSeconds(b.createdAt),
    LastModifiedDate: epochSeconds(b.updatedAt),
  };
}
