// The batch upsert of the entities with a natural key (batchUpsertAccountMdls, …): the write path of
// the /files importer. The whole batch is one transaction; each shape of item (the set of fields it
// carries) is one set-based INSERT … SELECT FROM jsonb_to_recordset … ON CONFLICT (natural key), so a
// thousand rows cost one round trip, not a thousand. Item checks that need the database (the client
// exists, the account a debtor names) are set-based lookups in the same transaction.
import type { AuditRecorder, AuditTrail } from '../../audit/audit-trail.js';
import type { AuditEvent } from '../../audit/audit-event.js';
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { batchItemsInvalid, type BatchItemError } from '../errors/data-api-errors.js';
import { VERSION_FIELD, type DataModel, type ModelEntity, type ModelField } from '../model/resolved-model.js';
import { columnType } from '../sql/ddl.js';
import { ident, selectList } from '../sql/sql-text.js';

/** What a batch upsert did: items that made a record, changed one, or matched one exactly. */
export interface BatchUpsertResult {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
}

/** One item of a batch: the fields it sets (null clears a field; a field left out keeps its value on update). */
export type BatchItem = Record<string, unknown>;

/** How a batch is recorded in the audit trail: one event per record created or changed, in the batch's transaction. */
export interface BatchAudit {
  readonly trail: AuditTrail;
  /** The event of record `id`: `before` null for a record created; values as the API returns them. */
  readonly event: (id: string, before: Record<string, unknown> | null, after: Record<string, unknown>) => AuditEvent;
}

const unset = (value: unknown): boolean => value === undefined || value === null;

/**
 * Adds the item errors that need no database: a natural key part unset, or a natural key already
 * used by an earlier item of the batch (one statement cannot write a record twice).
 */
export function checkNaturalKeys(entity: ModelEntity, items: readonly BatchItem[], errors: BatchItemError[]): void {
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const missing = entity.naturalKey.filter((f) => unset(item[f]));
    for (const field of missing) errors.push({ index, field, message: `${entity.name}.${field} is part of the natural key (${entity.naturalKey.join(', ')}) and must be set.` });
    if (missing.length > 0) return;
    const key = JSON.stringify(entity.naturalKey.map((f) => item[f]));
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else errors.push({ index, field: entity.naturalKey.join(','), message: `the natural key (${entity.naturalKey.join(', ')}) is the same as item ${first}'s.` });
  });
}

/**
 * Checks the client each item names exists and fills the references an import gives by natural key:
 * clientmdlID from the client number, accountmdlID from client and file number (when left unset).
 * Items already refused are skipped; the lookups are one query each.
 */
async function fillReferences(tx: Queryable, model: DataModel, entity: ModelEntity, items: BatchItem[], errors: BatchItemError[]): Promise<void> {
  const refused = new Set(errors.map((e) => e.index));
  const has = (name: string): boolean => entity.fieldByName.has(name);
  const known = (name: string): boolean => model.entities.some((e) => e.name === name);
  const candidates = items.map((item, index) => ({ item, index })).filter(({ index }) => !refused.has(index));
  if (entity.name !== 'ClientMdl' && has('clientNumber') && known('ClientMdl')) {
    const named = candidates.filter(({ item }) => typeof item.clientNumber === 'string');
    const numbers = [...new Set(named.map(({ item }) => String(item.clientNumber)))];
    const rows =
      numbers.length === 0
        ? []
        : await tx.query<{ clientNumber: string; id: string }>('SELECT "clientNumber", min("id") AS "id" FROM "ClientMdl" WHERE "clientNumber" = ANY($1::text[]) GROUP BY "clientNumber"', [numbers]);
    const clients = new Map(rows.map((r) => [r.clientNumber, r.id]));
    for (const { item, index } of named) {
      const id = clients.get(String(item.clientNumber));
      if (id === undefined) errors.push({ index, field: 'clientNumber', message: `no client has clientNumber ${JSON.stringify(item.clientNumber)}.` });
      else if (has('clientmdlID') && unset(item.clientmdlID)) item.clientmdlID = id;
    }
  }
  if (entity.name !== 'AccountMdl' && has('accountmdlID') && has('clientNumber') && has('fileNumber') && known('AccountMdl')) {
    const refusedNow = new Set(errors.map((e) => e.index));
    const named = candidates.filter(({ item, index }) => !refusedNow.has(index) && unset(item.accountmdlID) && typeof item.clientNumber === 'string' && typeof item.fileNumber === 'string');
    if (named.length === 0) return;
    const rows = await tx.query<{ clientNumber: string; fileNumber: string; id: string }>(
      'SELECT "clientNumber", "fileNumber", min("id") AS "id" FROM "AccountMdl" ' +
        'WHERE ("clientNumber", "fileNumber") IN (SELECT * FROM unnest($1::text[], $2::text[])) GROUP BY "clientNumber", "fileNumber"',
      [named.map(({ item }) => item.clientNumber), named.map(({ item }) => item.fileNumber)],
    );
    const accounts = new Map(rows.map((r) => [JSON.stringify([r.clientNumber, r.fileNumber]), r.id]));
    for (const { item, index } of named) {
      const id = accounts.get(JSON.stringify([item.clientNumber, item.fileNumber]));
      if (id === undefined) {
        errors.push({ index, field: 'fileNumber', message: `no account has clientNumber ${JSON.stringify(item.clientNumber)} and fileNumber ${JSON.stringify(item.fileNumber)}.` });
      } else {
        item.accountmdlID = id;
      }
    }
  }
}

/**
 * Upserts items that all carry the same fields in one statement. Rows are inserted in natural key
 * order, so two overlapping batches lock their keys in the same order and cannot deadlock; an
 * existing record is only rewritten (its updatedAt set, its _version bumped) when a value differs.
 */
async function upsertShape(
  tx: Queryable,
  entity: ModelEntity,
  fields: readonly ModelField[],
  rows: readonly BatchItem[],
  now: string,
  recorder?: { readonly audit: BatchAudit; readonly record: AuditRecorder },
): Promise<{ created: number; updated: number }> {
  const key = entity.naturalKey;
  const table = ident(entity.name);
  const changing = fields.filter((f) => !key.includes(f.name));
  const onConflict =
    changing.length === 0
      ? 'DO NOTHING'
      : `DO UPDATE SET ${changing.map((f) => `${ident(f.name)} = EXCLUDED.${ident(f.name)}`).join(', ')}, "updatedAt" = EXCLUDED."updatedAt", ` +
        `${ident(VERSION_FIELD)} = ${table}.${ident(VERSION_FIELD)} + 1 ` +
        `WHERE (${changing.map((f) => `${table}.${ident(f.name)}`).join(', ')}) IS DISTINCT FROM (${changing.map((f) => `EXCLUDED.${ident(f.name)}`).join(', ')})`;
  const columns = ['id', ...fields.map((f) => f.name)];
  const recordset = `jsonb_to_recordset($1::jsonb) AS r(${['"id" text', ...fields.map((f) => `${ident(f.name)} ${columnType(f)}`)].join(', ')})`;
  const keyOf = (row: Record<string, unknown>): string => JSON.stringify(key.map((k) => row[k] ?? null));
  const before = new Map<string, Record<string, unknown>>();
  if (recorder !== undefined) {
    // The values before, read and locked in natural key order (the order the upsert takes its locks in).
    const existing = await tx.query<Record<string, unknown>>(
      `SELECT ${selectList(fields, '"__t"')} FROM ${table} AS "__t" WHERE (${key.map((k) => `"__t".${ident(k)}`).join(', ')}) IN (SELECT ${key.map((k) => `r.${ident(k)}`).join(', ')} FROM ${recordset}) ` +
        `ORDER BY ${key.map((k) => `"__t".${ident(k)}`).join(', ')} FOR UPDATE OF "__t"`,
      [JSON.stringify(rows)],
    );
    for (const row of existing) before.set(keyOf(row), row);
  }
  const sql =
    `INSERT INTO ${table} (${[...columns, 'createdAt', 'updatedAt'].map(ident).join(', ')}) ` +
    `SELECT ${columns.map((c) => `r.${ident(c)}`).join(', ')}, $2::timestamptz, $2::timestamptz ` +
    `FROM ${recordset} ` +
    `ORDER BY ${key.map((k) => `r.${ident(k)}`).join(', ')} ` +
    `ON CONFLICT (${key.map(ident).join(', ')}) ${onConflict} RETURNING (xmax = 0) AS "inserted"${recorder !== undefined ? `, "id" AS "__id", ${selectList(fields)}` : ''}`;
  const result = await tx.query<{ inserted: boolean; __id?: string } & Record<string, unknown>>(sql, [JSON.stringify(rows), now]);
  if (recorder !== undefined) {
    for (const { inserted, __id: id, ...after } of result) recorder.record.record(recorder.audit.event(String(id), inserted ? null : (before.get(keyOf(after)) ?? null), after));
  }
  const created = result.filter((r) => r.inserted).length;
  return { created, updated: result.length - created };
}

/** SQLSTATEs of a transaction that lost a race and may simply run again: deadlock, serialization failure. */
function retryable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '40001';
}

/**
 * Writes checked items of `entity` in one transaction: refuses the whole batch (BatchItemsInvalid)
 * when `errors` has any or a lookup adds one, else upserts on the natural key. New records get a
 * random id (or the item's id); an update never changes id or createdAt.
 */
export async function batchUpsert(
  db: Database,
  model: DataModel,
  entity: ModelEntity,
  input: readonly BatchItem[],
  errors: readonly BatchItemError[],
  now: string,
  audit?: BatchAudit,
): Promise<BatchUpsertResult> {
  const inTransaction = <T>(work: (tx: Queryable, record?: AuditRecorder) => Promise<T>): Promise<T> =>
    audit === undefined ? db.transaction((tx) => work(tx)) : audit.trail.transaction(work, db);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(async (tx, record) => {
        const found = [...errors];
        const items = input.map((item) => {
          const copy: BatchItem = {};
          for (const [k, v] of Object.entries(item)) if (v !== undefined) copy[k] = v;
          if (typeof copy.id !== 'string' || copy.id === '') copy.id = randomUUID();
          return copy;
        });
        await fillReferences(tx, model, entity, items, found);
        if (found.length > 0) throw batchItemsInvalid(items.length, found);
        const shapes = new Map<string, BatchItem[]>();
        for (const item of items) {
          const shape = Object.keys(item).filter((k) => k !== 'id').sort().join(',');
          const group = shapes.get(shape);
          if (group === undefined) shapes.set(shape, [item]);
          else group.push(item);
        }
        let created = 0;
        let updated = 0;
        for (const [shape, rows] of shapes) {
          const fields = entity.writableFields.filter((f) => shape.split(',').includes(f.name));
          const done = await upsertShape(tx, entity, fields, rows, now, audit !== undefined && record !== undefined ? { audit, record } : undefined);
          created += done.created;
          updated += done.updated;
        }
        return { created, updated, unchanged: items.length - created - updated };
      });
    } catch (error) {
      if (attempt < 3 && retryable(error)) continue;
      throw error;
    }
  }
}
