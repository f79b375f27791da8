// The compatibility suite's promise that its app uses the whole surface: every value exported by
// aws-amplify/auth and aws-amplify/auth/cognito (as the installed aws-amplify exports them at run time)
// is imported by the app code from `compat-auth` or `compat-auth/cognito`.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const APP_DIR = new URL('./app/', import.meta.url);

/** The names the app's modules import from one alias (type-only imports excluded). */
function importedFrom(alias: string): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(APP_DIR).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(new URL(file, APP_DIR), 'utf8');
    for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
      if (match[1] !== undefined || match[3] !== alias) continue;
      for (const part of (match[2] ?? '').split(',')) {
        const name = part.trim().replace(/^type\s+/, '');
        if (name !== '' && !part.trim().startsWith('type ')) names.add(name.split(/\s+as\s+/)[0] ?? name);
      }
    }
  }
  return names;
}

describe('the compatibility app', () => {
  it('imports every value aws-amplify/auth and aws-amplify/auth/cognito export', async () => {
    const auth = Object.keys(await import('aws-amplify/auth'));
    const cognito = Object.keys(await import('aws-amplify/auth/cognito'));
    const imported = new Set([...importedFrom('compat-auth'), ...importedFrom('compat-auth/cognito')]);
    expect(auth.length).toBeGreaterThan(25);
    expect([...new Set([...auth, ...cognito])].filter((name) => !imported.has(name)).sort()).toEqual([]);
  });
});
