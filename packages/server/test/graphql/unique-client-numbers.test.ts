// A client number names one client (issue 21 item 4): two ClientMdl records may not share one, the
// API answers a duplicate with a typed error naming the field, and migration 0105 refuses, whole, a
// database that already holds duplicates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { dataApiMigrations } from '../../src/graphql/sql/write-migration.js';
import { BACKENDS, openTestDatabase, startDataApi, type DataApiHarness } from './data-api-harness.js';

interface ClientResult {
  createClientMdl?: { id: string; clientNumber: string } | null;
  updateClientMdl?: { id: string; clientNumber: string } | null;
}

const CREATE = 'mutation ($input: CreateClientMdlInput!) { createClientMdl(input: $input) { id clientNumber } }';
const UPDATE = 'mutation ($input: UpdateClientMdlInput!) { updateClientMdl(input: $input) { id clientNumber } }';

describe.each(BACKENDS)('unique client numbers on %s', (backend) => {
  let h: DataApiHarness;
  let staff: string;
  beforeAll(async () => {
    h = await startDataApi(backend);
    staff = await h.tokens.issue('staff-sub', { groups: ['Staff'] });
  });
  afterAll(async () => h.close());

  it('refuses creating a second client with the same number with DuplicateValueException naming clientNumber', async () => {
    expect((await h.gql<ClientResult>(staff, CREATE, { input: { clientName: 'First', clientNumber: 'C-1001' } })).body.data?.createClientMdl?.clientNumber).toBe('C-1001');
    const again = await h.gql<ClientResult>(staff, CREATE, { input: { clientName: 'Second', clientNumber: 'C-1001' } });
    expect(again.body.errors?.[0]).toMatchObject({
      errorType: 'DuplicateValueException',
      message: 'Another ClientMdl already has this clientNumber; a clientNumber names one ClientMdl.',
      errorInfo: { entity: 'ClientMdl', field: 'clientNumber' },
    });
    const listed = await h.gql<{ listClientMdls: { items: { clientName: string }[] } }>(staff, '{ listClientMdls(filter: { clientNumber: { eq: "C-1001" } }) { items { clientName } } }');
    expect(listed.body.data?.listClientMdls.items.map((c) => c.clientName)).toEqual(['First']);
  });

  it("refuses changing a client's number to another client's, and keeps the record as it was", async () => {
    const other = await h.gql<ClientResult>(staff, CREATE, { input: { clientName: 'Other', clientNumber: 'C-2002' } });
    const id = other.body.data?.createClientMdl?.id ?? '';
    const changed = await h.gql<ClientResult>(staff, UPDATE, { input: { id, clientNumber: 'C-1001' } });
    expect(changed.body.errors?.[0]).toMatchObject({ errorType: 'DuplicateValueException', errorInfo: { field: 'clientNumber' } });
    const kept = await h.gql<{ getClientMdl: { clientNumber: string } }>(staff, `{ getClientMdl(id: "${id}") { clientNumber } }`);
    expect(kept.body.data?.getClientMdl.clientNumber).toBe('C-2002');
  });

  it('still allows clients without a number, and renumbering a client to a free number', async () => {
    for (const name of ['No number A', 'No number B']) expect((await h.gql<ClientResult>(staff, CREATE, { input: { clientName: name } })).body.errors).toBeUndefined();
    const c = await h.gql<ClientResult>(staff, CREATE, { input: { clientName: 'Mover', clientNumber: 'C-3003' } });
    const moved = await h.gql<ClientResult>(staff, UPDATE, { input: { id: c.body.data?.createClientMdl?.id, clientNumber: 'C-3004' } });
    expect(moved.body.errors).toBeUndefined();
    expect(moved.body.data?.updateClientMdl?.clientNumber).toBe('C-3004');
  });
});

describe.each(BACKENDS)('migration 0105 on a %s database that already holds duplicate client numbers', (backend) => {
  it('refuses to run, names the duplicates, and leaves the database as it was (no half migration)', async () => {
    const { db, drop } = await openTestDatabase(backend, 2, (m) => m.version < 105);
    try {
      const now = new Date().toISOString();
      for (const id of ['a', 'b']) await db.query('INSERT INTO "ClientMdl" ("id", "clientName", "clientNumber", "createdAt", "updatedAt") VALUES ($1, $2, $3, $4, $4)', [id, `Client ${id}`, 'C-1001', now]);
      await expect(migrate(db, dataApiMigrations())).rejects.toThrow(/ClientMdl\.clientNumber has duplicates \(C-1001\)/);
      const applied = await db.query<{ version: number }>('SELECT version::int AS version FROM schema_migrations ORDER BY version');
      expect(applied.map((r) => r.version)).not.toContain(105);
      // Fixing the data lets the migration through.
      await db.query(`UPDATE "ClientMdl" SET "clientNumber" = 'C-1002' WHERE "id" = 'b'`);
      await migrate(db, dataApiMigrations());
      await expect(db.query('INSERT INTO "ClientMdl" ("id", "clientNumber", "createdAt", "updatedAt") VALUES ($1, $2, $3, $3)', ['c', 'C-1001', now])).rejects.toMatchObject({ code: '23505' });
    } finally {
      await drop();
    }
  });
});
