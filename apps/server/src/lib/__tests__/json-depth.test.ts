import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from '../json-depth.js';

describe('jsonNestsDeeperThan', () => {
  it('should count arrays and objects, and stop counting when they close', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[[]]}]}', 4)).toBe(true);
    expect(jsonNestsDeeperThan('[[1],[2],[3],[4],[5]]', 2)).toBe(false);
  });

  it('should not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan('{"editorState":"{\\"root\\":[[[[[[[[[[]]]]]]]]]]}"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('["\\\\",[[]]]', 2)).toBe(true);
  });

  it('should scan 8 MB in well under a second', () => {
    const text = JSON.stringify({ editorState: '{"a":['.repeat(1_300_000), tags: Array(500_000).fill(0) });
    const started = performance.now();
    expect(jsonNestsDeeperThan(text, 32)).toBe(false);
    expect((performance.now() - started) / 1000).toBeLessThan(1);
  });
});
