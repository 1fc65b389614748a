import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { variantFolder } from '../../src/lib/image-variants.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import { photo, uploadImage } from './image-fixtures.js';

/** `masthead images rebuild` (issue 31): hashes for older assets, and every missing variant. */
let ctx: TestContext;
let domain: TestDomain;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { IMAGE_WIDTHS: '320,640' } });
  domain = await ctx.domain();
  ({ token } = await ctx.member('editor', domain));
});
afterAll(async () => ctx?.close());

async function masthead(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { DATA_DIR: ctx.dataDir, LOG_LEVEL: 'silent', MASTHEAD_DEMO: '0', IMAGE_WIDTHS: '320,640', ...env },
    database: ctx.db,
  });
  return { code, stdout, stderr };
}

describe('masthead images rebuild', () => {
  it('should fill in missing content hashes and make the missing variants, with progress', async () => {
    const older = await uploadImage(ctx, token, domain, await photo(700, 350, 'png'), { format: 'png' });
    const newer = await uploadImage(ctx, token, domain, await photo(400, 300, 'jpeg'), { format: 'jpeg' });
    // As registered before issue 31: no hash.
    await ctx.db.updateTable('assets').set({ content_hash: null }).where('id', '=', older.row.id).execute();

    const run = await masthead(['images', 'rebuild', '--domain', domain.domain]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('2/2 assets…');
    // 320 and 640 for the first, 320 for the second, each in three formats.
    expect(run.stdout).toBe('Rebuilt 2 image assets: filled in 1 content hash, made 9 variants.\n');
    const row = await ctx.db
      .selectFrom('assets')
      .selectAll()
      .where('id', '=', older.row.id)
      .executeTakeFirstOrThrow();
    expect(row.content_hash).toBe(older.row.content_hash);
    expect(await ctx.app.storage.deletePrefix(variantFolder(newer.row.file_key))).toBe(3);

    const again = await masthead(['images', 'rebuild', '--domain', domain.domain]);
    expect(again.stdout).toBe('Rebuilt 2 image assets: filled in 0 content hashes, made 3 variants.\n');
  });

  it('should only fill in hashes with IMAGES=off, and refuse an unknown domain', async () => {
    const off = await masthead(['images', 'rebuild', '--domain', domain.domain], { IMAGES: 'off' });
    expect(off.code).toBe(0);
    expect(off.stderr).toContain('IMAGES=off');
    expect(off.stdout).toContain('made 0 variants');
    const unknown = await masthead(['images', 'rebuild', '--domain', 'nowhere.example.test']);
    expect(unknown.code).toBe(2);
  });

  it('should print its help', async () => {
    const help = await masthead(['images', 'rebuild', '--help']);
    expect(help.stdout).toContain('Usage: masthead images rebuild [--domain <domain>]');
  });
});
