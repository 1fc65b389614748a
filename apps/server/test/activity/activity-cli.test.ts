import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import type { Db } from '../../src/db/database.js';
import { insertDomain } from '../../src/db/repositories/domains.repository.js';
import { tempDataDir } from '../helpers/test-app.js';
import { createTestDatabase } from '../helpers/test-database.js';

/** The command line's changes are in the audit trail too, as `cli` with the OS account (decision 048). */
let db: Db;
let drop: () => Promise<void>;
let domainId: string;
const env = { DATA_DIR: tempDataDir(), LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE: '1' };

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  domainId = (await insertDomain(db, { domain: 'cli-audit.example.com', name: 'Audited' })).id;
});
afterAll(async () => drop?.());

async function masthead(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    database: db,
  });
  expect(code, stderr).toBe(0);
  return stdout;
}

describe('activity of the command line', () => {
  it('should record key, webhook and domain changes as cli, named after the OS account', async () => {
    const key = await masthead(['key', 'add', 'cli-audit.example.com', '--name', 'Build']);
    const keyId = /content key ([0-9a-f-]{36})/.exec(key)![1]!;
    await masthead(['key', 'revoke', 'cli-audit.example.com', keyId]);
    const hook = await masthead([
      'webhook',
      'add',
      'cli-audit.example.com',
      'https://127.0.0.1:8443/hook',
      '--events',
      'post.published',
    ]);
    const hookId = /webhook ([0-9a-f-]{36})/.exec(hook)![1]!;
    await masthead(['webhook', 'remove', 'cli-audit.example.com', hookId]);
    await masthead(['domain', 'set', 'cli-audit.example.com', '--public-feeds', 'on']);

    const rows = await db
      .selectFrom('activity')
      .selectAll()
      .where('domain_id', '=', domainId)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.kind, row.object_label])).toEqual([
      ['content_key.created', 'Build'],
      ['content_key.revoked', 'Build'],
      ['webhook.created', 'https://127.0.0.1:8443'],
      ['webhook.deleted', 'https://127.0.0.1:8443'],
      ['domain.settings_updated', null],
    ]);
    for (const row of rows) {
      expect(row.actor_email).toBe('cli');
      expect(row.actor_name).toBe(userInfo().username);
    }
    expect(rows[4]?.before).toEqual({ postUrl: null, publicFeeds: false, previewUrl: null });
    expect(rows[4]?.after).toEqual({ postUrl: null, publicFeeds: true, previewUrl: null });
  });
});
