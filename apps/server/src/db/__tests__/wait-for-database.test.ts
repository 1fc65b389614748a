import { describe, expect, it } from 'vitest';
import { DatabaseStartError, waitForDatabase } from '../wait-for-database.js';

const URL_WITH_PASSWORD = 'postgres://masthead:s3cret@db.internal:5432/cms';
const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });

/** A clock that moves only when the wait sleeps, and a probe that fails a number of times. */
function scenario(failures: number, error: Error = refused) {
  let now = 0;
  const lines: string[] = [];
  const sleeps: number[] = [];
  let attempts = 0;
  const options = {
    log: {
      info: (m: string) => lines.push(`info: ${m}`),
      warn: (m: string) => lines.push(`warn: ${m}`),
      error: (m: string) => lines.push(`error: ${m}`),
    },
    probe: async () => {
      attempts++;
      if (attempts <= failures) throw error;
    },
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    now: () => now,
  };
  return { options, lines, sleeps, attempts: () => attempts };
}

describe('waitForDatabase', () => {
  it('should return at once when the database answers, and log nothing', async () => {
    const { options, lines } = scenario(0);
    await waitForDatabase(URL_WITH_PASSWORD, { ...options, seconds: 60 });
    expect(lines).toEqual([]);
  });

  it('should try again with back-off while the database cannot be reached, with one line when it starts and one when it answers', async () => {
    const { options, lines, sleeps, attempts } = scenario(7);
    await waitForDatabase(URL_WITH_PASSWORD, { ...options, seconds: 60 });
    expect(attempts()).toBe(8);
    expect(sleeps).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
    expect(lines).toEqual([
      'warn: cannot reach the database at db.internal:5432/cms (connect ECONNREFUSED 10.0.0.5:5432); trying again for up to 60 s',
      'info: the database at db.internal:5432/cms answers; starting',
    ]);
  });

  it('should give up after the configured time with one line that names the database but not the password', async () => {
    const { options, lines, sleeps } = scenario(Infinity);
    const failure = await waitForDatabase(URL_WITH_PASSWORD, { ...options, seconds: 10 }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(DatabaseStartError);
    const message = (failure as Error).message;
    expect(message).toBe(
      'could not reach the database at db.internal:5432/cms within 10 s (connect ECONNREFUSED 10.0.0.5:5432); giving up',
    );
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(lines).toHaveLength(1);
    expect([message, ...lines].join('\n')).not.toContain('s3cret');
  });

  it('should not wait for a database that answers but refuses the connection', async () => {
    const denied = Object.assign(new Error('password authentication failed for user "masthead"'), {
      code: '28P01',
    });
    const { options, sleeps } = scenario(Infinity, denied);
    await expect(waitForDatabase(URL_WITH_PASSWORD, { ...options, seconds: 60 })).rejects.toThrow(
      'the database at db.internal:5432/cms refused the connection: 28P01 password authentication failed for user "masthead"',
    );
    expect(sleeps).toEqual([]);
  });

  it('should try once with 0 seconds', async () => {
    const { options, attempts } = scenario(Infinity);
    await expect(waitForDatabase(URL_WITH_PASSWORD, { ...options, seconds: 0 })).rejects.toThrow(/giving up/);
    expect(attempts()).toBe(1);
  });
});
