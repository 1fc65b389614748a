import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataDirExposure, makeDataDir } from '../data-dir.js';
import { lockDataDir } from '../data-dir-lock.js';

let root: string;
let umask: number;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'masthead-data-dir-'));
  // The permissive umask a shared machine may have: the folder's mode must not depend on it.
  umask = process.umask(0);
});
afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const modeOf = (folder: string) => statSync(folder).mode & 0o777;

describe('DATA_DIR', () => {
  it('should be made readable by its owner only, with its missing parents, even with umask 000', () => {
    const dataDir = path.join(root, 'srv', 'data');
    makeDataDir(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(root, 'srv'))).toBe(0o700);
    expect(dataDirExposure(dataDir)).toBeUndefined();
  });

  it('should be made private by the embedded database lock (regression: it was 0755, and PGlite writes files 0644)', async () => {
    const dataDir = path.join(root, 'data');
    const release = await lockDataDir(dataDir);
    await release();
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('should say in one line when other users can enter an existing DATA_DIR, and leave its mode alone', () => {
    const dataDir = path.join(root, 'shared');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    makeDataDir(dataDir);
    expect(modeOf(dataDir)).toBe(0o755);
    const warning = dataDirExposure(dataDir);
    expect(warning).toContain('mode 755');
    expect(warning).toContain(`chmod 700 ${dataDir}`);
    chmodSync(dataDir, 0o750);
    expect(dataDirExposure(dataDir)).toBeUndefined();
  });
});
