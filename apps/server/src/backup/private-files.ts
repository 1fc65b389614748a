import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * A backup holds the provider's private signing keys, password hashes, sessions and the storage
 * key, so whatever a backup or a restore writes is for its owner alone: files 0600, folders 0700.
 * The modes are set explicitly (not left to the umask) and set again after the fact on what
 * another library wrote (PGlite's restored data folder).
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

/** Creates a folder (and its missing parents) readable by its owner only. */
export async function makePrivateFolder(folder: string) {
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER });
  await chmod(folder, PRIVATE_FOLDER);
}

/** Sets 0700 on a folder and every folder below it, and 0600 on every file; symbolic links are left alone. */
export async function makePrivateTree(target: string): Promise<void> {
  const stats = await lstat(target);
  if (stats.isSymbolicLink()) return;
  if (!stats.isDirectory()) return chmod(target, PRIVATE_FILE);
  await chmod(target, PRIVATE_FOLDER);
  for (const name of await readdir(target)) await makePrivateTree(path.join(target, name));
}
