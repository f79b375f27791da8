import { describe, expect, it } from 'vitest';
import { IMPORT_TARGETS } from './import-targets';
import { applyStoredMapping, fieldsMappedTwice, mappingFromMapData, mappingToMapData, missingRequiredFields, normalizeHeader, suggestMapping } from './suggest-mapping';

describe('normalizeHeader', () => {
  it('spells out abbreviations and splits camelCase', () => {
    expect(normalizeHeader('Acct #')).toBe('account number');
    expect(normalizeHeader('File No.')).toBe('file number');
    expect(normalizeHeader('fileNumber')).toBe('file number');
    expect(normalizeHeader('  CURRENT_BAL ')).toBe('current balance');
  });
});

describe('suggestMapping', () => {
  it('maps common client headers to account fields', () => {
    const mapping = suggestMapping(['Client No', 'File No', 'Balance', 'Listed', 'Client Name', 'Zip', 'Notes'], IMPORT_TARGETS.AccountMdl);
    expect(mapping).toEqual({
      'Client No': 'clientNumber',
      'File No': 'fileNumber',
      Balance: 'currentUpb',
      Listed: 'listedDate',
      'Client Name': 'clientName',
      Zip: 'zipCode',
      Notes: '',
    });
  });

  it('maps postal address headers to the debtor street address and city, leaving a second address line unmapped', () => {
    const mapping = suggestMapping(['File No', 'Address 1', 'Address 2', 'City', 'St', 'Zip'], IMPORT_TARGETS.DebtorMdl);
    expect(mapping).toEqual({ 'File No': 'fileNumber', 'Address 1': 'streetAddress', 'Address 2': '', City: 'city', St: 'state', Zip: 'zipCode' });
    expect(suggestMapping(['Address'], IMPORT_TARGETS.DebtorMdl).Address).toBe('streetAddress');
    expect(suggestMapping(['Street'], IMPORT_TARGETS.DebtorMdl).Street).toBe('streetAddress');
    expect(suggestMapping(['Mailing Addr'], IMPORT_TARGETS.DebtorMdl)['Mailing Addr']).toBe('streetAddress');
  });

  it('maps "Acct #" to the file number', () => {
    expect(suggestMapping(['Acct #'], IMPORT_TARGETS.AccountMdl)['Acct #']).toBe('fileNumber');
  });

  it('gives a field to the first header only', () => {
    expect(suggestMapping(['Balance', 'Current Balance'], IMPORT_TARGETS.AccountMdl)).toEqual({ Balance: 'currentUpb', 'Current Balance': '' });
  });

  it('leaves the error columns of a downloaded error file unmapped, so a fixed file imports as the original', () => {
    const mapping = suggestMapping(['Client No', 'File No', 'Import row', 'Import errors'], IMPORT_TARGETS.AccountMdl);
    expect(mapping).toEqual({ 'Client No': 'clientNumber', 'File No': 'fileNumber', 'Import row': '', 'Import errors': '' });
  });

  it('maps the field names themselves (a file exported from Steward)', () => {
    const headers = IMPORT_TARGETS.TransactionMdl.fields.map((target) => target.name);
    const mapping = suggestMapping(headers, IMPORT_TARGETS.TransactionMdl);
    for (const header of headers) expect(mapping[header]).toBe(header);
  });
});

describe('mapping checks', () => {
  it('lists required fields no column goes to', () => {
    expect(missingRequiredFields(IMPORT_TARGETS.DebtorMdl, { A: 'clientNumber', B: 'fileNumber' })).toEqual(['debtorSeq']);
  });

  it('finds a field mapped from two columns', () => {
    expect(fieldsMappedTwice({ A: 'fileNumber', B: 'fileNumber', C: '' })).toEqual(['fileNumber']);
  });
});

describe('stored mappings', () => {
  it('round-trips through MappingMdl.mapData, leaving unmapped columns out', () => {
    const mapData = mappingToMapData('AccountMdl', { 'File No': 'fileNumber', Notes: '' });
    expect(JSON.parse(mapData)).toEqual({ entity: 'AccountMdl', columns: { 'File No': 'fileNumber' } });
    expect(mappingFromMapData(mapData)).toEqual({ entity: 'AccountMdl', columns: { 'File No': 'fileNumber' } });
  });

  it('reads the older flat mapping with no entity', () => {
    expect(mappingFromMapData('{"File Number": "fileNumber"}')).toEqual({ entity: null, columns: { 'File Number': 'fileNumber' } });
  });

  it('refuses mapData that is not a mapping', () => {
    expect(mappingFromMapData('not json')).toBeNull();
    expect(mappingFromMapData('[1]')).toBeNull();
    expect(mappingFromMapData({ columns: { a: 1 } })).toBeNull();
  });

  it('applies a saved mapping to a file whose headers differ in case and spacing, dropping unknown fields', () => {
    const mapping = applyStoredMapping(['file no', 'Other'], { entity: 'AccountMdl', columns: { 'File No': 'fileNumber', Other: 'nope' } }, IMPORT_TARGETS.AccountMdl);
    expect(mapping).toEqual({ 'file no': 'fileNumber', Other: '' });
  });
});
