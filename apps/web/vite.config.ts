import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const server = 'http://localhost:3000';

/** Modules of the signed-in area's shared chunk (see codeSplitting below). */
const SIGNED_IN_SHARED = new RegExp(
  [
    String.raw`[\\/]src[\\/]app[\\/](signed-in-(state|area)|routes[\\/](signed-in-shell|page))`,
    String.raw`[\\/]src[\\/]components[\\/](layouts|ui[\\/](pagination|icons|loading-screen))`,
    String.raw`[\\/]src[\\/]lib[\\/](api|page-items|use-focus-trap|use-media-query)`,
    String.raw`[\\/]src[\\/]features[\\/](domains|tags|categories)[\\/]`,
    String.raw`@reduxjs[\\/]toolkit[\\/]dist[\\/]query`,
    String.raw`@standard-schema`,
    // Not the contract modules that one page or dialog uses alone (Settings › Integrations, the
    // activity filter, History, previews): they stay in those chunks.
    String.raw`packages[\\/]contract(?![\\/]src[\\/](origin|webhook-events|activity-kinds|revision-kinds|preview-limits|preview-url|roles)\.ts)`,
  ].join('|'),
);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // wouter imports the useSyncExternalStore shim for React < 18; React 19 has the hook itself.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  build: {
    // Every browser the app supports loads modules natively; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    // scripts/size.mjs reads which chunks each route loads from the manifest (DESIGN §6).
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically stays in one chunk. Left alone, Rolldown moves the
        // modules that the lazy chunks share with the entry (React's JSX runtime, i18next, the
        // preload helper) into common chunks of their own, and each extra gzip stream cost the sign-in
        // and list routes 1-2 KB (docs/decisions/009-web-bundle-budget.md).
        // What every signed-in page needs (RTK Query, the shell, the domains, the pager) is one chunk
        // loaded with the signed-in area, rather than the few small common chunks Rolldown would
        // make of it; each page is its own chunk (docs/decisions/026-one-chunk-per-signed-in-page.md).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'signed-in-area', test: SIGNED_IN_SHARED },
          ],
        },
      },
    },
  },
  // In development the API, the configuration documents and the built-in sign-in come from the server.
  server: { proxy: { '/cms': server, '/config': server, '/oidc': server, '/storage': server } },
});
