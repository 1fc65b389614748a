import { mkdirSync, statSync } from 'node:fs';

/**
 * DATA_DIR holds the embedded database (password hashes, sessions, the provider's private keys)
 * and the storage signing key, so a folder Masthead makes is its owner's alone (0700). PGlite then
 * writes some of its own files world-readable; the folder's mode is what keeps others out.
 */
export function makeDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/**
 * One line for the log when other users of the machine can enter or read DATA_DIR (a folder made
 * before this rule, or by hand). It is not changed behind the operator's back: DATA_DIR may be a
 * folder they chose to share.
 */
export function dataDirExposure(dataDir: string): string | undefined {
  let mode: number;
  try {
    mode = statSync(dataDir).mode & 0o777;
  } catch {
    return undefined;
  }
  if ((mode & 0o007) === 0) return undefined;
  return `DATA_DIR ${dataDir} is open to other users of this machine (mode ${mode.toString(8)}), and it holds the database, password hashes and signing keys: run chmod 700 ${dataDir}`;
}
