import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newPglite } from '../db/database.js';
import { readTar, TarWriter } from './tar-file.js';

/**
 * A backup of the embedded default is one tar file: a manifest, PGlite's data folder as PGlite's
 * own dump (a gzipped tar, see docs/decisions/023), the storage signing key and, with objects, the
 * local asset files with their metadata.
 */

const MANIFEST = 'masthead-backup.json';
const DATABASE = 'db.tgz';
const STORAGE_KEY = 'storage.key';
const OBJECTS = 'objects';

interface Manifest {
  format: 'masthead-backup';
  version: 1;
  createdAt: string;
  withObjects: boolean;
}

export interface BackupSummary {
  databaseBytes: number;
  objects: number;
}

/** Every file below a folder, as paths relative to it, leaving out uploads still in progress. */
function filesBelow(root: string, relative = ''): string[] {
  const folder = path.join(root, relative);
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return name === '.tmp' ? [] : filesBelow(root, name);
    return entry.isFile() ? [name] : [];
  });
}

function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Writes the backup next to its final name and renames it into place, so that a failed backup
 * never leaves a file that looks whole. The database is copied first; objects are copied after
 * it, and an object deleted in between is left out (its asset was being deleted).
 */
export async function writeBackup(options: {
  snapshot: () => Promise<Uint8Array>;
  dataDir: string;
  file: string;
  withObjects: boolean;
}): Promise<BackupSummary> {
  const { dataDir, file, withObjects } = options;
  const partial = `${file}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  const database = await options.snapshot();
  const tar = new TarWriter(partial);
  try {
    const manifest: Manifest = {
      format: 'masthead-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      withObjects,
    };
    tar.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    tar.add(DATABASE, database);
    const key = readIfThere(path.join(dataDir, STORAGE_KEY));
    if (key) tar.add(STORAGE_KEY, key);
    let objects = 0;
    if (withObjects) {
      const root = path.join(dataDir, OBJECTS);
      for (const name of filesBelow(root)) {
        const content = readIfThere(path.join(root, name));
        if (!content) continue;
        tar.add(`${OBJECTS}/${name}`, content);
        if (!name.startsWith('.meta/')) objects++;
      }
    }
    tar.close();
    renameSync(partial, file);
    return { databaseBytes: database.length, objects };
  } catch (error) {
    tar.abort();
    rmSync(partial, { force: true });
    throw error;
  }
}

export class NotABackupError extends Error {}

/** Fills an empty data folder from a backup; the caller checks that it is empty and holds its lock. */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupSummary> {
  const entries = readTar(file);
  const first = entries.next();
  if (first.done || first.value.name !== MANIFEST)
    throw new NotABackupError(`${file} is not a Masthead backup`);
  const manifest = JSON.parse(first.value.read().toString()) as Partial<Manifest>;
  if (manifest.format !== 'masthead-backup' || manifest.version !== 1)
    throw new NotABackupError(`${file} is not a Masthead backup this version can read`);
  let databaseBytes = 0;
  let objects = 0;
  for (const entry of entries) {
    if (entry.name === DATABASE) {
      const content = entry.read();
      databaseBytes = content.length;
      const pglite = newPglite({
        dataDir: path.join(dataDir, 'db'),
        loadDataDir: new Blob([new Uint8Array(content)]),
      });
      await pglite.waitReady;
      await pglite.close();
    } else if (entry.name === STORAGE_KEY) {
      writeFileSync(path.join(dataDir, STORAGE_KEY), entry.read(), { mode: 0o600 });
    } else if (entry.name.startsWith(`${OBJECTS}/`)) {
      const target = path.resolve(dataDir, entry.name);
      // A crafted archive must not write outside the data folder.
      if (!target.startsWith(path.join(dataDir, OBJECTS) + path.sep))
        throw new NotABackupError(`${file} holds an unsafe name: ${entry.name}`);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, entry.read());
      if (!entry.name.startsWith(`${OBJECTS}/.meta/`)) objects++;
    }
  }
  if (databaseBytes === 0) throw new NotABackupError(`${file} holds no database`);
  return { databaseBytes, objects };
}
