import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { findUserByUsername } from '../user-pool/users/user-repository.js';

let server: TestServer;
const logs: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ env: { SIGN_UP_VERIFICATION: 'link', CLIENT_REQUEST_LIMIT: '0', LOG_LEVEL: 'trace' }, logStream: { write: (line) => logs.push(line) } });
});
afterAll(async () => server.close());

/** Signs up a new user and returns the confirmation link from the dev outbox, as the email shows it. */
async function signUpAndReadLink(label: string): Promise<{ username: string; link: URL }> {
  const username = `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `${username}@example.com`;
  const res = await server.call('SignUp', { ClientId: server.pool.clientId, Username: username, Password: 'Link-Passw0rd!', UserAttributes: [{ Name: 'email', Value: email }] });
  expect(res.status).toBe(200);
  const [message] = await server.outbox(email);
  const found = /https?:\/\/\S+\/confirmUser\?\S+/.exec(message?.body ?? '');
  if (found === null) throw new Error(`no confirmation link in: ${message?.body ?? '(no message)'}`);
  return { username, link: new URL(found[0]) };
}

/** Opens a link path on the test server, the way a browser would follow the emailed link. */
async function open(link: URL): Promise<Response> {
  return fetch(`${server.url}${link.pathname}${link.search}`, { redirect: 'manual', headers: { accept: 'text/html' } });
}

describe('GET /confirmUser (SIGN_UP_VERIFICATION=link)', () => {
  it('announces link verification in /runtime-config.json', async () => {
    const config = (await (await fetch(`${server.url}/runtime-config.json`)).json()) as { signUpVerificationMethod: string };
    expect(config.signUpVerificationMethod).toBe('link');
  });

  it('emails a link instead of a code, and opening it confirms the account once', async () => {
    const { username, link } = await signUpAndReadLink('linked');
    expect(link.searchParams.get('client_id')).toBe(server.pool.clientId);
    expect(link.searchParams.get('user_name')).toBe(username);
    expect(link.searchParams.get('confirmation_code')).toMatch(/^\d{6}$/);

    const first = await open(link);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/html');
    expect(await first.text()).toContain('Account confirmed');
    expect((await findUserByUsername(server.db, server.pool.userPoolId, username))?.status).toBe('CONFIRMED');

    const again = await open(link);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('Account already confirmed');

    // Threat: the code in the link readable by whoever reads the server log.
    const logged = logs.join('\n');
    expect(logged).toContain('/confirmUser?');
    expect(logged).toContain('confirmation_code=[redacted]');
    expect(logged).not.toContain(`confirmation_code=${link.searchParams.get('confirmation_code') ?? ''}`);
  });

  it('refuses a tampered code with an error page, leaves the account unconfirmed, and never redirects', async () => {
    // Threat: guessing or altering the code in a link to confirm an address the guesser does not own.
    const { username, link } = await signUpAndReadLink('tampered');
    const code = link.searchParams.get('confirmation_code') ?? '';
    link.searchParams.set('confirmation_code', code === '000000' ? '111111' : '000000');
    const res = await open(link);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('This link is no longer valid');
    expect((await findUserByUsername(server.db, server.pool.userPoolId, username))?.status).toBe('UNCONFIRMED');
  });

  it('answers a link with missing or unknown parameters with an error page, not a 500', async () => {
    for (const query of ['', '?client_id=nope&user_name=x&confirmation_code=123456', `?client_id=${server.pool.clientId}&user_name=&confirmation_code=1`, '?client_id=<script>']) {
      const res = await fetch(`${server.url}/confirmUser${query}`);
      expect(res.status).toBe(400);
      const page = await res.text();
      expect(page).toContain('<h1>');
      expect(page).not.toContain('<script>');
    }
  });

  it('sends a new link on ResendConfirmationCode; the old link stops working and the new one confirms', async () => {
    const { username, link: oldLink } = await signUpAndReadLink('resent');
    const resent = await server.call('ResendConfirmationCode', { ClientId: server.pool.clientId, Username: username });
    expect(resent.status).toBe(200);
    const [message] = await server.outbox(`${username}@example.com`);
    const newLink = new URL(/https?:\/\/\S+\/confirmUser\?\S+/.exec(message?.body ?? '')?.[0] ?? 'http://x/none');
    expect(newLink.pathname).toBe('/confirmUser');

    expect((await open(oldLink)).status).toBe(400);
    expect((await open(newLink)).status).toBe(200);
    expect((await findUserByUsername(server.db, server.pool.userPoolId, username))?.status).toBe('CONFIRMED');
  });
});
