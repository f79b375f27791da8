// Saving a record the page read earlier without overwriting someone else's later save (issue 21):
// every update carries the `_version` the page loaded; when the data API answers ConflictUnhandled
// the write is kept pending so the page can offer "Reload" (show theirs) or "Keep mine" (send it
// again on top of the current version). ConflictNotice shows that choice; this hook holds it.
import { useCallback, useRef, useState } from 'react';
import { ConflictError } from '@steward/data-client';
import type { EntityRow } from './entity-access';

/** The `_version` a record was read at (undefined for a record without one, e.g. a temporary profile). */
export function versionOf(row: Readonly<Record<string, unknown>> | null | undefined): number | undefined {
  const version = row?._version;
  return typeof version === 'number' ? version : undefined;
}

/** A save that can run again: it writes the user's change expecting `version`. */
export type VersionedWrite = (version: number | undefined) => Promise<void>;

/** A save refused because the record changed since the page read it. */
export interface PendingConflict {
  /** The record as stored now (null when the server did not send it). */
  readonly current: EntityRow | null;
}

/** The conflict state of one page's saves and what the page can do about it. */
export interface RecordConflict {
  readonly conflict: PendingConflict | null;
  /**
   * Runs `write` expecting `version`. Resolves true once written; false when the record changed
   * since (the write stays pending for keepMine). Other failures reject as they are.
   */
  attempt: (version: number | undefined, write: VersionedWrite) => Promise<boolean>;
  /** Sends the pending write again on top of the current version ("Keep mine"). */
  keepMine: () => Promise<boolean>;
  /** Drops the pending write and returns the current record to show ("Reload"). */
  discard: () => EntityRow | null;
}

/** One page's conflict state: at most one pending write (the latest refused one). */
export function useRecordConflict(): RecordConflict {
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
  const pending = useRef<{ write: VersionedWrite; current: EntityRow | null } | null>(null);

  const attempt = useCallback(async (version: number | undefined, write: VersionedWrite): Promise<boolean> => {
    try {
      await write(version);
    } catch (failure) {
      if (!(failure instanceof ConflictError)) throw failure;
      const current = failure.current === null ? null : (failure.current as EntityRow);
      pending.current = { write, current };
      setConflict({ current });
      return false;
    }
    pending.current = null;
    setConflict(null);
    return true;
  }, []);

  const keepMine = useCallback(async (): Promise<boolean> => {
    const refused = pending.current;
    if (refused === null) return true;
    return attempt(versionOf(refused.current), refused.write);
  }, [attempt]);

  const discard = useCallback((): EntityRow | null => {
    const current = pending.current?.current ?? null;
    pending.current = null;
    setConflict(null);
    return current;
  }, []);

  return { conflict, attempt, keepMine, discard };
}
