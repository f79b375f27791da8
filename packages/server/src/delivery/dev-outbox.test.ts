import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openPgliteDatabase } from '../db/pglite-database.js';
import { DevOutbox } from './dev-outbox.js';

let db: Database;
beforeAll(async () => {
  db = await openPgliteDatabase('memory://');
  await migrate(db);
});
afterAll(async () => db.close());

describe('the dev outbox', () => {
  it('lists messages newest first past ten messages (ids ordered as numbers, not as text)', async () => {
    const outbox = new DevOutbox(db, { now: () => new Date() }, () => undefined);
    for (let i = 1; i <= 12; i++) await outbox.send({ channel: 'email', destination: 'order@example.com', body: `message ${i}`, code: String(i).padStart(6, '0') });

    const listed = await outbox.list('ORDER@example.com');
    expect(listed.map((m) => m.body)).toEqual(Array.from({ length: 12 }, (_, i) => `message ${12 - i}`));
    expect(listed[0]?.code).toBe('000012');
    expect(await outbox.list('someone-else@example.com')).toEqual([]);
  });
});
