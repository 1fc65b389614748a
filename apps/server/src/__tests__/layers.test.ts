import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, lowest first (issue 32, STYLE.md): a module may import its own folder and
 * the folders before it, never one after it, so that nothing points up (routes → services →
 * storage, db and the identity provider → lib). The files at the top of src/ (app, server, cli)
 * come last.
 */
const LAYERS = [
  'lib',
  'types',
  'config',
  'db',
  'storage',
  'idp',
  'mail',
  'services',
  'backup',
  'demo',
  'plugins',
  'routes',
  'cli',
  '.',
];

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The layer of a file: the first folder of its path below src/, or "." for src/ itself. */
const layerOf = (file: string) => {
  const relative = path.relative(src, file);
  return relative.includes(path.sep) ? relative.split(path.sep)[0]! : '.';
};

describe('the layers of the server', () => {
  it('should know every folder of src/', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== '__tests__')
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !LAYERS.includes(folder))).toEqual([]);
  });

  it('should have no import that points to a later layer', () => {
    const upward: string[] = [];
    for (const file of sourceFiles(src)) {
      const from = layerOf(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const to = layerOf(path.resolve(path.dirname(file), specifier!));
        if (LAYERS.indexOf(to) > LAYERS.indexOf(from)) {
          upward.push(`${path.relative(src, file)} (${from}) imports ${specifier} (${to})`);
        }
      }
    }
    expect(upward).toEqual([]);
  });

  it('should open no transaction in a route: the use-cases that need one live in services/', () => {
    const routes = sourceFiles(path.join(src, 'routes'));
    expect(routes.length).toBeGreaterThan(20);
    const opening = routes.filter((file) => /\.transaction\(\)/.test(readFileSync(file, 'utf8')));
    expect(opening.map((file) => path.relative(src, file))).toEqual([]);
  });

  it('should notice an import that points up', () => {
    const service = path.join(src, 'services', 'x.ts');
    const route = path.resolve(path.dirname(service), '../routes/api/v1/posts.js');
    expect(LAYERS.indexOf(layerOf(route))).toBeGreaterThan(LAYERS.indexOf(layerOf(service)));
  });
});
