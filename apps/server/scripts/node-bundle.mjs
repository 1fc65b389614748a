// The esbuild settings for bundling server code for Node: the server and command line
// (scripts/build.mjs) and the bench (bench/run.mjs) share them. Dependencies stay in
// node_modules; the shared contract (TypeScript source) is bundled in.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

export function nodeBundleOptions(extraExternal = []) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [
      ...extraExternal,
      ...Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
        (name) => name !== '@masthead/contract',
      ),
    ],
    logLevel: 'warning',
    // esbuild's ESM output has no `require`; some dependencies still call it.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  };
}
