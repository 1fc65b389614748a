import { chromium } from '@playwright/test';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/e2e-server';
import { signIn } from '../support/sign-in';

/** The flags the brief and CI use for Debian's Chromium, in new headless mode. */
const CHROMIUM_FLAGS = [
  ...CHROMIUM_ARGS,
  '--headless=new',
  // Chromium picks a free port and writes it to DevToolsActivePort in the profile folder.
  '--remote-debugging-port=0',
];

/** Each page with a request only the signed-in page makes: the proof that Lighthouse was signed in. */
const PAGES = [
  { name: 'list', path: '/', signedInRequest: '/cms/blogs/all' },
  { name: 'editor', path: '/?post=new', signedInRequest: '/cms/column/def/all' },
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const METRICS = [
  { id: 'largest-contentful-paint', label: 'LCP' },
  { id: 'total-blocking-time', label: 'TBT' },
  { id: 'cumulative-layout-shift', label: 'CLS' },
] as const;

/** Where Chromium listens for DevTools, once it has started. */
function devToolsPort(profile: string): number {
  const [port] = readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n');
  return Number(port);
}

function summarise(name: string, result: RunnerResult) {
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    page: name,
    ...Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    ...Object.fromEntries(METRICS.map(({ id, label }) => [label, audits[id]?.displayValue ?? '-'])),
  };
}

/** Every URL the page requested, from the network-requests audit. */
function requestedUrls(result: RunnerResult): string[] {
  const details = result.lhr.audits['network-requests']?.details as
    { items?: { url?: string }[] } | undefined;
  return (details?.items ?? []).map((item) => item.url ?? '');
}

/** The failing audits of a category, to say what keeps it under 100. */
function failing(result: RunnerResult, category: string) {
  const refs = result.lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => result.lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit!.id} (${audit!.score})`);
}

/**
 * Lighthouse's desktop preset (simulated throttling: 40 ms RTT, 10 Mbps, no CPU slowdown) on the
 * list and the editor, signed in. The server is the journeys' own (support/fixtures.ts): the built
 * server on a fresh data folder with the demo it seeds. Playwright signs in within a persistent
 * profile, whose default context is the one Lighthouse opens its tab in; Lighthouse's storage reset
 * clears the HTTP cache and service workers but keeps localStorage, where the session is.
 */
test('Lighthouse: the list and the editor, signed in', async ({ server }) => {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'masthead-lighthouse-'));
  const reports = mkdtempSync(path.join(os.tmpdir(), 'masthead-lighthouse-reports-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    // Headless through the flag above (--headless=new), so Playwright adds no mode of its own.
    headless: false,
    args: CHROMIUM_FLAGS,
    baseURL: server.url,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Blog Posts' })).toBeVisible();
    // Nothing of the app runs beside Lighthouse's own tab.
    await page.goto('about:blank');

    const flags: Flags = {
      port: devToolsPort(profile),
      output: 'html',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    };
    const rows = [];
    let version = '';
    let userAgent = '';
    for (const { name, path: address, signedInRequest } of PAGES) {
      const result = await lighthouse(`${server.url}${address}`, flags, desktopConfig);
      if (!result) throw new Error(`Lighthouse gave no result for ${address}`);
      const { finalDisplayedUrl, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`Lighthouse on ${address}: ${runtimeError.message}`);
      // Signed out, the app would show the login screen at the same address and call no API.
      expect(requestedUrls(result).some((url) => url.includes(signedInRequest))).toBe(true);
      const report = path.join(reports, `${name}.html`);
      writeFileSync(report, String(result.report));
      writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(result.lhr));
      rows.push({ ...summarise(name, result), url: finalDisplayedUrl });
      version = result.lhr.lighthouseVersion;
      userAgent = result.lhr.environment.hostUserAgent;
      for (const category of CATEGORIES) {
        const below = failing(result, category);
        if (below.length) console.log(`${name} ${category}: ${below.join(', ')}`);
      }
      console.log(`${name}: report ${report}`);
    }
    console.log(`Lighthouse ${version}, desktop preset, on ${userAgent}`);
    console.table(rows);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
