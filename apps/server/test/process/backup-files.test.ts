import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { extract } from 'tar-stream';
import { createGunzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPglite } from '../../src/db/database.js';
import { writeVersion1Backup } from '../helpers/backup-version-1.js';
import { masthead as runMasthead, processKit } from '../helpers/process-kit.js';
import { TEST_DB } from '../helpers/test-database.js';

// Issue 19, finding 5: a backup holds the provider's private signing keys, password hashes,
// sessions and the storage key. The archive and everything a restore writes must be readable by
// their owner only, whatever the umask; and backups written before the format changed (decision
// 035) must still restore. With the built command line, PGlite only.
const run = TEST_DB === 'pglite' ? describe : describe.skip;

const OBJECT_KEY = '00000000-0000-4000-8000-000000000000/11111111-1111-4111-8111-111111111111/cover.png';
const objectBytes = randomBytes(70_000);
const webhookKey = randomBytes(32).toString('base64');
/** An image variant beside it (decision 064): remade from the original, so never backed up. */
const VARIANT_KEY = `${OBJECT_KEY.slice(0, OBJECT_KEY.lastIndexOf('/'))}/variants/0123456789abcdef-320.webp`;
const objectMeta = Buffer.from(JSON.stringify({ contentType: 'image/png', public: true, size: 70_000 }));

const kit = processKit('backup-files');
let root: string;
let dataDir: string;
let umask: number;
beforeAll(() => {
  // The most permissive umask: every file the commands create would be world-readable by default.
  umask = process.umask(0o000);
  root = kit.root;
  dataDir = path.join(root, 'data');
});
afterAll(() => {
  process.umask(umask);
});

const masthead = (args: string[], env: Record<string, string> = {}) =>
  runMasthead({ DATA_DIR: dataDir, ...env }, args);

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every folder and file below a folder (itself included), with its permission bits. */
async function modesBelow(folder: string) {
  const found: { name: string; folder: boolean; mode: number }[] = [];
  found.push({ name: '.', folder: true, mode: modeOf(folder) });
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found.push({ name: path.relative(folder, full), folder: entry.isDirectory(), mode: modeOf(full) });
  }
  return found;
}

function expectPrivate(found: { name: string; folder: boolean; mode: number }[]) {
  expect(found.length).toBeGreaterThan(10);
  const open = found.filter((f) => f.mode !== (f.folder ? 0o700 : 0o600));
  expect(open.map((f) => `${f.name} ${f.mode.toString(8)}`)).toEqual([]);
}

/** The entries of an archive: name, type and mode. */
async function archiveEntries(file: string) {
  const entries: { name: string; type: string; mode: number }[] = [];
  const tar = extract();
  createReadStream(file).pipe(createGunzip()).pipe(tar);
  for await (const entry of tar) {
    entries.push({ name: entry.header.name, type: entry.header.type, mode: entry.header.mode });
    entry.resume();
  }
  return entries;
}

async function accountsIn(folder: string) {
  const pglite = newPglite({ dataDir: path.join(folder, 'db') });
  try {
    const { rows } = await pglite.query<{ email: string }>('select email from idp_accounts');
    return rows.map((row) => row.email);
  } finally {
    await pglite.close();
  }
}

run('backup files', () => {
  beforeAll(async () => {
    const added = await masthead([
      'user',
      'add',
      'kept@example.com',
      '--name',
      'Kept',
      '--password',
      'long enough pw',
    ]);
    expect(added.code, added.output).toBe(0);
    writeFileSync(path.join(dataDir, 'storage.key'), randomBytes(32).toString('base64url'), { mode: 0o600 });
    writeFileSync(path.join(dataDir, 'webhook-secrets.key'), webhookKey, { mode: 0o600 });
    mkdirSync(path.dirname(path.join(dataDir, 'objects', OBJECT_KEY)), { recursive: true });
    writeFileSync(path.join(dataDir, 'objects', OBJECT_KEY), objectBytes);
    mkdirSync(path.dirname(path.join(dataDir, 'objects', '.meta', OBJECT_KEY)), { recursive: true });
    writeFileSync(path.join(dataDir, 'objects', '.meta', `${OBJECT_KEY}.json`), objectMeta);
    mkdirSync(path.dirname(path.join(dataDir, 'objects', '.meta', VARIANT_KEY)), { recursive: true });
    mkdirSync(path.dirname(path.join(dataDir, 'objects', VARIANT_KEY)), { recursive: true });
    writeFileSync(path.join(dataDir, 'objects', VARIANT_KEY), randomBytes(100));
    writeFileSync(path.join(dataDir, 'objects', '.meta', `${VARIANT_KEY}.json`), objectMeta);
  }, 120_000);

  it('should write the archive readable by its owner only, even with umask 000', async () => {
    const file = path.join(root, 'private.tar');
    const backup = await masthead(['backup', file, '--with-objects']);
    expect(backup.code, backup.output).toBe(0);
    expect(modeOf(file).toString(8)).toBe('600');
    // Unpacked with `tar xf`, its files and folders are private too.
    const entries = await archiveEntries(file);
    expect(entries[0]?.name).toBe('masthead-backup.json');
    expect(entries.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'db/PG_VERSION',
        'storage.key',
        'webhook-secrets.key',
        `objects/${OBJECT_KEY}`,
      ]),
    );
    expect(entries.filter((e) => e.mode !== (e.type === 'directory' ? 0o700 : 0o600))).toEqual([]);
    expect(entries.filter((e) => e.name.includes('/variants'))).toEqual([]);
    // No temporary file or copy of the database is left behind.
    expect(existsSync(`${file}.partial-${process.pid}`)).toBe(false);
    expect(existsSync(path.join(dataDir, 'backup-requests', 'database-copy'))).toBe(false);
  });

  it('should restore files readable by their owner only (0600), in folders only it can enter (0700)', async () => {
    const restoredDir = path.join(root, 'restored');
    const restored = await masthead(['restore', path.join(root, 'private.tar')], { DATA_DIR: restoredDir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('(1 objects)');
    expectPrivate(await modesBelow(restoredDir));
    expect(readFileSync(path.join(restoredDir, 'objects', OBJECT_KEY))).toEqual(objectBytes);
    // Without the webhooks' key, the restored server could not sign a delivery.
    expect(readFileSync(path.join(restoredDir, 'webhook-secrets.key'), 'utf8')).toBe(webhookKey);
    expect(await accountsIn(restoredDir)).toEqual(['kept@example.com']);
  }, 120_000);

  it("should restore a backup in version 1's format (PGlite's dump as db.tgz), also privately", async () => {
    const pglite = newPglite({ dataDir: path.join(dataDir, 'db') });
    await pglite.waitReady;
    const dump = await pglite.dumpDataDir('gzip');
    await pglite.close();
    const file = path.join(root, 'version-1.tar');
    writeVersion1Backup(file, {
      database: new Uint8Array(await dump.arrayBuffer()),
      storageKey: readFileSync(path.join(dataDir, 'storage.key')),
      objects: { [OBJECT_KEY]: objectBytes, [`.meta/${OBJECT_KEY}.json`]: objectMeta },
    });
    const restoredDir = path.join(root, 'from-version-1');
    const restored = await masthead(['restore', file], { DATA_DIR: restoredDir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('(1 objects)');
    expectPrivate(await modesBelow(restoredDir));
    expect(readFileSync(path.join(restoredDir, 'objects', OBJECT_KEY))).toEqual(objectBytes);
    expect(readFileSync(path.join(restoredDir, 'storage.key'))).toEqual(
      readFileSync(path.join(dataDir, 'storage.key')),
    );
    expect(await accountsIn(restoredDir)).toEqual(['kept@example.com']);
  }, 120_000);
});
