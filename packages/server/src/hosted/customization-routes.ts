// GET /login-assets/ui/<pool>/<client or ALL>/custom.css and …/logo: a UI customization's
// stylesheet and logo, as SetUICustomization stored them (the CSS checked when it was set). Served
// from managed login's own origin: the page's CSP allows styles and images from nowhere else.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Queryable } from '../db/database.js';
import { findCustomization } from '../user-pool/branding/ui-customization-repository.js';
import { UI_ASSET_PATH } from '../user-pool/branding/ui-customization-shapes.js';

interface Params {
  readonly poolId: string;
  readonly clientKey: string;
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).header('content-type', 'text/plain; charset=utf-8').send('not found');
}

/** Registers the customization file routes on managed login's app. */
export function registerCustomizationRoutes(app: FastifyInstance, db: Queryable): void {
  app.get<{ Params: Params }>(`${UI_ASSET_PATH}/:poolId/:clientKey/custom.css`, async (request, reply) => {
    const customization = await findCustomization(db, request.params.poolId, request.params.clientKey);
    if (customization?.css == null) return notFound(reply);
    // Versioned URLs (?v=): a changed customization has a new URL, so a short cache is safe.
    return reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(customization.css);
  });
  app.get<{ Params: Params }>(`${UI_ASSET_PATH}/:poolId/:clientKey/logo`, async (request, reply) => {
    const customization = await findCustomization(db, request.params.poolId, request.params.clientKey);
    if (customization?.imageBase64 == null || customization.imageType === null) return notFound(reply);
    return reply.header('content-type', customization.imageType).header('cache-control', 'public, max-age=300').send(Buffer.from(customization.imageBase64, 'base64'));
  });
}
