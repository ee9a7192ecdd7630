import { openSync, closeSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { UnavailableError } from '../http.ts';

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
 * Takes the lock file exclusively (created with `wx`, holding our PID). A lock left by a dead process
 * is stale and replaced. Returns the release function; the lock is also dropped when the process exits.
 */
export function acquirePgliteLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        process.off('exit', release);
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
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) throw new DatabaseLockedError(lockFile, owner);
      unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not take the PGlite lock ${lockFile}`);
}
