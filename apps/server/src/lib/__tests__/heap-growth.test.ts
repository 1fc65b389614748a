import { describe, expect, it } from 'vitest';
import { growthChosen } from '../heap-growth.js';

describe('growthChosen', () => {
  it('should leave the choice to a flag on the command line, in either spelling', () => {
    expect(growthChosen(['--heap-growing-percent=100'])).toBe(true);
    expect(growthChosen(['--enable-source-maps', '--heap_growing_percent=30'])).toBe(true);
  });

  it('should apply the server default otherwise', () => {
    expect(growthChosen([])).toBe(false);
    expect(growthChosen(['--enable-source-maps', '--max-old-space-size=512'])).toBe(false);
  });
});
