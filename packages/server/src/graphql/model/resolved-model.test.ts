import { describe, expect, it } from 'vitest';
import { dataModel } from './data-model.js';
import { resolveModel } from './resolved-model.js';
import type { EntityDefinition } from './model-types.js';

const minimal: EntityDefinition = { name: 'A', plural: 'As', description: 'a', fields: { x: { kind: 'String' } }, access: { read: [], create: [], update: [], delete: [] } };

describe('resolveModel', () => {
  it('resolves the product model with Amplify operation names', () => {
    const model = resolveModel(dataModel);
    expect(model.entity('AccountMdl').operations).toEqual({ get: 'getAccountMdl', list: 'listAccountMdls', create: 'createAccountMdl', update: 'updateAccountMdl', delete: 'deleteAccountMdl', append: 'appendToAccountMdl' });
    expect(model.entity('Trackers').operations.list).toBe('listTrackers');
    expect(model.entity('AccountMdl').fieldByName.get('listedYear')?.derivedFrom).toEqual({ field: 'listedDate', part: 'year' });
  });
  it('refuses a relation to an unknown entity or foreign key', () => {
    expect(() => resolveModel([{ ...minimal, relations: { B: { kind: 'hasMany', target: 'B', foreignKey: 'aId' } } }])).toThrow('unknown entity B');
    expect(() => resolveModel([{ ...minimal, relations: { Self: { kind: 'hasMany', target: 'A', foreignKey: 'nope' } } }])).toThrow('has no field nope');
  });
  it('refuses reserved field names and access rules on unknown fields', () => {
    expect(() => resolveModel([{ ...minimal, fields: { createdAt: { kind: 'String' } } }])).toThrow('reserved');
    expect(() => resolveModel([{ ...minimal, access: { ...minimal.access, read: [{ owner: 'ghost' }] } }])).toThrow('unknown field ghost');
  });
  it('refuses a sorted index on an unknown or unorderable field, or one named like another operation', () => {
    expect(() => resolveModel([{ ...minimal, sortedIndexes: [{ queryField: 'asByGhost', sortKey: 'ghost' }] }])).toThrow('unknown field ghost');
    expect(() => resolveModel([{ ...minimal, fields: { ...minimal.fields, flag: { kind: 'Boolean' } }, sortedIndexes: [{ queryField: 'asByFlag', sortKey: 'flag' }] }])).toThrow('cannot be a sort key');
    expect(() => resolveModel([{ ...minimal, sortedIndexes: [{ queryField: 'listAs', sortKey: 'x' }] }])).toThrow('generated twice');
  });
  it('refuses a natural key on unknown or server-set fields, and a later field that is required', () => {
    expect(() => resolveModel([{ ...minimal, naturalKey: ['ghost'] }])).toThrow('unknown field ghost');
    expect(() => resolveModel([{ ...minimal, naturalKey: ['createdAt'] }])).toThrow('set by the server');
    expect(() => resolveModel([{ ...minimal, fields: { x: { kind: 'String', required: true, addedIn: 103 } } }])).toThrow('cannot be required');
    expect(resolveModel([{ ...minimal, naturalKey: ['x'] }]).entity('A').naturalKey).toEqual(['x']);
  });
});
