// auth-core promises aws-amplify v6's auth API by name: an app switches by changing imports. This
// reads the export lists of `aws-amplify/auth` and `aws-amplify/auth/cognito` from the installed
// aws-amplify's declaration files (TypeScript's own resolution, so `export *` chains are followed)
// and fails when `@steward/auth-core` or `@steward/auth-core/cognito` lacks a name, exports a value
// of Amplify's as a type only, or when the table in docs/auth-core.md no longer matches.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/** One exported name and whether it is a value (function, class, constant) or only a type. */
interface ExportedName {
  readonly name: string;
  readonly kind: 'value' | 'type';
}

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const docPath = join(packageDir, '../../docs/auth-core.md');

/** The `types` file of an entry of aws-amplify's package.json exports, as the installed version declares it. */
function amplifyTypesFile(entry: './auth' | './auth/cognito'): string {
  const requireHere = createRequire(import.meta.url);
  const manifestPath = requireHere.resolve('aws-amplify/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { types: string }> };
  const target = manifest.exports[entry];
  if (target === undefined) throw new Error(`aws-amplify has no ${entry} export`);
  return join(dirname(manifestPath), target.types);
}

const ENTRIES = {
  amplifyAuth: amplifyTypesFile('./auth'),
  amplifyCognito: amplifyTypesFile('./auth/cognito'),
  coreMain: join(packageDir, 'src/index.ts'),
  coreCognito: join(packageDir, 'src/cognito-provider/index.ts'),
} as const;

type EntryName = keyof typeof ENTRIES;

/** Every name each entry exports, resolved by one TypeScript program over all four entry files. */
function readExports(): Record<EntryName, Map<string, ExportedName>> {
  const program = ts.createProgram(Object.values(ENTRIES), {
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: ['steward-source'],
    types: [],
  });
  const checker = program.getTypeChecker();
  const exportsOf = (file: string): Map<string, ExportedName> => {
    const source = program.getSourceFile(file);
    const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (moduleSymbol === undefined) throw new Error(`TypeScript could not read ${file}`);
    const names = new Map<string, ExportedName>();
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      names.set(symbol.name, { name: symbol.name, kind: target.flags & ts.SymbolFlags.Value ? 'value' : 'type' });
    }
    return names;
  };
  return {
    amplifyAuth: exportsOf(ENTRIES.amplifyAuth),
    amplifyCognito: exportsOf(ENTRIES.amplifyCognito),
    coreMain: exportsOf(ENTRIES.coreMain),
    coreCognito: exportsOf(ENTRIES.coreCognito),
  };
}

/** One row of the docs table: name, kind, and the four presence cells as written. */
interface TableRow {
  readonly name: string;
  readonly kind: string;
  readonly inAmplifyAuth: boolean;
  readonly inAmplifyCognito: boolean;
  readonly inCoreMain: boolean;
  readonly inCoreCognito: boolean;
}

/** The export table of the "## Compatibility with aws-amplify/auth" section (rows whose first cell is a `name`). */
function readDocsTable(markdown: string): TableRow[] {
  const start = markdown.indexOf('\n## Compatibility with aws-amplify/auth');
  if (start < 0) return [];
  const next = markdown.indexOf('\n## ', start + 1);
  const section = next < 0 ? markdown.slice(start) : markdown.slice(start, next);
  const rows: TableRow[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    const name = /^`([A-Za-z_$][\w$]*)`$/.exec(cells[0] ?? '')?.[1];
    if (name === undefined || cells.length < 6) continue;
    const yes = (cell: string | undefined): boolean => (cell ?? '').startsWith('✓');
    rows.push({ name, kind: cells[1] ?? '', inAmplifyAuth: yes(cells[2]), inAmplifyCognito: yes(cells[3]), inCoreMain: yes(cells[4]), inCoreCognito: yes(cells[5]) });
  }
  return rows;
}

let exported: Record<EntryName, Map<string, ExportedName>>;
beforeAll(() => {
  exported = readExports();
}, 60_000);

/** Names of `from` missing in `to`, and names that are values in `from` but only types in `to`. */
function gaps(from: Map<string, ExportedName>, to: Map<string, ExportedName>): { missing: string[]; typeOnly: string[] } {
  const missing = [...from.keys()].filter((name) => !to.has(name)).sort();
  const typeOnly = [...from.values()].filter((entry) => entry.kind === 'value' && to.get(entry.name)?.kind === 'type').map((entry) => entry.name).sort();
  return { missing, typeOnly };
}

describe('aws-amplify/auth export parity', () => {
  it('reads a plausible export list from the installed aws-amplify (functions and types of both entries)', () => {
    expect(exported.amplifyAuth.get('signIn')?.kind).toBe('value');
    expect(exported.amplifyAuth.get('SignInInput')?.kind).toBe('type');
    expect(exported.amplifyCognito.get('cognitoUserPoolsTokenProvider')?.kind).toBe('value');
    expect(exported.amplifyAuth.size).toBeGreaterThan(60);
  });

  it('@steward/auth-core exports every name of aws-amplify/auth, and every value as a value', () => {
    expect(gaps(exported.amplifyAuth, exported.coreMain)).toEqual({ missing: [], typeOnly: [] });
  });

  it('@steward/auth-core/cognito exports every name of aws-amplify/auth/cognito, and every value as a value', () => {
    expect(gaps(exported.amplifyCognito, exported.coreCognito)).toEqual({ missing: [], typeOnly: [] });
  });
});

describe('the export table in docs/auth-core.md', () => {
  const rows = readDocsTable(readFileSync(docPath, 'utf8'));
  const byName = new Map(rows.map((row) => [row.name, row]));

  it('has one row per name exported by aws-amplify/auth or aws-amplify/auth/cognito, and no other', () => {
    const amplifyNames = [...new Set([...exported.amplifyAuth.keys(), ...exported.amplifyCognito.keys()])].sort();
    expect(rows.map((row) => row.name).sort()).toEqual(amplifyNames);
    expect(byName.size).toBe(rows.length);
  });

  it("gives each row aws-amplify's kind and the aws-amplify entries that export it", () => {
    const wrong = rows.flatMap((row) => {
      const amplify = exported.amplifyAuth.get(row.name) ?? exported.amplifyCognito.get(row.name);
      const expected = { kind: amplify?.kind, inAmplifyAuth: exported.amplifyAuth.has(row.name), inAmplifyCognito: exported.amplifyCognito.has(row.name) };
      const written = { kind: row.kind, inAmplifyAuth: row.inAmplifyAuth, inAmplifyCognito: row.inAmplifyCognito };
      return JSON.stringify(expected) === JSON.stringify(written) ? [] : [{ name: row.name, expected, written }];
    });
    expect(wrong).toEqual([]);
  });

  it('marks a name as present in an auth-core entry exactly when that entry exports it', () => {
    const wrong = rows.flatMap((row) => {
      const actual = { inCoreMain: exported.coreMain.has(row.name), inCoreCognito: exported.coreCognito.has(row.name) };
      const written = { inCoreMain: row.inCoreMain, inCoreCognito: row.inCoreCognito };
      return JSON.stringify(actual) === JSON.stringify(written) ? [] : [{ name: row.name, actual, written }];
    });
    expect(wrong).toEqual([]);
  });
});
