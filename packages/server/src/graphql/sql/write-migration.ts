// Writes the data API's migrations from the model: `tsx src/graphql/sql/write-migration.ts [--check]`.
// 0100 created every table of the first model and has shipped, so it must never change: entities and
// fields (`addedIn`) added later get their own 01NN file (LATER_MIGRATIONS), generated the same way and
// checked by the same test.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Migration } from '../../db/migrate.js';
import { MIGRATIONS_DIR } from '../../db/migrate.js';
import { dataModel } from '../model/data-model.js';
import { resolveModel } from '../model/resolved-model.js';
import { entityIndexes, GENERATED_HEADER, modelDdl } from './ddl.js';
import type { TableVersions } from './ddl.js';

/** Path of the generated migration 0100. */
export const DATA_API_MIGRATION_FILE = path.join(MIGRATIONS_DIR, '0100_data_api.sql');

/**
 * Entities added after 0100 shipped, each group with the migration that creates its tables. Fields with
 * `addedIn` (and natural keys) of older tables get their ALTER TABLE and indexes in that migration too.
 */
export const LATER_MIGRATIONS: readonly { version: number; name: string; entities: readonly string[] }[] = [
  { version: 101, name: 'modification_options', entities: ['ModificationOptionMdl'] },
  { version: 103, name: 'collections_tools', entities: ['DebtorMdl', 'ImportMdl', 'CampaignMdl', 'CampaignContactMdl', 'ContactRuleMdl'] },
  // Adds `_version` (optimistic concurrency, issue 21) to every table: no new entities.
  { version: 104, name: 'record_versions', entities: [] },
  // No new entity: ClientMdl.clientNumber becomes unique (issue 21).
  { version: 105, name: 'unique_client_numbers', entities: [] },
  // Issue 21: a campaign's email subject, and the debtor's name on each plan entry.
  { version: 106, name: 'campaign_messages', entities: [] },
  // Issue 22, the collector's desk: promises, follow-ups, the activity timeline; assignment and queue facts on accounts; payment fields on transactions.
  { version: 107, name: 'collectors_desk', entities: ['PromiseMdl', 'FollowUpMdl', 'AccountActivityMdl'] },
  // Issue 22, the desk's queue and calls: the client reference of a recorded call (idempotency) and the work queue's index.
  { version: 109, name: 'desk_queue', entities: [] },
  // Issue 22, the desk's dashboard: a book's payments by date (the desk benchmark's finding).
  { version: 110, name: 'desk_dashboard', entities: [] },
];

/** The migration adding the sorted index queries' indexes of the entities 0100 created (later entities carry their own). */
export const SORTED_INDEXES_MIGRATION = { version: 102, name: 'sorted_indexes' } as const;

function versionsOf(entity: string): TableVersions {
  const created = LATER_MIGRATIONS.find((m) => m.entities.includes(entity));
  return created === undefined ? { table: 100, sortedIndexes: SORTED_INDEXES_MIGRATION.version } : { table: created.version, sortedIndexes: created.version };
}

/** The text migration 0100 must hold (the entities of the first model, without the fields added later). */
export function dataApiMigrationSql(): string {
  return modelDdl(resolveModel(dataModel), 100, versionsOf);
}

/** The text of SORTED_INDEXES_MIGRATION: its statements only, as it shipped. */
export function sortedIndexesMigrationSql(): string {
  const { version } = SORTED_INDEXES_MIGRATION;
  const statements = resolveModel(dataModel).entities.flatMap((e) => entityIndexes(e, versionsOf(e.name)).filter((i) => i.version === version).map((i) => i.statement));
  return `${GENERATED_HEADER}\n${statements.join('\n')}\n`;
}

/** Every data API migration generated from the model (0100 and the later ones), in order. */
export function dataApiMigrations(): Migration[] {
  const model = resolveModel(dataModel);
  return [
    { version: 100, name: 'data_api', sql: dataApiMigrationSql() },
    ...LATER_MIGRATIONS.map((m) => ({ version: m.version, name: m.name, sql: modelDdl(model, m.version, versionsOf) })),
    { ...SORTED_INDEXES_MIGRATION, sql: sortedIndexesMigrationSql() },
  ].sort((a, b) => a.version - b.version);
}

/** The file a generated migration lives in. */
export function migrationFile(migration: Pick<Migration, 'version' | 'name'>): string {
  return path.join(MIGRATIONS_DIR, `${String(migration.version).padStart(4, '0')}_${migration.name}.sql`);
}

async function main(): Promise<void> {
  for (const migration of dataApiMigrations()) {
    const file = migrationFile(migration);
    if (process.argv.includes('--check')) {
      const current = await readFile(file, 'utf8').catch(() => '');
      if (current !== migration.sql) {
        console.error(`${file} is out of date with the model; run without --check.`);
        process.exitCode = 1;
      }
      continue;
    }
    await writeFile(file, migration.sql);
    console.log(`wrote ${file}`);
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  await main();
}
