// Bundles the site into dist/main.js for Node 20 (no TypeScript at run time): the client, a
// workspace of TypeScript source, is bundled in; the site's other packages stay in node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies).filter((name) => name !== '@masthead/client'),
  logLevel: 'warning',
});
