import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { ownerState, readLockOwner, removeLockOwner, writeLockOwner } from './lock-owner.js';
import { makeDataDir } from './data-dir.js';

export class DataDirLockedError extends Error {}

/** How the folder is named in messages: as the user wrote it when it is below the working folder. */
function shown(dataDir: string) {
  const relative = path.relative(process.cwd(), dataDir);
  return relative && !relative.startsWith('..') ? `./${relative}` : dataDir;
}

/** How long the lock of an owner we cannot inspect (another host) lives after its last refresh. */
const STALE_MS = 10_000;

function lockOnce(dataDir: string, lockPath: string) {
  return lockfile.lock(dataDir, {
    lockfilePath: lockPath,
    stale: STALE_MS,
    update: 2_000,
    retries: 0,
    realpath: false,
    onCompromised: (error) => {
      // Someone removed or took our lock: carrying on could corrupt the database.
      console.error(`The lock on ${shown(dataDir)} was lost (${error.message}); stopping.`);
      process.exit(1);
    },
  });
}

function modifiedAt(lockPath: string): number | undefined {
  try {
    return statSync(lockPath).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Removes a lock whose owner is gone, so that a restart right after a crash (`kill -9`, a power
 * cut, a supervisor's restart) works at once: an owner on this host whose pid is gone or reused,
 * or an owner we cannot inspect (another host) that stopped refreshing the lock 10 s ago. A lock
 * without its owner note is being taken right now, so it is left alone; so is one whose
 * modification time changed while we looked (another process took it in between).
 */
function removeAbandonedLock(lockPath: string): boolean {
  const before = modifiedAt(lockPath);
  const owner = readLockOwner(lockPath);
  if (before === undefined || !owner) return false;
  const state = ownerState(owner);
  const abandoned = state === 'dead' || (state === 'unknown' && Date.now() - before > STALE_MS);
  if (!abandoned || modifiedAt(lockPath) !== before) return false;
  rmSync(lockPath, { recursive: true, force: true });
  return true;
}

/**
 * PGlite serves one process only: a second process opening the same folder corrupts it. The lock
 * is a directory created atomically and refreshed while we run, with a note of its owner (pid,
 * process start time, host) beside it. Returns the function that releases it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  makeDataDir(dataDir);
  const lockPath = path.join(dataDir, 'masthead.lock');
  const locked = () =>
    new DataDirLockedError(`the server is running on ${shown(dataDir)}; stop it first, or use DATABASE_URL`);
  // ENOTEMPTY: the library found the lock stale and could not rmdir it, because of its owner note.
  const isLocked = (error: unknown) =>
    ['ELOCKED', 'ENOTEMPTY'].includes((error as { code?: string }).code ?? '');
  let release: () => Promise<void>;
  try {
    release = await lockOnce(dataDir, lockPath);
  } catch (error) {
    if (!isLocked(error)) throw error;
    if (!removeAbandonedLock(lockPath)) throw locked();
    // One more try only: if another process won the lock in between, it is running.
    release = await lockOnce(dataDir, lockPath).catch((again: unknown) => {
      throw isLocked(again) ? locked() : again;
    });
  }
  writeLockOwner(lockPath);
  return async () => {
    removeLockOwner(lockPath);
    await release();
  };
}
