// Threat: script injected into the web app (a stored value rendered as HTML, a compromised
// third-party origin) steals the tokens the app keeps in the browser, or the app is framed to
// trick clicks. The app's origin sends a strict Content-Security-Policy (scripts only from itself,
// no inline script or eval, no plugins, no <base>, no framing), X-Frame-Options, nosniff and a
// referrer policy on every page and API response, HSTS in production, and takes violation reports.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PRODUCTION_SECRETS, type TestServer } from '../harness.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') out[name] = values;
  }
  return out;
}

describe('security headers of the app origin', () => {
  let server: TestServer;
  let webDir: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'steward-web-headers-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Steward</title><div id="root"></div>');
    server = await startTestServer({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('serves every page (/, /login, a deep route) with a strict policy and frame, type and referrer protection', async () => {
    for (const route of ['/', '/login', '/mortgages/requests?x=1']) {
      const response = await fetch(`${server.url}${route}`, { headers: { accept: 'text/html' } });
      expect(response.status, route).toBe(200);
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp, route).toMatchObject({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'img-src': ["'self'", 'data:'],
        'report-uri': ['/csp-report'],
      });
      expect(csp['connect-src'], route).toEqual(["'self'", new URL(server.managedLoginUrl).origin]);
      expect(csp['form-action'], route).toEqual(["'self'", new URL(server.managedLoginUrl).origin]);
      expect(response.headers.get('x-frame-options'), route).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), route).toBe('no-referrer');
      // Development serves http://localhost: no HSTS there.
      expect(response.headers.get('strict-transport-security'), route).toBeNull();
    }
  });

  it('sends nosniff on the runtime configuration, the Cognito JSON API and GraphQL, errors included', async () => {
    const responses = [
      await fetch(`${server.url}/runtime-config.json`),
      await fetch(`${server.url}/`, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' }, body: '{}' }),
      await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{__typename}"}' }),
      await fetch(`${server.url}/no-such-api.json`),
    ];
    for (const response of responses) {
      expect(response.headers.get('x-content-type-options'), response.url).toBe('nosniff');
      expect(response.headers.get('content-security-policy'), response.url).toContain("frame-ancestors 'none'");
    }
  });

  it('takes a violation report, keeps it without query, fragment or sample, and counts it', async () => {
    const before = (await (await fetch(`${server.url}/dev/csp-reports`)).json()) as { count: number };
    const report = {
      'csp-report': {
        'document-uri': `${server.url}/settings/profile?code=secret-code#access_token=secret-token`,
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'inline',
        'source-file': `${server.url}/assets/index.js?token=secret-token`,
        'line-number': 12,
        'script-sample': 'steal(localStorage.secret-token)',
        disposition: 'enforce',
      },
    };
    const sent = await fetch(`${server.url}/csp-report`, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: JSON.stringify(report) });
    expect(sent.status).toBe(204);
    const after = (await (await fetch(`${server.url}/dev/csp-reports`)).json()) as { count: number; recent: unknown[] };
    expect(after.count).toBe(before.count + 1);
    expect(after.recent[0]).toEqual({
      documentUri: `${server.url}/settings/profile`,
      violatedDirective: 'script-src-elem',
      effectiveDirective: 'script-src-elem',
      blockedUri: 'inline',
      sourceFile: `${server.url}/assets/index.js`,
      lineNumber: 12,
      disposition: 'enforce',
    });
    expect(JSON.stringify(after)).not.toContain('secret');
  });

  it('refuses a report larger than 8 KB with 413', async () => {
    const big = JSON.stringify({ 'csp-report': { 'document-uri': `${server.url}/`, 'script-sample': 'x'.repeat(10_000) } });
    const sent = await fetch(`${server.url}/csp-report`, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: big });
    expect(sent.status).toBe(413);
  });
});

describe('security headers in production mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ...TEST_PRODUCTION_SECRETS, STEWARD_MODE: 'production', PUBLIC_URL: 'https://steward.example.com', MANAGED_LOGIN_PUBLIC_URL: 'https://auth.steward.example.com' } });
  });
  afterAll(async () => server.close());

  it('adds HSTS and allows connections to the public and managed-login origins', async () => {
    const response = await fetch(`${server.url}/runtime-config.json`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(directives(response.headers.get('content-security-policy'))['connect-src']).toEqual(["'self'", 'https://steward.example.com', 'https://auth.steward.example.com']);
    // No development report listing in production.
    expect((await fetch(`${server.url}/dev/csp-reports`)).status).toBe(404);
  });
});
