// The checks a branding style's request passes: UseCognitoProvidedValues excludes Settings and
// Assets (as Cognito's), one asset per category and colour mode, and each asset's bytes of the type
// its Extension names.
import { fail } from '../../errors/catalogue.js';
import type { BrandingAsset, BrandingContent } from './branding-repository.js';

/** Cognito's largest asset. */
export const MAX_ASSET_BYTES = 1_000_000;

type AssetInput = { Category: string; ColorMode: string; Extension: string; Bytes?: string | undefined; ResourceId?: string | undefined };

// What may come before an SVG's root element: a byte-order mark, white space, the XML declaration,
// comments and a doctype without an internal subset (no entity declarations).
const SVG_PROLOGUE = /^\uFEFF?(?:\s|<\?xml[^<>]*\?>|<!--(?:(?!-->)[\s\S])*-->|<!DOCTYPE\s+svg[^<>[\]]*>)*/i;

/** Whether the bytes are an SVG document: its root element is <svg> (not an HTML page that holds one). */
function isSvgDocument(bytes: Buffer): boolean {
  const text = bytes.subarray(0, 64 * 1024).toString('utf8');
  const prologue = SVG_PROLOGUE.exec(text)?.[0] ?? '';
  return /^<svg[\s>/]/.test(text.slice(prologue.length));
}

function looksLike(extension: string, bytes: Buffer): boolean {
  switch (extension) {
    case 'PNG':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'JPEG':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'WEBP':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'ICO':
      return bytes.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0]));
    case 'SVG':
      return isSvgDocument(bytes);
    default:
      return false;
  }
}

function checkAssets(assets: readonly AssetInput[]): BrandingAsset[] {
  const seen = new Set<string>();
  return assets.map((a) => {
    const key = `${a.Category}/${a.ColorMode}`;
    if (seen.has(key)) throw fail('InvalidParameterException', `Assets list ${a.Category} in ${a.ColorMode} mode twice.`);
    seen.add(key);
    if (a.Bytes === undefined || a.Bytes === '') throw fail('InvalidParameterException', `Asset ${key} needs Bytes.`);
    const bytes = Buffer.from(a.Bytes, 'base64');
    if (bytes.length > MAX_ASSET_BYTES) throw fail('InvalidParameterException', `Asset ${key} is larger than ${MAX_ASSET_BYTES} bytes.`);
    if (!looksLike(a.Extension, bytes)) throw fail('InvalidParameterException', `Asset ${key} is not a ${a.Extension} file.`);
    return { Category: a.Category, ColorMode: a.ColorMode, Extension: a.Extension, Bytes: bytes.toString('base64'), ...(a.ResourceId !== undefined ? { ResourceId: a.ResourceId } : {}) };
  });
}

/** A request's branding content, checked. */
export function brandingContent(input: { UseCognitoProvidedValues?: boolean | undefined; Settings?: Record<string, unknown> | undefined; Assets?: AssetInput[] | undefined }): BrandingContent {
  if (input.UseCognitoProvidedValues === true) {
    if (input.Settings !== undefined || (input.Assets !== undefined && input.Assets.length > 0)) {
      throw fail('InvalidParameterException', 'With UseCognitoProvidedValues true, leave Settings and Assets out.');
    }
    return { useCognitoProvidedValues: true, settings: null, assets: [] };
  }
  return { useCognitoProvidedValues: false, settings: input.Settings ?? null, assets: checkAssets(input.Assets ?? []) };
}

/** What the audit trail records of a style: settings, and each asset's kind and size (not its bytes). */
export function auditedBranding(c: BrandingContent): Record<string, unknown> {
  return {
    useCognitoProvidedValues: c.useCognitoProvidedValues,
    settings: c.settings,
    assets: c.assets.map((a) => ({ category: a.Category, colorMode: a.ColorMode, extension: a.Extension, bytes: a.Bytes === undefined ? 0 : Buffer.from(a.Bytes, 'base64').length })),
  };
}
