// Builds the publishable package into dist/: ES modules and their declarations (tsc), a
// package.json of its own and the README. In the repository, packages/client/package.json points
// at the TypeScript source instead; `npm publish packages/client/dist` publishes the build
// (decision 063). The build fails when dist/ would need anything outside itself.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const source = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

writeFileSync(
  path.join(dist, 'package.json'),
  `${JSON.stringify(
    {
      name: source.name,
      version: source.version,
      description: source.description,
      type: 'module',
      exports: { '.': { types: './index.d.ts', default: './index.js' } },
      types: './index.d.ts',
      sideEffects: false,
      engines: { node: '>=20.19.0' },
    },
    null,
    2,
  )}\n`,
);
copyFileSync(path.join(root, 'README.md'), path.join(dist, 'README.md'));

// Standing alone: every import of the build is one of its own files (no contract, no package).
const outside = [];
for (const file of readdirSync(dist).filter((name) => /\.(js|d\.ts)$/.test(name))) {
  const text = readFileSync(path.join(dist, file), 'utf8');
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g))
    if (!specifier.startsWith('./')) outside.push(`${file} imports ${specifier}`);
}
if (outside.length > 0) throw new Error(`dist/ does not stand alone:\n${outside.join('\n')}`);
const built = await import(pathToFileURL(path.join(dist, 'index.js')).href);
if (typeof built.createClient !== 'function') throw new Error('dist/index.js does not export createClient');
console.log(`Built ${source.name} ${source.version} into ${path.relative(process.cwd(), dist) || '.'}`);
