import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config/config-schema.js';
import { batchItemsInvalid, dataApiErrorCatalogue, MAX_LISTED_ITEM_ERRORS } from './data-api-errors.js';
import { formatGraphqlError } from './to-appsync-error.js';
import { GraphQLError } from '../execution/graphql-js.js';

describe('data API error catalogue', () => {
  it('is the errors table of docs/data-api.md, type by type with the HTTP status', async () => {
    const doc = await readFile(path.join(REPO_ROOT, 'docs', 'data-api.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Errors'), doc.indexOf('### Production mode'));
    const rows = [...section.matchAll(/^\| `(\w+)` \| ([\d /]+) \|/gm)].map((m) => [m[1], m[2]?.trim()]);
    expect(rows.map((r) => r[0])).toEqual(Object.keys(dataApiErrorCatalogue));
    for (const [name, status] of rows) expect(status?.split(' / '), name).toContain(String(dataApiErrorCatalogue[name as keyof typeof dataApiErrorCatalogue].status));
  });

  it('lists every bad item of a batch in errorInfo, sorted and capped, and counts them all', () => {
    const errors = Array.from({ length: 150 }, (_, i) => ({ index: 149 - i, field: 'fileNumber', message: 'bad' }));
    const error = batchItemsInvalid(1000, errors);
    expect(error.message).toBe('150 of 1000 items are invalid; nothing was written. Item 0 (fileNumber): bad');
    const formatted = formatGraphqlError(new GraphQLError(error.message, { originalError: error, path: ['batchUpsertAccountMdls'] }), 'BadRequestException');
    expect(formatted.errorType).toBe('BatchItemsInvalid');
    const info = formatted.errorInfo as { items: { index: number }[]; invalidCount: number; recoverySuggestion: string };
    expect(info.items).toHaveLength(MAX_LISTED_ITEM_ERRORS);
    expect(info.items[0]?.index).toBe(0);
    expect(info.invalidCount).toBe(150);
    expect(info.recoverySuggestion).toBe(dataApiErrorCatalogue.BatchItemsInvalid.recoverySuggestion);
  });
});
