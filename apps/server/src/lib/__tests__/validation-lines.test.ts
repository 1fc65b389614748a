import { describe, expect, it } from 'vitest';
import { validationLines } from '../validation-lines.js';

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
});
