import { openSync, closeSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { UnavailableError } from '../http/errors.ts';

/** A second process on the same PGlite folder would silently lose writes: it gets this error instead. */
export class DatabaseLockedError extends UnavailableError {
  constructor(lockFile: string, pid: number) {
    super(
      `The embedded database is already in use by process ${pid} (lock ${lockFile}). ` +
        'Stop that process or use another DATA_DIR; only one process may own a PGlite folder.',
    );
    this.name = 'DatabaseLockedError';
  }
}

/** Lock files this process holds: a second open in the same process is refused like any other. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock file exclusively (created with `wx`, holding our PID). A lock left by a dead process,
 * or by an earlier process with our PID, is stale and replaced. Returns the release function; the lock is also dropped when the process exits.
 */
export function acquirePgliteLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(lockFile);
      const release = () => {
        process.off('exit', release);
        held.delete(lockFile);
        try {
          if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) unlinkSync(lockFile);
        } catch {
          // Already gone.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
      if (held.has(lockFile)) throw new DatabaseLockedError(lockFile, process.pid);
      // Our own PID on a lock we do not hold was left by an earlier process that had the same PID: a
      // restarted container often gets the same one (PID 1), and it must not lock itself out.
      const stale = !Number.isInteger(owner) || owner <= 0 || owner === process.pid || !isAlive(owner);
      if (!stale) throw new DatabaseLockedError(lockFile, owner);
      unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not take the PGlite lock ${lockFile}`);
}
