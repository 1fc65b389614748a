import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { UploadPreparation } from '@masthead/contract';
import { describe, expect, it } from 'vitest';
import { newPglite } from '../../src/db/database.js';
import { png } from '../helpers/images.js';
import {
  CLI_ENTRY,
  freePort,
  masthead as runMasthead,
  processKit,
  type RunningProcess,
} from '../helpers/process-kit.js';
import { TEST_DB } from '../helpers/test-database.js';

// Backups of the embedded default (issue 9), with the built command line and server: one taken
// from the running server with the objects, one taken with the server stopped, each restored into
// a new folder and compared with the original table by table and file by file. PGlite only.
const run = TEST_DB === 'pglite' ? describe : describe.skip;

const TABLES = [
  'domains',
  'memberships',
  'posts',
  'post_tags',
  'tags',
  'categories',
  'assets',
  'column_defs',
  'idp_accounts',
  'idp_keys',
] as const;
const HOST = 'blog.example.com';
const EMAIL = 'demo@masthead.local';

const kit = processKit('backup');
let env: Record<string, string>;

const masthead = (args: string[], extra: Record<string, string> = {}) =>
  runMasthead({ ...env, ...extra }, args);

/** Every row of every table, as sorted JSON text: two databases hold the same data when these are equal. */
async function contentsOf(dataDir: string) {
  const pglite = newPglite({ dataDir: path.join(dataDir, 'db') });
  try {
    const tables: Record<string, string[]> = {};
    for (const table of TABLES) {
      const { rows } = await pglite.query<{ row: string }>(`select to_jsonb(t)::text as row from ${table} t`);
      tables[table] = rows.map((r) => r.row).sort();
    }
    return tables;
  } finally {
    await pglite.close();
  }
}

/** The files below DATA_DIR/objects (with their metadata), by path, as base64. */
function objectsOf(dataDir: string) {
  const files: Record<string, string> = {};
  const walk = (relative: string) => {
    const folder = path.join(dataDir, 'objects', relative);
    if (!existsSync(folder)) return;
    for (const name of readdirSync(folder)) {
      const child = path.join(relative, name);
      if (name === '.tmp') continue;
      if (statSync(path.join(folder, name)).isDirectory()) walk(child);
      else files[child] = readFileSync(path.join(folder, name)).toString('base64');
    }
  };
  walk('');
  return files;
}

async function uploadAsset(baseUrl: string, token: string, bytes: Buffer) {
  const auth = { authorization: `Bearer ${token}` };
  const query = new URLSearchParams({
    domain: HOST,
    fileName: 'cover.png',
    mimeType: 'image/png',
    size: String(bytes.length),
    public: 'true',
  });
  const prepared = await fetch(`${baseUrl}/cms/assets/signed/upload-url?${query}`, { headers: auth });
  expect(prepared.status).toBe(200);
  const preparation = (await prepared.json()) as UploadPreparation;
  const put = await fetch(preparation.signedUrl, {
    method: 'PUT',
    headers: preparation.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  const registered = await fetch(`${baseUrl}/cms/assets/list?domain=${HOST}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      fileName: preparation.fileName,
      fileKey: preparation.fileKey,
      mimeType: 'image/png',
      public: true,
      description: 'Backed up',
    }),
  });
  expect(registered.status).toBe(201);
}

run('masthead backup and restore', () => {
  it('should back up a running server with its objects and a stopped one, and restore each whole into a new folder', async () => {
    const idp = await kit.identityProvider();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const dataDir = path.join(kit.root, 'data');
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'info',
      // The writer below creates posts as fast as the server takes them, for as long as a backup lasts.
      RATE_LIMIT_PER_MINUTE: '0',
    };

    // An account of the built-in provider, made before the server runs with the test provider.
    expect(
      (
        await masthead([
          'user',
          'add',
          'kept@example.com',
          '--name',
          'Kept',
          '--password',
          'a long enough password',
        ])
      ).code,
    ).toBe(0);
    // With OIDC_AUTHORITY the demo is created only when asked for.
    const server: RunningProcess = kit.start({
      ...env,
      OIDC_AUTHORITY: idp.issuer,
      MASTHEAD_DEMO: '1',
    });

    try {
      await server.waitFor('Masthead is running');
      const token = await idp.tokenFor(EMAIL);
      await uploadAsset(baseUrl, token, png(7, 5));
      await uploadAsset(baseUrl, token, png(3, 9));

      // While it runs, the command line cannot open the folder: the server writes the backup, here
      // while a client keeps creating posts.
      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing) {
          const created = await fetch(`${baseUrl}/cms/blogs/info?domain=${HOST}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              title: `Written during the backup ${written}`,
              writtenBy: 'Demo Editor',
              editorHtmlContent: '<p>Beside the backup.</p>',
              fields: { client: 'Acme Corp' },
            }),
          });
          expect(created.status).toBe(201);
          written++;
        }
      })();
      const backup = await masthead(['backup', path.join(kit.root, 'online.tar'), '--with-objects']);
      writing = false;
      await writer;
      expect(written).toBeGreaterThan(0);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('The server is running: it writes the backup');
      expect(backup.output).toMatch(/Backup written to .*online\.tar \(database [\d.]+ MB, 2 objects\)/);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    const original = await contentsOf(dataDir);
    expect(original.posts!.length).toBeGreaterThan(20);
    expect(original.assets).toHaveLength(2);
    expect(original.idp_accounts!.some((row) => row.includes('kept@example.com'))).toBe(true);
    const objects = objectsOf(dataDir);
    expect(Object.keys(objects).length).toBe(4); // two files and their metadata

    const offline = await masthead(['backup', path.join(kit.root, 'offline.tar')]);
    expect(offline.code, offline.output).toBe(0);
    expect(offline.output).not.toContain('The server is running');

    const fromOnline = path.join(kit.root, 'restored-online');
    const restored = await masthead(['restore', path.join(kit.root, 'online.tar')], { DATA_DIR: fromOnline });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('(2 objects)');
    // Taken amid the writes, it holds the data as it was at one moment: every row of it is a row
    // of the original (posts written during the backup are never changed afterwards), and
    // everything but the posts written during the backup is in it.
    const online = await contentsOf(fromOnline);
    const during = (rows: string[]) => rows.filter((row) => row.includes('Written during the backup')).length;
    console.log(
      `backup of the running server: ${during(original.posts!)} posts written during it, ` +
        `${during(online.posts!)} of them in it; ${online.posts!.length} posts and ${online.assets!.length} assets restored`,
    );
    for (const table of TABLES) {
      const rows = new Set(original[table]);
      expect(
        online[table]!.filter((row) => !rows.has(row)),
        table,
      ).toEqual([]);
      const missing = original[table]!.filter((row) => !online[table]!.includes(row));
      expect(
        missing.filter((row) => !row.includes('Written during the backup')),
        table,
      ).toEqual([]);
    }
    expect(objectsOf(fromOnline)).toEqual(objects);
    expect(readFileSync(path.join(fromOnline, 'storage.key'))).toEqual(
      readFileSync(path.join(dataDir, 'storage.key')),
    );

    const fromOffline = path.join(kit.root, 'restored-offline');
    expect(
      (await masthead(['restore', path.join(kit.root, 'offline.tar')], { DATA_DIR: fromOffline })).code,
    ).toBe(0);
    expect(await contentsOf(fromOffline)).toEqual(original);
    expect(objectsOf(fromOffline)).toEqual({});

    // The restored folder serves: the server starts on it and finds the posts.
    const again = kit.start({
      ...env,
      DATA_DIR: fromOnline,
      OIDC_AUTHORITY: idp.issuer,
      MASTHEAD_DEMO: '1',
    });
    try {
      await again.waitFor('Masthead is running');
      expect(again.output()).not.toContain('Demo created');
      const list = await fetch(`${baseUrl}/cms/assets/list?domain=${HOST}`, {
        headers: { authorization: `Bearer ${await idp.tokenFor(EMAIL)}` },
      });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { totalEntries: number }).totalEntries).toBe(2);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 120_000);

  it('should refuse to restore into a folder that is not empty, and leave it as it was', async () => {
    const before = readdirSync(path.join(kit.root, 'data')).sort();
    const refused = await masthead(['restore', path.join(kit.root, 'offline.tar')], {
      DATA_DIR: path.join(kit.root, 'data'),
    });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('is not empty; restore into an empty or new DATA_DIR');
    expect(readdirSync(path.join(kit.root, 'data')).sort()).toEqual(before);
  });

  it('should refuse a file that is not a backup', async () => {
    const refused = await masthead(['restore', CLI_ENTRY], { DATA_DIR: path.join(kit.root, 'not-restored') });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/masthead: /);
    expect(existsSync(path.join(kit.root, 'not-restored', 'db', 'PG_VERSION'))).toBe(false);
  });

  it('should point to pg_dump and pg_restore when DATABASE_URL is set', async () => {
    const databaseUrl = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const backup = await masthead(['backup', path.join(kit.root, 'pg.tar')], databaseUrl);
    expect(backup.code).toBe(2);
    expect(backup.output).toContain('pg_dump --format=custom');
    const restore = await masthead(['restore', path.join(kit.root, 'offline.tar')], databaseUrl);
    expect(restore.code).toBe(2);
    expect(restore.output).toContain('pg_restore');
    expect(existsSync(path.join(kit.root, 'pg.tar'))).toBe(false);
  });
});
