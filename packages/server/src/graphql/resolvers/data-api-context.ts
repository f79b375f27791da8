import type { Caller } from '../authorization/caller.js';
import type { EntityStore } from './entity-store.js';
import type { RelationBatches } from './relation-batches.js';

/** What every resolver gets: the verified caller, the data service and the request's batches. */
export interface DataApiContext {
  readonly caller: Caller;
  readonly store: EntityStore;
  readonly batches: RelationBatches;
}
