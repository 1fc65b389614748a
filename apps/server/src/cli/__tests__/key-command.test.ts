import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.js';
import { openDatabase } from '../../db/open-database.js';
import { findContentKeyByHash } from '../../db/repositories/content-keys.repository.js';
import { hashContentKey } from '../../lib/content-key.js';
import { runCli } from '../run-cli.js';

// One PGlite database for the file, opened once (cli.test.ts opens one per command, as the real
// command line does); each test works on its own domain.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'masthead-cli-key-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
let shared: Awaited<ReturnType<typeof openDatabase>>;

beforeAll(async () => {
  shared = await openDatabase(parseEnv(env));
}, 60_000);
afterAll(async () => {
  await shared?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function masthead(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    database: shared.db,
  });
  const lines = stdout.split('\n').filter(Boolean);
  return { code, stdout, stderr, lines, stderrLines: stderr.split('\n').filter(Boolean) };
}

function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  return work(shared.db);
}

function expectRefused(result: Awaited<ReturnType<typeof masthead>>, problem: RegExp | string) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderrLines[0]).toMatch(/^masthead: /);
  expect(result.stderrLines[0]).toMatch(problem);
}

async function newDomain(host: string) {
  expect((await masthead('domain', 'add', host, '--name', host)).code).toBe(0);
}

describe('masthead key', { timeout: 60_000 }, () => {
  it('should add a key and print it alone on the last line; the key then opens its domain', async () => {
    await newDomain('keys.example.com');

    const added = await masthead(
      'key',
      'add',
      'keys.example.com',
      '--name',
      'Blog front end',
      '--origin',
      'https://Blog.Example.com',
      '--origin',
      'http://localhost:5173/',
    );

    expect(added.code, added.stderr).toBe(0);
    const key = added.lines.at(-1) ?? '';
    expect(key).toMatch(/^mhk_[A-Za-z0-9_-]{43}$/);
    expect(added.stdout.endsWith(`\n${key}\n`)).toBe(true);
    expect(added.stdout).toContain('Origins: https://blog.example.com, http://localhost:5173');
    const access = await withDatabase((db) => findContentKeyByHash(db, hashContentKey(key)));
    expect(access?.domain).toBe('keys.example.com');
    expect(access?.origins).toEqual(['https://blog.example.com', 'http://localhost:5173']);
  });

  it('should list the keys with their first characters, never the keys', async () => {
    await newDomain('listed-keys.example.com');
    const first = (await masthead('key', 'add', 'listed-keys.example.com', '--name', 'First')).lines.at(-1)!;
    const second = (
      await masthead(
        'key',
        'add',
        'listed-keys.example.com',
        '--name',
        'Second',
        '--origin',
        'https://a.example',
      )
    ).lines.at(-1)!;
    const hashes = [first, second].map(hashContentKey);

    const listed = await masthead('key', 'list', 'listed-keys.example.com');

    expect(listed.code).toBe(0);
    expect(listed.lines).toHaveLength(3);
    expect(listed.lines[0]).toMatch(/^ID +NAME +ORIGINS +CREATED +LAST USED +KEY$/);
    expect(listed.lines[1]).toMatch(
      new RegExp(
        `^[0-9a-f-]{36} +First +- +\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z +never +${first.slice(0, 12)}\\.\\.\\.$`,
      ),
    );
    expect(listed.lines[2]).toMatch(/ Second +https:\/\/a\.example +/);
    expect(listed.lines[2]).toContain(`${second.slice(0, 12)}...`);
    for (const secret of [first, second, ...hashes])
      expect(listed.stdout + listed.stderr).not.toContain(secret);
  });

  it('should revoke a key, which then opens nothing', async () => {
    await newDomain('revoked-keys.example.com');
    const key = (await masthead('key', 'add', 'revoked-keys.example.com', '--name', 'Old')).lines.at(-1)!;
    const listed = await masthead('key', 'list', 'revoked-keys.example.com');
    const id = listed.lines[1]!.split(' ')[0]!;

    const revoked = await masthead('key', 'revoke', 'revoked-keys.example.com', id);

    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`Revoked the content key ${id}`);
    expect(await withDatabase((db) => findContentKeyByHash(db, hashContentKey(key)))).toBeUndefined();
    expect((await masthead('key', 'list', 'revoked-keys.example.com')).lines).toEqual([]);
    expectRefused(await masthead('key', 'revoke', 'revoked-keys.example.com', id), 'has no content key');
    // A key of one domain cannot be revoked by naming another.
    const other = (await masthead('key', 'add', 'keys.example.com', '--name', 'Stays')).lines.at(-1)!;
    const otherId = (await withDatabase((db) => findContentKeyByHash(db, hashContentKey(other))))!.keyId;
    expectRefused(await masthead('key', 'revoke', 'revoked-keys.example.com', otherId), 'has no content key');
    expect(await withDatabase((db) => findContentKeyByHash(db, hashContentKey(other)))).toBeDefined();
  });

  it.each([
    [['key', 'add', 'keys.example.com'], 'missing --name'],
    [['key', 'add', 'keys.example.com', '--name', '  '], 'missing --name'],
    [['key', 'add', 'keys.example.com', '--name', 'x'.repeat(201)], 'longer than 200'],
    [
      ['key', 'add', 'keys.example.com', '--name', 'K', '--origin', 'https://a.example/app'],
      'is not a browser origin',
    ],
    [
      ['key', 'add', 'keys.example.com', '--name', 'K', '--origin', 'a.example'],
      "'a.example' is not a browser origin",
    ],
    [['key', 'add', 'nowhere.example.com', '--name', 'K'], "unknown domain 'nowhere.example.com'"],
    [['key', 'list'], 'missing <domain>'],
    [['key', 'revoke', 'keys.example.com'], 'missing <id>'],
    [['key', 'revoke', 'keys.example.com', 'abc'], "'abc' is not a key id"],
  ])('should refuse %j with exit code 2', async (argv, problem) => {
    expectRefused(await masthead(...argv), problem);
  });

  it('should refuse more than 20 origins', async () => {
    const origins = Array.from({ length: 21 }, (_, i) => ['--origin', `https://s${i}.example`]).flat();
    expectRefused(
      await masthead('key', 'add', 'keys.example.com', '--name', 'K', ...origins),
      'at most 20 origins',
    );
  });

  it('should show the repeatable --origin in the help', async () => {
    const help = await masthead('key', 'add', '--help');
    expect(help.lines[0]).toBe('Usage: masthead key add <domain> --name <name> [--origin <url>]...');
    expect(help.stdout).toMatch(/^ {2}--origin <url>\.\.\. +a browser origin/m);
    expect((await masthead('--help')).stdout).toMatch(/^ {2}key add\b/m);
    expect((await masthead('--help')).stdout).toMatch(/^ {2}keys rotate\b/m);
  });
});

describe('masthead domain set', { timeout: 60_000 }, () => {
  const settingsOf = (host: string) =>
    withDatabase((db) =>
      db
        .selectFrom('domains')
        .select(['post_url', 'public_feeds'])
        .where('domain', '=', host)
        .executeTakeFirstOrThrow(),
    );

  it('should set either setting alone or both, and clear the pattern with none', async () => {
    await newDomain('settings.example.com');

    const pattern = await masthead(
      'domain',
      'set',
      'settings.example.com',
      '--post-url',
      'https://blog.example.com/p/{slug}',
    );
    expect(pattern.code, pattern.stderr).toBe(0);
    expect(pattern.stdout).toMatch(/post address +https:\/\/blog\.example\.com\/p\/\{slug\}/);
    expect(await settingsOf('settings.example.com')).toEqual({
      post_url: 'https://blog.example.com/p/{slug}',
      public_feeds: false,
    });

    expect((await masthead('domain', 'set', 'settings.example.com', '--public-feeds', 'on')).code).toBe(0);
    expect(await settingsOf('settings.example.com')).toEqual({
      post_url: 'https://blog.example.com/p/{slug}',
      public_feeds: true,
    });

    const both = await masthead(
      'domain',
      'set',
      'settings.example.com',
      '--post-url',
      'none',
      '--public-feeds',
      'OFF',
    );
    expect(both.code, both.stderr).toBe(0);
    expect(both.stdout).toMatch(/public feeds +off/);
    expect(await settingsOf('settings.example.com')).toEqual({ post_url: null, public_feeds: false });
  });

  it('should set the preview address alone, keep the other settings, and clear it with none', async () => {
    await newDomain('preview.example.com');
    await masthead('domain', 'set', 'preview.example.com', '--post-url', 'https://blog.example.com/p/{slug}');
    const preview = 'https://blog.example.com/preview?token={token}&slug={slug}';
    const set = await masthead('domain', 'set', 'preview.example.com', '--preview-url', preview);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`preview       ${preview}`);
    const row = () =>
      withDatabase((db) =>
        db
          .selectFrom('domains')
          .select(['post_url', 'public_feeds', 'preview_url'])
          .where('domain', '=', 'preview.example.com')
          .executeTakeFirstOrThrow(),
      );
    expect(await row()).toEqual({
      post_url: 'https://blog.example.com/p/{slug}',
      public_feeds: false,
      preview_url: preview,
    });
    // Another option alone leaves it as it is.
    expect((await masthead('domain', 'set', 'preview.example.com', '--public-feeds', 'on')).code).toBe(0);
    expect((await row()).preview_url).toBe(preview);
    const cleared = await masthead('domain', 'set', 'preview.example.com', '--preview-url', 'none');
    expect(cleared.stdout).toMatch(/preview +none \(Masthead's own page\)/);
    expect(await row()).toEqual({
      post_url: 'https://blog.example.com/p/{slug}',
      public_feeds: true,
      preview_url: null,
    });
    expect((await masthead('domain', 'set', '--help')).stdout).toMatch(
      /^ {2}--preview-url <pattern\|none> +/m,
    );
  });

  it('should change the list version when a setting changes', async () => {
    await newDomain('versioned.example.com');
    const version = () =>
      withDatabase((db) =>
        db
          .selectFrom('list_versions')
          .innerJoin('domains', 'domains.id', 'list_versions.domain_id')
          .select('version')
          .where('domain', '=', 'versioned.example.com')
          .executeTakeFirstOrThrow()
          .then((row) => String(row.version)),
      );
    const before = await version();
    await masthead('domain', 'set', 'versioned.example.com', '--post-url', 'https://v.example.com/{slug}');
    expect(await version()).not.toBe(before);
  });

  it.each([
    [['domain', 'set', 'settings.example.com'], 'give --post-url, --public-feeds, --preview-url or several'],
    [
      ['domain', 'set', 'settings.example.com', '--preview-url', 'https://blog.example.com/preview'],
      'is not a preview address pattern',
    ],
    [
      [
        'domain',
        'set',
        'settings.example.com',
        '--preview-url',
        'https://blog.example.com/p/{token}/{title}',
      ],
      'is not a preview address pattern',
    ],
    [
      ['domain', 'set', 'settings.example.com', '--preview-url', 'ftp://blog.example.com/{token}'],
      'is not a preview address pattern',
    ],
    [
      ['domain', 'set', 'settings.example.com', '--post-url', 'https://blog.example.com/'],
      'is not a post address pattern',
    ],
    [
      ['domain', 'set', 'settings.example.com', '--post-url', 'ftp://blog.example.com/{slug}'],
      'is not a post address pattern',
    ],
    [
      ['domain', 'set', 'settings.example.com', '--post-url', 'https://{slug}.example.com/'],
      'is not a post address pattern',
    ],
    [['domain', 'set', 'settings.example.com', '--post-url', ''], 'is not a post address pattern'],
    [['domain', 'set', 'settings.example.com', '--public-feeds', 'yes'], "'yes' is not on or off"],
    [
      ['domain', 'set', 'nowhere.example.com', '--public-feeds', 'on'],
      "unknown domain 'nowhere.example.com'",
    ],
  ])('should refuse %j with exit code 2', async (argv, problem) => {
    expectRefused(await masthead(...argv), problem);
  });
});
