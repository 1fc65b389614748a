import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import type { Db } from '../../src/db/database.js';
import { insertDomain, upsertMembership } from '../../src/db/repositories/domains.repository.js';
import { createAccount } from '../../src/idp/accounts.js';
import { tempDataDir } from '../helpers/test-app.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { CLI_ACTOR } from '../../src/cli/member.command.js';
import { setMemberRole } from '../../src/services/members.service.js';
import { PUBLIC_URL, TestBrowser, signIn } from './oidc-client.js';

/**
 * The server as its own identity provider (no OIDC_AUTHORITY) on this file's database. `restart`
 * builds another app on the same database, as a restart or a second instance would.
 */
export async function createIdpContext(vars: Record<string, string> = {}) {
  const { db, drop } = await createTestDatabase();
  const env = parseEnv({
    PUBLIC_URL,
    DATA_DIR: tempDataDir(),
    MASTHEAD_DEMO: '0',
    LOG_LEVEL: 'silent',
    ...vars,
  });
  const apps: FastifyInstance[] = [];
  const start = async () => {
    const app = await buildApp({ env, db, logger: false });
    await app.ready();
    apps.push(app);
    return app;
  };
  const app = await start();
  return {
    db,
    env,
    app,
    restart: start,
    browser: (on: FastifyInstance = app, remoteAddress?: string) => new TestBrowser(on, remoteAddress),
    close: async () => {
      for (const each of apps) await each.close();
      await drop();
    },
  };
}

export type IdpContext = Awaited<ReturnType<typeof createIdpContext>>;

/** A new account with a random e-mail and password, member (editor) of a new domain. */
export async function newAccount(db: Db, name = 'Ana Lima') {
  const email = `user-${randomBytes(4).toString('hex')}@example.test`;
  const password = randomBytes(12).toString('base64url');
  const account = await createAccount(db, { email, name, password });
  if (!account) throw new Error('account exists');
  const domain = await insertDomain(db, {
    domain: `d${randomBytes(5).toString('hex')}.example.test`,
    name: 'Test',
  });
  await upsertMembership(db, domain.id, email, 'editor');
  return { id: account.id, email, name, password, domain: domain.domain };
}

/** An account that is admin of a new domain of its own, signed in: its access token. */
export async function adminOfNewDomain(ctx: IdpContext) {
  const account = await newAccount(ctx.db, 'Ada Admin');
  const own = await ctx.db
    .selectFrom('domains')
    .select('id')
    .where('domain', '=', account.domain)
    .executeTakeFirstOrThrow();
  await ctx.db.transaction().execute((trx) => setMemberRole(trx, own.id, CLI_ACTOR, account.email, 'admin'));
  const tokens = await signIn(ctx.browser(), account.email, account.password);
  return { ...account, domainId: own.id, token: tokens.access_token };
}

/** A call to the API with a bearer token and, when given, a JSON body. */
export function api(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}
