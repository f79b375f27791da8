// Two server processes on one PostgreSQL act as one user pool: they migrate and seed once between
// them, and a code sent through one is accepted by the other.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema } from './harness.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

describe('two server processes on one PostgreSQL', () => {
  const schema = `t_multi_${randomBytes(4).toString('hex')}`;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    [a, b] = await Promise.all([startServerProcess(schema), startServerProcess(schema)]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await dropSchema(schema);
  });

  it('seed the pool once and serve the same runtime configuration', async () => {
    const [configA, configB] = await Promise.all([a, b].map(async (s) => (await (await fetch(`${s.url}/runtime-config.json`)).json()) as { userPoolId: string; userPoolClientId: string }));
    expect(configA?.userPoolId).toBe(configB?.userPoolId);
    expect(configA?.userPoolClientId).toBe(configB?.userPoolClientId);
    // Exactly one of the two printed the first-start summary.
    expect([a.output(), b.output()].filter((o) => o.includes('Created the user pool on first start'))).toHaveLength(1);
  });

  it('accept through one process a code sent through the other', async () => {
    const config = (await (await fetch(`${a.url}/runtime-config.json`)).json()) as { userPoolClientId: string };
    const call = (url: string, target: string, body: unknown) =>
      fetch(`${url}/`, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` }, body: JSON.stringify(body) });
    const signUp = await call(a.url, 'SignUp', { ClientId: config.userPoolClientId, Username: 'shared', Password: 'Shar3d-Passw0rd!', UserAttributes: [{ Name: 'email', Value: 'shared@example.com' }] });
    expect(signUp.status).toBe(200);
    const outbox = (await (await fetch(`${b.url}/dev/outbox?destination=shared@example.com`)).json()) as { messages: { code: string }[] };
    const code = outbox.messages[0]?.code;
    expect(code).toMatch(/^\d{6}$/);
    const confirm = await call(b.url, 'ConfirmSignUp', { ClientId: config.userPoolClientId, Username: 'shared', ConfirmationCode: code });
    expect(confirm.status).toBe(200);
    const again = await call(a.url, 'ConfirmSignUp', { ClientId: config.userPoolClientId, Username: 'shared', ConfirmationCode: code });
    expect(((await again.json()) as { __type: string }).__type).toBe('NotAuthorizedException');
  });
});
