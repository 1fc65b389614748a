/**
 * Writes a .br and a .gz copy next to every text file of the build, so that the server sends them
 * compressed without compressing on each request (@fastify/static's preCompressed option).
 * Runs after `vite build`; a file that compression does not shrink keeps no copy.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

let written = 0;
for (const entry of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const copies = {
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gz: gzipSync(bytes, { level: 9 }),
  };
  for (const [extension, compressed] of Object.entries(copies)) {
    if (compressed.length >= bytes.length) continue;
    writeFileSync(`${file}.${extension}`, compressed);
    written++;
  }
}
console.log(`precompress: ${written} .br/.gz files in ${path.relative(process.cwd(), DIST)}`);
