import { describe, expect, it } from 'vitest';
import { serverLines } from '../api/server-error.js';

describe('serverLines', () => {
  it("should give a 400's lines, one per refused field", () => {
    const error = {
      status: 400,
      data: {
        errors: ['origins[0]: must be a browser origin', 'name: is required'],
        detailedMessage: 'Invalid input',
      },
    };
    expect(serverLines(error)).toEqual(['origins[0]: must be a browser origin', 'name: is required']);
  });

  it("should give the detailed message when there are no lines (a 409's)", () => {
    const error = {
      status: 409,
      data: { errors: [], detailedMessage: 'Turn the webhook on before testing it' },
    };
    expect(serverLines(error)).toEqual(['Turn the webhook on before testing it']);
  });

  it('should give nothing for a failure without an error body', () => {
    expect(serverLines({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual([]);
    expect(serverLines({ status: 502, data: '<html>Bad gateway</html>' })).toEqual([]);
    expect(serverLines(undefined)).toEqual([]);
  });
});
