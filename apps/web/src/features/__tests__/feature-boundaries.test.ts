import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Features do not import each other (issue 32): what two features share lives below them
 * (components/, lib/) or in the one shared feature, notifications (useNotify()).
 */
const SHARED_FEATURES = ['notifications'];

const features = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The feature a path lies in, or undefined outside features/. */
function featureOf(file: string) {
  const relative = path.relative(features, file);
  if (relative.startsWith('..') || !relative.includes(path.sep)) return undefined;
  return relative.split(path.sep)[0];
}

describe('the features of the web app', () => {
  it('should import no other feature but the shared ones', () => {
    const files = sourceFiles(features).filter((file) => featureOf(file) !== '__tests__');
    expect(files.length).toBeGreaterThan(50);
    const crossing: string[] = [];
    for (const file of files) {
      const from = featureOf(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const to = featureOf(path.resolve(path.dirname(file), specifier!));
        if (to && to !== from && !SHARED_FEATURES.includes(to))
          crossing.push(`${path.relative(features, file)} imports ${specifier}`);
      }
    }
    expect(crossing).toEqual([]);
  });

  it('should see an import of another feature', () => {
    const file = path.join(features, 'blogs', 'components', 'x.tsx');
    expect(featureOf(path.resolve(path.dirname(file), '../../assets/api/assets-api'))).toBe('assets');
  });
});
