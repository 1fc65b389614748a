import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.js';
import { migrationProvider } from '../../db/migrations/index.js';
import { openDatabase } from '../../db/open-database.js';
import { insertPost } from '../../db/repositories/posts.repository.js';
import { insertTaxonomy } from '../../db/repositories/taxonomy.repository.js';
import { lockDataDir } from '../../lib/data-dir-lock.js';
import { runCli } from '../run-cli.js';

// One PGlite data folder for the whole file: creating and migrating one takes seconds. Each test
// works on its own domain, so that only the first test (migrate) depends on running first.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'masthead-cli-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function masthead(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  });
  return { code, stdout, stderr, stderrLines: stderr.split('\n').filter(Boolean) };
}

/** Direct access for what the command line cannot do: seeding posts and checking what is left. */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const opened = await openDatabase(parseEnv(env), { migrate: false });
  try {
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}

function writeJson(name: string, content: unknown) {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

/** A bad command line is refused with one `masthead:` line (and maybe the help pointer), exit 2. */
function expectRefused(result: Awaited<ReturnType<typeof masthead>>, problem: RegExp | string) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderrLines[0]).toMatch(/^masthead: /);
  expect(result.stderrLines[0]).toMatch(problem);
  expect(result.stderrLines.length).toBeLessThanOrEqual(2);
  if (result.stderrLines[1] !== undefined)
    expect(result.stderrLines[1]).toMatch(/^Run 'masthead .*--help' for usage\.$/);
}

describe('masthead command line', { timeout: 60_000 }, () => {
  it('should run the migrations of a new database, then say it is up to date', async () => {
    const first = await masthead('migrate');
    expect(first.code).toBe(0);
    // Every migration, by name, in the order Kysely runs them (their names sort by time).
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(names[0]).toBe('2026-11-21T1500-initial');
    expect(first.stdout).toBe(names.map((name) => `${name}\n`).join(''));

    const second = await masthead('migrate');
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^The database is up to date/);
  });

  it('should add, list and remove a domain, stored lower-case', async () => {
    const added = await masthead('domain', 'add', 'Blog.Example.COM', '--name', 'Example Engineering');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Added blog.example.com (Example Engineering)');

    const listed = await masthead('domain', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^blog\.example\.com {2,}Example Engineering$/m);

    expectRefused(await masthead('domain', 'add', 'blog.example.com', '--name', 'Again'), /already exists/);

    const removed = await masthead('domain', 'remove', 'blog.example.com');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('Removed blog.example.com (Example Engineering)');
    expect((await masthead('domain', 'list')).stdout).not.toContain('blog.example.com');
    expectRefused(
      await masthead('domain', 'remove', 'blog.example.com'),
      "unknown domain 'blog.example.com'",
    );
  });

  it('should remove a domain with its posts, tags, categories, members and fields, and say so', async () => {
    await masthead('domain', 'add', 'gone.example.com', '--name', 'Gone');
    await masthead('member', 'add', 'ann@example.com', 'gone.example.com');
    const fields = writeJson('gone-fields.json', [
      { key: 'note', label: 'Note', type: 'text', required: false },
    ]);
    expect((await masthead('fields', 'set', 'gone.example.com', fields)).code).toBe(0);
    const domainId = await withDatabase(async (db) => {
      const domain = await db
        .selectFrom('domains')
        .select('id')
        .where('domain', '=', 'gone.example.com')
        .executeTakeFirstOrThrow();
      await insertTaxonomy(db, 'tags', { domainId: domain.id, slug: 'news', displayName: 'News' });
      const category = await insertTaxonomy(db, 'categories', {
        domainId: domain.id,
        slug: 'misc',
        displayName: 'Misc',
      });
      await insertPost(db, domain.id, {
        title: 'Hello',
        slug: 'hello',
        short_description: '',
        feature_image_url: '',
        editor_html_content: '<p>Hello</p>',
        editor_state: null,
        editor_text_string: 'Hello',
        category_id: category.id,
        fields: {},
        written_by: 'Ann',
      });
      return domain.id;
    });

    const removed = await masthead('domain', 'remove', 'gone.example.com');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe(
      'Removed gone.example.com (Gone) with 1 post, 1 tag, 1 category, 1 member and 1 custom field.\n',
    );
    const left = await withDatabase(async (db) => {
      const counts: number[] = [];
      for (const table of ['posts', 'tags', 'categories', 'memberships', 'column_defs'] as const) {
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('domain_id', '=', domainId)
          .executeTakeFirstOrThrow();
        counts.push(Number(row.n));
      }
      return counts;
    });
    expect(left).toEqual([0, 0, 0, 0, 0]);
  });

  it('should recount the post counters, say what was wrong, and find nothing the second time', async () => {
    await masthead('domain', 'add', 'counted.example.com', '--name', 'Counted');
    const fields = writeJson('counted-fields.json', [
      {
        key: 'client',
        label: 'Client',
        type: 'select',
        required: false,
        options: ['Acme'],
        filterable: true,
      },
    ]);
    expect((await masthead('fields', 'set', 'counted.example.com', fields)).code).toBe(0);
    await withDatabase(async (db) => {
      const domain = await db
        .selectFrom('domains')
        .select('id')
        .where('domain', '=', 'counted.example.com')
        .executeTakeFirstOrThrow();
      for (const slug of ['one', 'two'])
        await insertPost(db, domain.id, {
          title: slug,
          slug,
          short_description: '',
          feature_image_url: '',
          editor_html_content: '<p>x</p>',
          editor_state: null,
          editor_text_string: 'x',
          category_id: null,
          fields: { client: 'Acme' },
          written_by: 'Ann',
        });
      await db.updateTable('post_counts').set({ n: 7 }).where('domain_id', '=', domain.id).execute();
    });

    const first = await masthead('recount', '--domain', 'counted.example.com');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      'counted.example.com: draft {"client":"Acme"}: 7 → 2\nRecounted 1 domain: corrected 1 counter.\n',
    );
    const again = await masthead('recount');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Recounted \d+ domains?: every counter was right\.\n$/);
    expectRefused(await masthead('recount', '--domain', 'nowhere.example.com'), /unknown domain/);
  });

  it('should add a member as editor, change the role, list and remove them', async () => {
    await masthead('domain', 'add', 'members.example.com', '--name', 'Members');

    const added = await masthead('member', 'add', 'Alice@Example.com', 'members.example.com');
    expect(added.code).toBe(0);
    expect(added.stdout).toBe('Added alice@example.com to members.example.com as editor.\n');
    expect((await masthead('member', 'list', 'members.example.com')).stdout).toBe(
      'alice@example.com  editor\n',
    );

    const changed = await masthead(
      'member',
      'add',
      'alice@example.com',
      'members.example.com',
      '--role',
      'admin',
    );
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain('from editor to admin');
    await masthead('member', 'add', 'bob@example.com', 'members.example.com', '--role=author');
    expect((await masthead('member', 'list', 'members.example.com')).stdout).toBe(
      'alice@example.com  admin\nbob@example.com    author\n',
    );

    const removed = await masthead('member', 'remove', 'bob@example.com', 'members.example.com');
    expect(removed.code).toBe(0);
    expect((await masthead('member', 'list', 'members.example.com')).stdout).toBe(
      'alice@example.com  admin\n',
    );
    expectRefused(
      await masthead('member', 'remove', 'bob@example.com', 'members.example.com'),
      'is not a member',
    );
    // The domain's last admin stays (decision 046), as in the back office.
    expectRefused(
      await masthead('member', 'remove', 'alice@example.com', 'members.example.com'),
      'alice@example.com is the last admin of members.example.com',
    );
    expectRefused(
      await masthead('member', 'add', 'alice@example.com', 'members.example.com', '--role', 'editor'),
      'is the last admin',
    );
  });

  describe('fields', () => {
    const defs = [
      {
        key: 'client',
        label: 'Client',
        type: 'select',
        required: true,
        options: ['Acme', 'Globex'],
        filterable: true,
      },
      { key: 'budget', label: 'Budget', type: 'number', required: false, filterable: false },
    ];

    beforeAll(async () => {
      await masthead('domain', 'add', 'fields.example.com', '--name', 'Fields');
    }, 60_000);

    it('should show the definitions that were set, as JSON', async () => {
      const set = await masthead('fields', 'set', 'fields.example.com', writeJson('fields.json', defs));
      expect(set.code).toBe(0);
      expect(set.stdout).toContain('client, budget');

      const shown = await masthead('fields', 'show', 'fields.example.com');
      expect(shown.code).toBe(0);
      expect(JSON.parse(shown.stdout)).toEqual(defs);
    });

    it.each([
      [
        'a bad type',
        [{ key: 'kind', label: 'Kind', type: 'colour', required: true }],
        /field 1 "kind": type: must be one of text/,
      ],
      [
        'a select without options',
        [{ key: 'kind', label: 'Kind', type: 'select', required: true }],
        /field 1 "kind": .*non-empty "options"/,
      ],
      [
        'a duplicate key',
        [
          { key: 'kind', label: 'Kind', type: 'text', required: true },
          { key: 'kind', label: 'Other', type: 'text', required: false },
        ],
        /field 2 "kind": duplicate key/,
      ],
      [
        'filterable text',
        [{ key: 'kind', label: 'Kind', type: 'text', required: true, filterable: true }],
        /only a select or multiselect field can be filterable/,
      ],
      ['not an array', { key: 'kind' }, /must hold a JSON array/],
      ['broken JSON', '[{"key": ', /is not valid JSON/],
    ])('should refuse a file with %s in one line and change nothing', async (_case, content, problem) => {
      const file = writeJson('bad-fields.json', content);
      const refused = await masthead('fields', 'set', 'fields.example.com', file);
      expectRefused(refused, problem);
      expect(refused.stderrLines).toHaveLength(1);
      expect(refused.stderr).toContain('bad-fields.json');

      expect(JSON.parse((await masthead('fields', 'show', 'fields.example.com')).stdout)).toEqual(defs);
    });

    it('should refuse a file it cannot read', async () => {
      expectRefused(
        await masthead('fields', 'set', 'fields.example.com', path.join(dataDir, 'missing.json')),
        /cannot read .*missing\.json/,
      );
    });
  });

  it.each([
    [[], 'Usage: masthead <command> [arguments]'],
    [['--help'], 'Usage: masthead <command> [arguments]'],
    [['-h'], 'Usage: masthead <command> [arguments]'],
    [['help'], 'Usage: masthead <command> [arguments]'],
    [['domain', '--help'], 'Usage: masthead domain <command> [arguments]'],
    [['domain', 'add', '-h'], 'Usage: masthead domain add <domain> --name <display name>'],
    [['domain', 'list', '--help'], 'Usage: masthead domain list'],
    [['domain', 'remove', '--help'], 'Usage: masthead domain remove <domain>'],
    [
      ['domain', 'set', '--help'],
      'Usage: masthead domain set <domain> [--post-url <pattern>] [--public-feeds on|off] [--preview-url <pattern>]',
    ],
    [['key', '--help'], 'Usage: masthead key <command> [arguments]'],
    [['key', 'list', '--help'], 'Usage: masthead key list <domain>'],
    [['key', 'revoke', '--help'], 'Usage: masthead key revoke <domain> <id>'],
    [['member', '--help'], 'Usage: masthead member <command> [arguments]'],
    [['member', 'add', '--help'], 'Usage: masthead member add <email> <domain> [--role author|editor|admin]'],
    [['member', 'remove', '--help'], 'Usage: masthead member remove <email> <domain>'],
    [['member', 'list', '--help'], 'Usage: masthead member list <domain>'],
    [['fields', '--help'], 'Usage: masthead fields <command> [arguments]'],
    [['fields', 'set', '--help'], 'Usage: masthead fields set <domain> <file.json>'],
    [['fields', 'show', '--help'], 'Usage: masthead fields show <domain>'],
    [['migrate', '--help'], 'Usage: masthead migrate'],
    [['help', 'member', 'add'], 'Usage: masthead member add <email> <domain> [--role author|editor|admin]'],
    // Help wins over arguments that would otherwise be refused.
    [
      ['member', 'add', 'not-an-email', '--role', 'owner', '--help'],
      'Usage: masthead member add <email> <domain> [--role author|editor|admin]',
    ],
  ])('should print the usage for %j and exit 0', async (argv, usage) => {
    const result = await masthead(...argv);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(usage);
    expect(result.stderr).toBe('');
  });

  it('should list every command in the top-level help', async () => {
    const { stdout } = await masthead('--help');
    for (const command of [
      'domain add',
      'domain list',
      'domain remove',
      'domain set',
      'key add',
      'key list',
      'key revoke',
      'member add',
      'member remove',
      'member list',
      'user add',
      'user passwd',
      'keys rotate',
      'fields set',
      'fields show',
      'migrate',
    ]) {
      expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
  });

  it.each([
    [['frob'], "unknown command 'frob'"],
    [['--frob'], "unknown option '--frob'"],
    [['domain'], "'domain' needs a command"],
    [['domain', 'rename'], "unknown command 'domain rename'"],
    [['domain', 'add'], 'missing <domain>'],
    [['domain', 'add', 'x.example.com'], 'missing --name'],
    [['domain', 'add', 'x.example.com', '--name', 'X', 'extra'], "unexpected argument 'extra'"],
    [['domain', 'add', 'x.example.com:8080', '--name', 'X'], "'x.example.com:8080' is not a host name"],
    [['domain', 'add', 'bad_host.example.com', '--name', 'X'], 'is not a host name'],
    [['domain', 'list', '--verbose'], "unknown option '--verbose'"],
    [['member', 'add', 'a@example.com'], 'missing <domain>'],
    [['member', 'add', 'a@example.com', 'x.example.com', '--role', 'owner'], "'owner' is not a role"],
    [['member', 'add', 'a@example.com', 'x.example.com', '--role'], "option '--role' needs a value"],
    [['member', 'add', 'not-an-email', 'x.example.com'], "'not-an-email' is not an e-mail address"],
    [['member', 'list', 'nowhere.example.com'], "unknown domain 'nowhere.example.com'"],
    [['fields', 'show'], 'missing <domain>'],
    [['help', 'frob'], "unknown command 'frob'"],
  ])('should refuse %j with exit code 2 and one line', async (argv, problem) => {
    expectRefused(await masthead(...argv), problem);
  });

  it('should refuse to open a data folder that the server holds, before anything else', async () => {
    const release = await lockDataDir(dataDir);
    try {
      const refused = await masthead('domain', 'list');
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderrLines).toHaveLength(1);
      expect(refused.stderr).toMatch(/^masthead: the server is running on /);
      expect(refused.stderr).toContain('stop it first, or use DATABASE_URL');

      // Help and argument mistakes never need the database, so the lock does not get in their way.
      expect((await masthead('domain', 'list', '--help')).code).toBe(0);
      expectRefused(await masthead('member', 'add', 'nobody', 'x.example.com'), 'is not an e-mail address');
    } finally {
      await release();
    }
    expect((await masthead('domain', 'list')).code).toBe(0);
  });
});
