import * as contract from '@masthead/contract';
import { describe, expect, it } from 'vitest';
import * as limits from '../preview-limits.js';

describe('preview limits', () => {
  it("should be the contract's", () => {
    for (const [name, value] of Object.entries(limits)) {
      expect(value, name).toBe(contract[name as keyof typeof contract]);
    }
  });
});
