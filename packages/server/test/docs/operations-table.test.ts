// docs/server.md's operations table is what teams read to know whether their back end's Cognito
// calls will work here. It must list exactly the operations the AWS SDK v3 client knows, and say
// for each what the server really does: "implemented" must never be answered with
// UnknownOperationException, "not applicable" must answer UnsupportedOperationException with the
// reason the table gives, and "not yet" must really be unknown (so a finished operation is noted).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as cognito from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config/config-schema.js';
import { startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';

type State = 'implemented' | 'not applicable' | 'not yet';
interface Row {
  readonly operation: string;
  readonly state: State;
  readonly note: string;
}

const START = '<!-- operations-table:start -->';
const END = '<!-- operations-table:end -->';
const STATES: readonly string[] = ['implemented', 'not applicable', 'not yet'];

/** The rows between the table's markers, and the summary line above them. */
function parseTable(doc: string): { rows: Row[]; summary: string } {
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error('docs/server.md has no operations table markers');
  const lines = doc.slice(from + START.length, to).split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const rows: Row[] = [];
  for (const line of lines.filter((l) => l.startsWith('|')).slice(2)) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const [operation = '', state = '', note = ''] = cells;
    if (!STATES.includes(state)) throw new Error(`unknown state "${state}" for ${operation}`);
    rows.push({ operation, state: state as State, note });
  }
  return { rows, summary: lines[0] ?? '' };
}

/** The SDK's operations: one `<Operation>Command` class each (`$Command` is the base class). */
function sdkOperations(): Map<string, new (input: object) => object> {
  const commands = new Map<string, new (input: object) => object>();
  for (const [name, value] of Object.entries(cognito)) {
    if (name === '$Command' || !name.endsWith('Command') || typeof value !== 'function') continue;
    commands.set(name.slice(0, -'Command'.length), value as new (input: object) => object);
  }
  return commands;
}

describe('the operations table of docs/server.md', () => {
  let server: TestServer;
  let admin: cognito.CognitoIdentityProviderClient;
  let rows: Row[];
  let summary: string;

  beforeAll(async () => {
    ({ rows, summary } = parseTable(await readFile(path.join(REPO_ROOT, 'docs/server.md'), 'utf8')));
    server = await startTestServer({ database: 'pglite' });
    admin = new cognito.CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });
  });
  afterAll(async () => {
    admin.destroy();
    await server.close();
  });

  it('lists exactly the operations of the installed SDK client, once each, in order', () => {
    const sdk = [...sdkOperations().keys()].sort();
    expect(sdk.length).toBeGreaterThan(100);
    expect(rows.map((r) => r.operation)).toEqual(sdk);
  });

  it('states counts that match its rows', () => {
    const count = (state: State): number => rows.filter((r) => r.state === state).length;
    expect(summary).toBe(`${rows.length} operations: ${count('implemented')} implemented, ${count('not applicable')} not applicable, ${count('not yet')} not yet.`);
  });

  it('gives every not-applicable operation a reason', () => {
    for (const row of rows.filter((r) => r.state === 'not applicable')) expect(row.note, row.operation).not.toBe('');
  });

  it('says of each operation what the server answers over HTTP', async () => {
    const commands = sdkOperations();
    const mismatches: string[] = [];
    for (const row of rows) {
      const Command = commands.get(row.operation);
      if (Command === undefined) continue;
      let answer: { name: string; message: string } = { name: 'no error', message: '' };
      try {
        // An empty request: enough to tell an unknown operation from a known one that refuses it.
        await admin.send(new Command({}) as Parameters<typeof admin.send>[0]);
      } catch (error) {
        answer = { name: (error as Error).name, message: (error as Error).message };
      }
      const ok =
        row.state === 'implemented'
          ? answer.name !== 'UnknownOperationException'
          : row.state === 'not yet'
            ? answer.name === 'UnknownOperationException'
            : answer.name === 'UnsupportedOperationException' && answer.message === `${row.operation} is not applicable on Steward: ${row.note}`;
      if (!ok) mismatches.push(`${row.operation} (${row.state}): ${answer.name} ${answer.message}`);
    }
    expect(mismatches).toEqual([]);
  });
});
