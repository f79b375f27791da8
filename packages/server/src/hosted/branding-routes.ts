// GET /login-assets/branding/<style id>/style.css and …/assets/<Category>/<ColorMode>: a managed-login
// branding style's generated stylesheet and its images, from managed login's own origin (the page's
// CSP allows styles and images from nowhere else). Images go out only as the image type their
// stored Extension names (checked against their bytes when stored), never larger than Cognito's
// limit, and under a policy that runs nothing: an SVG opened on its own is a sandboxed document.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Queryable } from '../db/database.js';
import { MAX_ASSET_BYTES } from '../user-pool/branding/branding-content.js';
import { BRANDING_ASSET_PATH, brandingStylesheet } from '../user-pool/branding/branding-look.js';
import { findStyle, findStyleAsset } from '../user-pool/branding/branding-repository.js';
import { ASSET_CATEGORIES } from '../user-pool/branding/branding-shapes.js';
import { brandingStyle } from './hosted-look.js';

/** The content type of each asset Extension Cognito allows. */
export const ASSET_CONTENT_TYPES: Readonly<Record<string, string>> = {
  PNG: 'image/png',
  JPEG: 'image/jpeg',
  WEBP: 'image/webp',
  ICO: 'image/x-icon',
  SVG: 'image/svg+xml',
};

// Stricter than the page's: an image needs no script, style sheet, frame or form; `sandbox` makes a
// directly opened SVG a unique, script-less origin.
const IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const STYLE_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const COLOR_MODES: ReadonlySet<string> = new Set(['LIGHT', 'DARK', 'DYNAMIC']);
const CATEGORIES: ReadonlySet<string> = new Set(ASSET_CATEGORIES);

function notFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).header('content-type', 'text/plain; charset=utf-8').send('not found');
}

/** Registers the branding file routes on managed login's app. */
export function registerBrandingRoutes(app: FastifyInstance, db: Queryable): void {
  app.get<{ Params: { styleId: string } }>(`${BRANDING_ASSET_PATH}/:styleId/style.css`, async (request, reply) => {
    if (!STYLE_ID.test(request.params.styleId)) return notFound(reply);
    const style = await findStyle(db, request.params.styleId);
    if (style === undefined || style.useCognitoProvidedValues) return notFound(reply);
    // Versioned URLs (?v=): a changed style has a new URL, so a short cache is safe.
    return reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(brandingStylesheet(brandingStyle(style)));
  });
  app.get<{ Params: { styleId: string; category: string; colorMode: string } }>(`${BRANDING_ASSET_PATH}/:styleId/assets/:category/:colorMode`, async (request, reply) => {
    const { styleId, category, colorMode } = request.params;
    if (!STYLE_ID.test(styleId) || !CATEGORIES.has(category) || !COLOR_MODES.has(colorMode)) return notFound(reply);
    const asset = await findStyleAsset(db, styleId, category, colorMode);
    const type = asset === undefined ? undefined : ASSET_CONTENT_TYPES[asset.extension];
    if (asset === undefined || type === undefined) return notFound(reply);
    const bytes = Buffer.from(asset.bytes, 'base64');
    if (bytes.length > MAX_ASSET_BYTES) return notFound(reply);
    return reply.header('content-type', type).header('content-security-policy', IMAGE_POLICY).header('cache-control', 'public, max-age=300').send(bytes);
  });
}
