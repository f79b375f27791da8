import { describe, expect, it } from 'vitest';
import { isServiceError } from '../../errors/catalogue.js';
import type { Queryable } from '../../db/database.js';
import { SecretBox } from '../../sealing/secret-box.js';
import { KnownClients } from './known-clients.js';

const secrets = new SecretBox('known-clients-test-sealing-secret-0000000');

/** A database with app clients `client0`..`client{count-1}` in pool `us-east-1_pool`, counting its reads. */
function fakeDatabase(count: number): Queryable & { reads: number } {
  const db = {
    reads: 0,
    query<T extends object>(_sql: string, params: readonly unknown[] = []): Promise<T[]> {
      db.reads += 1;
      const id = String(params[0]);
      const index = Number(id.replace('client', ''));
      if (!id.startsWith('client') || !(index >= 0 && index < count)) return Promise.resolve([]);
      return Promise.resolve([{ client: { id, pool_id: 'us-east-1_pool', secret: null }, pool: { id: 'us-east-1_pool', password_policy: {}, created_at: '2024-01-01T00:00:00Z' }, side: null } as unknown as T]);
    },
  };
  return db;
}

describe('known app clients', () => {
  it('answers the pool of a known client, reading the database once', async () => {
    const db = fakeDatabase(1);
    const clients = new KnownClients({ db, secrets });
    expect(await clients.poolOf('client0')).toBe('us-east-1_pool');
    expect(await clients.poolOf('client0')).toBe('us-east-1_pool');
    expect(db.reads).toBe(1);
  });

  it('refuses an unknown client with ResourceNotFoundException and never remembers it', async () => {
    const db = fakeDatabase(0);
    const clients = new KnownClients({ db, secrets });
    for (let i = 0; i < 100; i++) {
      const refused = await clients.poolOf(`made-up-${i}`).catch((error: unknown) => error);
      expect(isServiceError(refused, 'ResourceNotFoundException')).toBe(true);
    }
    expect(clients.size).toBe(0);
    expect(db.reads).toBe(100);
  });

  it('remembers a bounded number of clients', async () => {
    const clients = new KnownClients({ db: fakeDatabase(1_500), secrets });
    for (let i = 0; i < 1_500; i++) await clients.poolOf(`client${i}`);
    expect(clients.size).toBe(1_000);
  });
});
