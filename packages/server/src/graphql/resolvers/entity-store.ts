import { fieldChanges, type AuditEvent, type FieldChange } from '../../audit/audit-event.js';
import type { AuditTrail, AuditRecorder } from '../../audit/audit-trail.js';
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../time/clock.js';
import { VERSION_FIELD, type DataModel, type ModelEntity, type ModelField } from '../model/resolved-model.js';
import type { SortedIndex } from '../model/model-types.js';
import { columnType } from '../sql/ddl.js';
import { accessSql, decideAccess, recordAllowed, type AccessDecision, type Operation } from '../authorization/access-policy.js';
import type { Caller, CallerProfiles } from '../authorization/caller.js';
import { DataApiError, badRequest, notAuthorized, versionConflict, type BatchItemError } from '../errors/data-api-errors.js';
import { filterDigest, type NextTokenCodec } from '../pagination/next-token.js';
import { checkFieldValue, checkId, checkText } from '../limits/input-values.js';
import { compileFilter, type FilterInput, type FilterLimits } from '../sql/filter-sql.js';
import { policyBounds, SettingsPolicy } from '../policy/policy-settings.js';
import { ident, selectList, SqlParams } from '../sql/sql-text.js';
import { batchUpsert, checkNaturalKeys, type BatchUpsertResult } from './batch-upsert.js';

/** A record as read from a table: wire values keyed by field name. */
export type Row = Record<string, unknown>;

/** The members `names` of a row. */
function pick(row: Row, names: readonly string[]): Row {
  const out: Row = {};
  for (const name of names) if (name in row) out[name] = row[name];
  return out;
}

/** Arguments of a list operation or connection field. */
export interface ListArgs {
  readonly filter?: FilterInput | null;
  readonly limit?: number | null;
  readonly nextToken?: string | null;
}

/** Arguments of an index query: a list's, plus the partition value, the sort key condition and the order. */
export interface IndexQueryArgs extends ListArgs {
  /** The partition key's value (index queries with a partition key only). */
  readonly partition?: unknown;
  /** AppSync's key condition on the sort key (eq, le, lt, ge, gt, between, beginsWith). */
  readonly keyCondition?: FilterInput | null;
  readonly sortDirection: 'ASC' | 'DESC';
}

/** Where an index query resumes: after this sort value and id. */
interface SortCursor {
  readonly value: string | number;
  readonly id: string;
}

function openSortCursor(text: string): SortCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DataApiError('InvalidNextTokenException');
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw new DataApiError('InvalidNextTokenException');
  const [value, id] = parsed as unknown[];
  if ((typeof value !== 'string' && typeof value !== 'number') || typeof id !== 'string') throw new DataApiError('InvalidNextTokenException');
  return { value, id };
}

/** One page of a list: Amplify's `{ items, nextToken }`. */
export interface Page {
  readonly items: Row[];
  readonly nextToken: string | null;
}

/** A connection of every returned record to read in the same SQL statement as the records. */
export interface ConnectionPrefetch {
  /** The hasMany relation of the records' entity. */
  readonly relation: string;
  readonly args: ListArgs;
  readonly fields: readonly ModelField[];
  /** The connection resolver's batch key: the page is primed under it. */
  readonly key: string;
}

/** Receives each page read together with its parent record. */
export type PrimeConnection = (parent: Row, key: string, page: Page) => void;

interface PlannedConnection {
  readonly spec: ConnectionPrefetch;
  readonly column: string;
  readonly limit: number;
  readonly scope: string;
}

/** appendToX's input: which list of which record gets the item, and optionally the version the caller read. */
export interface AppendInput {
  readonly id: unknown;
  readonly field: unknown;
  readonly item: unknown;
  readonly _version?: unknown;
}

/** Keys of an appended item the server sets: who added it and when (a client's values are replaced). */
export const APPEND_STAMP_KEYS = ['at', 'by', 'byUserId'] as const;

/** The stored list of an appendable field as jsonb: null, empty or JSON null count as an empty list. */
function listSql(column: string): string {
  return `(CASE WHEN ${column} IS NULL OR btrim(${column}) IN ('', 'null') THEN '[]'::jsonb ELSE ${column}::jsonb END)`;
}

/** Page-size, filter and input-size limits of the store's operations. */
export interface ListLimits extends FilterLimits {
  readonly defaultPageSize: number;
  readonly maxPageSize: number;
  readonly maxBatchItems: number;
}

/** Where an unauthorized operation is reported: the GraphQL field and its parent type. */
export interface FieldRef {
  readonly field: string;
  readonly type: string;
}

/**
 * The data service behind every resolver: reads and writes records of any entity with the access
 * rules applied in SQL, keyset pages with signed tokens, batched relation loads, and the
 * one-active-record rule. Resolvers stay thin: they pick the entity and the fields, then call this.
 */
export class EntityStore {
  constructor(
    private readonly model: DataModel,
    private readonly db: Database,
    private readonly tokens: NextTokenCodec,
    private readonly clock: Clock,
    private readonly profiles: CallerProfiles,
    private readonly limits: ListLimits,
    private readonly policy: SettingsPolicy = new SettingsPolicy(async () => policyBounds(undefined), () => Math.floor(clock.now().getTime() / 1000)),
    /** Where writes are recorded, in their transaction; none when undefined or off. */
    private readonly audit?: AuditTrail,
  ) {}

  /** The audit trail when writes are recorded. */
  private auditing(): AuditTrail | undefined {
    return this.audit?.enabled === true ? this.audit : undefined;
  }

  /** A data change of `entity`'s record `id` by `caller`. */
  private dataEvent(action: 'data.create' | 'data.update' | 'data.delete' | 'data.append', entity: ModelEntity, id: string, caller: Caller, changes: Record<string, FieldChange>, details?: Record<string, unknown>): AuditEvent {
    return {
      action,
      actor: { kind: 'user', sub: caller.sub, name: caller.username },
      record: { type: entity.name, id },
      changes,
      ...(caller.source !== undefined ? { source: caller.source } : {}),
      ...(details !== undefined ? { details } : {}),
    };
  }

  /** The events of the single-active rule's deactivations (`ids`), caused by `cause`'s write. */
  private deactivationEvents(entity: ModelEntity, ids: readonly string[], caller: Caller, cause: string): AuditEvent[] {
    const rule = entity.singleActive;
    if (rule === undefined) return [];
    return ids.map((other) => this.dataEvent('data.update', entity, other, caller, { [rule.flag]: { before: true, after: false } }, { deactivatedBy: cause }));
  }

  /** The entity named `name` of the model. */
  entity(name: string): ModelEntity {
    return this.model.entity(name);
  }

  /** The fields to select for the requested names (id always, plus what relations need). */
  columnsFor(entity: ModelEntity, requested: ReadonlySet<string> | null): ModelField[] {
    if (requested === null) return [...entity.fields];
    const names = new Set(['id']);
    for (const name of requested) {
      if (entity.fieldByName.has(name)) names.add(name);
      const relation = entity.relations.get(name);
      if (relation?.kind === 'belongsTo') names.add(relation.foreignKey);
    }
    return entity.fields.filter((f) => names.has(f.name));
  }

  private pageSize(limit: number | null | undefined): number {
    if (limit === null || limit === undefined) return this.limits.defaultPageSize;
    if (!Number.isInteger(limit) || limit < 1 || limit > this.limits.maxPageSize) {
      throw badRequest(`limit must be an integer from 1 to ${this.limits.maxPageSize}; got ${limit}.`);
    }
    return limit;
  }

  private decide(entity: ModelEntity, operation: Operation, caller: Caller, at: FieldRef): AccessDecision {
    const decision = decideAccess(entity, operation, caller);
    if (decision.kind === 'none') throw notAuthorized(at.field, at.type);
    return decision;
  }

  /**
   * Plans the prefetched connections as correlated subqueries (one JSON array each, every one an
   * index range scan with its limit). A connection that would fail (no read access, a bad limit or
   * filter) or that resumes from a nextToken is left to its resolver, which reports it in place.
   */
  private planConnections(parent: ModelEntity, prefetch: readonly ConnectionPrefetch[], caller: Caller, params: SqlParams): { columns: string[]; planned: PlannedConnection[] } {
    const columns: string[] = [];
    const planned: PlannedConnection[] = [];
    for (const spec of prefetch) {
      const relation = parent.relations.get(spec.relation);
      if (relation?.kind !== 'hasMany' || (spec.args.nextToken !== null && spec.args.nextToken !== undefined)) continue;
      const target = this.model.entity(relation.target);
      const decision = decideAccess(target, 'read', caller);
      if (decision.kind === 'none') continue;
      let limit: number;
      try {
        limit = this.pageSize(spec.args.limit);
        // A dry run, so a filter that fails leaves no parameters behind.
        compileFilter(target, spec.args.filter, new SqlParams(), this.limits);
      } catch {
        continue;
      }
      const where = [
        `${ident(relation.foreignKey)} = "__parent"."id"`,
        compileFilter(target, spec.args.filter, params, this.limits),
        accessSql(decision, params),
      ];
      const column = `__connection${planned.length}`;
      columns.push(
        `(SELECT coalesce(json_agg("__page" ORDER BY "__page"."id"), '[]'::json) FROM (SELECT ${selectList(spec.fields)} FROM ${ident(target.name)} ` +
          `WHERE ${where.join(' AND ')} ORDER BY "id" LIMIT ${limit + 1}) AS "__page") AS ${ident(column)}`,
      );
      planned.push({ spec, column, limit, scope: `${parent.name}.${spec.relation}` });
    }
    return { columns, planned };
  }

  private primeConnections(rows: readonly Row[], planned: readonly PlannedConnection[], caller: Caller, prime: PrimeConnection): void {
    for (const p of planned) {
      const digest = filterDigest(p.spec.args.filter);
      for (const row of rows) {
        const items = row[p.column];
        delete row[p.column];
        if (!Array.isArray(items)) continue;
        const binding = { scope: `${p.scope}:${String(row.id)}`, filter: digest, caller: caller.sub };
        prime(row, p.spec.key, this.toPage(items as Row[], p.limit, (lastId) => this.tokens.issue(binding, lastId)));
      }
    }
  }

  /**
   * One record by id, or null; Unauthorized when it exists and the caller may not read it. The
   * `prefetch` connections are read in the same statement and handed to `prime`.
   */
  async get(
    entity: ModelEntity,
    id: string,
    caller: Caller,
    fields: readonly ModelField[],
    at: FieldRef,
    prefetch: readonly ConnectionPrefetch[] = [],
    prime?: PrimeConnection,
  ): Promise<Row | null> {
    const decision = this.decide(entity, 'read', caller, at);
    checkId(id, this.limits);
    const params = new SqlParams();
    const idParam = params.add(id);
    const allowed = accessSql(decision, params);
    const connections = prime === undefined ? { columns: [], planned: [] } : this.planConnections(entity, prefetch, caller, params);
    const rows = await this.db.query<Row & { __allowed: boolean }>(
      `SELECT ${[selectList(fields), `${allowed} AS "__allowed"`, ...connections.columns].join(', ')} FROM ${ident(entity.name)} AS "__parent" WHERE "id" = ${idParam}`,
      params.values,
    );
    const row = rows[0];
    if (row === undefined) return null;
    if (row.__allowed !== true) throw notAuthorized(at.field, at.type);
    if (prime !== undefined) this.primeConnections(rows, connections.planned, caller, prime);
    return row;
  }

  /**
   * One keyset page of records matching the filter that the caller may read. The `prefetch`
   * connections of the page's records are read in the same statement and handed to `prime`.
   */
  async list(
    entity: ModelEntity,
    args: ListArgs,
    caller: Caller,
    fields: readonly ModelField[],
    at: FieldRef,
    prefetch: readonly ConnectionPrefetch[] = [],
    prime?: PrimeConnection,
  ): Promise<Page> {
    const decision = this.decide(entity, 'read', caller, at);
    const limit = this.pageSize(args.limit);
    const binding = { scope: at.field, filter: filterDigest(args.filter), caller: caller.sub };
    const after = args.nextToken === null || args.nextToken === undefined ? null : this.tokens.open(args.nextToken, binding);
    const params = new SqlParams();
    const where = [compileFilter(entity, args.filter, params, this.limits), accessSql(decision, params)];
    if (after !== null) where.push(`"id" > ${params.add(after)}`);
    const connections = prime === undefined ? { columns: [], planned: [] } : this.planConnections(entity, prefetch, caller, params);
    const sql = `SELECT ${[selectList(fields), ...connections.columns].join(', ')} FROM ${ident(entity.name)} AS "__parent" WHERE ${where.join(' AND ')} ORDER BY "id" LIMIT ${limit + 1}`;
    const rows = await this.db.query<Row>(sql, params.values);
    const page = this.toPage(rows, limit, (lastId) => this.tokens.issue(binding, lastId));
    if (prime !== undefined) this.primeConnections(page.items, connections.planned, caller, prime);
    return page;
  }

  /**
   * One page of an index query: records with a sort key, in (sort key, id) order either way, so
   * equal sort values still page without gaps or repeats. The token carries the last sort value
   * and id, and is bound to the partition, key condition, direction and filter as well as the list
   * and caller: resuming with any of them changed would skip or repeat records.
   */
  async listByIndex(
    entity: ModelEntity,
    index: SortedIndex,
    args: IndexQueryArgs,
    caller: Caller,
    fields: readonly ModelField[],
    at: FieldRef,
    prefetch: readonly ConnectionPrefetch[] = [],
    prime?: PrimeConnection,
  ): Promise<Page> {
    const decision = this.decide(entity, 'read', caller, at);
    const sortField = entity.fieldByName.get(index.sortKey);
    if (sortField === undefined) throw new Error(`${entity.name} has no field ${index.sortKey}`);
    const limit = this.pageSize(args.limit);
    const shape = { filter: args.filter ?? null, partition: args.partition ?? null, key: args.keyCondition ?? null, order: args.sortDirection };
    const binding = { scope: at.field, filter: filterDigest(shape), caller: caller.sub };
    const after = args.nextToken === null || args.nextToken === undefined ? null : openSortCursor(this.tokens.open(args.nextToken, binding));
    const params = new SqlParams();
    const sortColumn = ident(index.sortKey);
    // As in a DynamoDB index, a record without a sort key value is not in it.
    const where = [`${sortColumn} IS NOT NULL`];
    if (index.partitionKey !== undefined) where.push(compileFilter(entity, { [index.partitionKey]: { eq: args.partition } }, params, this.limits));
    if (args.keyCondition !== null && args.keyCondition !== undefined) where.push(compileFilter(entity, { [index.sortKey]: args.keyCondition }, params, this.limits));
    where.push(compileFilter(entity, args.filter, params, this.limits), accessSql(decision, params));
    const descending = args.sortDirection === 'DESC';
    if (after !== null) {
      where.push(`(${sortColumn}, "id") ${descending ? '<' : '>'} (${params.add(after.value)}::${columnType(sortField)}, ${params.add(after.id)})`);
    }
    // The cursor needs the sort value of the last record even when the query did not select it.
    const selected = fields.some((f) => f.name === sortField.name) ? fields : [...fields, sortField];
    const connections = prime === undefined ? { columns: [], planned: [] } : this.planConnections(entity, prefetch, caller, params);
    const direction = descending ? 'DESC' : 'ASC';
    const sql =
      `SELECT ${[selectList(selected), ...connections.columns].join(', ')} FROM ${ident(entity.name)} AS "__parent" WHERE ${where.join(' AND ')} ` +
      `ORDER BY ${sortColumn} ${direction}, "id" ${direction} LIMIT ${limit + 1}`;
    const rows = await this.db.query<Row>(sql, params.values);
    let page: Page = { items: rows, nextToken: null };
    if (rows.length > limit) {
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      page = { items, nextToken: this.tokens.issue(binding, JSON.stringify([last?.[index.sortKey] ?? null, String(last?.id)])) };
    }
    if (prime !== undefined) this.primeConnections(page.items, connections.planned, caller, prime);
    return page;
  }

  private toPage(rows: Row[], limit: number, issue: (lastId: string) => string): Page {
    if (rows.length <= limit) return { items: rows, nextToken: null };
    const items = rows.slice(0, limit);
    return { items, nextToken: issue(String(items[items.length - 1]?.id)) };
  }

  /**
   * The `relation` connection of many parents in one query (a LATERAL join per parent id, each
   * an index range scan), so a page of N parents costs one query, not N. A nextToken is bound to
   * one parent; for other parents it is an error of that parent's field only.
   */
  async hasMany(
    parent: ModelEntity,
    relationName: string,
    parentIds: readonly string[],
    args: ListArgs,
    caller: Caller,
    fields: readonly ModelField[],
  ): Promise<Map<string, Page | Error>> {
    const relation = parent.relations.get(relationName);
    if (relation?.kind !== 'hasMany') throw new Error(`${parent.name}.${relationName} is not a hasMany relation`);
    const target = this.model.entity(relation.target);
    const decision = this.decide(target, 'read', caller, { field: relationName, type: parent.name });
    const limit = this.pageSize(args.limit);
    const digest = filterDigest(args.filter);
    const binding = (parentId: string) => ({ scope: `${parent.name}.${relationName}:${parentId}`, filter: digest, caller: caller.sub });
    const results = new Map<string, Page | Error>();
    const ids: string[] = [];
    const afters: (string | null)[] = [];
    for (const id of new Set(parentIds)) {
      try {
        afters.push(args.nextToken === null || args.nextToken === undefined ? null : this.tokens.open(args.nextToken, binding(id)));
        ids.push(id);
      } catch (error) {
        results.set(id, error as Error);
      }
    }
    if (ids.length === 0) return results;
    const params = new SqlParams();
    const idsParam = params.add(ids);
    const aftersParam = params.add(afters);
    const where = [
      `${ident(relation.foreignKey)} = p."__parent"`,
      `(p."__after" IS NULL OR "id" > p."__after")`,
      compileFilter(target, args.filter, params, this.limits),
      accessSql(decision, params),
    ];
    const sql =
      `SELECT p."__parent", c.* FROM unnest(${idsParam}::text[], ${aftersParam}::text[]) AS p("__parent", "__after") ` +
      `CROSS JOIN LATERAL (SELECT ${selectList(fields)} FROM ${ident(target.name)} WHERE ${where.join(' AND ')} ORDER BY "id" LIMIT ${limit + 1}) c`;
    const rows = await this.db.query<Row & { __parent: string }>(sql, params.values);
    const grouped = new Map<string, Row[]>(ids.map((id) => [id, []]));
    for (const row of rows) grouped.get(row.__parent)?.push(row);
    for (const [id, group] of grouped) results.set(id, this.toPage(group, limit, (lastId) => this.tokens.issue(binding(id), lastId)));
    return results;
  }

  /** Records of `target` by id in one query; null for missing ones and ones the caller may not read. */
  async belongsTo(target: ModelEntity, ids: readonly string[], caller: Caller, fields: readonly ModelField[], at: FieldRef): Promise<Map<string, Row | null>> {
    const decision = this.decide(target, 'read', caller, at);
    const params = new SqlParams();
    const idsParam = params.add([...new Set(ids)]);
    const rows = await this.db.query<Row>(
      `SELECT ${selectList(fields)} FROM ${ident(target.name)} WHERE "id" = ANY(${idsParam}::text[]) AND ${accessSql(decision, params)}`,
      params.values,
    );
    const found = new Map<string, Row | null>(ids.map((id) => [id, null]));
    for (const row of rows) found.set(String(row.id), row);
    return found;
  }

  private checkWritableFields(entity: ModelEntity, values: Readonly<Record<string, unknown>>, caller: Caller, at: FieldRef): void {
    for (const [name, value] of Object.entries(values)) this.checkWritableField(entity, name, value, caller, at);
  }

  private checkWritableField(entity: ModelEntity, name: string, value: unknown, caller: Caller, at: FieldRef): void {
    if (value === undefined) return;
    if (name === 'id') {
      checkId(value, this.limits, `${entity.name}.id`);
      return;
    }
    const field = entity.fieldByName.get(name);
    if (field === undefined || field.managed) throw badRequest(`${name} cannot be written on ${entity.name}.`);
    if (field.adminOnly && !caller.isAdmin) throw notAuthorized(at.field, at.type);
    if (field.required && value === null) throw badRequest(`${entity.name}.${name} cannot be null.`);
    checkFieldValue(entity, field, value, this.limits);
  }

  /**
   * Creates or updates many records of an entity with a natural key in one transaction (see
   * batch-upsert.ts). The caller needs create and update on every record (staff, Admins); each item
   * is checked as createX checks its input, and any bad item refuses the whole batch, listing them all.
   */
  async batchUpsert(entity: ModelEntity, items: readonly Readonly<Record<string, unknown>>[], caller: Caller, at: FieldRef): Promise<BatchUpsertResult> {
    // Row-scoped grants (owner, client) would need each existing record checked: only whole-entity grants may batch.
    if (this.decide(entity, 'create', caller, at).kind !== 'all' || this.decide(entity, 'update', caller, at).kind !== 'all') throw notAuthorized(at.field, at.type);
    if (entity.naturalKey.length === 0) throw new Error(`${entity.name} has no natural key`);
    if (items.length > this.limits.maxBatchItems) {
      throw new DataApiError('QueryLimitExceededException', `${at.field} takes at most ${this.limits.maxBatchItems} items; got ${items.length}. Split the batch.`);
    }
    const errors: BatchItemError[] = [];
    items.forEach((item, index) => {
      for (const [name, value] of Object.entries(item)) {
        try {
          this.checkWritableField(entity, name, value, caller, at);
        } catch (error) {
          if (!(error instanceof DataApiError)) throw error;
          errors.push({ index, field: name, message: error.message });
        }
      }
    });
    checkNaturalKeys(entity, items, errors);
    const audit = this.auditing();
    const result = await batchUpsert(
      this.db,
      this.model,
      entity,
      items,
      errors,
      this.nowIso(),
      audit === undefined
        ? undefined
        : {
            trail: audit,
            event: (id, before, after) => this.dataEvent(before === null ? 'data.create' : 'data.update', entity, id, caller, fieldChanges(before, after), { via: at.field }),
          },
    );
    this.afterWrite(entity);
    return result;
  }

  private nowIso(): string {
    return this.clock.now().toISOString();
  }

  private afterWrite(entity: ModelEntity): void {
    // Profiles (userType, clientNumber) drive authorization: never serve a stale one after a change.
    if (entity.name === 'UserMdl') this.profiles.invalidate();
  }

  /** Deactivates the other active records of `scopeValue` (single-active rule) under a per-scope lock; returns their ids. */
  private async deactivateOthers(tx: Queryable, entity: ModelEntity, scopeValue: unknown, keepId: string): Promise<string[]> {
    const rule = entity.singleActive;
    if (rule === undefined) return [];
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${entity.name}:${String(scopeValue)}`]);
    const rows = await tx.query<{ id: string }>(
      `UPDATE ${ident(entity.name)} SET ${ident(rule.flag)} = FALSE, ${ident(rule.endField)} = $1, "updatedAt" = $2, ${ident(VERSION_FIELD)} = ${ident(VERSION_FIELD)} + 1 ` +
        `WHERE ${ident(rule.scope)} = $3 AND ${ident(rule.flag)} AND "id" <> $4 RETURNING "id"`,
      [Math.floor(this.clock.now().getTime() / 1000), this.nowIso(), scopeValue, keepId],
    );
    return rows.map((r) => String(r.id));
  }

  /** Creates a record; the owner field defaults to the caller; activating deactivates the others. */
  async create(entity: ModelEntity, input: Readonly<Record<string, unknown>>, caller: Caller, at: FieldRef): Promise<Row> {
    const decision = this.decide(entity, 'create', caller, at);
    this.checkWritableFields(entity, input, caller, at);
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) if (v !== undefined) values[k] = v;
    if (decision.kind === 'rows') {
      for (const c of decision.conditions) {
        if ((values[c.field] === undefined || values[c.field] === null) && decision.conditions.length === 1) values[c.field] = c.value;
      }
      if (!recordAllowed(decision, values)) throw notAuthorized(at.field, at.type);
    }
    await this.policy.check(entity, values, async () => null);
    const id = typeof values.id === 'string' && values.id !== '' ? values.id : randomUUID();
    values.id = id;
    const now = this.nowIso();
    values.createdAt = now;
    values.updatedAt = now;
    const params = new SqlParams();
    const names = Object.keys(values);
    const placeholders = names.map((n) => params.add(values[n]));
    const sql = `INSERT INTO ${ident(entity.name)} (${names.map(ident).join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING ${selectList(entity.fields)}`;
    const rule = entity.singleActive;
    const activating = rule !== undefined && values[rule.flag] === true;
    const audit = this.auditing();
    const rows =
      audit !== undefined
        ? await audit.transaction(async (tx, recorder) => {
            if (activating) recorder.record(...this.deactivationEvents(entity, await this.deactivateOthers(tx, entity, values[rule.scope], id), caller, id));
            const inserted = await tx.query<Row>(sql, params.values);
            const row = inserted[0];
            if (row !== undefined) recorder.record(this.dataEvent('data.create', entity, id, caller, fieldChanges(null, pick(row, names))));
            return inserted;
          })
        : activating
          ? await this.db.transaction(async (tx) => {
              await this.deactivateOthers(tx, entity, values[rule.scope], id);
              return tx.query<Row>(sql, params.values);
            })
          : await this.db.query<Row>(sql, params.values);
    this.afterWrite(entity);
    const row = rows[0];
    if (row === undefined) throw new DataApiError('InternalFailure');
    return row;
  }

  /**
   * The stored sessionStart of a session record the caller may update (null when missing, unset or
   * not theirs: the update then fails on access, and another user's record reveals nothing).
   */
  private async sessionStartOf(entity: ModelEntity, id: string, decision: AccessDecision): Promise<number | null> {
    const params = new SqlParams();
    const idParam = params.add(id);
    const rows = await this.db.query<{ start: number | string | null }>(
      `SELECT "sessionStart" AS "start" FROM ${ident(entity.name)} WHERE "id" = ${idParam} AND ${accessSql(decision, params)}`,
      params.values,
    );
    const start = rows[0]?.start;
    return start === undefined || start === null ? null : Number(start);
  }

  /**
   * Why an update, delete or append of `id` matched no row: missing (or a condition that does not
   * hold), not allowed, or — when the caller sent the version they read — changed by someone else
   * since (ConflictUnhandled with the current record, if the caller may read it). `extra` names
   * further reasons an append can miss, checked on the current row.
   */
  private async explainMiss(
    db: Queryable,
    entity: ModelEntity,
    id: string,
    decision: AccessDecision,
    caller: Caller,
    at: FieldRef,
    expectedVersion: number | undefined,
    extra: (row: Row) => DataApiError | undefined = () => undefined,
  ): Promise<DataApiError> {
    const params = new SqlParams();
    const idParam = params.add(id);
    const allowed = accessSql(decision, params);
    const readable = accessSql(decideAccess(entity, 'read', caller), params);
    const rows = await db.query<Row & { __allowed: boolean; __readable: boolean }>(
      `SELECT ${allowed} AS "__allowed", ${readable} AS "__readable", ${selectList(entity.fields)} FROM ${ident(entity.name)} WHERE "id" = ${idParam}`,
      params.values,
    );
    const row = rows[0];
    if (row === undefined) return new DataApiError('ConditionalCheckFailedException');
    if (row.__allowed !== true) return notAuthorized(at.field, at.type);
    const { __allowed: _allowed, __readable: canRead, ...current } = row;
    if (expectedVersion !== undefined && current[VERSION_FIELD] !== expectedVersion) return versionConflict(entity.name, expectedVersion, canRead === true ? current : null);
    return extra(current) ?? new DataApiError('ConditionalCheckFailedException');
  }

  /** The `_version` an update, delete or append expects, or undefined when the caller sent none. */
  private expectedVersion(value: unknown, entity: ModelEntity): number | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw badRequest(`${entity.name}.${VERSION_FIELD} must be the positive integer read with the record; got ${JSON.stringify(value)}.`);
    return value;
  }

  private checkOwnershipKept(decision: AccessDecision, changes: Readonly<Record<string, unknown>>, at: FieldRef): void {
    if (decision.kind !== 'rows') return;
    // A record may not be handed to someone else: owner fields can only be set to the caller's own value.
    for (const c of decision.conditions) {
      const v = changes[c.field];
      if (v !== undefined && v !== c.value) throw notAuthorized(at.field, at.type);
    }
  }

  /** Updates the given fields of a record the caller may change (and that matches `condition`). */
  async update(entity: ModelEntity, versionedInput: Readonly<Record<string, unknown>>, condition: FilterInput | null | undefined, caller: Caller, at: FieldRef): Promise<Row> {
    const decision = this.decide(entity, 'update', caller, at);
    const { [VERSION_FIELD]: sentVersion, ...input } = versionedInput;
    const expected = this.expectedVersion(sentVersion, entity);
    this.checkWritableFields(entity, input, caller, at);
    this.checkOwnershipKept(decision, input, at);
    const id = String(input.id);
    await this.policy.check(entity, input, () => this.sessionStartOf(entity, id, decision));
    const params = new SqlParams();
    const sets: string[] = [];
    for (const [name, value] of Object.entries(input)) {
      if (value === undefined || name === 'id') continue;
      sets.push(`${ident(name)} = ${params.add(value)}`);
    }
    sets.push(`"updatedAt" = ${params.add(this.nowIso())}`, `${ident(VERSION_FIELD)} = ${ident(VERSION_FIELD)} + 1`);
    // The version check is part of the UPDATE's WHERE: two writers that read the same version cannot both match.
    const where = [`"id" = ${params.add(id)}`, accessSql(decision, params), compileFilter(entity, condition, params, this.limits)];
    if (expected !== undefined) where.push(`${ident(VERSION_FIELD)} = ${params.add(expected)}`);
    const audit = this.auditing();
    const changed = entity.fields.filter((f) => f.name !== 'id' && input[f.name] !== undefined);
    // Audited: the values before are read (and the row locked) by the statement that changes them.
    const before =
      audit === undefined || changed.length === 0
        ? ''
        : ` FROM (SELECT "__t"."id" AS "__id", (SELECT row_to_json("__x") FROM (SELECT ${selectList(changed, '"__t"')}) AS "__x") AS "__before" ` +
          `FROM ${ident(entity.name)} AS "__t" WHERE "__t"."id" = ${params.add(id)} FOR UPDATE OF "__t") AS "__old"`;
    if (before !== '') where.push(`"id" = "__old"."__id"`);
    const sql = `UPDATE ${ident(entity.name)} SET ${sets.join(', ')}${before} WHERE ${where.join(' AND ')} RETURNING ${selectList(entity.fields)}${before !== '' ? ', "__old"."__before"' : ''}`;
    const rule = entity.singleActive;
    const run = async (q: Queryable, recorder?: AuditRecorder): Promise<Row> => {
      const rows = await q.query<Row>(sql, params.values);
      // Thrown inside a transaction, this also rolls back a deactivation done before.
      if (rows[0] === undefined) throw await this.explainMiss(q, entity, id, decision, caller, at, expected);
      const { __before: was, ...row } = rows[0];
      const previous = typeof was === 'string' ? (JSON.parse(was) as Row) : ((was ?? {}) as Row);
      recorder?.record(this.dataEvent('data.update', entity, id, caller, fieldChanges(previous, pick(row, changed.map((f) => f.name)))));
      return row;
    };
    const activating = rule !== undefined && input[rule.flag] === true;
    const write = async (tx: Queryable, recorder?: AuditRecorder): Promise<Row> => {
      if (rule === undefined || !activating) return run(tx, recorder);
      const check = new SqlParams();
      const idParam = check.add(id);
      const current = await tx.query<Row & { __allowed: boolean }>(
        `SELECT ${ident(rule.scope)}, ${accessSql(decision, check)} AS "__allowed" FROM ${ident(entity.name)} WHERE "id" = ${idParam}`,
        check.values,
      );
      const found = current[0];
      if (found?.__allowed === true) {
        // Deactivated whether or not a recorder is there (`recorder?.record(…)` would skip its arguments).
        const deactivated = await this.deactivateOthers(tx, entity, input[rule.scope] ?? found[rule.scope], id);
        recorder?.record(...this.deactivationEvents(entity, deactivated, caller, id));
      }
      return run(tx, recorder);
    };
    const row = audit !== undefined ? await audit.transaction(write) : activating ? await this.db.transaction((tx) => write(tx)) : await run(this.db);
    this.afterWrite(entity);
    return row;
  }

  /** Deletes a record the caller may delete (and that matches `condition`); returns it. */
  async delete(entity: ModelEntity, input: Readonly<Record<string, unknown>>, condition: FilterInput | null | undefined, caller: Caller, at: FieldRef): Promise<Row> {
    const decision = this.decide(entity, 'delete', caller, at);
    checkId(input.id, this.limits, `${entity.name}.id`);
    const expected = this.expectedVersion(input[VERSION_FIELD], entity);
    const id = String(input.id);
    const params = new SqlParams();
    const where = [`"id" = ${params.add(id)}`, accessSql(decision, params), compileFilter(entity, condition, params, this.limits)];
    if (expected !== undefined) where.push(`${ident(VERSION_FIELD)} = ${params.add(expected)}`);
    const sql = `DELETE FROM ${ident(entity.name)} WHERE ${where.join(' AND ')} RETURNING ${selectList(entity.fields)}`;
    const audit = this.auditing();
    const run = async (q: Queryable, recorder?: AuditRecorder): Promise<Row> => {
      const rows = await q.query<Row>(sql, params.values);
      const row = rows[0];
      if (row === undefined) throw await this.explainMiss(q, entity, id, decision, caller, at, expected);
      recorder?.record(this.dataEvent('data.delete', entity, id, caller, fieldChanges(row, null)));
      return row;
    };
    const row = audit === undefined ? await run(this.db) : await audit.transaction(run);
    this.afterWrite(entity);
    return row;
  }

  /** How an appended item names its author: the caller's profile name (as the web app shows users), else email, else username. */
  private async authorName(caller: Caller): Promise<string> {
    const rows = await this.db.query<{ name: string | null }>(
      `SELECT COALESCE(NULLIF(btrim(concat_ws(' ', "firstName", "lastName")), ''), NULLIF("email", '')) AS "name" FROM "UserMdl" WHERE "userId" = $1 LIMIT 1`,
      [caller.sub],
    );
    return rows[0]?.name ?? caller.username;
  }

  /**
   * Appends one item to an appendable list field (appendToX) in one UPDATE: the list is extended in
   * the database (jsonb concatenation), so concurrent appends all land and no writer replaces
   * another's items. The item is a JSON object; the server stamps `at` (server time), `by` (the
   * caller's name) and `byUserId` (the caller's subject) over whatever the client sent. Needs the
   * update grant; bumps `_version`, and checks it when the caller sends one.
   */
  async append(entity: ModelEntity, input: AppendInput, caller: Caller, at: FieldRef): Promise<Row> {
    const decision = this.decide(entity, 'update', caller, at);
    checkId(input.id, this.limits, `${entity.name}.id`);
    const id = String(input.id);
    const field = entity.appendableFields.find((f) => f.name === input.field);
    if (field === undefined) throw badRequest(`${String(input.field)} is not a list field of ${entity.name} that items can be appended to.`);
    const expected = this.expectedVersion(input._version, entity);
    const what = `the item appended to ${entity.name}.${field.name}`;
    let parsed: unknown;
    try {
      parsed = typeof input.item === 'string' ? JSON.parse(input.item) : undefined;
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest(`${what} must be a JSON object, e.g. {"text": "…"}.`);
    const stamped = { ...(parsed as Record<string, unknown>), at: this.nowIso(), by: await this.authorName(caller), byUserId: caller.sub };
    const itemText = JSON.stringify(stamped);
    checkText(itemText, this.limits.maxJsonLength, what);
    const column = ident(field.name);
    const params = new SqlParams();
    const itemParam = params.add(itemText);
    const max = params.add(this.limits.maxJsonLength);
    const appended = `(${listSql(column)} || jsonb_build_array(${itemParam}::jsonb))::text`;
    const where = [
      `"id" = ${params.add(id)}`,
      accessSql(decision, params),
      // Only a list can be appended to, and the list must still fit its field afterwards.
      `jsonb_typeof(${listSql(column)}) = 'array'`,
      `length(${appended}) <= ${max}`,
    ];
    if (expected !== undefined) where.push(`${ident(VERSION_FIELD)} = ${params.add(expected)}`);
    const sql =
      `UPDATE ${ident(entity.name)} SET ${column} = ${appended}, "updatedAt" = ${params.add(this.nowIso())}, ${ident(VERSION_FIELD)} = ${ident(VERSION_FIELD)} + 1 ` +
      `WHERE ${where.join(' AND ')} RETURNING ${selectList(entity.fields)}`;
    const audit = this.auditing();
    const rows =
      audit === undefined
        ? await this.db.query<Row>(sql, params.values)
        : await audit.transaction(async (tx, recorder) => {
            const appended = await tx.query<Row>(sql, params.values);
            if (appended[0] !== undefined) recorder.record(this.dataEvent('data.append', entity, id, caller, {}, { field: field.name, item: stamped }));
            return appended;
          });
    const row = rows[0];
    if (row === undefined) {
      throw await this.explainMiss(this.db, entity, id, decision, caller, at, expected, (current) => {
        const stored = current[field.name];
        let list: unknown = [];
        try {
          list = typeof stored === 'string' && !['', 'null'].includes(stored.trim()) ? JSON.parse(stored) : [];
        } catch {
          list = undefined;
        }
        if (!Array.isArray(list)) return badRequest(`${entity.name}.${field.name} does not hold a JSON list, so nothing can be appended to it.`);
        return badRequest(`${entity.name}.${field.name} would hold more than ${this.limits.maxJsonLength} characters with this item; nothing was appended.`);
      });
    }
    this.afterWrite(entity);
    return row;
  }
}
