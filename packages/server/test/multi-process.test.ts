// Two server processes on one PostgreSQL act as one user pool: they migrate and seed once between
// them, and a code sent through one is accepted by the other.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, TEST_POSTGRES_URL } from './harness.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function startProcess(schema: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(path.join(packageDir, 'node_modules', '.bin', 'tsx'), ['--conditions=steward-source', 'src/main.ts'], {
    cwd: packageDir,
    env: { ...process.env, DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema, PORT: '0', LOG_LEVEL: 'warn', STEWARD_MODE: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    const check = setInterval(() => {
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        clearInterval(check);
        resolve({ child, url: match[1], output: () => output });
      }
    }, 50);
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`server exited with ${String(code)}:\n${output}`));
    });
  });
}

describe('two server processes on one PostgreSQL', () => {
  const schema = `t_multi_${randomBytes(4).toString('hex')}`;
  let a: Awaited<ReturnType<typeof startProcess>>;
  let b: Awaited<ReturnType<typeof startProcess>>;

  beforeAll(async () => {
    [a, b] = await Promise.all([startProcess(schema), startProcess(schema)]);
  }, 90_000);
  afterAll(async () => {
    for (const server of [a, b]) {
      if (server?.child.pid !== undefined && server.child.exitCode === null) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
    }
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
