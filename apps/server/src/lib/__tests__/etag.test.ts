import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.js';
import { assertVersion, etagOf, expectedVersion } from '../etag.js';

const withIfMatch = (value?: string) =>
  ({ headers: value === undefined ? {} : { 'if-match': value } }) as FastifyRequest;

describe('expectedVersion', () => {
  it('should read strong, weak and listed entity tags', () => {
    expect(expectedVersion(withIfMatch(etagOf(3)))).toBe(3);
    expect(expectedVersion(withIfMatch('W/"4"'))).toBe(4);
  });

  it('should mean "no precondition" without the header or with *', () => {
    expect(expectedVersion(withIfMatch())).toBeUndefined();
    expect(expectedVersion(withIfMatch('*'))).toBeUndefined();
  });

  it('should refuse with 412 an If-Match we could never have issued', () => {
    for (const value of ['"abc"', 'garbage', '"1", "2"']) {
      expect(() => expectedVersion(withIfMatch(value))).toThrow(AppError);
    }
  });
});

describe('assertVersion', () => {
  it('should pass the current version and refuse a stale one with 412', () => {
    expect(() => assertVersion(2, 2)).not.toThrow();
    expect(() => assertVersion(undefined, 9)).not.toThrow();
    try {
      assertVersion(1, 2);
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).statusCode).toBe(412);
    }
  });
});
