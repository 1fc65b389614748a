import { constants, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, createGzip } from 'node:zlib';
import { pack as packTar, type Pack } from 'tar-stream';
import { newPglite } from '../db/database.js';
import { WEBHOOK_KEY_FILE } from '../lib/webhook-secrets.js';
import { PRIVATE_FILE, PRIVATE_FOLDER, makePrivateFolder, makePrivateTree } from './private-files.js';
import { NotABackupError, readBackupEntries } from './read-backup.js';

export { NotABackupError };

/**
 * A backup of the embedded default is one gzipped tar file (version 1's was not gzipped): a manifest, PGlite's data folder file by file
 * (`db/…`; version 1 held PGlite's own gzipped dump as `db.tgz` instead), the data folder's keys
 * (KEY_FILES) and, with objects, the local asset files with their metadata. It is written and read as a
 * stream (tar-stream), so a running server keeps answering while it writes one, and no file is
 * ever held whole in memory. What a backup or a restore writes is readable by its owner only
 * (docs/decisions/035).
 */

const MANIFEST = 'masthead-backup.json';
const DATABASE_FOLDER = 'db';
/** Version 1's database: PGlite's dumpDataDir('gzip'), restored with loadDataDir. */
const DATABASE_DUMP = 'db.tgz';
const STORAGE_KEY = 'storage.key';
/**
 * The keys a data folder makes for itself: the storage signing key, and the key the webhooks'
 * secrets are encrypted with when WEBHOOK_SECRETS_KEY is not set (without it a restored server
 * could not sign a delivery). Each is left out when the folder has none.
 */
const KEY_FILES = [STORAGE_KEY, WEBHOOK_KEY_FILE];
const OBJECTS = 'objects';
/** Where the database's files are copied while it is still, before they go into the archive. */
const DATABASE_COPY = path.join('backup-requests', 'database-copy');

interface Manifest {
  format: 'masthead-backup';
  version: 1 | 2;
  createdAt: string;
  withObjects: boolean;
}

export interface BackupSummary {
  databaseBytes: number;
  objects: number;
  /** How long the database was held still (its queries waited) while its files were copied. */
  stillMs?: number;
}

interface FolderEntry {
  /** Relative to the folder walked, with `/` between segments. */
  name: string;
  type: 'file' | 'directory';
}

/** Every folder and file below a folder, parents first, leaving out the named subfolders. */
async function* walk(
  root: string,
  skip: (folder: string) => boolean = () => false,
  relative = '',
): AsyncGenerator<FolderEntry> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !skip(name)) {
      yield { name, type: 'directory' };
      yield* walk(root, skip, name);
    } else if (entry.isFile()) yield { name, type: 'file' };
  }
}

/**
 * Uploads in progress, and image variants (`<domain>/<uuid>/variants/`, their metadata likewise
 * under `.meta/`): made from the originals, so remade after a restore rather than backed up
 * (decision 064).
 */
const skipInObjects = (folder: string) =>
  folder === '.tmp' || /^(\.meta\/)?[^/]+\/[^/]+\/variants$/.test(folder);

/** Copies a folder with its empty subfolders (PostgreSQL needs them); a clone where the file system can. */
async function copyFolder(from: string, to: string) {
  await mkdir(to, { mode: PRIVATE_FOLDER });
  for await (const entry of walk(from)) {
    const target = path.join(to, entry.name);
    if (entry.type === 'directory') await mkdir(target, { mode: PRIVATE_FOLDER });
    else await copyFile(path.join(from, entry.name), target, constants.COPYFILE_FICLONE);
  }
}

function addEntry(
  tar: Pack,
  header: { name: string; type: 'directory' } | { name: string; bytes: Uint8Array },
) {
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if ('type' in header) tar.entry({ name: header.name, type: 'directory', mode: PRIVATE_FOLDER }, done);
    else tar.entry({ name: header.name, mode: PRIVATE_FILE }, Buffer.from(header.bytes), done);
  });
}

/**
 * Streams a file into the archive and returns its size, or undefined when it is gone (its asset
 * was deleted meanwhile). The size is taken from the open file, which stays readable even if it
 * is deleted while it is copied.
 */
async function addFile(tar: Pack, name: string, file: string): Promise<number | undefined> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!handle) return undefined;
  try {
    const { size } = await handle.stat();
    if (size === 0) {
      await addEntry(tar, { name, bytes: new Uint8Array() });
      return 0;
    }
    await new Promise<void>((resolve, reject) => {
      const entry = tar.entry({ name, size, mode: PRIVATE_FILE }, (error) =>
        error ? reject(error) : resolve(),
      );
      const source = handle.createReadStream({ start: 0, end: size - 1, autoClose: false });
      source.once('error', (error) => entry.destroy(error));
      source.pipe(entry);
    });
    return size;
  } finally {
    await handle.close();
  }
}

/**
 * Writes a backup. The database's files are copied within DATA_DIR while it is still (its queries
 * wait only for that local copy, not for the archive, which may be on slow storage), then archived
 * from the copy, which is removed afterwards.
 */
export async function writeBackup(options: {
  whileStill: <T>(work: () => Promise<T>) => Promise<T>;
  dataDir: string;
  file: string;
  withObjects: boolean;
}): Promise<BackupSummary> {
  const copy = path.join(options.dataDir, DATABASE_COPY);
  await rm(copy, { recursive: true, force: true });
  await makePrivateFolder(path.dirname(copy));
  try {
    const stillSince = performance.now();
    await options.whileStill(() => copyFolder(path.join(options.dataDir, DATABASE_FOLDER), copy));
    const stillMs = Math.round(performance.now() - stillSince);
    return { ...(await writeArchive(copy, options)), stillMs };
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/**
 * Writes the archive next to its final name (mode 0600) and renames it into place, so that a
 * failed backup never leaves a file that looks whole. Objects follow the database, and an object
 * deleted in between is left out (its asset was being deleted).
 */
async function writeArchive(
  databaseCopy: string,
  options: { dataDir: string; file: string; withObjects: boolean },
): Promise<BackupSummary> {
  const { dataDir, file, withObjects } = options;
  const partial = `${file}.partial-${process.pid}`;
  await rm(partial, { force: true });
  const tar = packTar();
  // Gzipped on libuv's threads, at the fastest level: the database's files shrink several times
  // over, while PNG and JPEG objects, already compressed, would only cost time at a higher one.
  const written = pipeline(
    tar,
    createGzip({ level: zlibConstants.Z_BEST_SPEED }),
    createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE }),
  );
  try {
    const manifest: Manifest = {
      format: 'masthead-backup',
      version: 2,
      createdAt: new Date().toISOString(),
      withObjects,
    };
    await addEntry(tar, { name: MANIFEST, bytes: Buffer.from(JSON.stringify(manifest, null, 2)) });
    let databaseBytes = 0;
    for await (const entry of walk(databaseCopy)) {
      const name = `${DATABASE_FOLDER}/${entry.name}`;
      if (entry.type === 'directory') await addEntry(tar, { name, type: 'directory' });
      else databaseBytes += (await addFile(tar, name, path.join(databaseCopy, entry.name))) ?? 0;
    }
    for (const key of KEY_FILES) await addFile(tar, key, path.join(dataDir, key));
    let objects = 0;
    if (withObjects) {
      const root = path.join(dataDir, OBJECTS);
      for await (const entry of walk(root, skipInObjects)) {
        if (entry.type !== 'file') continue;
        const added = await addFile(tar, `${OBJECTS}/${entry.name}`, path.join(root, entry.name));
        if (added !== undefined && !entry.name.startsWith('.meta/')) objects++;
      }
    }
    tar.finalize();
    await written;
    await rename(partial, file);
    return { databaseBytes, objects };
  } catch (error) {
    tar.destroy(error as Error);
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

/** The path an archive entry names below a folder of DATA_DIR, refusing any that would leave it. */
function inside(root: string, file: string, name: string) {
  const target = path.resolve(root, name);
  // A crafted archive must not write outside the data folder.
  if (target !== root && !target.startsWith(root + path.sep))
    throw new NotABackupError(`${file} holds an unsafe name: ${name}`);
  return target;
}

/**
 * Fills an empty data folder from a backup of either version; the caller checks that it is empty
 * and holds its lock. Everything it writes is private to the owner: files 0600, folders 0700.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupSummary> {
  let databaseBytes = 0;
  let objects = 0;
  let loaded = false;
  const databaseRoot = path.join(dataDir, DATABASE_FOLDER);
  const objectsRoot = path.join(dataDir, OBJECTS);
  for await (const entry of readBackupEntries(file, MANIFEST, checkManifest(file))) {
    if (entry.name === DATABASE_DUMP) {
      const content = await entry.bytes();
      databaseBytes = content.length;
      const pglite = newPglite({ dataDir: databaseRoot, loadDataDir: new Blob([new Uint8Array(content)]) });
      await pglite.waitReady;
      await pglite.close();
      loaded = true;
    } else if (KEY_FILES.includes(entry.name)) {
      await writeFile(path.join(dataDir, entry.name), await entry.bytes(), { mode: PRIVATE_FILE });
    } else if (entry.name.startsWith(`${DATABASE_FOLDER}/`) || entry.name.startsWith(`${OBJECTS}/`)) {
      const isDatabase = entry.name.startsWith(`${DATABASE_FOLDER}/`);
      const root = isDatabase ? databaseRoot : objectsRoot;
      const target = inside(root, file, entry.name.slice(entry.name.indexOf('/') + 1));
      await makePrivateFolder(root);
      if (entry.type === 'directory') {
        await makePrivateFolder(target);
        await entry.skip();
        continue;
      }
      await makePrivateFolder(path.dirname(target));
      await pipeline(entry.stream, createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE }));
      if (isDatabase) databaseBytes += entry.size;
      else if (!entry.name.startsWith(`${OBJECTS}/.meta/`)) objects++;
    } else {
      await entry.skip();
    }
  }
  if (databaseBytes === 0) throw new NotABackupError(`${file} holds no database`);
  if (!loaded) {
    // Opening the restored database checks it, as loading version 1's dump does.
    const pglite = newPglite({ dataDir: databaseRoot });
    await pglite.waitReady;
    await pglite.close();
  }
  // PGlite writes its folder with its own modes.
  await makePrivateTree(databaseRoot);
  return { databaseBytes, objects };
}

function checkManifest(file: string) {
  return (bytes: Buffer) => {
    let manifest: Partial<Manifest> = {};
    try {
      manifest = JSON.parse(bytes.toString()) as Partial<Manifest>;
    } catch {
      // Reported below, as any other file that is not a manifest.
    }
    if (manifest.format !== 'masthead-backup' || (manifest.version !== 1 && manifest.version !== 2))
      throw new NotABackupError(`${file} is not a Masthead backup this version can read`);
  };
}
