import { describe, expect, it } from 'vitest';
import { failureLines, failureMessage, failureStatus, failureTitle } from '../failed-call.js';

describe('failureLines', () => {
  it("should give a 400's lines, one per refused field", () => {
    const error = {
      status: 400,
      data: {
        errors: ['origins[0]: must be a browser origin', 'name: is required'],
        detailedMessage: 'Invalid input',
      },
    };
    expect(failureLines(error)).toEqual(['origins[0]: must be a browser origin', 'name: is required']);
  });

  it("should give the detailed message when there are no lines (a 409's)", () => {
    const error = {
      status: 409,
      data: { errors: [], detailedMessage: 'Turn the webhook on before testing it' },
    };
    expect(failureLines(error)).toEqual(['Turn the webhook on before testing it']);
  });

  it('should give nothing for a failure without an error body', () => {
    expect(failureLines({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual([]);
    expect(failureLines({ status: 502, data: '<html>Bad gateway</html>' })).toEqual([]);
    expect(failureLines(undefined)).toEqual([]);
  });
});

describe('failureStatus, failureTitle and failureMessage', () => {
  it("should read the status, the body's title, and its lines as one sentence", () => {
    const error = { status: 400, data: { error: 'Bad Request', errors: ['a: no', 'b: no'] } };
    expect(failureStatus(error)).toBe(400);
    expect(failureTitle(error)).toBe('Bad Request');
    expect(failureMessage(error)).toBe('a: no b: no');
  });

  it('should give nothing where the call got no answer or the body said nothing', () => {
    expect(failureStatus({ status: 'FETCH_ERROR' })).toBe('FETCH_ERROR');
    expect(failureStatus(null)).toBeUndefined();
    expect(failureTitle({ status: 500, data: { error: '  ' } })).toBeUndefined();
    expect(failureMessage({ status: 500, data: { errors: [' '], detailedMessage: '' } })).toBeUndefined();
  });
});
