import type { Config } from '../config/config.js';
import type { Database } from './database.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl !== undefined) return openPostgresDatabase(config.databaseUrl, config.databaseSchema);
  return openPgliteDatabase(config.dataDir);
}
