import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PRODUCTION_SECRETS, type TestServer } from './harness.js';

describe('server routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers /health (readiness) with ok once the database responds', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', phase: 'ready', failing: [] });
  });

  it('serves /runtime-config.json with the seeded ids and absolute same-origin endpoints', async () => {
    const response = await fetch(`${server.url}/runtime-config.json`);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      region: 'us-east-1',
      userPoolId: server.pool.userPoolId,
      userPoolClientId: server.pool.clientId,
      userPoolEndpoint: `${server.url}/`,
      identityPoolId: server.pool.identityPoolId,
      identityPoolEndpoint: `${server.url}/`,
      graphqlEndpoint: `${server.url}/graphql`,
    });
    expect(server.pool.userPoolId).toMatch(/^us-east-1_[A-Za-z0-9]{9}$/);
    expect(server.pool.identityPoolId).toMatch(/^us-east-1:[0-9a-f-]{36}$/);
    const oauth = body.oauth as { domain: string; redirectSignOut: string[] };
    expect(oauth.domain).toBe(server.managedLoginUrl);
    expect(oauth.redirectSignOut.length).toBeGreaterThan(0);
  });

  it('publishes the signing key at /{userPoolId}/.well-known/jwks.json and refuses unknown pools', async () => {
    const response = await fetch(`${server.url}/${server.pool.userPoolId}/.well-known/jwks.json`);
    const jwks = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect((await fetch(`${server.url}/us-east-1_nope/.well-known/jwks.json`)).status).toBe(404);
  });

  it('describes the pool at /{userPoolId}/.well-known/openid-configuration with the Cognito issuer', async () => {
    const response = await fetch(`${server.url}/${server.pool.userPoolId}/.well-known/openid-configuration`);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.issuer).toBe(`https://cognito-idp.us-east-1.amazonaws.com/${server.pool.userPoolId}`);
    expect(body.jwks_uri).toBe(`${server.url}/${server.pool.userPoolId}/.well-known/jwks.json`);
  });

  it('redirects /logout to a configured sign-out URL of the client', async () => {
    const target = 'http://localhost:3000/login';
    const response = await fetch(`${server.url}/logout?client_id=${server.pool.clientId}&logout_uri=${encodeURIComponent(target)}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(target);
  });

  it('refuses /logout to an address outside the client sign-out list with an error page and no redirect', async () => {
    // Threat: open redirect — an attacker's link sending users from our origin to a phishing page.
    const response = await fetch(`${server.url}/logout?client_id=${server.pool.clientId}&logout_uri=${encodeURIComponent('https://evil.example/login')}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('Sign-out address not allowed');
  });

  it('refuses /logout for an unknown client', async () => {
    const response = await fetch(`${server.url}/logout?client_id=unknownclient&logout_uri=${encodeURIComponent('http://localhost:3000/login')}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Unknown application');
  });

  it('lists outbox messages as JSON in development mode', async () => {
    const response = await fetch(`${server.url}/dev/outbox`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ messages: [] });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await fetch(`${server.url}/nothing-here`);
    expect(response.status).toBe(404);
  });
});

describe('server routes in production mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ...TEST_PRODUCTION_SECRETS, STEWARD_MODE: 'production', MANAGED_LOGIN_TLS: 'false', CODE_PEPPER: 'a-production-pepper-0123456789' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('does not serve the dev outbox', async () => {
    // Threat: codes readable by anyone over HTTP on a production server.
    expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404);
  });

  it('does not create demo users with published passwords', async () => {
    const rows = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(Number(rows[0]?.n)).toBe(0);
  });
});

describe('serving the built web app', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    const { mkdtemp, writeFile, mkdir } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    dir = await mkdtemp(path.join(tmpdir(), 'steward-web-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Steward app</title>');
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log("app")');
    server = await startTestServer({ env: { WEB_DIST_DIR: dir, CORS_ORIGINS: 'http://localhost:5173' } });
  });
  afterAll(async () => {
    await server.close();
    const { rm } = await import('node:fs/promises');
    await rm(dir, { recursive: true, force: true });
  });

  it('serves files of the build folder', async () => {
    const response = await fetch(`${server.url}/assets/app.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log("app")');
  });

  it('answers client-side routes with index.html (SPA fallback) but keeps API 404s as JSON', async () => {
    const page = await fetch(`${server.url}/mortgages/requests`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Steward app');
    const api = await fetch(`${server.url}/admin/nothing`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it('answers CORS preflights for a configured origin only', async () => {
    const allowed = await fetch(`${server.url}/`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('x-amz-target');
    const other = await fetch(`${server.url}/health`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
