import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.js';
import { processStartTime, readLockOwner, type LockOwner } from '../lock-owner.js';

let dataDir: string;
let lockPath: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthead-lock-'));
  lockPath = path.join(dataDir, 'masthead.lock');
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** A lock as a crashed process leaves it: the directory and its owner note, never released. */
function leaveLock(owner: LockOwner, ageMs = 0) {
  mkdirSync(lockPath);
  writeFileSync(path.join(lockPath, 'owner.json'), JSON.stringify(owner));
  const when = new Date(Date.now() - ageMs);
  utimesSync(lockPath, when, when);
}

/** The pid of a process that has exited, so nothing runs under it (pids are not reused at once). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('lockDataDir', () => {
  it('should note its owner in the lock and remove the lock on release', async () => {
    const release = await lockDataDir(dataDir);
    expect(readLockOwner(lockPath)).toEqual({
      pid: process.pid,
      startTime: processStartTime(process.pid),
      hostname: os.hostname(),
    });
    await release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('should refuse a second lock while a live process holds it', async () => {
    const release = await lockDataDir(dataDir);
    try {
      await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(dataDir)).rejects.toThrow(/the server is running on .*stop it first/);
    } finally {
      await release();
    }
  });

  it('should take at once a fresh lock whose owner on this host was killed (restart after kill -9)', async () => {
    leaveLock({ pid: deadPid(), startTime: null, hostname: os.hostname() });
    const release = await lockDataDir(dataDir);
    expect(readLockOwner(lockPath)?.pid).toBe(process.pid);
    await release();
  });

  it.runIf(processStartTime(process.pid) !== null)(
    'should take a lock whose pid now belongs to a process that started at another time',
    async () => {
      leaveLock({ pid: process.pid, startTime: '1', hostname: os.hostname() });
      const release = await lockDataDir(dataDir);
      await release();
    },
  );

  it('should refuse a fresh lock of another host, whose owner it cannot inspect', async () => {
    leaveLock({ pid: deadPid(), startTime: null, hostname: `not-${os.hostname()}` });
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirLockedError);
  });

  it('should take the lock of another host once it has not been refreshed for 10 s', async () => {
    leaveLock({ pid: 1, startTime: null, hostname: `not-${os.hostname()}` }, 11_000);
    const release = await lockDataDir(dataDir);
    expect(readLockOwner(lockPath)?.hostname).toBe(os.hostname());
    await release();
  });

  it('should leave alone a lock that has no owner note yet: another process is taking it', async () => {
    mkdirSync(lockPath);
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirLockedError);
  });
});
