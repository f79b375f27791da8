// The commands of the CLI (src/cli.ts), on the database the configuration names. They run the same
// registered Admin* operations as the JSON endpoint and the admin REST API.
import type { ChainPoint } from '../audit/audit-chain.js';
import { pruneAuditLog } from '../audit/audit-retention.js';
import { verifyAuditChain } from '../audit/audit-verify.js';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createServices, type StewardHandle } from '../app.js';
import { BACKUP_HELP, runBackupCommand } from '../backup/backup-commands.js';
import { loadConfig } from '../config/config.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';
import { rebuildDashboardRollups } from '../collections/dashboard/dashboard-rollups.js';
import { seedOnFirstStart } from '../seed/seed.js';
import { consoleLogger } from '../user-pool/operations/logger.js';
import type { OperationContext } from '../user-pool/operations/operation-context.js';
import { findDefaultPool } from '../user-pool/pools/pool-repository.js';
import { formatImportReport, importReport } from '../user-pool/imports/import-report.js';
import { TRIGGER_SECRET_HELP, triggerSecretCommand } from '../user-pool/triggers/trigger-secret-command.js';
import { POOLS_HELP, poolsCommand } from './pool-commands.js';

const HELP = `Steward server CLI

Usage: pnpm --filter @steward/server cli <command> [options]
   or: node packages/server/dist/cli.js <command> [options]   (the production build)

Commands:
  migrate       Applies the migrations not applied yet, and nothing else (the server also
                migrates at start; run this first to migrate before starting new versions).
  create-user   --username <name> --password <pw> [--email <e>] [--phone <+1…>]
                [--given-name <n>] [--family-name <n>] [--attribute name=value]…
                [--group <g>]… [--temporary]
                Creates a user (confirmed, email verified). --temporary: the password must
                be changed at first sign-in (FORCE_CHANGE_PASSWORD).
  delete-user   --username <name>
  list-users    [--filter '<attr> = "value"' | '<attr> ^= "prefix"'] [--limit <n>]
  add-to-group  --username <name> --group <group>
  set-password  --username <name> --password <pw> [--temporary]
  set-session-length-max --seconds <60-86400>
                The longest sign-in any user may configure (sessionLength), pool-wide.
  rotate-keys   Makes a new signing key active; old keys stay in the JWKS until their tokens expire.
  list-clients
  describe-client [--client-id <id>]     (default: the app client created on first start)
                Prints the client as DescribeUserPoolClient answers it (JSON, with its secret).
  create-client --name <name> [--generate-secret] [client settings]
  update-client [--client-id <id>] [client settings]
                Changes only the settings given (a list option replaces that list).
  delete-client --client-id <id>
  create-resource-server --identifier <id> --name <name> [--scope <name>[=<description>]]…
  list-resource-servers
  user-import-report --job-id <import-…>
                The per-row report of a user import job: each row that failed or was skipped,
                and why (what Cognito writes to CloudWatch Logs).
${POOLS_HELP}
${BACKUP_HELP}
  rebuild-dashboard
                Recomputes the collections dashboard's totals from the base tables (writes to
                accounts, transactions, promises and contact attempts wait while it runs).
  audit verify  [--expect <seq>:<hash>]…
                Recomputes the audit trail's hash chain from its anchor to its head; names the
                first bad row (exit code 1). --expect: a row's hash noted earlier (from this
                command's output or the logs) that must still be on the chain.
  audit prune   [--days <n>]   (default: AUDIT_RETENTION_DAYS)
                Deletes rows older than the retention now, keeping the chain verifiable.
${TRIGGER_SECRET_HELP}
  help

Client settings (create-client, update-client):
  --callback-url <url>…  --logout-url <url>…  --default-redirect-uri <url>
  --oauth-flow code|implicit|client_credentials…  (also turns managed login on for the client)
  --oauth-scope <scope>…  (openid, email, phone, profile, aws.cognito.signin.user.admin, <server>/<scope>)
  --identity-provider COGNITO  --auth-flow ALLOW_USER_SRP_AUTH|ALLOW_USER_PASSWORD_AUTH|…
  --refresh-token-rotation enabled|disabled  --grace-seconds <0-60>

Options for every command: --pool <userPoolId> (default: the pool created on first start).
The database comes from the same settings as the server (DATABASE_URL, DATA_DIR, …). With the
embedded PGlite database, stop the server first: only one process can open its folder.`;

/** What the CLI says when a running server holds the PGlite folder: how to do the same through it. */
export const SERVER_RUNNING_HINT = `While the server runs, do the same through it instead:
  - the Admin API (POST /admin/createUser, /admin/deleteUser, /admin/addUserToGroup, /admin/setUserPassword, …)
    with an Admins user's access token: see "Admin API" in docs/server.md;
  - or the Cognito Admin* operations (AdminCreateUser, AdminDeleteUser, AdminAddUserToGroup,
    AdminSetUserPassword, ListUsers, …) signed with ADMIN_ACCESS_KEY_ID / ADMIN_SECRET_ACCESS_KEY,
    e.g. aws cognito-idp admin-create-user --endpoint-url <server URL> (docs/configuration.md).
Or stop the server and run this command again.`;

/** Parsed command-line options. */
interface CliOptions {
  username?: string;
  password?: string;
  email?: string;
  phone?: string;
  'given-name'?: string;
  'family-name'?: string;
  attribute?: string[];
  group?: string[];
  temporary?: boolean;
  filter?: string;
  limit?: string;
  pool?: string;
  'client-id'?: string;
  name?: string;
  'generate-secret'?: boolean;
  'callback-url'?: string[];
  'logout-url'?: string[];
  'default-redirect-uri'?: string;
  'oauth-flow'?: string[];
  'oauth-scope'?: string[];
  'identity-provider'?: string[];
  'auth-flow'?: string[];
  'refresh-token-rotation'?: string;
  'grace-seconds'?: string;
  seconds?: string;
  identifier?: string;
  scope?: string[];
  expect?: string[];
  days?: string;
  'job-id'?: string;
  mfa?: string;
  'min-password-length'?: string;
  'deletion-protection'?: boolean;
  'case-sensitive-usernames'?: boolean;
  alias?: string[];
  'auto-verify'?: string[];
}

/**
 * The wire members of CreateUserPoolClient / UpdateUserPoolClient that the options set, over
 * `current` (a described client, for update-client: Cognito's update replaces every setting).
 */
function clientSettings(options: CliOptions, current: Record<string, unknown> = {}): Record<string, unknown> {
  const rotation = options['refresh-token-rotation'];
  if (rotation !== undefined && rotation !== 'enabled' && rotation !== 'disabled') throw new Error(`--refresh-token-rotation must be enabled or disabled, got ${rotation}`);
  const grace = options['grace-seconds'];
  if (grace !== undefined && !/^\d+$/.test(grace)) throw new Error(`--grace-seconds must be a whole number of seconds, got ${grace}`);
  const currentRotation = (current.RefreshTokenRotation ?? {}) as { Feature?: string; RetryGracePeriodSeconds?: number };
  const oauthFlows = options['oauth-flow'];
  return {
    ...current,
    ...(options.name !== undefined ? { ClientName: options.name } : {}),
    ...(options['callback-url'] !== undefined ? { CallbackURLs: options['callback-url'] } : {}),
    ...(options['logout-url'] !== undefined ? { LogoutURLs: options['logout-url'] } : {}),
    ...(options['default-redirect-uri'] !== undefined ? { DefaultRedirectURI: options['default-redirect-uri'] } : {}),
    ...(oauthFlows !== undefined ? { AllowedOAuthFlows: oauthFlows, AllowedOAuthFlowsUserPoolClient: true } : {}),
    ...(options['oauth-scope'] !== undefined ? { AllowedOAuthScopes: options['oauth-scope'] } : {}),
    ...(options['identity-provider'] !== undefined ? { SupportedIdentityProviders: options['identity-provider'] } : {}),
    ...(options['auth-flow'] !== undefined ? { ExplicitAuthFlows: options['auth-flow'] } : {}),
    ...(rotation !== undefined || grace !== undefined
      ? {
          RefreshTokenRotation: {
            Feature: rotation !== undefined ? rotation.toUpperCase() : (currentRotation.Feature ?? 'DISABLED'),
            RetryGracePeriodSeconds: grace !== undefined ? Number(grace) : (currentRotation.RetryGracePeriodSeconds ?? 0),
          },
        }
      : {}),
  };
}

function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new Error(`--${name} is required`);
  return value;
}

async function invoke(steward: StewardHandle, operation: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const ctx: OperationContext = { ...steward, caller: { kind: 'cli' }, request: { requestId: randomUUID(), ip: 'cli' } };
  return steward.registry.require('AWSCognitoIdentityProviderService', operation).invoke(ctx, input);
}

/** A chain point given as `<seq>:<hash hex>`. */
function parseChainPoint(text: string): ChainPoint {
  const match = /^(\d{1,19}):([0-9a-f]{64})$/i.exec(text.trim());
  if (match === null) throw new Error(`--expect must be <seq>:<64 hex digits>, got ${text}`);
  return { seq: BigInt(match[1] ?? '0'), hash: Buffer.from(match[2] ?? '', 'hex') };
}

/** `audit verify` and `audit prune`. */
async function auditCommand(steward: StewardHandle, subcommand: string | undefined, options: CliOptions, print: (line: string) => void): Promise<number> {
  switch (subcommand) {
    case 'verify': {
      const report = await verifyAuditChain(steward.db, (options.expect ?? []).map(parseChainPoint));
      if (report.problem !== undefined) {
        print(`Audit trail: BROKEN at row ${report.problem.seq}: ${report.problem.problem}`);
        print(`Checked ${report.rows} row(s) from the anchor (row ${report.anchor.seq}); the head says row ${report.head.seq}.`);
        return 1;
      }
      print(`Audit trail: OK, ${report.rows} row(s) from row ${report.anchor.seq + 1n} to row ${report.head.seq}.`);
      print(`Head: ${report.head.seq}:${report.head.hash.toString('hex')} (note it down; verify later with --expect ${report.head.seq}:<that hash>)`);
      return 0;
    }
    case 'prune': {
      const days = options.days === undefined ? steward.config.auditRetentionDays : Number(options.days);
      if (!Number.isInteger(days) || days < 1) throw new Error(`--days must be a whole number of days above 0 (or set AUDIT_RETENTION_DAYS), got ${options.days ?? days}`);
      const result = await pruneAuditLog(steward, days);
      if (result === undefined) {
        print('Another process is pruning the audit trail now; nothing done.');
        return 1;
      }
      print(`Deleted ${result.deleted} row(s) older than ${days} day(s). Anchor: ${result.anchor.seq}:${result.anchor.hash.toString('hex')}.`);
      return 0;
    }
    default:
      print(`Unknown audit command ${subcommand ?? '(none)'}: use audit verify or audit prune.`);
      return 1;
  }
}

/** Runs one CLI command; returns the process exit code. Output goes to `print`. */
export async function runCli(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, print: (line: string) => void): Promise<number> {
  const [command, ...afterCommand] = argv;
  // `audit <verify|prune>`, `pools <list|create|describe|delete>` and `triggers secret <show|rotate|retire>` have sub-commands.
  const words = command === 'audit' || command === 'pools' ? 1 : command === 'triggers' ? 2 : 0;
  const subcommand = words === 0 ? undefined : afterCommand.slice(0, words).join(' ');
  const rest = afterCommand.slice(words);
  if (command === undefined || command === 'help' || command === '--help') {
    print(HELP);
    return command === undefined ? 1 : 0;
  }
  // They open the folder themselves (or ask the running server): no migration, no seed.
  if (command === 'backup' || command === 'restore') return runBackupCommand(command, rest, env, print);
  const { values } = parseArgs({
    args: [...rest],
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
      'given-name': { type: 'string' },
      'family-name': { type: 'string' },
      attribute: { type: 'string', multiple: true },
      group: { type: 'string', multiple: true },
      temporary: { type: 'boolean' },
      filter: { type: 'string' },
      limit: { type: 'string' },
      pool: { type: 'string' },
      'client-id': { type: 'string' },
      name: { type: 'string' },
      'generate-secret': { type: 'boolean' },
      'callback-url': { type: 'string', multiple: true },
      'logout-url': { type: 'string', multiple: true },
      'default-redirect-uri': { type: 'string' },
      'oauth-flow': { type: 'string', multiple: true },
      'oauth-scope': { type: 'string', multiple: true },
      'identity-provider': { type: 'string', multiple: true },
      'auth-flow': { type: 'string', multiple: true },
      'refresh-token-rotation': { type: 'string' },
      'grace-seconds': { type: 'string' },
      seconds: { type: 'string' },
      identifier: { type: 'string' },
      scope: { type: 'string', multiple: true },
      expect: { type: 'string', multiple: true },
      days: { type: 'string' },
      'job-id': { type: 'string' },
      mfa: { type: 'string' },
      'min-password-length': { type: 'string' },
      'deletion-protection': { type: 'boolean' },
      'case-sensitive-usernames': { type: 'boolean' },
      alias: { type: 'string', multiple: true },
      'auto-verify': { type: 'string', multiple: true },
    },
    strict: true,
  });
  const options: CliOptions = values;

  const config = loadConfig(env);
  const db = await openDatabase(config);
  if (command === 'migrate') {
    try {
      const applied = await migrate(db);
      print(applied.length > 0 ? `Applied migrations ${applied.join(', ')} (${db.kind}).` : `Migrations up to date (${db.kind}).`);
      return 0;
    } finally {
      await db.close();
    }
  }
  try {
    await migrate(db);
    const steward = createServices(config, { db }, consoleLogger(config.logLevel === 'silent' ? 'silent' : 'warn'));
    const seeded = await seedOnFirstStart(db, steward.clock, config);
    if (seeded !== undefined) print(`Created the user pool ${seeded.userPoolId} (first start).`);
    const poolId = options.pool ?? (await findDefaultPool(db))?.userPoolId;
    if (poolId === undefined) throw new Error('no user pool; pass --pool');

    switch (command) {
      case 'create-user': {
        const username = required(options.username, 'username');
        const password = required(options.password, 'password');
        const attributes: { Name: string; Value: string }[] = [];
        if (options.email !== undefined) attributes.push({ Name: 'email', Value: options.email }, { Name: 'email_verified', Value: 'true' });
        if (options.phone !== undefined) attributes.push({ Name: 'phone_number', Value: options.phone }, { Name: 'phone_number_verified', Value: 'true' });
        if (options['given-name'] !== undefined) attributes.push({ Name: 'given_name', Value: options['given-name'] });
        if (options['family-name'] !== undefined) attributes.push({ Name: 'family_name', Value: options['family-name'] });
        for (const pair of options.attribute ?? []) {
          const at = pair.indexOf('=');
          if (at <= 0) throw new Error(`--attribute must be name=value, got ${pair}`);
          attributes.push({ Name: pair.slice(0, at), Value: pair.slice(at + 1) });
        }
        await invoke(steward, 'AdminCreateUser', { UserPoolId: poolId, Username: username, TemporaryPassword: password, UserAttributes: attributes, MessageAction: 'SUPPRESS' });
        if (options.temporary !== true) await invoke(steward, 'AdminSetUserPassword', { UserPoolId: poolId, Username: username, Password: password, Permanent: true });
        for (const group of options.group ?? []) await invoke(steward, 'AdminAddUserToGroup', { UserPoolId: poolId, Username: username, GroupName: group });
        const user = await invoke(steward, 'AdminGetUser', { UserPoolId: poolId, Username: username });
        print(`Created ${username} (${String(user.UserStatus)}) in ${poolId}${(options.group ?? []).length > 0 ? `, groups: ${(options.group ?? []).join(', ')}` : ''}.`);
        return 0;
      }
      case 'delete-user': {
        const username = required(options.username, 'username');
        await invoke(steward, 'AdminDeleteUser', { UserPoolId: poolId, Username: username });
        print(`Deleted ${username}.`);
        return 0;
      }
      case 'list-users': {
        const rows: string[] = [];
        let token: string | undefined;
        const limit = options.limit === undefined ? Infinity : Number(options.limit);
        do {
          const page = await invoke(steward, 'ListUsers', { UserPoolId: poolId, ...(options.filter !== undefined ? { Filter: options.filter } : {}), ...(token !== undefined ? { PaginationToken: token } : {}) });
          for (const u of page.Users as { Username: string; UserStatus: string; Enabled: boolean; Attributes: { Name: string; Value?: string }[] }[]) {
            const email = u.Attributes.find((a) => a.Name === 'email')?.Value ?? '';
            rows.push(`${u.Username.padEnd(24)} ${u.UserStatus.padEnd(22)} ${(u.Enabled ? 'enabled' : 'disabled').padEnd(9)} ${email}`);
          }
          token = page.PaginationToken as string | undefined;
        } while (token !== undefined && rows.length < limit);
        print(`${'USERNAME'.padEnd(24)} ${'STATUS'.padEnd(22)} ${'ENABLED'.padEnd(9)} EMAIL`);
        for (const row of rows.slice(0, limit)) print(row);
        return 0;
      }
      case 'add-to-group': {
        const username = required(options.username, 'username');
        const group = required(options.group?.[0], 'group');
        await invoke(steward, 'AdminAddUserToGroup', { UserPoolId: poolId, Username: username, GroupName: group });
        print(`Added ${username} to ${group}.`);
        return 0;
      }
      case 'set-password': {
        const username = required(options.username, 'username');
        await invoke(steward, 'AdminSetUserPassword', { UserPoolId: poolId, Username: username, Password: required(options.password, 'password'), Permanent: options.temporary !== true });
        print(`Set the password of ${username}${options.temporary === true ? ' (temporary)' : ''}.`);
        return 0;
      }
      case 'set-session-length-max': {
        const seconds = required(options.seconds, 'seconds');
        if (!/^\d+$/.test(seconds)) throw new Error(`--seconds must be a whole number of seconds, got ${seconds}`);
        const policy = await invoke(steward, 'SetSessionPolicy', { UserPoolId: poolId, MaxSessionLengthSeconds: Number(seconds) });
        print(`Sessions may now last at most ${(policy.SessionLength as { MaxSeconds: number }).MaxSeconds} seconds.`);
        return 0;
      }
      case 'rotate-keys': {
        const { kid, retired } = await steward.tokens.keys.rotate((tx, rotation) =>
          steward.audit.append(tx, { action: 'admin.signing_keys.rotated', actor: { kind: 'cli', name: 'cli' }, record: { type: 'signing_key', id: rotation.kid }, details: { retired: rotation.retired } }),
        );
        print(`New signing key ${kid} is active.${retired.length > 0 ? ` Retired (still published until their tokens expire): ${retired.join(', ')}.` : ''}`);
        return 0;
      }
      case 'list-clients': {
        const page = await invoke(steward, 'ListUserPoolClients', { UserPoolId: poolId });
        print(`${'CLIENT ID'.padEnd(28)} NAME`);
        for (const c of page.UserPoolClients as { ClientId: string; ClientName: string }[]) print(`${c.ClientId.padEnd(28)} ${c.ClientName}`);
        return 0;
      }
      case 'describe-client': {
        const clientId = options['client-id'] ?? (await findDefaultPool(db))?.clientId ?? required(undefined, 'client-id');
        const described = await invoke(steward, 'DescribeUserPoolClient', { UserPoolId: poolId, ClientId: clientId });
        print(JSON.stringify(described.UserPoolClient, null, 2));
        return 0;
      }
      case 'create-client': {
        const created = await invoke(steward, 'CreateUserPoolClient', { UserPoolId: poolId, ClientName: required(options.name, 'name'), GenerateSecret: options['generate-secret'] === true, ...clientSettings(options) });
        print(JSON.stringify(created.UserPoolClient, null, 2));
        return 0;
      }
      case 'update-client': {
        const clientId = options['client-id'] ?? (await findDefaultPool(db))?.clientId ?? required(undefined, 'client-id');
        const described = await invoke(steward, 'DescribeUserPoolClient', { UserPoolId: poolId, ClientId: clientId });
        const updated = await invoke(steward, 'UpdateUserPoolClient', { ...clientSettings(options, described.UserPoolClient as Record<string, unknown>), UserPoolId: poolId, ClientId: clientId });
        print(JSON.stringify(updated.UserPoolClient, null, 2));
        return 0;
      }
      case 'delete-client': {
        const clientId = required(options['client-id'], 'client-id');
        await invoke(steward, 'DeleteUserPoolClient', { UserPoolId: poolId, ClientId: clientId });
        print(`Deleted the app client ${clientId}.`);
        return 0;
      }
      case 'create-resource-server': {
        const scopes = (options.scope ?? []).map((pair) => {
          const at = pair.indexOf('=');
          return at < 0 ? { ScopeName: pair, ScopeDescription: pair } : { ScopeName: pair.slice(0, at), ScopeDescription: pair.slice(at + 1) };
        });
        const created = await invoke(steward, 'CreateResourceServer', { UserPoolId: poolId, Identifier: required(options.identifier, 'identifier'), Name: required(options.name, 'name'), Scopes: scopes });
        print(JSON.stringify(created.ResourceServer, null, 2));
        return 0;
      }
      case 'rebuild-dashboard': {
        const started = performance.now();
        const rows = await rebuildDashboardRollups(db);
        print(`Rebuilt the collections dashboard's totals from the accounts, transactions, promises and contact attempts: ${rows} total rows in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
        return 0;
      }
      case 'list-resource-servers': {
        const page = await invoke(steward, 'ListResourceServers', { UserPoolId: poolId });
        for (const server of page.ResourceServers as { Identifier: string; Name: string; Scopes: { ScopeName: string }[] }[]) {
          print(`${server.Identifier} (${server.Name}): ${server.Scopes.map((s) => `${server.Identifier}/${s.ScopeName}`).join(' ') || 'no scopes'}`);
        }
        return 0;
      }
      case 'user-import-report': {
        const report = await importReport(db, required(options['job-id'], 'job-id'));
        if (report === undefined) {
          print(`No user import job ${options['job-id'] ?? ''}.`);
          return 1;
        }
        for (const line of formatImportReport(report)) print(line);
        return 0;
      }
      case 'audit':
        return await auditCommand(steward, subcommand, options, print);
      case 'triggers': {
        const [noun, action] = (subcommand ?? '').split(' ');
        if (noun !== 'secret') {
          print(`Unknown triggers command ${subcommand ?? '(none)'}: use triggers secret show, rotate or retire.`);
          return 1;
        }
        return await triggerSecretCommand(steward, poolId, action, print);
      }
      case 'pools':
        return await poolsCommand((operation, input) => invoke(steward, operation, input), subcommand, options, (await findDefaultPool(db))?.userPoolId, print);
      default:
        print(`Unknown command ${command}.\n\n${HELP}`);
        return 1;
    }
  } finally {
    await db.close();
  }
}
