// What an attacker who can read the database sees: every row of every table, for at-rest tests.
import type { TestServer } from '../harness.js';

/** Every row of every table of the server's schema, as text. */
export async function dumpDatabase(server: TestServer): Promise<string> {
  const tables = await server.db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`);
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = await server.db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table_name}" t`);
    parts.push(...rows.map((r) => `${table_name}: ${r.row}`));
  }
  return parts.join('\n');
}
