import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Who holds a lock: enough to tell, on the same host, a live owner from a dead one. */
export interface LockOwner {
  pid: number;
  /** The process's start time (Linux: clock ticks since boot), so a reused pid is not mistaken for the owner. */
  startTime: string | null;
  hostname: string;
}

const OWNER_FILE = 'owner.json';

/** The start time of a process on Linux, from /proc; null elsewhere or when it does not exist. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses, so count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null; // field 22, starttime
  } catch {
    return null;
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * 'dead' only when it is certain: the owner ran on this host and its pid is gone, or now belongs
 * to a process that started at another time. An owner on another host (a shared volume, another
 * container) is 'unknown'.
 */
export function ownerState(owner: LockOwner): 'alive' | 'dead' | 'unknown' {
  if (owner.hostname !== os.hostname()) return 'unknown';
  if (!pidExists(owner.pid)) return 'dead';
  if (owner.startTime === null) return 'alive';
  const startTime = processStartTime(owner.pid);
  return startTime === null || startTime === owner.startTime ? 'alive' : 'dead';
}

export function readLockOwner(lockPath: string): LockOwner | undefined {
  try {
    const value = JSON.parse(readFileSync(path.join(lockPath, OWNER_FILE), 'utf8')) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string') return undefined;
    return { pid: value.pid, startTime: value.startTime ?? null, hostname: value.hostname };
  } catch {
    return undefined;
  }
}

export function writeLockOwner(lockPath: string): void {
  const owner: LockOwner = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    hostname: os.hostname(),
  };
  // The lock library takes a changed modification time for a stolen lock, and adding a file to
  // the directory changes it: put it back.
  const { atime, mtime } = statSync(lockPath);
  writeFileSync(path.join(lockPath, OWNER_FILE), JSON.stringify(owner));
  utimesSync(lockPath, atime, mtime);
}

/** The lock is a directory that its library removes with rmdir, so it must be empty by then. */
export function removeLockOwner(lockPath: string): void {
  rmSync(path.join(lockPath, OWNER_FILE), { force: true });
}
