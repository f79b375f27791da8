// The commands of the CLI (src/cli.ts), on the database the configuration names. They run the same
// registered Admin* operations as the JSON endpoint and the admin REST API.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createServices, type StewardHandle } from '../app.js';
import { loadConfig } from '../config/config.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';
import { seedOnFirstStart } from '../seed/seed.js';
import { consoleLogger } from '../user-pool/operations/logger.js';
import type { OperationContext } from '../user-pool/operations/operation-context.js';
import { findDefaultPool } from '../user-pool/pools/pool-repository.js';

const HELP = `Steward server CLI

Usage: pnpm --filter @steward/server cli <command> [options]

Commands:
  create-user   --username <name> --password <pw> [--email <e>] [--phone <+1…>]
                [--given-name <n>] [--family-name <n>] [--attribute name=value]…
                [--group <g>]… [--temporary]
                Creates a user (confirmed, email verified). --temporary: the password must
                be changed at first sign-in (FORCE_CHANGE_PASSWORD).
  delete-user   --username <name>
  list-users    [--filter '<attr> = "value"' | '<attr> ^= "prefix"'] [--limit <n>]
  add-to-group  --username <name> --group <group>
  set-password  --username <name> --password <pw> [--temporary]
  rotate-keys   Makes a new signing key active; old keys stay in the JWKS until their tokens expire.
  help

Options for every command: --pool <userPoolId> (default: the pool created on first start).
The database comes from the same settings as the server (DATABASE_URL, DATA_DIR, …). With the
embedded PGlite database, stop the server first: only one process can open its folder.`;

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
}

function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new Error(`--${name} is required`);
  return value;
}

async function invoke(steward: StewardHandle, operation: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const ctx: OperationContext = { ...steward, caller: { kind: 'cli' }, request: { requestId: randomUUID(), ip: 'cli' } };
  return steward.registry.require('AWSCognitoIdentityProviderService', operation).invoke(ctx, input);
}

/** Runs one CLI command; returns the process exit code. Output goes to `print`. */
export async function runCli(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, print: (line: string) => void): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help') {
    print(HELP);
    return command === undefined ? 1 : 0;
  }
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
    },
    strict: true,
  });
  const options: CliOptions = values;

  const config = loadConfig(env);
  const db = await openDatabase(config);
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
      case 'rotate-keys': {
        const { kid, retired } = await steward.tokens.keys.rotate();
        print(`New signing key ${kid} is active.${retired.length > 0 ? ` Retired (still published until their tokens expire): ${retired.join(', ')}.` : ''}`);
        return 0;
      }
      default:
        print(`Unknown command ${command}.\n\n${HELP}`);
        return 1;
    }
  } finally {
    await db.close();
  }
}
