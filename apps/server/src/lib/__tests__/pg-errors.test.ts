import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, describeFailure, isConnectionFailure } from '../pg-errors.js';

const withCode = (code: string, message = 'message') => Object.assign(new Error(message), { code });

describe('isConnectionFailure', () => {
  it('should recognise a database that cannot be reached or a connection that died', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET', 'read ECONNRESET'),
      withCode('ENOTFOUND', 'getaddrinfo ENOTFOUND db.internal'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P02', 'terminating connection because of crash of another server process'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006', 'connection failure'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout expired'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
      new DatabaseUnavailableError('gone'),
    ]) {
      expect(isConnectionFailure(error), String(error)).toBe(true);
    }
  });

  it('should leave alone the errors of a statement, the client or anything else', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('40001', 'could not serialize access'),
      withCode('28P01', 'password authentication failed for user "masthead"'),
      withCode('3D000', 'database "masthead" does not exist'),
      withCode('22021', 'invalid byte sequence'),
      new Error('Cannot read properties of null'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('28P01')], ''),
      'Connection terminated',
      null,
      undefined,
    ]) {
      expect(isConnectionFailure(error), String(error)).toBe(false);
    }
  });
});

describe('describeFailure', () => {
  it('should give the code and the first line of the message, once', () => {
    expect(describeFailure(withCode('57P01', 'terminating connection due to administrator command'))).toBe(
      '57P01 terminating connection due to administrator command',
    );
    expect(describeFailure(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(describeFailure(new Error('first line\n    at somewhere (file.js:1:1)'))).toBe('first line');
    expect(
      describeFailure(new AggregateError([withCode('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')])),
    ).toBe('connect ECONNREFUSED ::1:5432');
  });
});
