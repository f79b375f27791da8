// The hosted page's static files: its stylesheet and the passkey script, read once at start-up
// and served from this origin (the CSP forbids inline script and other origins).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { shippedPath } from '../../../runtime/code-location.js';
import { ASSET_PATH } from '../views/layout.js';

const ASSETS: ReadonlyArray<{ file: string; type: string }> = [
  { file: 'hosted-login.css', type: 'text/css; charset=utf-8' },
  { file: 'passkey.js', type: 'text/javascript; charset=utf-8' },
];

/** Registers GET /login-assets/<file>. */
export function registerAssetRoutes(app: FastifyInstance): void {
  for (const asset of ASSETS) {
    const body = readFileSync(path.join(shippedPath('oauth/login/assets'), asset.file));
    app.get(`${ASSET_PATH}/${asset.file}`, async (_request, reply) => reply.header('content-type', asset.type).header('cache-control', 'public, max-age=300').send(body));
  }
}
