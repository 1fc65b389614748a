import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.js';
import { assertVersion, etagOf, expectedVersions } from '../etag.js';

const withIfMatch = (value?: string) =>
  ({ headers: value === undefined ? {} : { 'if-match': value } }) as FastifyRequest;

describe('expectedVersions', () => {
  it('should read one entity tag or a list of them', () => {
    expect(expectedVersions(withIfMatch(etagOf(3)))).toEqual([3]);
    expect(expectedVersions(withIfMatch('"1", "2"'))).toEqual([1, 2]);
  });

  it('should mean "no precondition" without the header or with *', () => {
    expect(expectedVersions(withIfMatch())).toBeUndefined();
    expect(expectedVersions(withIfMatch('*'))).toBeUndefined();
  });

  it('should refuse with 412 a weak tag or one we could never have issued (strong comparison)', () => {
    for (const value of ['W/"4"', '"abc"', 'garbage']) {
      expect(() => expectedVersions(withIfMatch(value))).toThrow(AppError);
    }
  });
});

describe('assertVersion', () => {
  it('should pass a listed current version and refuse a stale one with 412', () => {
    expect(() => assertVersion([2], 2)).not.toThrow();
    expect(() => assertVersion([1, 2], 2)).not.toThrow();
    expect(() => assertVersion(undefined, 9)).not.toThrow();
    try {
      assertVersion([1], 2);
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).statusCode).toBe(412);
    }
  });
});
