import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { describeDataError } from './data-errors';
import type { DataProblem } from './data-errors';
import type { EntityRow } from './entity-access';
import type { RecordConflict } from './record-conflict';

/**
 * The one "changed by someone else" state of every edit form: shown when a save was refused because
 * the record changed since the page read it. "Reload" discards the user's change and shows the
 * current record (`onReload` gets it, or null to read it again); "Keep mine" saves the change again
 * on top of the current version.
 */
export function ConflictNotice({ guard, noun, onReload }: { guard: RecordConflict; noun: string; onReload: (current: EntityRow | null) => void }) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<DataProblem | null>(null);
  if (guard.conflict === null) return null;
  const keepMine = async (): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await guard.keepMine();
    } catch (failure) {
      setProblem(describeDataError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card conflict-notice" role="alert" aria-labelledby={titleId}>
      <h2 className="card__title" id={titleId}>
        This {noun} was changed by someone else
      </h2>
      <p>Your change was not saved: someone else saved this {noun} after you opened it.</p>
      <p className="muted">Reload shows their version and discards your change. Keep mine saves your change on top of theirs.</p>
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      <div className="row">
        <Button onClick={() => onReload(guard.discard())} disabled={busy}>
          Reload
        </Button>
        <Button variant="secondary" busy={busy} onClick={() => void keepMine()}>
          Keep mine
        </Button>
      </div>
    </div>
  );
}
