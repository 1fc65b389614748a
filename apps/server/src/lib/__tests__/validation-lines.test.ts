import { describe, expect, it } from 'vitest';
import { validationLines, type SchemaError } from '../validation-lines.js';

describe('validationLines', () => {
  it('should give one line per field with the spec message for required fields', () => {
    expect(
      validationLines([
        { keyword: 'required', instancePath: '', params: { missingProperty: 'title' } },
        { keyword: 'minimum', instancePath: '/page', params: { limit: 0 } },
        { keyword: 'maximum', instancePath: '/numberOfEntries', params: { limit: 100 } },
        { keyword: 'minLength', instancePath: '/tagDisplayName', params: { limit: 1 } },
        { keyword: 'format', instancePath: '/id', params: { format: 'uuid' } },
      ]),
    ).toEqual([
      'title: This field is required',
      'page: must be 0 or more',
      'numberOfEntries: must be 100 or less',
      'tagDisplayName: This field is required',
      'id: must be a valid id (uuid)',
    ]);
  });

  it('should report a failed union once, on its own path', () => {
    expect(
      validationLines([
        { keyword: 'format', instancePath: '/tags/0', params: { format: 'uuid' } },
        { keyword: 'type', instancePath: '/tags/0', params: { type: 'object' } },
        { keyword: 'anyOf', instancePath: '/tags/0', params: {} },
      ]),
    ).toEqual(['tags.0: has an invalid value']);
  });

  // Regression (issue 19, finding 2): each error was compared with every failed union's path, so a
  // body of 10,000 wrong tags (30,001 errors) took seconds of the event loop to format, and
  // 100,000 took minutes.
  it('should format errors in time linear in their number (10,000 failed unions well under a second)', () => {
    const errors: SchemaError[] = [{ keyword: 'maxItems', instancePath: '/tags', params: { limit: 100 } }];
    for (let i = 0; i < 10_000; i++) {
      errors.push(
        { keyword: 'type', instancePath: `/tags/${i}`, params: { type: 'string' } },
        { keyword: 'type', instancePath: `/tags/${i}`, params: { type: 'object' } },
        { keyword: 'anyOf', instancePath: `/tags/${i}`, params: {} },
      );
    }

    const started = performance.now();
    const lines = validationLines(errors);
    const seconds = (performance.now() - started) / 1000;

    expect(lines).toHaveLength(10_001);
    expect(lines[0]).toBe('tags: must have at most 100 entries');
    expect(lines[10_000]).toBe('tags.9999: has an invalid value');
    expect(seconds).toBeLessThan(1);
  });

  it('should hide the branch errors nested below a failed union, and keep those beside it', () => {
    expect(
      validationLines([
        { keyword: 'type', instancePath: '/category/id', params: { type: 'string' } },
        { keyword: 'format', instancePath: '/category', params: { format: 'uuid' } },
        { keyword: 'anyOf', instancePath: '/category', params: {} },
        { keyword: 'maxLength', instancePath: '/categoryName', params: { limit: 5 } },
      ]),
    ).toEqual(['category: has an invalid value', 'categoryName: must be at most 5 characters']);
  });
});
