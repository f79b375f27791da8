import type { DataModel, ModelEntity, ModelField } from '../model/resolved-model.js';
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
  if (field.derivedFrom !== undefined) {
    // Generated columns: the parts can never disagree with their date, whoever writes the row.
    return `${ident(field.name)} integer GENERATED ALWAYS AS (EXTRACT(${field.derivedFrom.part.toUpperCase()} FROM ${ident(field.derivedFrom.field)})::integer) STORED`;
  }
  return `${ident(field.name)} ${columnType(field)}${field.required ? ' NOT NULL' : ''}`;
}

/**
 * The indexes of an entity's sorted index queries: (partition key, sort key, id), walked in either
 * direction. One with the same columns as a filter index (fileNumber's own) is not made twice.
 */
export function sortedIndexDdl(entity: ModelEntity): string[] {
  const t = entity.name;
  const made = new Set([...entity.fields.filter((f) => f.indexed).map((f) => `${f.name},id`), ...entity.compositeIndexes.map((c) => [...c, 'id'].join(','))]);
  const statements: string[] = [];
  for (const index of entity.sortedIndexes) {
    const columns = [...(index.partitionKey === undefined ? [] : [index.partitionKey]), index.sortKey, 'id'];
    if (made.has(columns.join(','))) continue;
    made.add(columns.join(','));
    statements.push(`CREATE INDEX ${ident(`${t}_${columns.slice(0, -1).join('_')}_sorted_idx`)} ON ${ident(t)} (${columns.map(ident).join(', ')});`);
  }
  return statements;
}

/** The statements creating one entity's table and indexes (its sorted indexes too unless `withSortedIndexes` is false). */
export function entityDdl(entity: ModelEntity, withSortedIndexes = true): string[] {
  const t = entity.name;
  const statements = [`CREATE TABLE ${ident(t)} (\n  ${entity.fields.map(columnDefinition).join(',\n  ')}\n);`];
  // Keyset pages are ordered by id: (filter field, id) serves `field = $1 AND id > $2 ORDER BY id`.
  for (const field of entity.fields.filter((f) => f.indexed)) {
    statements.push(`CREATE INDEX ${ident(`${t}_${field.name}_idx`)} ON ${ident(t)} (${ident(field.name)}, ${ident('id')});`);
  }
  for (const fields of entity.compositeIndexes) {
    statements.push(`CREATE INDEX ${ident(`${t}_${fields.join('_')}_idx`)} ON ${ident(t)} (${[...fields, 'id'].map(ident).join(', ')});`);
  }
  for (const field of entity.uniqueFields) {
    statements.push(`CREATE UNIQUE INDEX ${ident(`${t}_${field}_key`)} ON ${ident(t)} (${ident(field)}) WHERE ${ident(field)} IS NOT NULL;`);
  }
  if (entity.singleActive !== undefined) {
    const { scope, flag } = entity.singleActive;
    statements.push(`CREATE UNIQUE INDEX ${ident(`${t}_one_${flag}_per_${scope}`)} ON ${ident(t)} (${ident(scope)}) WHERE ${ident(flag)};`);
  }
  if (withSortedIndexes) statements.push(...sortedIndexDdl(entity));
  return statements;
}

/** The whole DDL of the model: what migration 0100 holds (a test keeps the two in step). */
export function modelDdl(model: DataModel, withSortedIndexes = true): string {
  const header = '-- Generated from packages/server/src/graphql/model/data-model.ts by src/graphql/sql/write-migration.ts. Do not edit by hand.\n';
  return `${header}\n${model.entities.map((e) => `-- ${e.name}: ${e.description}\n${entityDdl(e, withSortedIndexes).join('\n')}\n`).join('\n')}`;
}
