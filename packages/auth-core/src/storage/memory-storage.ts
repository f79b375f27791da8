import type { KeyValueStorage } from './key-value-storage.js';

/** Storage kept in memory only: for Node, tests and privacy modes. */
export function createMemoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    async setItem(key, value) {
      items.set(key, value);
    },
    async getItem(key) {
      return items.get(key) ?? null;
    },
    async removeItem(key) {
      items.delete(key);
    },
    async clear() {
      items.clear();
    },
  };
}
