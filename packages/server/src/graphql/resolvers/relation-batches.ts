interface PendingBatch<V> {
  readonly keys: string[];
  readonly waiters: Map<string, { resolve: (value: V) => void; reject: (error: unknown) => void }[]>;
  readonly run: (keys: readonly string[]) => Promise<Map<string, V | Error>>;
}

/**
 * Collects the loads of one request that share a batch key (same relation, arguments and columns)
 * and runs them as one call once the current synchronous pass is over: graphql-js resolves the
 * fields of every item of a list in one pass, so a page of N parents becomes one query.
 */
export class RelationBatches {
  private readonly pending = new Map<string, PendingBatch<unknown>>();
  /** Values read together with their parent record (same SQL statement), by parent and batch key. */
  private readonly primedValues = new WeakMap<object, Map<string, unknown>>();

  /** Records `value` as the result of `batchKey` for `parent`, so no query is needed for it. */
  readonly prime = (parent: object, batchKey: string, value: unknown): void => {
    let values = this.primedValues.get(parent);
    if (values === undefined) {
      values = new Map();
      this.primedValues.set(parent, values);
    }
    values.set(batchKey, value);
  };

  /** The value primed for `parent` and `batchKey`, if any. */
  primed<V>(parent: object, batchKey: string): V | Error | undefined {
    return this.primedValues.get(parent)?.get(batchKey) as V | Error | undefined;
  }

  /** Loads `key` within the batch `batchKey`; `run` is called once with all keys of the batch. */
  load<V>(batchKey: string, key: string, run: (keys: readonly string[]) => Promise<Map<string, V | Error>>): Promise<V> {
    let batch = this.pending.get(batchKey) as PendingBatch<V> | undefined;
    if (batch === undefined) {
      const created: PendingBatch<V> = { keys: [], waiters: new Map(), run };
      batch = created;
      this.pending.set(batchKey, created as PendingBatch<unknown>);
      queueMicrotask(() => {
        this.pending.delete(batchKey);
        void this.dispatch(created);
      });
    }
    const target = batch;
    return new Promise<V>((resolve, reject) => {
      const list = target.waiters.get(key);
      if (list === undefined) {
        target.keys.push(key);
        target.waiters.set(key, [{ resolve, reject }]);
      } else {
        list.push({ resolve, reject });
      }
    });
  }

  private async dispatch<V>(batch: PendingBatch<V>): Promise<void> {
    try {
      const results = await batch.run(batch.keys);
      for (const [key, waiters] of batch.waiters) {
        const value = results.get(key);
        for (const w of waiters) {
          if (value instanceof Error) w.reject(value);
          else w.resolve(value as V);
        }
      }
    } catch (error) {
      for (const waiters of batch.waiters.values()) for (const w of waiters) w.reject(error);
    }
  }
}
