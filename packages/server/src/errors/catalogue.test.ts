import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/config-schema.js';
import { errorCatalogue, errorNames, ServiceError } from './catalogue.js';
import { toWireError } from './wire-error.js';

describe('error catalogue', () => {
  it('is the table in docs/server.md, name by name with status and message', async () => {
    const doc = await readFile(path.join(REPO_ROOT, 'docs', 'server.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `(\w+)` \| (\d{3}) \| (.*) \|$/gm)].map((m) => ({ name: m[1], status: Number(m[2]), message: (m[3] ?? '').replace(/\\\|/g, '|') }));
    expect(rows.map((r) => r.name)).toEqual(errorNames);
    for (const row of rows) {
      const spec = errorCatalogue[row.name as keyof typeof errorCatalogue];
      expect({ name: row.name, status: row.status, message: row.message }).toEqual({ name: row.name, status: spec.status, message: spec.message });
    }
  });

  it('answers 500 only for InternalErrorException', () => {
    const fiveHundreds = errorNames.filter((n) => errorCatalogue[n].status >= 500);
    expect(fiveHundreds).toEqual(['InternalErrorException']);
  });

  it('maps every catalogued error to its name, status and message, and anything else to InternalErrorException', () => {
    for (const name of errorNames) {
      const wire = toWireError(new ServiceError(name, `custom ${name}`));
      expect(wire).toEqual({ status: errorCatalogue[name].status, body: { __type: name, message: `custom ${name}` } });
    }
    expect(toWireError(new Error('database exploded: password=secret'))).toEqual({ status: 500, body: { __type: 'InternalErrorException', message: 'An internal error occurred.' } });
  });

  it('gives every error a recovery suggestion', () => {
    for (const name of errorNames) expect(new ServiceError(name).recoverySuggestion.length).toBeGreaterThan(5);
  });
});
