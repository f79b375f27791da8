import { VERSION_FIELD, type DataModel, type ModelEntity, type ModelField } from '../model/resolved-model.js';
import { ident } from './sql-text.js';

/** The PostgreSQL column type of a field. */
export function columnType(field: ModelField): string {
  switch (field.kind) {
    case 'ID':
    case 'String':
    case 'AWSJSON':
      // JSON is kept as the text the client sent, so it reads back byte for byte as AppSync does.
      return 'text';
    case 'Int':
      return 'integer';
    case 'Float':
      return field.decimal ? 'numeric(18,2)' : 'double precision';
    case 'Boolean':
      return 'boolean';
    case 'AWSDate':
      return 'date';
    case 'AWSDateTime':
      return 'timestamptz';
    case 'AWSTimestamp':
      return 'bigint';
  }
}

function columnDefinition(field: ModelField): string {
  if (field.name === 'id') return `${ident('id')} text PRIMARY KEY`;
  if (field.name === 'createdAt' || field.name === 'updatedAt') return `${ident(field.name)} timestamptz NOT NULL DEFAULT now()`;
  // Existing rows start at version 1, as new ones do.
  if (field.name === VERSION_FIELD) return `${ident(field.name)} integer NOT NULL DEFAULT 1`;
  if (field.derivedFrom !== undefined) {
    // Generated columns: the parts can never disagree with their date, whoever writes the row.
    return `${ident(field.name)} integer GENERATED ALWAYS AS (EXTRACT(${field.derivedFrom.part.toUpperCase()} FROM ${ident(field.derivedFrom.field)})::integer) STORED`;
  }
  return `${ident(field.name)} ${columnType(field)}${field.required ? ' NOT NULL' : ''}`;
}

/** The first migration with natural key indexes: entities whose tables are older get theirs in it. */
export const NATURAL_KEYS_MIGRATION = 103;

/** The migrations that created an entity's table and its sorted indexes (0100's tables got theirs in 0102). */
export interface TableVersions {
  readonly table: number;
  readonly sortedIndexes: number;
}

/** The name of the unique index of a unique field (the `constraint` of its unique violations). */
export function uniqueIndexName(entity: string, field: string): string {
  return `${entity}_${field}_key`;
}

/** A statement failing with a message listing (up to ten) duplicated values of `field`, if any. */
function duplicatesGuard(t: string, field: string, version: number): string {
  const column = ident(field);
  const message = `Migration ${String(version).padStart(4, '0')}: ${t}.${field} has duplicates (%); give each record its own ${field} and start again.`;
  return `DO $$
DECLARE duplicated text;
BEGIN
  SELECT string_agg(v, ', ') INTO duplicated FROM (SELECT ${column} AS v FROM ${ident(t)} WHERE ${column} IS NOT NULL GROUP BY ${column} HAVING count(*) > 1 ORDER BY ${column} LIMIT 10) d;
  IF duplicated IS NOT NULL THEN RAISE EXCEPTION '${message}', duplicated USING ERRCODE = 'unique_violation'; END IF;
END $$;`;
}

/** One index statement and the migration that creates it. */
export interface VersionedStatement {
  readonly version: number;
  readonly statement: string;
}

/**
 * Every index of an entity with the migration that makes it: the latest of the migration that
 * introduced that kind of index for the table and the ones that added its columns. The sorted index
 * queries' indexes are (partition key, sort key, id), walked in either direction; one with the same
 * columns as a filter index (fileNumber's own) is not made twice.
 */
export function entityIndexes(entity: ModelEntity, versions: TableVersions): VersionedStatement[] {
  const t = entity.name;
  const out: VersionedStatement[] = [];
  const at = (columns: readonly string[], floor: number, statement: string): void => {
    out.push({ version: Math.max(floor, ...columns.map((c) => entity.fieldByName.get(c)?.addedIn ?? versions.table)), statement });
  };
  // Keyset pages are ordered by id: (filter field, id) serves `field = $1 AND id > $2 ORDER BY id`.
  for (const field of entity.fields.filter((f) => f.indexed)) {
    at([field.name], versions.table, `CREATE INDEX ${ident(`${t}_${field.name}_idx`)} ON ${ident(t)} (${ident(field.name)}, ${ident('id')});`);
  }
  for (const fields of entity.compositeIndexes) {
    at(fields, Math.max(versions.table, entity.compositeIndexesAddedIn[fields.join(',')] ?? versions.table), `CREATE INDEX ${ident(`${t}_${fields.join('_')}_idx`)} ON ${ident(t)} (${[...fields, 'id'].map(ident).join(', ')});`);
  }
  for (const field of entity.uniqueFields) {
    const addedIn = entity.uniqueFieldsAddedIn[field];
    const floor = Math.max(versions.table, addedIn ?? versions.table);
    // Made unique on a table that may already hold duplicates: refuse (and so roll back the whole
    // migration) with a message naming them, rather than PostgreSQL's bare index-build failure.
    if (addedIn !== undefined && addedIn > versions.table) at([field], floor, duplicatesGuard(t, field, addedIn));
    at([field], floor, `CREATE UNIQUE INDEX ${ident(uniqueIndexName(t, field))} ON ${ident(t)} (${ident(field)}) WHERE ${ident(field)} IS NOT NULL;`);
  }
  if (entity.singleActive !== undefined) {
    const { scope, flag } = entity.singleActive;
    at([scope, flag], versions.table, `CREATE UNIQUE INDEX ${ident(`${t}_one_${flag}_per_${scope}`)} ON ${ident(t)} (${ident(scope)}) WHERE ${ident(flag)};`);
  }
  const made = new Set([...entity.fields.filter((f) => f.indexed).map((f) => `${f.name},id`), ...entity.compositeIndexes.map((c) => [...c, 'id'].join(','))]);
  for (const index of entity.sortedIndexes) {
    const columns = [...(index.partitionKey === undefined ? [] : [index.partitionKey]), index.sortKey, 'id'];
    if (made.has(columns.join(','))) continue;
    made.add(columns.join(','));
    at(columns, versions.sortedIndexes, `CREATE INDEX ${ident(`${t}_${columns.slice(0, -1).join('_')}_sorted_idx`)} ON ${ident(t)} (${columns.map(ident).join(', ')});`);
  }
  if (entity.naturalKey.length > 0) {
    // A plain unique index: NULLs are distinct, so records missing a part of the key stay allowed.
    const key = entity.naturalKey;
    at(key, Math.max(NATURAL_KEYS_MIGRATION, versions.table), `CREATE UNIQUE INDEX ${ident(`${t}_natural_key`)} ON ${ident(t)} (${key.map(ident).join(', ')});`);
  }
  return out;
}

/**
 * The statements migration `version` holds for one entity: its table if created then (without the
 * columns added later), else the columns added then; and the indexes made then.
 */
export function entityMigrationDdl(entity: ModelEntity, versions: TableVersions, version: number): string[] {
  const t = entity.name;
  const statements: string[] = [];
  if (versions.table === version) {
    const columns = entity.fields.filter((f) => (f.addedIn ?? version) <= version);
    statements.push(`CREATE TABLE ${ident(t)} (\n  ${columns.map(columnDefinition).join(',\n  ')}\n);`);
  } else if (version > versions.table) {
    for (const field of entity.fields.filter((f) => f.addedIn === version)) statements.push(`ALTER TABLE ${ident(t)} ADD COLUMN ${columnDefinition(field)};`);
  }
  statements.push(...entityIndexes(entity, versions).filter((i) => i.version === version).map((i) => i.statement));
  return statements;
}

/** The header of every generated migration. */
export const GENERATED_HEADER = '-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.\n';

/**
 * The text of migration `version` for the model: one section per entity it touches, in model order
 * (0100, 0101 and the later ones; `versionsOf` says when each table and its sorted indexes were made).
 */
export function modelDdl(model: DataModel, version: number, versionsOf: (entity: string) => TableVersions): string {
  const sections: string[] = [];
  for (const entity of model.entities) {
    const versions = versionsOf(entity.name);
    const statements = entityMigrationDdl(entity, versions, version);
    if (statements.length === 0) continue;
    const title = versions.table === version ? entity.description : 'columns and indexes added by this migration.';
    sections.push(`-- ${entity.name}: ${title}\n${statements.join('\n')}\n`);
  }
  return `${GENERATED_HEADER}\n${sections.join('\n')}`;
}
