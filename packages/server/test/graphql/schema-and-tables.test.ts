import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { printSchema } from '../../src/graphql/execution/graphql-js.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { buildDataApiSchema, dataModel, resolveModel } from '../../src/graphql/index.js';
import { DATA_API_MIGRATION_FILE, dataApiMigrationSql, dataApiMigrations, migrationFile } from '../../src/graphql/sql/write-migration.js';
import { migrate } from '../../src/db/migrate.js';
import { BACKENDS, openTestDatabase } from './data-api-harness.js';

const model = resolveModel(dataModel);

describe.each(BACKENDS)('tables generated from the model on %s', (backend) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await openTestDatabase(backend)));
  afterAll(async () => drop());

  it('has a table with every field of every entity as a column', async () => {
    const rows = await db.query<{ table_name: string; column_name: string }>(
      'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()',
    );
    for (const entity of model.entities) {
      const columns = rows.filter((r) => r.table_name === entity.name).map((r) => r.column_name);
      expect(columns.sort(), entity.name).toEqual(entity.fields.map((f) => f.name).sort());
    }
  });

  it('indexes every filtered field together with id, for keyset pages', async () => {
    const rows = await db.query<{ tablename: string; indexdef: string }>('SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = current_schema()');
    for (const entity of model.entities) {
      for (const field of entity.fields.filter((f) => f.indexed)) {
        const col = field.name === field.name.toLowerCase() ? field.name : `"${field.name}"`;
        const found = rows.some((r) => r.tablename === entity.name && r.indexdef.includes(`(${col}, id)`));
        expect(found, `${entity.name}.${field.name}`).toBe(true);
      }
    }
    for (const filter of ['"SessionMdl" USING btree ("userId", "isActive", id)', '"AccountMdl" USING btree ("clientNumber", "accountStatus", id)', 'WHERE "isActive"']) {
      expect(rows.some((r) => r.indexdef.includes(filter)), filter).toBe(true);
    }
  });
});

describe('GraphQL schema generated from the model', () => {
  const schema = buildDataApiSchema(model);
  const sdl = printSchema(schema);
  const signature = (type: 'Query' | 'Mutation', name: string): string => {
    const field = (type === 'Query' ? schema.getQueryType() : schema.getMutationType())?.getFields()[name];
    return `${name}(${(field?.args ?? []).map((a) => `${a.name}: ${a.type.toString()}`).join(', ')}): ${field?.type.toString() ?? 'missing'}`;
  };
  it('has Amplify-style operations, connections and inputs for every entity', () => {
    for (const entity of model.entities) {
      const ops = entity.operations;
      expect(signature('Query', ops.get)).toBe(`${ops.get}(id: ID!): ${entity.name}`);
      expect(signature('Query', ops.list)).toBe(`${ops.list}(filter: Model${entity.name}FilterInput, limit: Int, nextToken: String): Model${entity.name}Connection`);
      expect(signature('Mutation', ops.create)).toBe(`${ops.create}(input: Create${entity.name}Input!): ${entity.name}`);
      expect(signature('Mutation', ops.update)).toBe(`${ops.update}(input: Update${entity.name}Input!, condition: Model${entity.name}ConditionInput): ${entity.name}`);
      expect(signature('Mutation', ops.delete)).toBe(`${ops.delete}(input: Delete${entity.name}Input!, condition: Model${entity.name}ConditionInput): ${entity.name}`);
    }
    expect(sdl).toMatch(/type ModelContactMdlConnection \{\s+items: \[ContactMdl\]!\s+nextToken: String\s+\}/);
    expect(sdl).toMatch(/input ModelStringInput \{[^}]*beginsWith: String[^}]*attributeExists: Boolean/);
  });
});

describe('migration 0100', () => {
  it.skipIf(!existsSync(DATA_API_MIGRATION_FILE))('holds exactly what the generator makes of the model', async () => {
    expect(await readFile(DATA_API_MIGRATION_FILE, 'utf8')).toBe(dataApiMigrationSql());
  });

  it('stays as shipped: entities added later live in their own migration files, each what the generator makes', async () => {
    const sql = await readFile(DATA_API_MIGRATION_FILE, 'utf8');
    expect(sql).not.toContain('ModificationOptionMdl');
    for (const migration of dataApiMigrations().slice(1)) expect(await readFile(migrationFile(migration), 'utf8'), migration.name).toBe(migration.sql);
  });

  it('leaves the fields added later out of the tables it creates; their migration adds them with ALTER TABLE', async () => {
    const sql = await readFile(DATA_API_MIGRATION_FILE, 'utf8');
    const later = dataApiMigrations().find((m) => m.version === 103)?.sql ?? '';
    for (const entity of model.entities) {
      for (const field of entity.fields.filter((f) => f.addedIn === 103)) {
        const table = sql.slice(sql.indexOf(`CREATE TABLE "${entity.name}" (`)).split(');')[0] ?? '';
        expect(table, `${entity.name}.${field.name}`).not.toContain(`"${field.name}"`);
        expect(later).toContain(`ALTER TABLE "${entity.name}" ADD COLUMN "${field.name}" `);
      }
    }
    expect(later).toContain('CREATE TABLE "DebtorMdl"');
    expect(later).toContain('CREATE UNIQUE INDEX "AccountMdl_natural_key" ON "AccountMdl" ("clientNumber", "fileNumber");');
  });
});

describe.each(BACKENDS)('upgrading to migration 0103 on %s', (backend) => {
  it('adds the later columns to tables that already have rows, leaving them null', async () => {
    const { db, drop } = await openTestDatabase(backend, 2, (m) => m.version < 103);
    try {
      await db.query(`INSERT INTO "AccountMdl" ("id", "clientNumber", "fileNumber") VALUES ('old-1', 'C-1', 'F-1'), ('old-2', 'C-1', NULL), ('old-3', 'C-1', NULL)`);
      expect(await migrate(db, dataApiMigrations().filter((m) => m.version <= 103))).toEqual([103]);
      expect(await db.query(`SELECT "id", "delinquencyDate", "disputed" FROM "AccountMdl" ORDER BY "id"`)).toEqual([
        { id: 'old-1', delinquencyDate: null, disputed: null },
        { id: 'old-2', delinquencyDate: null, disputed: null },
        { id: 'old-3', delinquencyDate: null, disputed: null },
      ]);
    } finally {
      await drop();
    }
  });
});

describe.each(BACKENDS)('natural keys on %s', (backend) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await openTestDatabase(backend)));
  afterAll(async () => drop());

  it('refuses a second account with the same client and file number, but not accounts missing a part of the key', async () => {
    const insert = (id: string, clientNumber: string | null, fileNumber: string | null): Promise<unknown> =>
      db.query('INSERT INTO "AccountMdl" ("id", "clientNumber", "fileNumber") VALUES ($1, $2, $3)', [id, clientNumber, fileNumber]);
    await insert('a1', 'C-1', 'F-1');
    await insert('a2', 'C-2', 'F-1');
    await expect(insert('a3', 'C-1', 'F-1')).rejects.toThrow();
    await insert('a4', 'C-1', null);
    await insert('a5', 'C-1', null);
    const rows = await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%natural_key'`);
    expect(rows.map((r) => r.indexname).sort()).toEqual(model.entities.filter((e) => e.naturalKey.length > 0).map((e) => `${e.name}_natural_key`).sort());
  });
});
