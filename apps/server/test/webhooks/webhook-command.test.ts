import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import type { Db } from '../../src/db/database.js';
import { insertDomain } from '../../src/db/repositories/domains.repository.js';
import { loadWebhookSecrets } from '../../src/lib/webhook-secrets.js';
import { pingWebhook } from '../../src/services/webhook-test.js';
import { tempDataDir } from '../helpers/test-app.js';
import { createTestDatabase } from '../helpers/test-database.js';

// One database for the whole file, handed to every command: no PGlite is opened per command.
let db: Db;
let drop: () => Promise<void>;
const dataDir = tempDataDir();
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE: '1' };

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await insertDomain(db, { domain: 'hooks.example.com', name: 'Hooks' });
});
afterAll(async () => drop?.());

async function masthead(argv: string[], vars: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { ...env, ...vars },
    database: db,
  });
  return { code, stdout, stderr, lines: stdout.split('\n').filter(Boolean) };
}

describe('masthead webhook', () => {
  it('should add a webhook and print its secret alone on the last line, then list, show deliveries and remove it', async () => {
    const added = await masthead([
      'webhook',
      'add',
      'hooks.example.com',
      'https://127.0.0.1:8443/hook',
      '--events',
      'post.published, post.unpublished',
      '--description',
      'Rebuild',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const secret = added.lines.at(-1)!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(() => new Verifier(secret)).not.toThrow();
    expect(added.stderr).toMatch(/shown this once/);
    const id = /webhook ([0-9a-f-]{36})/.exec(added.lines[0]!)![1]!;
    // Stored encrypted under the key file of DATA_DIR, which the server reads too.
    const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(secret.slice(6));
    expect((await loadWebhookSecrets(undefined, dataDir)).decrypt(id, row.secret_encrypted)).toBe(secret);

    const listed = await masthead(['webhook', 'list', 'hooks.example.com']);
    expect(listed.code).toBe(0);
    expect(listed.lines[0]).toMatch(/^ID\s+URL\s+EVENTS\s+ACTIVE\s+CREATED\s+DESCRIPTION/);
    expect(listed.lines[1]).toContain(id);
    expect(listed.lines[1]).toContain('post.published,post.unpublished');
    expect(listed.stdout).not.toContain(secret.slice(6));

    const none = await masthead(['webhook', 'deliveries', 'hooks.example.com', id]);
    expect(none.code).toBe(0);
    expect(none.stderr).toMatch(/no deliveries yet/);
    const domain = await db
      .selectFrom('domains')
      .selectAll()
      .where('domain', '=', 'hooks.example.com')
      .executeTakeFirstOrThrow();
    await pingWebhook(db, domain, id);
    const shown = await masthead(['webhook', 'deliveries', 'hooks.example.com', id]);
    expect(shown.code).toBe(0);
    expect(shown.lines[0]).toMatch(
      /^CREATED\s+EVENT\s+STATUS\s+ATTEMPT\s+CODE\s+DURATION\s+NEXT ATTEMPT\s+ERROR/,
    );
    expect(shown.lines[1]).toMatch(/\sping\s+pending\s+0\s+-\s+-\s+\d{4}-/);

    const removed = await masthead(['webhook', 'remove', 'hooks.example.com', id]);
    expect(removed.code).toBe(0);
    expect(
      await db.selectFrom('webhooks').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    const again = await masthead(['webhook', 'remove', 'hooks.example.com', id]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/has no webhook/);
  });

  it('should refuse unknown events, private addresses and http, before touching the database', async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['https://127.0.0.1/', '--events', 'post.exploded'], {}, /"post\.exploded" is not an event/],
      [['https://127.0.0.1/'], {}, /missing --events/],
      [
        ['https://10.0.0.1/', '--events', 'tag.created'],
        { WEBHOOK_ALLOW_PRIVATE: '0' },
        /a private or reserved address/,
      ],
      [['http://127.0.0.1/', '--events', 'tag.created'], {}, /must be an https URL/],
      [
        ['https://127.0.0.1:25/', '--events', 'tag.created'],
        {},
        /port 25 is not allowed; use 443, 80 or 8443 \(WEBHOOK_PORTS\)/,
      ],
    ];
    for (const [args, vars, problem] of cases) {
      const result = await masthead(['webhook', 'add', 'hooks.example.com', ...args], vars);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(problem);
    }
    expect(await db.selectFrom('webhooks').select('id').execute()).toEqual([]);
    const unknown = await masthead(['webhook', 'list', 'nowhere.example.com']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown domain/);
  });

  it('should refuse a webhook past WEBHOOK_MAX_PER_DOMAIN, saying what to do (issue 29)', async () => {
    const add = (path: string) =>
      masthead(
        ['webhook', 'add', 'hooks.example.com', `https://127.0.0.1/${path}`, '--events', 'tag.created'],
        {
          WEBHOOK_MAX_PER_DOMAIN: '2',
        },
      );
    expect((await add('one')).code).toBe(0);
    expect((await add('two')).code).toBe(0);
    const refused = await add('three');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /already has 2 webhooks, the most it may have \(WEBHOOK_MAX_PER_DOMAIN\); remove one it no longer needs/,
    );
    expect(await db.selectFrom('webhooks').select('url').execute()).toHaveLength(2);
  });
});
