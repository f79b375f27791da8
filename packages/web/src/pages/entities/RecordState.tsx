import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LiveRegion } from '../../ui/LiveRegion';
import { Spinner } from '../../ui/Spinner';
import type { EntityRow } from './entity-access';
import type { EntityState } from './use-entity';

/** Shows loading, not-found and failure of one record, and the record itself through `children`. */
export function RecordState({ state, noun, backTo, backLabel, children }: { state: EntityState; noun: string; backTo: string; backLabel: string; children: (row: EntityRow) => ReactNode }) {
  if (state.status === 'loading') return <Spinner label={`Loading the ${noun}`} />;
  if (state.status === 'failed') return <LiveRegion message={state.problem.message} detail={state.problem.detail} />;
  if (state.status === 'missing') {
    return (
      <div className="card">
        <p>No {noun} was chosen, or it no longer exists.</p>
        <Link to={backTo}>{backLabel}</Link>
      </div>
    );
  }
  return <>{children(state.row)}</>;
}
