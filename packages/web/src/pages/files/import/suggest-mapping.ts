// Column mappings: which field each column of a client file goes to, suggested from the header
// names, and their stored form in MappingMdl.mapData.
import { fieldOf, isImportEntity } from './import-targets';
import type { EntitySpec, ImportEntity } from './import-targets';

/** Header of a file column → field name of the entity ('' or absent: the column is not imported). */
export type ColumnMapping = Readonly<Record<string, string>>;

// Abbreviations clients write in headers, spelled out so "Acct #" and "Account Number" meet.
const TOKEN_SYNONYMS: Readonly<Record<string, string>> = {
  no: 'number',
  num: 'number',
  nbr: 'number',
  nr: 'number',
  acct: 'account',
  acc: 'account',
  amt: 'amount',
  bal: 'balance',
  dt: 'date',
  orig: 'original',
  cur: 'current',
  curr: 'current',
  txn: 'transaction',
  trans: 'transaction',
  tran: 'transaction',
  zipcode: 'zip',
  postal: 'zip',
  addr: 'address',
};

/** A header or field name reduced to lower-case words with abbreviations spelled out ("Acct #" → "account number"). */
export function normalizeHeader(header: string): string {
  const words = header
    .replace(/#/g, ' number ')
    // camelCase field names split into words, so "fileNumber" meets "File Number".
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => TOKEN_SYNONYMS[word] ?? word);
  return words.join(' ');
}

/** Suggests a field for each header by name, label or synonym; a field goes to the first header that names it. */
export function suggestMapping(headers: readonly string[], spec: EntitySpec): Record<string, string> {
  const byName = new Map<string, string>();
  // Names and labels win over synonyms: "Client Name" must not fall to clientNumber's "client".
  for (const target of spec.fields) {
    for (const name of [target.name, target.label]) if (!byName.has(normalizeHeader(name))) byName.set(normalizeHeader(name), target.name);
  }
  for (const target of spec.fields) {
    for (const synonym of target.synonyms) if (!byName.has(normalizeHeader(synonym))) byName.set(normalizeHeader(synonym), target.name);
  }
  const used = new Set<string>();
  const mapping: Record<string, string> = {};
  for (const header of headers) {
    const target = byName.get(normalizeHeader(header));
    if (target !== undefined && !used.has(target)) {
      used.add(target);
      mapping[header] = target;
    } else {
      mapping[header] = '';
    }
  }
  return mapping;
}

/** The required fields of `spec` that no column is mapped to. */
export function missingRequiredFields(spec: EntitySpec, mapping: ColumnMapping): string[] {
  const mapped = new Set(Object.values(mapping));
  return spec.fields.filter((target) => target.required && !mapped.has(target.name)).map((target) => target.name);
}

/** Fields that more than one column is mapped to. */
export function fieldsMappedTwice(mapping: ColumnMapping): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const target of Object.values(mapping)) {
    if (target === '') continue;
    if (seen.has(target)) twice.add(target);
    seen.add(target);
  }
  return [...twice];
}

/** A mapping as stored in MappingMdl.mapData. */
export interface StoredMapping {
  entity: ImportEntity | null;
  columns: Record<string, string>;
}

/** The JSON text of MappingMdl.mapData for a mapping (unmapped columns left out). */
export function mappingToMapData(entity: ImportEntity, mapping: ColumnMapping): string {
  const columns = Object.fromEntries(Object.entries(mapping).filter(([, target]) => target !== ''));
  return JSON.stringify({ entity, columns });
}

/**
 * Reads MappingMdl.mapData: `{ entity, columns }` as saved here, or the older flat
 * `{ "File Number": "fileNumber" }` (entity unknown); null when it is neither.
 */
export function mappingFromMapData(mapData: unknown): StoredMapping | null {
  let value: unknown = mapData;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const stringsOnly = (candidate: unknown): Record<string, string> | null => {
    if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) return null;
    const entries = Object.entries(candidate as Record<string, unknown>);
    if (!entries.every(([, target]) => typeof target === 'string')) return null;
    return Object.fromEntries(entries) as Record<string, string>;
  };
  if ('columns' in record) {
    const columns = stringsOnly(record.columns);
    if (columns === null) return null;
    return { entity: isImportEntity(record.entity) ? record.entity : null, columns };
  }
  const flat = stringsOnly(record);
  return flat === null ? null : { entity: null, columns: flat };
}

/** Applies a saved mapping to a file's headers: its columns where the file has them, nothing for the others; fields the entity lacks are dropped. */
export function applyStoredMapping(headers: readonly string[], stored: StoredMapping, spec: EntitySpec): Record<string, string> {
  const byHeader = new Map(Object.entries(stored.columns).map(([header, target]) => [normalizeHeader(header), target]));
  const mapping: Record<string, string> = {};
  for (const header of headers) {
    const target = byHeader.get(normalizeHeader(header)) ?? '';
    mapping[header] = fieldOf(spec, target) === undefined ? '' : target;
  }
  return mapping;
}
