import { describe, expect, it } from 'vitest';
import { summarizeMapping } from './mapping-summary';

describe('summarizeMapping', () => {
  it('names the records and each column with the label of its field, leaving unmapped columns out', () => {
    expect(summarizeMapping('{"entity":"AccountMdl","columns":{"File No":"fileNumber","Current Balance":"currentUpb","Notes":""}}')).toEqual({
      into: 'Accounts',
      pairs: [
        { column: 'File No', field: 'File number' },
        { column: 'Current Balance', field: 'Current balance' },
      ],
    });
  });

  it('reads the older flat form, which names no entity', () => {
    expect(summarizeMapping({ 'Seq': 'debtorSeq' })).toEqual({ into: null, pairs: [{ column: 'Seq', field: 'Debtor sequence' }] });
  });

  it('is null for text that is not a mapping', () => {
    expect(summarizeMapping('not json')).toBeNull();
    expect(summarizeMapping('[1,2]')).toBeNull();
  });
});
