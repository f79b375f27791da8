// One process per PGlite folder. PGlite keeps no lock of its own, and two processes writing one
// folder corrupt it (a server and the CLI, or two servers). The first process to open the folder
// holds `<folder>/steward.lock` (its pid, host, boot and start time); later ones stop with
// DatabaseLockedError. A lock whose process is gone (killed, or the machine restarted, or its pid
// now belongs to another process) is taken over.
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** The lock file's name inside the data folder. */
export const LOCK_FILE_NAME = 'steward.lock';

/** Who holds a folder, as written in its lock file. */
export interface LockOwner {
  readonly pid: number;
  readonly hostname: string;
  /** The kernel's boot id (Linux), to tell a lock from before a restart. */
  readonly bootId: string | null;
  /** The process's start time in clock ticks since boot (Linux), to tell a reused pid. */
  readonly startTicks: string | null;
  readonly startedAt: string;
}

/** A second process tried to open a PGlite folder another process holds. */
export class DatabaseLockedError extends Error {
  override readonly name = 'DatabaseLockedError';
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database folder ${dataDir} is in use by process ${String(owner.pid)} on ${owner.hostname} (started ${owner.startedAt}). ` +
        'PGlite allows one process per folder: stop that process first, or use PostgreSQL (DATABASE_URL) to run several. ' +
        `If that process is certainly gone (on another machine sharing the folder), delete ${path.join(dataDir, LOCK_FILE_NAME)}.`,
    );
  }
}

/** A held folder lock. */
export interface FolderLock {
  /** Removes the lock file if it is still this process's. */
  release(): void;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Boot id and start ticks of a process (Linux /proc); nulls where the system does not tell. */
function processStart(pid: number): { bootId: string | null; startTicks: string | null } {
  const bootId = readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
  // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count after its ')'.
  const stat = readText(`/proc/${String(pid)}/stat`);
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { bootId: bootId === '' ? null : bootId, startTicks: fields?.[19] ?? null };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string') return undefined;
    return { pid: value.pid, hostname: value.hostname, bootId: value.bootId ?? null, startTicks: value.startTicks ?? null, startedAt: String(value.startedAt) };
  } catch {
    return undefined;
  }
}

/** Whether the lock's process is certainly gone. Another host's processes cannot be looked at: never stale. */
function isStale(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return false;
  const now = processStart(owner.pid);
  if (owner.bootId !== null && now.bootId !== null && owner.bootId !== now.bootId) return true;
  if (!isAlive(owner.pid)) return true;
  return owner.startTicks !== null && now.startTicks !== null && owner.startTicks !== now.startTicks;
}

/** Takes the lock of `dataDir` for this process; DatabaseLockedError when a live process holds it. */
export function acquireFolderLock(dataDir: string): FolderLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const start = processStart(process.pid);
  const mine = `${JSON.stringify({ pid: process.pid, hostname: hostname(), ...start, startedAt: new Date().toISOString() } satisfies LockOwner)}\n`;
  // Written whole first, then linked into place: the link fails if a lock exists, and no reader
  // ever sees a half-written lock (which it would have to take for a crashed writer's).
  const draft = `${file}.${String(process.pid)}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, mine, { flag: 'wx', mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, file);
        return holding(file, mine);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const held = readText(file);
      if (held === undefined) continue;
      const owner = parseOwner(held);
      if (owner !== undefined && !isStale(owner)) throw new DatabaseLockedError(dataDir, owner);
      // Removed only if no other process took it over since it was read.
      if (readText(file) === held) rmSync(file, { force: true });
    }
    const owner = parseOwner(readText(file) ?? '');
    if (owner !== undefined) throw new DatabaseLockedError(dataDir, owner);
    throw new Error(`Could not take the lock ${file}: other processes keep replacing it.`);
  } finally {
    rmSync(draft, { force: true });
  }
}

function holding(file: string, mine: string): FolderLock {
  const release = (): void => {
    process.off('exit', release);
    if (readText(file) === mine) rmSync(file, { force: true });
  };
  // A process that exits without closing the database (process.exit, an uncaught error) still lets go.
  process.on('exit', release);
  return { release };
}
