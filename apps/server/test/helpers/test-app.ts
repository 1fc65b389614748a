import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '@masthead/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import type { Db } from '../../src/db/database.js';
import { insertDomain, upsertMembership } from '../../src/db/repositories/domains.repository.js';
import { createTestDatabase } from './test-database.js';
import { startTestIdentityProvider, type TestIdentityProvider } from './test-identity-provider.js';

export interface TestDomain {
  id: string;
  domain: string;
  name: string;
}

/**
 * One app, one database and one identity provider for a test file. Each test makes its own domains
 * with random host names, so tests in a file never see each other's data. The data folder (local
 * objects and their signing secret) is a temporary one, removed on close.
 */
export async function createTestContext(
  options: Pick<
    AppOptions,
    | 'storage'
    | 'onRoute'
    | 'feeds'
    | 'publishScheduled'
    | 'pruneRevisions'
    | 'clock'
    | 'logger'
    | 'webhooks'
    | 'images'
  > & {
    env?: Record<string, string>;
    /** A database handle of the test's own (made with other settings); the file's own otherwise. */
    database?: { db: Db; drop: () => Promise<void> };
    /** The public endpoints' own handle (AppOptions.deliveryDb); the caller closes it. */
    deliveryDb?: Db;
  } = {},
) {
  const idp = await startTestIdentityProvider();
  const { db, drop } = options.database ?? (await createTestDatabase());
  const dataDir = tempDataDir();
  const env = parseEnv({
    OIDC_AUTHORITY: idp.issuer,
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    MASTHEAD_DEMO: '0',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const app = await buildApp({
    env,
    db,
    deliveryDb: options.deliveryDb,
    logger: options.logger ?? false,
    storage: options.storage,
    onRoute: options.onRoute,
    feeds: options.feeds,
    publishScheduled: options.publishScheduled,
    pruneRevisions: options.pruneRevisions,
    clock: options.clock,
    webhooks: options.webhooks,
    images: options.images,
  });
  await app.ready();
  return new TestContext(app, db, idp, dataDir, async () => {
    await app.close();
    await drop();
    await idp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

export class TestContext {
  constructor(
    readonly app: FastifyInstance,
    readonly db: Db,
    readonly idp: TestIdentityProvider,
    readonly dataDir: string,
    readonly close: () => Promise<void>,
  ) {}

  /** A new domain with a random host name. */
  async domain(name = 'Test Domain'): Promise<TestDomain> {
    const host = `d${randomBytes(5).toString('hex')}.example.test`;
    const row = await insertDomain(this.db, { domain: host, name });
    return { id: row.id, domain: row.domain, name: row.name };
  }

  /** A new user with the role on each domain given; returns their e-mail and a valid token. */
  async member(role: Role, ...domains: TestDomain[]) {
    const email = `${role}-${randomBytes(4).toString('hex')}@example.test`;
    for (const domain of domains) await upsertMembership(this.db, domain.id, email, role);
    return { email, token: await this.idp.tokenFor(email) };
  }

  /** app.inject with a bearer token. */
  request(token: string | null, options: InjectOptions) {
    const headers = { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    return this.app.inject({ ...options, headers });
  }
}

/** A data folder of its own for an app a test builds itself; removed when the test run ends. */
export function tempDataDir(): string {
  return mkdtempSync(path.join(inject('scratchDir'), 'data-'));
}

/**
 * For tests of the app's environment: one identity provider and one database for the file, and
 * `build(vars)` for an app with those variables on top of the test defaults. The caller closes it.
 */
export function appsWithEnvironment() {
  let idp: TestIdentityProvider;
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    idp = await startTestIdentityProvider();
    ({ db, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    await drop?.();
    await idp?.close();
  });
  return {
    issuer: () => idp.issuer,
    build: (vars: Record<string, string>, options: Pick<AppOptions, 'webRoot'> = {}) =>
      buildApp({
        env: parseEnv({
          OIDC_AUTHORITY: idp.issuer,
          DATA_DIR: tempDataDir(),
          MASTHEAD_DEMO: '0',
          LOG_LEVEL: 'silent',
          ...vars,
        }),
        db,
        logger: false,
        ...options,
      }),
  };
}
