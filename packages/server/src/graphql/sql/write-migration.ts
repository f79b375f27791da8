// Writes the data API's migration from the model: `tsx src/graphql/sql/write-migration.ts [--check]`.
// 0100 creates every table; once it has shipped, model changes get a new hand-checked 01NN file.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../db/migrate.js';
import { dataModel } from '../model/data-model.js';
import { resolveModel } from '../model/resolved-model.js';
import { modelDdl } from './ddl.js';

/** Path of the generated migration. */
export const DATA_API_MIGRATION_FILE = path.join(MIGRATIONS_DIR, '0100_data_api.sql');

/** The text migration 0100 must hold. */
export function dataApiMigrationSql(): string {
  return modelDdl(resolveModel(dataModel));
}

async function main(): Promise<void> {
  const sql = dataApiMigrationSql();
  if (process.argv.includes('--check')) {
    const current = await readFile(DATA_API_MIGRATION_FILE, 'utf8').catch(() => '');
    if (current !== sql) {
      console.error(`${DATA_API_MIGRATION_FILE} is out of date with the model; run without --check.`);
      process.exitCode = 1;
    }
    return;
  }
  await writeFile(DATA_API_MIGRATION_FILE, sql);
  console.log(`wrote ${DATA_API_MIGRATION_FILE}`);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  await main();
}
