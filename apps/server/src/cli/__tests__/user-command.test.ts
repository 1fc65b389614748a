import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.js';
import { openDatabase } from '../../db/open-database.js';
import { findAccountByEmail } from '../../db/repositories/idp-accounts.repository.js';
import { authenticate } from '../../idp/accounts.js';
import { readKeys } from '../../idp/keys.js';
import { readSecret, type TerminalInput } from '../read-secret.js';
import { runCli } from '../run-cli.js';

// One PGlite data folder for the file; each test uses its own e-mail addresses.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'masthead-cli-user-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A terminal that types `keys` (one chunk each) once the prompt asks, and records raw mode. */
class FakeTerminal extends EventEmitter implements TerminalInput {
  raw = false;
  constructor(
    private readonly keys: string[],
    readonly isTTY = true,
  ) {
    super();
  }
  setRawMode(mode: boolean) {
    this.raw = mode;
  }
  resume() {
    const next = this.keys.shift();
    if (next !== undefined) setImmediate(() => this.emit('data', Buffer.from(next)));
  }
  pause() {}
}

async function masthead(
  argv: string[],
  options: { stdin?: TerminalInput; env?: Record<string, string> } = {},
) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { ...env, ...options.env },
    ...(options.stdin ? { stdin: options.stdin } : {}),
  });
  return { code, stdout, stderr };
}

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const opened = await openDatabase(parseEnv(env));
  try {
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}

describe('masthead user', { timeout: 60_000 }, () => {
  it('should add an account with --password, stored lower-case with a scrypt hash', async () => {
    const added = await masthead([
      'user',
      'add',
      'Ana@Example.com',
      '--name',
      'Ana Lima',
      '--password',
      'correct horse',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe('Created the account ana@example.com (Ana Lima).\n');
    expect(added.stderr).toContain('masthead member add ana@example.com <domain>');

    await withDatabase(async (db) => {
      const row = await findAccountByEmail(db, 'ana@example.com');
      expect(row).toMatchObject({ email: 'ana@example.com', name: 'Ana Lima' });
      expect(row?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(await authenticate(db, 'ana@example.com', 'correct horse')).toBeDefined();
      expect(await authenticate(db, 'ana@example.com', 'wrong horse')).toBeUndefined();
    });

    const again = await masthead([
      'user',
      'add',
      'ana@example.com',
      '--name',
      'Ana',
      '--password',
      'another one',
    ]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^masthead: an account for ana@example\.com already exists/);
  });

  it('should ask for the password twice on a terminal, hidden', async () => {
    const terminal = new FakeTerminal(['s3cret-pass\r', 's3cret-pass\r']);
    const added = await masthead(['user', 'add', 'bo@example.com', '--name', 'Bo'], { stdin: terminal });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain('Password: ');
    expect(added.stderr).toContain('Repeat the password: ');
    // Nothing typed is echoed, and the terminal is given back in its normal mode.
    expect(added.stderr + added.stdout).not.toContain('s3cret');
    expect(terminal.raw).toBe(false);
    await withDatabase(async (db) =>
      expect(await authenticate(db, 'bo@example.com', 's3cret-pass')).toBeDefined(),
    );
  });

  it('should refuse two different passwords, and a short one', async () => {
    const differ = await masthead(['user', 'add', 'cy@example.com', '--name', 'Cy'], {
      stdin: new FakeTerminal(['first-password\r', 'other-password\r']),
    });
    expect(differ.code).toBe(2);
    expect(differ.stderr).toContain('masthead: the two passwords differ');

    const short = await masthead(['user', 'add', 'cy@example.com', '--name', 'Cy', '--password', 'short']);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 8 characters');
    await withDatabase(async (db) => expect(await findAccountByEmail(db, 'cy@example.com')).toBeUndefined());
  });

  it('should refuse with exit code 2 when there is no --password and no terminal', async () => {
    const piped = new FakeTerminal(['never read\r'], false);
    for (const stdin of [undefined, piped]) {
      const refused = await masthead(
        ['user', 'add', 'dee@example.com', '--name', 'Dee'],
        stdin ? { stdin } : {},
      );
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(/^masthead: give --password: standard input is not a terminal/);
    }
  });

  it('should change a password with user passwd and refuse an unknown account', async () => {
    await masthead(['user', 'add', 'eve@example.com', '--name', 'Eve', '--password', 'old password']);
    const changed = await masthead(['user', 'passwd', 'EVE@example.com', '--password', 'new password']);
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toBe('Changed the password of eve@example.com; it is signed out everywhere.\n');
    await withDatabase(async (db) => {
      expect(await authenticate(db, 'eve@example.com', 'new password')).toBeDefined();
      expect(await authenticate(db, 'eve@example.com', 'old password')).toBeUndefined();
    });

    const unknown = await masthead(['user', 'passwd', 'nobody@example.com', '--password', 'new password']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('masthead: there is no account for nobody@example.com\n');
  });

  it('should refuse account commands while an external provider is configured', async () => {
    const refused = await masthead(
      ['user', 'add', 'fay@example.com', '--name', 'Fay', '--password', 'long enough'],
      {
        env: { OIDC_AUTHORITY: 'https://login.example.com' },
      },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('OIDC_AUTHORITY is set');
  });

  it.each([
    [['user', 'add'], 'missing <email>'],
    [['user', 'add', 'x@example.com'], 'missing --name'],
    [['user', 'add', 'not-an-email', '--name', 'X'], 'is not an e-mail address'],
    [['user', 'passwd'], 'missing <email>'],
    [['user', 'frob'], "unknown command 'user frob'"],
  ])('should refuse %j with exit code 2', async (argv, problem) => {
    const refused = await masthead(argv);
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toContain(problem);
  });

  it('should print the help of user add and keys rotate', async () => {
    expect((await masthead(['user', 'add', '--help'])).stdout.split('\n')[0]).toBe(
      'Usage: masthead user add <email> --name <display name> [--password <password>]',
    );
    expect((await masthead(['keys', 'rotate', '--help'])).stdout.split('\n')[0]).toBe(
      'Usage: masthead keys rotate',
    );
  });
});

describe('masthead keys rotate', { timeout: 60_000 }, () => {
  it('should make a new signing key the first one and keep the previous one published', async () => {
    const first = await masthead(['keys', 'rotate']);
    expect(first.code, first.stderr).toBe(0);
    const second = await masthead(['keys', 'rotate']);
    const newKid = /^New signing key: (\S+)$/m.exec(second.stdout)?.[1];
    const previousKid = /^New signing key: (\S+)$/m.exec(first.stdout)?.[1];
    expect(newKid).toEqual(expect.any(String));
    expect(newKid).not.toBe(previousKid);
    expect(second.stdout).toContain(`Still published: ${previousKid}`);
    expect(second.stderr).toContain('Restart the server');
    await withDatabase(async (db) => {
      const keys = await readKeys(db);
      expect(keys.signing.map((key) => key.kid)).toEqual([newKid, previousKid]);
      expect(keys.cookie).toHaveLength(2);
    });
  });
});

describe('readSecret', () => {
  it('should handle backspace, ignore arrow keys, and cancel on Ctrl-C', async () => {
    const output = { text: '', write: (t: string) => (output.text += t) };
    const typed = await readSecret(new FakeTerminal(['ab\u007fc\u001b[Ad\r']), output, 'Password: ');
    expect(typed).toBe('acd');
    expect(output.text).toBe('Password: \n');
    await expect(readSecret(new FakeTerminal(['x\u0003']), output, 'Password: ')).rejects.toThrow(
      'cancelled',
    );
  });
});
