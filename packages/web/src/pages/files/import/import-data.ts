// The importer's ports bound to the data API: the batch upsert of an entity, the ImportMdl history,
// saved mappings and the client numbers the user may import for.
import type { DataPort } from '../../../app/ports';
import { entityAccess } from '../../entities/entity-access';
import type { EntityRow } from '../../entities/entity-access';
import { versionOf } from '../../entities/record-conflict';
import type { ImportEntity } from './import-targets';
import { BatchItemsRefusedError } from './import-runner';
import type { BatchItemError, BatchResult, ImportHistoryPort, ImportRecord, ImportRecordFields, ImportTarget } from './import-runner';

function itemList(value: unknown): BatchItemError[] | null {
  if (!Array.isArray(value)) return null;
  const items = value.flatMap((item): BatchItemError[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { index, field, message } = item as Record<string, unknown>;
    if (typeof index !== 'number') return [];
    return [{ index, field: typeof field === 'string' ? field : '', message: typeof message === 'string' ? message : 'Refused by the server.' }];
  });
  return items.length > 0 ? items : null;
}

/**
 * The item errors a refused batch carries: data-client's typed error has them as `items`; the raw
 * GraphQL error has them in `errorInfo.items` (BatchItemsInvalid). Null for any other failure.
 */
export function batchItemErrorsOf(failure: unknown): BatchItemError[] | null {
  if (typeof failure !== 'object' || failure === null) return null;
  const direct = itemList((failure as { items?: unknown }).items);
  if (direct !== null) return direct;
  const errors = (failure as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return null;
  for (const entry of errors) {
    const info: unknown = typeof entry === 'object' && entry !== null ? (entry as { errorInfo?: unknown }).errorInfo : undefined;
    const items = typeof info === 'object' && info !== null ? itemList((info as { items?: unknown }).items) : null;
    if (items !== null) return items;
  }
  return null;
}

type BatchUpsert = (items: readonly Record<string, unknown>[]) => Promise<BatchResult>;

/** The batch upsert of `entity` through data-client (one transaction per call on the server). */
export function dataImportTarget(data: DataPort, entity: ImportEntity): ImportTarget {
  return {
    async upsert(items) {
      // Each entity's batchUpsert is typed by its own fields; the importer builds items from field names.
      const ops = (await data.models())[entity] as unknown as { batchUpsert?: BatchUpsert };
      if (typeof ops.batchUpsert !== 'function') throw new Error(`This data client cannot batch-upsert ${entity}.`);
      try {
        return await ops.batchUpsert(items);
      } catch (failure) {
        const refused = batchItemErrorsOf(failure);
        if (refused !== null) throw new BatchItemsRefusedError(refused);
        throw failure;
      }
    },
  };
}

/** ImportMdl records as the runner's history. */
export function dataImportHistory(data: DataPort): ImportHistoryPort {
  const imports = entityAccess(data, 'ImportMdl');
  return {
    async create(fields: ImportRecordFields) {
      return (await imports.create({ ...fields })).id;
    },
    async update(id: string, fields: ImportRecordFields) {
      await imports.update({ id, ...fields });
    },
  };
}

/** The newest import records first (one page of `limit`). */
export async function loadImportHistory(data: DataPort, limit = 50): Promise<(ImportRecord & EntityRow)[]> {
  const page = await entityAccess(data, 'ImportMdl').listByIndex('importMdlsByCreatedAt', { sortDirection: 'DESC', limit });
  return page.items;
}

/** Import records of one file (by its SHA-256), newest first: where a resume can start. */
export async function loadImportsOfFile(data: DataPort, fileHash: string): Promise<ImportRecord[]> {
  const records: ImportRecord[] = [];
  let nextToken: string | null = null;
  do {
    const page = await entityAccess(data, 'ImportMdl').list({ filter: { fileHash: { eq: fileHash } }, limit: 100, nextToken });
    records.push(...(page.items as ImportRecord[]));
    nextToken = page.nextToken;
  } while (nextToken !== null);
  return records;
}

/** Every client number the user may read, hence import for (staff read every client), with the client's name. */
export async function loadAllowedClients(data: DataPort): Promise<Map<string, string>> {
  const clients = new Map<string, string>();
  let nextToken: string | null = null;
  do {
    const page = await entityAccess(data, 'ClientMdl').list({ limit: 500, nextToken });
    for (const client of page.items) if (typeof client.clientNumber === 'string' && client.clientNumber !== '') clients.set(client.clientNumber, typeof client.clientName === 'string' ? client.clientName : '');
    nextToken = page.nextToken;
  } while (nextToken !== null);
  return clients;
}

/** A saved mapping as the picker lists it. */
export interface SavedMappingRow {
  id: string;
  mapName: string;
  mapData: unknown;
  /** The version the mapping was read at: saving over it sends it, so a newer save by someone else is a conflict. */
  _version?: number | undefined;
}

/** Every saved mapping, by name. */
export async function loadSavedMappings(data: DataPort): Promise<SavedMappingRow[]> {
  const rows: SavedMappingRow[] = [];
  let nextToken: string | null = null;
  do {
    const page = await entityAccess(data, 'MappingMdl').list({ limit: 200, nextToken });
    for (const row of page.items) rows.push(savedMappingRow(row));
    nextToken = page.nextToken;
  } while (nextToken !== null);
  return rows.sort((a, b) => a.mapName.localeCompare(b.mapName));
}

/** A MappingMdl record as the picker lists it. */
export function savedMappingRow(row: EntityRow): SavedMappingRow {
  return { id: row.id, mapName: typeof row.mapName === 'string' ? row.mapName : row.id, mapData: row.mapData, _version: versionOf(row) };
}

/**
 * Saves a mapping under `name`: updates the mapping of that name expecting `version` (the one the
 * picker read; ConflictError when someone saved it since), or creates one.
 */
export async function saveMapping(data: DataPort, name: string, mapData: string, existing: readonly SavedMappingRow[], version?: number): Promise<SavedMappingRow> {
  const mappings = entityAccess(data, 'MappingMdl');
  const same = existing.find((row) => row.mapName === name);
  const saved = same === undefined ? await mappings.create({ mapName: name, mapData }) : await mappings.update({ id: same.id, mapData, _version: version ?? same._version });
  return { id: saved.id, mapName: name, mapData, _version: versionOf(saved) };
}
