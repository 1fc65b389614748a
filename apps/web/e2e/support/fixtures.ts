import { test as base, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import {
  checkPrerequisites,
  setCurrentServer,
  startE2eServer,
  type Account,
  type E2eServer,
} from './e2e-server';

export interface JourneyFixtures {
  /** The demo account (admin of blog.example.com, news.example.org and empty.example.com). */
  demo: Account;
  /** Ann Author: role `author` on blog.example.com only. */
  author: Account;
  /** Runs axe on the current page and fails on serious or critical violations (support/axe.ts). */
  checkA11y: (what: string) => Promise<void>;
}

export interface WorkerFixtures {
  /** This worker's own server, data folder and accounts (support/e2e-server.ts). */
  server: E2eServer;
}

/**
 * The journeys' `test`: every Playwright worker gets its own built server on its own port and
 * fresh data folder, provisioned once (startE2eServer), and `baseURL` points at it, so
 * `page.goto('/')` works. Journeys share that server within a worker: each creates the data it
 * needs, with unique titles, and never relies on what another journey did.
 */
export const test = base.extend<JourneyFixtures, WorkerFixtures>({
  server: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      checkPrerequisites();
      const { server, stop } = await startE2eServer(workerInfo.workerIndex);
      setCurrentServer(server);
      try {
        await use(server);
      } finally {
        setCurrentServer(undefined);
        await stop();
      }
    },
    // A first start, six command-line runs and a restart, with another worker doing the same.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // The server sends a strict Content-Security-Policy (issue 9): anything it blocks in a journey is
  // a feature that would be broken for users, so the journey fails.
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        violations.push(message.text());
      }
    });
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  demo: async ({ server }, use) => use(server.demo),
  author: async ({ server }, use) => use(server.author),
  checkA11y: async ({ page }, use) => use((what) => expectNoSeriousA11yViolations(page, what)),
});

export { expect };
