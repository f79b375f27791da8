import { describe, expect, it } from 'vitest';
import { IMPORT_ENTITIES, IMPORT_TARGETS, fieldOf, isImportEntity } from './import-targets';

describe('IMPORT_TARGETS', () => {
  it('makes every natural-key field a required field of its entity', () => {
    for (const entity of IMPORT_ENTITIES) {
      const spec = IMPORT_TARGETS[entity];
      for (const name of spec.naturalKey) expect(fieldOf(spec, name)?.required, `${entity}.${name}`).toBe(true);
    }
  });

  it('reads money fields as money and dates as dates', () => {
    expect(fieldOf(IMPORT_TARGETS.AccountMdl, 'currentUpb')?.kind).toBe('money');
    expect(fieldOf(IMPORT_TARGETS.TransactionMdl, 'paymentDate')?.kind).toBe('date');
    expect(fieldOf(IMPORT_TARGETS.DebtorMdl, 'debtorSeq')?.kind).toBe('int');
  });

  it('names no field twice within an entity', () => {
    for (const entity of IMPORT_ENTITIES) {
      const names = IMPORT_TARGETS[entity].fields.map((target) => target.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('recognises only the importable entity names', () => {
    expect(isImportEntity('DebtorMdl')).toBe(true);
    expect(isImportEntity('UserMdl')).toBe(false);
    expect(isImportEntity(3)).toBe(false);
  });
});
