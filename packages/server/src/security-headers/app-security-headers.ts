// Security headers of the app's origin (the web app's pages, /runtime-config.json and the APIs),
// computed by helmet. The web app keeps tokens in the browser, so its Content-Security-Policy
// is its main defence against injected script: scripts only from this origin (no inline script,
// no eval), no plugins, no <base>, no framing, and connections only to the endpoints the runtime
// configuration hands out. Managed login's origin sets its own (oauth/managed-login-app.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/config.js';
import { CSP_REPORT_PATH } from './csp-report-routes.js';

/** HSTS max-age in production: one year. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The origins the app's pages may connect to besides their own: those of the endpoints
 * /runtime-config.json hands out (PUBLIC_URL when set, else this origin) and managed login's
 * (aws-amplify exchanges codes at its /oauth2/token). Read per request: managed login's origin
 * is known only once it listens.
 */
export function connectSources(config: Pick<Config, 'publicUrl' | 'publicUrlIsExplicit' | 'managedLogin'>, managedLoginUrl: () => string): string[] {
  const sources = ["'self'"];
  if (config.publicUrlIsExplicit) sources.push(new URL(config.publicUrl).origin);
  if (config.managedLogin) sources.push(new URL(managedLoginUrl()).origin);
  return [...new Set(sources)];
}

/** The helmet options of the app's origin, for managed login at `managedLoginUrl`. */
export function appSecurityHeaderOptions(config: Pick<Config, 'publicUrl' | 'publicUrlIsExplicit' | 'managedLogin' | 'mode'>, managedLoginUrl: string): HelmetOptions {
  const connect = connectSources(config, () => managedLoginUrl).join(' ');
  const managedLoginOrigin = config.managedLogin ? new URL(managedLoginUrl).origin : "'self'";
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // The file importer parses in a module worker loaded from this origin.
        'worker-src': ["'self'"],
        // sonner (the toasts) injects its stylesheet as a <style> element; React's style props are
        // set through the CSSOM, which CSP does not govern. Inline styles cannot run script.
        'style-src': ["'self'", "'unsafe-inline'"],
        // QR codes of the authenticator setup and the favicon are data: URLs.
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': [connect],
        'form-action': ["'self'", managedLoginOrigin],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        // report-uri, not report-to: browsers send these at once (report-to batches them for up
        // to a minute, and Chromium ignores report-uri when report-to is present).
        'report-uri': [CSP_REPORT_PATH],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Only in production, where PUBLIC_URL is https: a development server on http://localhost
    // must not teach the browser to refuse plain http for localhost.
    strictTransportSecurity: config.mode === 'production' ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
    // Cognito and GraphQL clients of other origins (CORS_ORIGINS) read the API's responses.
    crossOriginResourcePolicy: false,
  };
}

/** What helmet does to a response with these options: the headers it sets (in order) and those it removes. */
export interface HeaderSet {
  readonly set: readonly (readonly [string, string])[];
  readonly removed: readonly string[];
}

/**
 * Runs helmet's middleware once against a recording response. Helmet stays the authority on the
 * headers' names and syntax; the app applies the recorded set to every response instead of
 * building it again per request (@fastify/helmet constructed a new helmet, re-validating every
 * option and re-serialising the policy, on each request; see docs/benchmarks.md, data API A/B).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): HeaderSet {
  const set = new Map<string, readonly [string, string]>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown): void {
      set.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader(name: string): void {
      set.delete(name.toLowerCase());
      removed.push(name);
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure !== null) throw failure instanceof Error ? failure : new Error('helmet refused the security header options');
  return { set: [...set.values()], removed };
}

/**
 * Registers the security headers on every response of the app's origin (set on the reply in
 * onRequest, so pages, static files, errors and 404s carry them too, and a route may still set its
 * own). The set is computed once per managed-login URL: that URL is known only once managed login
 * listens.
 */
export function registerAppSecurityHeaders(app: FastifyInstance, config: Config, managedLoginUrl: () => string): void {
  let cachedUrl: string | null = null;
  let headers: Record<string, string> = {};
  let removed: readonly string[] = [];
  app.addHook('onRequest', (_request, reply, done) => {
    const url = managedLoginUrl();
    if (url !== cachedUrl) {
      const computed = helmetHeaders(appSecurityHeaderOptions(config, url));
      headers = Object.fromEntries(computed.set);
      removed = computed.removed;
      cachedUrl = url;
    }
    for (const name of removed) reply.removeHeader(name);
    // On the reply, not the raw response: Node then writes them with Fastify's own in one writeHead.
    reply.headers(headers);
    done();
  });
}
