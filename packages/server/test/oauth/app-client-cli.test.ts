// The CLI's app-client and resource-server commands, on the local PostgreSQL: describe the default
// client, change only the settings given, create confidential and machine clients, delete them.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/admin/cli-commands.js';
import { dropSchema, TEST_POSTGRES_URL } from '../harness.js';

async function cli(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runCli(argv, { LOG_LEVEL: 'silent', ...env }, (line) => lines.push(line));
  return { code, out: lines.join('\n') };
}

/** The JSON a command printed. */
function printed(out: string): Record<string, unknown> {
  return JSON.parse(out.slice(out.indexOf('{'))) as Record<string, unknown>;
}

describe('CLI app-client commands', () => {
  const schema = `t_cli_clients_${randomBytes(4).toString('hex')}`;
  const env = { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema, SEED_DEMO: 'false' };
  afterAll(async () => {
    await dropSchema(schema);
  });

  it('describes the default client and updates only the settings given', async () => {
    const before = printed((await cli(env, 'describe-client')).out);
    expect(before).toMatchObject({ ClientName: 'steward-web', RefreshTokenRotation: { Feature: 'DISABLED', RetryGracePeriodSeconds: 0 } });

    const updated = await cli(env, 'update-client', '--refresh-token-rotation', 'enabled', '--grace-seconds', '10', '--callback-url', 'https://app.example.com/', '--callback-url', 'http://localhost:3000/');
    expect(updated.code).toBe(0);
    const after = printed(updated.out);
    expect(after).toMatchObject({
      ClientId: before.ClientId,
      ClientName: 'steward-web',
      CallbackURLs: ['https://app.example.com/', 'http://localhost:3000/'],
      LogoutURLs: before.LogoutURLs,
      AllowedOAuthFlows: before.AllowedOAuthFlows,
      AllowedOAuthScopes: before.AllowedOAuthScopes,
      ExplicitAuthFlows: before.ExplicitAuthFlows,
      RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: 10 },
    });
    expect(printed((await cli(env, 'describe-client', '--client-id', String(before.ClientId))).out)).toEqual(after);

    const graceOnly = printed((await cli(env, 'update-client', '--grace-seconds', '0')).out);
    expect(graceOnly.RefreshTokenRotation).toEqual({ Feature: 'ENABLED', RetryGracePeriodSeconds: 0 });
  });

  it('creates a confidential client and a machine client with a resource server, lists and deletes them', async () => {
    const created = printed(
      (await cli(env, 'create-client', '--name', 'partner', '--generate-secret', '--oauth-flow', 'code', '--oauth-scope', 'openid', '--oauth-scope', 'email', '--callback-url', 'https://partner.example.com/cb', '--identity-provider', 'COGNITO')).out,
    );
    expect(created).toMatchObject({ ClientName: 'partner', AllowedOAuthFlows: ['code'], AllowedOAuthScopes: ['openid', 'email'], AllowedOAuthFlowsUserPoolClient: true });
    expect(created.ClientSecret).toMatch(/^[a-z0-9]{51}$/);

    const server = await cli(env, 'create-resource-server', '--identifier', 'https://api.example.com', '--name', 'api', '--scope', 'loans.read=Read loans', '--scope', 'loans.write');
    expect(printed(server.out)).toMatchObject({ Identifier: 'https://api.example.com', Scopes: [{ ScopeName: 'loans.read', ScopeDescription: 'Read loans' }, { ScopeName: 'loans.write', ScopeDescription: 'loans.write' }] });
    expect((await cli(env, 'list-resource-servers')).out).toContain('https://api.example.com (api): https://api.example.com/loans.read https://api.example.com/loans.write');
    const machine = printed((await cli(env, 'create-client', '--name', 'batch', '--generate-secret', '--oauth-flow', 'client_credentials', '--oauth-scope', 'https://api.example.com/loans.read')).out);
    expect(machine.AllowedOAuthFlows).toEqual(['client_credentials']);

    const listed = (await cli(env, 'list-clients')).out;
    expect(listed).toMatch(new RegExp(`${String(created.ClientId)}\\s+partner`));
    expect(listed).toMatch(new RegExp(`${String(machine.ClientId)}\\s+batch`));
    expect((await cli(env, 'delete-client', '--client-id', String(created.ClientId))).out).toBe(`Deleted the app client ${String(created.ClientId)}.`);
    expect((await cli(env, 'list-clients')).out).not.toContain(String(created.ClientId));
  });

  it('reports bad settings by the exception Cognito would answer, and bad options plainly', async () => {
    await expect(cli(env, 'create-client', '--name', 'bad', '--callback-url', 'http://partner.example.com/cb')).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(cli(env, 'create-client', '--name', 'bad', '--oauth-flow', 'client_credentials', '--oauth-scope', 'openid')).rejects.toMatchObject({ name: 'InvalidOAuthFlowException' });
    await expect(cli(env, 'update-client', '--refresh-token-rotation', 'sometimes')).rejects.toThrow('--refresh-token-rotation must be enabled or disabled, got sometimes');
    await expect(cli(env, 'update-client', '--grace-seconds', '61')).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(cli(env, 'delete-client')).rejects.toThrow('--client-id is required');
    expect((await cli(env, 'help')).out).toContain('update-client [--client-id <id>] [client settings]');
  });
});
