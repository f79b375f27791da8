import { useCallback, useEffect, useState } from 'react';
import type { EntityName } from '@steward/data-client';
import { useServices } from '../../app/ports-context';
import { useLoadingStore } from '../../stores/loading-store';
import { describeDataError } from './data-errors';
import type { DataProblem } from './data-errors';
import { entityAccess } from './entity-access';
import type { EntityRow } from './entity-access';

/** One record by id: loading, found, missing or failed. */
export type EntityState = { status: 'loading' } | { status: 'found'; row: EntityRow } | { status: 'missing' } | { status: 'failed'; problem: DataProblem };

/** Loads one record of `entity` (no id: missing); `reload` fetches it again. */
export function useEntity(entity: EntityName, id: string | null): { state: EntityState; reload: () => void; setRow: (row: EntityRow) => void } {
  const { data } = useServices();
  const track = useLoadingStore((s) => s.track);
  const [state, setState] = useState<EntityState>({ status: id === null ? 'missing' : 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (id === null || id === '') {
      setState({ status: 'missing' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    track(entityAccess(data, entity).get(id)).then(
      (row) => current && setState(row === null ? { status: 'missing' } : { status: 'found', row }),
      (failure: unknown) => current && setState({ status: 'failed', problem: describeDataError(failure) }),
    );
    return () => {
      current = false;
    };
  }, [data, entity, id, track, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const setRow = useCallback((row: EntityRow) => setState({ status: 'found', row }), []);
  return { state, reload, setRow };
}
