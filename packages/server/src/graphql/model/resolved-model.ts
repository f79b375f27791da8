import type { AccessRules, EntityDefinition, Relation, ScalarKind, SingleActiveRule, SortedIndex } from './model-types.js';

/** A field as the generators see it: stored fields, the managed ones and the derived date parts. */
export interface ModelField {
  readonly name: string;
  readonly kind: ScalarKind;
  readonly required: boolean;
  readonly indexed: boolean;
  readonly decimal: boolean;
  readonly adminOnly: boolean;
  /** Set by the server (id default, createdAt, updatedAt) or derived (date parts): not in update inputs. */
  readonly managed: boolean;
  /** For a date part: the date field and which part it is. */
  readonly derivedFrom?: { readonly field: string; readonly part: 'day' | 'month' | 'year' };
  /** The later migration that added the column to an existing table (see model-types.ts). */
  readonly addedIn?: number;
  /** An AWSJSON list that appendToX adds items to on the server (see model-types.ts). */
  readonly appendable?: boolean;
}

/** The optimistic-concurrency version of every record (AppSync's `_version`): 1 on create, +1 on every write. */
export const VERSION_FIELD = '_version';
/** The generated migration that added VERSION_FIELD to every table that existed before it. */
export const VERSION_MIGRATION = 104;

/** An entity with its fields resolved and its operation names. */
export interface ModelEntity {
  readonly name: string;
  readonly plural: string;
  readonly description: string;
  /** All fields in column order: id, the defined ones (date parts after their date), createdAt, updatedAt, _version. */
  readonly fields: readonly ModelField[];
  readonly fieldByName: ReadonlyMap<string, ModelField>;
  /** Fields a create or update input may carry (besides id). */
  readonly writableFields: readonly ModelField[];
  /** The AWSJSON list fields appendToX may add an item to; empty when the entity has none. */
  readonly appendableFields: readonly ModelField[];
  readonly relations: ReadonlyMap<string, Relation>;
  readonly compositeIndexes: readonly (readonly string[])[];
  /** The migration that made a composite index (fields joined by ','), when later than its columns. */
  readonly compositeIndexesAddedIn: Readonly<Record<string, number>>;
  readonly sortedIndexes: readonly SortedIndex[];
  readonly uniqueFields: readonly string[];
  /** The migration that made a unique field unique, when later than the table. */
  readonly uniqueFieldsAddedIn: Readonly<Record<string, number>>;
  /** The fields naming a record outside (unique together); empty when the entity has none. */
  readonly naturalKey: readonly string[];
  readonly access: AccessRules;
  readonly singleActive?: SingleActiveRule;
  readonly operations: { readonly get: string; readonly list: string; readonly create: string; readonly update: string; readonly delete: string; readonly append: string };
}

/** The whole model, checked and indexed. */
export interface DataModel {
  readonly entities: readonly ModelEntity[];
  entity(name: string): ModelEntity;
}

/** Thrown at start-up when the model definition is inconsistent (a bug in data-model.ts). */
export class ModelDefinitionError extends Error {
  override readonly name = 'ModelDefinitionError';
}

const NAME = /^[A-Za-z][A-Za-z0-9]*$/;

function managed(name: string, kind: ScalarKind): ModelField {
  return { name, kind, required: true, indexed: false, decimal: false, adminOnly: false, managed: true };
}

function resolveEntity(def: EntityDefinition): ModelEntity {
  if (!NAME.test(def.name)) throw new ModelDefinitionError(`entity name ${def.name} is not a plain identifier`);
  const fields: ModelField[] = [managed('id', 'ID')];
  for (const [name, spec] of Object.entries(def.fields)) {
    if (!NAME.test(name) || name === 'id' || name === 'createdAt' || name === 'updatedAt') {
      throw new ModelDefinitionError(`${def.name}.${name} is reserved or not a plain identifier`);
    }
    // A column added to a table that has rows cannot be NOT NULL without a default.
    if (spec.addedIn !== undefined && spec.required === true) throw new ModelDefinitionError(`${def.name}.${name}: a field added later cannot be required`);
    const addedIn = spec.addedIn === undefined ? {} : { addedIn: spec.addedIn };
    if (spec.appendable === true && spec.kind !== 'AWSJSON') throw new ModelDefinitionError(`${def.name}.${name}: only an AWSJSON list can be appendable`);
    const appendable = spec.appendable === true ? { appendable: true } : {};
    fields.push({ name, kind: spec.kind, required: spec.required ?? false, indexed: spec.indexed ?? false, decimal: spec.decimal ?? false, adminOnly: spec.adminOnly ?? false, managed: false, ...addedIn, ...appendable });
    if (spec.dateParts !== undefined) {
      if (spec.kind !== 'AWSDate') throw new ModelDefinitionError(`${def.name}.${name}: date parts need an AWSDate field`);
      for (const part of ['day', 'month', 'year'] as const) {
        fields.push({ name: spec.dateParts[part], kind: 'Int', required: false, indexed: false, decimal: false, adminOnly: false, managed: true, derivedFrom: { field: name, part }, ...addedIn });
      }
    }
  }
  fields.push(managed('createdAt', 'AWSDateTime'), managed('updatedAt', 'AWSDateTime'), { ...managed(VERSION_FIELD, 'Int'), addedIn: VERSION_MIGRATION });
  const fieldByName = new Map(fields.map((f) => [f.name, f]));
  if (fieldByName.size !== fields.length) throw new ModelDefinitionError(`${def.name} declares a field twice`);
  const relations = new Map(Object.entries(def.relations ?? {}));
  for (const name of relations.keys()) {
    if (fieldByName.has(name)) throw new ModelDefinitionError(`${def.name}.${name} is both a field and a relation`);
  }
  const known = (field: string, what: string): void => {
    if (!fieldByName.has(field)) throw new ModelDefinitionError(`${def.name}: ${what} names unknown field ${field}`);
  };
  for (const index of def.compositeIndexes ?? []) index.forEach((f) => known(f, 'an index'));
  for (const f of def.uniqueFields ?? []) known(f, 'a unique constraint');
  for (const key of Object.keys(def.compositeIndexesAddedIn ?? {})) {
    if (!(def.compositeIndexes ?? []).some((index) => index.join(',') === key)) throw new ModelDefinitionError(`${def.name}: compositeIndexesAddedIn names ${key}, which is not a composite index`);
  }
  for (const f of Object.keys(def.uniqueFieldsAddedIn ?? {})) {
    if (!(def.uniqueFields ?? []).includes(f)) throw new ModelDefinitionError(`${def.name}: uniqueFieldsAddedIn names ${f}, which is not a unique field`);
  }
  // The batch upsert writes many records in one statement: it does not apply the one-active-record rule.
  if (def.naturalKey !== undefined && def.singleActive !== undefined) throw new ModelDefinitionError(`${def.name}: a natural key and a single-active rule cannot be combined`);
  for (const f of def.naturalKey ?? []) {
    known(f, 'the natural key');
    if (fieldByName.get(f)?.managed === true) throw new ModelDefinitionError(`${def.name}: natural key field ${f} is set by the server`);
  }
  for (const index of def.sortedIndexes ?? []) {
    if (!NAME.test(index.queryField)) throw new ModelDefinitionError(`${def.name}: ${index.queryField} is not a plain identifier`);
    known(index.sortKey, index.queryField);
    if (index.partitionKey !== undefined) known(index.partitionKey, index.queryField);
    const sortField = fieldByName.get(index.sortKey);
    // Booleans and JSON have no useful order; the key condition input exists for the others only.
    if (sortField?.kind === 'Boolean' || sortField?.kind === 'AWSJSON') throw new ModelDefinitionError(`${def.name}.${index.sortKey} cannot be a sort key`);
  }
  if (def.singleActive !== undefined) {
    known(def.singleActive.scope, 'singleActive');
    known(def.singleActive.flag, 'singleActive');
    known(def.singleActive.endField, 'singleActive');
  }
  for (const operation of ['read', 'create', 'update', 'delete'] as const) {
    for (const grant of def.access[operation]) {
      if (grant === 'staff') continue;
      known('owner' in grant ? grant.owner : 'client' in grant ? grant.client : grant.ownerRecord, 'an access rule');
    }
  }
  return {
    name: def.name,
    plural: def.plural,
    description: def.description,
    fields,
    fieldByName,
    writableFields: fields.filter((f) => !f.managed),
    appendableFields: fields.filter((f) => f.appendable === true),
    relations,
    compositeIndexes: def.compositeIndexes ?? [],
    compositeIndexesAddedIn: def.compositeIndexesAddedIn ?? {},
    sortedIndexes: def.sortedIndexes ?? [],
    uniqueFields: def.uniqueFields ?? [],
    uniqueFieldsAddedIn: def.uniqueFieldsAddedIn ?? {},
    naturalKey: def.naturalKey ?? [],
    access: def.access,
    ...(def.singleActive === undefined ? {} : { singleActive: def.singleActive }),
    operations: { get: `get${def.name}`, list: `list${def.plural}`, create: `create${def.name}`, update: `update${def.name}`, delete: `delete${def.name}`, append: `appendTo${def.name}` },
  };
}

/** Checks and indexes a model definition; throws ModelDefinitionError on any inconsistency. */
export function resolveModel(definitions: readonly EntityDefinition[]): DataModel {
  const entities = definitions.map(resolveEntity);
  const byName = new Map(entities.map((e) => [e.name, e]));
  if (byName.size !== entities.length) throw new ModelDefinitionError('two entities share a name');
  const ops = new Set<string>();
  for (const entity of entities) {
    for (const op of Object.values(entity.operations)) {
      if (ops.has(op)) throw new ModelDefinitionError(`operation ${op} is generated twice`);
      ops.add(op);
    }
    if (entity.naturalKey.length > 0) {
      // The batch upsert mutation (build-schema.ts) is named from the plural.
      const batch = `batchUpsert${entity.plural}`;
      if (ops.has(batch)) throw new ModelDefinitionError(`operation ${batch} is generated twice`);
      ops.add(batch);
    }
    for (const index of entity.sortedIndexes) {
      if (ops.has(index.queryField)) throw new ModelDefinitionError(`operation ${index.queryField} is generated twice`);
      ops.add(index.queryField);
    }
    for (const [name, relation] of entity.relations) {
      const target = byName.get(relation.target);
      if (target === undefined) throw new ModelDefinitionError(`${entity.name}.${name} targets unknown entity ${relation.target}`);
      const holder = relation.kind === 'hasMany' ? target : entity;
      if (!holder.fieldByName.has(relation.foreignKey)) {
        throw new ModelDefinitionError(`${entity.name}.${name}: ${holder.name} has no field ${relation.foreignKey}`);
      }
    }
  }
  return {
    entities,
    entity(name: string): ModelEntity {
      const found = byName.get(name);
      if (found === undefined) throw new ModelDefinitionError(`unknown entity ${name}`);
      return found;
    },
  };
}
