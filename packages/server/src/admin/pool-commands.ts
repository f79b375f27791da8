// `cli pools list|create|describe|delete`: the pool operations (ListUserPools, CreateUserPool,
// DescribeUserPool, DeleteUserPool) from the command line, run as the CLI caller (audited as such).

/** Runs a registered operation as the CLI. */
export type InvokeOperation = (operation: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** The options `pools` reads. */
export interface PoolCommandOptions {
  readonly pool?: string | undefined;
  readonly name?: string | undefined;
  readonly mfa?: string | undefined;
  readonly 'min-password-length'?: string | undefined;
  readonly 'deletion-protection'?: boolean | undefined;
  readonly 'case-sensitive-usernames'?: boolean | undefined;
  readonly alias?: string[] | undefined;
  readonly 'auto-verify'?: string[] | undefined;
}

/** The help lines of `pools`. */
export const POOLS_HELP = `  pools list    Lists every user pool (id, name).
  pools create  --name <name> [--mfa OFF|ON|OPTIONAL] [--min-password-length <6-99>]
                [--alias email|phone_number|preferred_username]… [--auto-verify email|phone_number]…
                [--deletion-protection] [--case-sensitive-usernames]
                Creates a user pool (CreateUserPool) and prints it as DescribeUserPool does.
                Usernames match in any case unless --case-sensitive-usernames (as the AWS console).
  pools describe [--pool <id>]   Prints the pool (default: the pool created on first start).
  pools delete  --pool <id>      Deletes the pool with its users, clients and groups (refused
                with deletion protection on, and for the pool created on first start).`;

function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new Error(`--${name} is required`);
  return value;
}

/** Runs `pools <subcommand>`; returns the exit code. `defaultPoolId`: the pool created on first start. */
export async function poolsCommand(invoke: InvokeOperation, subcommand: string | undefined, options: PoolCommandOptions, defaultPoolId: string | undefined, print: (line: string) => void): Promise<number> {
  switch (subcommand) {
    case 'list': {
      print(`${'POOL ID'.padEnd(32)} NAME`);
      let next: string | undefined;
      do {
        const page = await invoke('ListUserPools', { MaxResults: 60, ...(next !== undefined ? { NextToken: next } : {}) });
        for (const p of page.UserPools as { Id: string; Name: string }[]) print(`${p.Id.padEnd(32)} ${p.Name}${p.Id === defaultPoolId ? ' (default)' : ''}`);
        next = page.NextToken as string | undefined;
      } while (next !== undefined);
      return 0;
    }
    case 'create': {
      const minimum = options['min-password-length'];
      const created = await invoke('CreateUserPool', {
        PoolName: required(options.name, 'name'),
        ...(options.mfa !== undefined ? { MfaConfiguration: options.mfa.toUpperCase() } : {}),
        ...(minimum !== undefined ? { Policies: { PasswordPolicy: { MinimumLength: Number(minimum), RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: true } } } : {}),
        ...(options.alias !== undefined ? { AliasAttributes: options.alias } : {}),
        ...(options['auto-verify'] !== undefined ? { AutoVerifiedAttributes: options['auto-verify'] } : {}),
        ...(options['deletion-protection'] === true ? { DeletionProtection: 'ACTIVE' } : {}),
        // The API's default is case-sensitive; people creating a pool by hand expect the console's.
        UsernameConfiguration: { CaseSensitive: options['case-sensitive-usernames'] === true },
      });
      print(JSON.stringify(created.UserPool, null, 2));
      return 0;
    }
    case 'describe': {
      const described = await invoke('DescribeUserPool', { UserPoolId: options.pool ?? required(defaultPoolId, 'pool') });
      print(JSON.stringify(described.UserPool, null, 2));
      return 0;
    }
    case 'delete': {
      // Never the default: deleting a pool must name it.
      const poolId = required(options.pool, 'pool');
      await invoke('DeleteUserPool', { UserPoolId: poolId });
      print(`Deleted the user pool ${poolId} with its users, app clients and groups.`);
      return 0;
    }
    default:
      print(`Unknown pools command ${subcommand ?? '(none)'}: use pools list, create, describe or delete.`);
      return 1;
  }
}
