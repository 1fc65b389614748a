import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listPreviewUrls } from '../../db/repositories/domains.repository.js';
import { FreshValue } from '../../lib/fresh-value.js';
import { previewUrlOrigin } from '@masthead/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The origins of every domain's previewUrl, which the web app's frame-src allows (the editor's
     * live preview, decision 061): read at most every PREVIEW_ORIGINS_MAX_AGE_MS, and at once after
     * a change of a domain's settings in this process.
     */
    previewOrigins: { current(): string[]; changed(): Promise<void> };
  }
}

/** How stale another process's change may be seen; a page load never waits for the read. */
export const PREVIEW_ORIGINS_MAX_AGE_MS = 30_000;

/** The distinct origins of the patterns, sorted so that the policy's text is stable. */
export function originsOfPatterns(patterns: string[]) {
  const origins = new Set<string>();
  for (const pattern of patterns) {
    const origin = previewUrlOrigin(pattern);
    if (origin !== null) origins.add(origin);
  }
  return [...origins].sort();
}

export default fp(
  async function previewOrigins(app: FastifyInstance, options: { readAtStart: boolean; maxAgeMs?: number }) {
    const origins = new FreshValue<string[]>(
      async () => originsOfPatterns(await listPreviewUrls(app.db)),
      [],
      {
        maxAgeMs: options.maxAgeMs ?? PREVIEW_ORIGINS_MAX_AGE_MS,
        onError: (error) => app.log.warn({ err: error }, 'the preview origins could not be read'),
      },
    );
    app.decorate('previewOrigins', { current: () => origins.current(), changed: () => origins.changed() });
    // The web app's first page must already allow them; the tests that serve no web app skip it.
    if (options.readAtStart) app.addHook('onReady', () => origins.refresh());
  },
  { name: 'preview-origins' },
);
