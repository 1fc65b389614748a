import { describe, expect, it } from 'vitest';
import { DatabaseHealth, describeDatabaseUrl } from '../database-health.js';

function recorder() {
  const lines: string[] = [];
  const log = {
    info: (m: string) => lines.push(`info: ${m}`),
    warn: (m: string) => lines.push(`warn: ${m}`),
    error: (m: string) => lines.push(`error: ${m}`),
  };
  return { lines, log };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
  code: '57P01',
});

describe('DatabaseHealth', () => {
  it('should log one warning when the database becomes unreachable and one line when it is back', () => {
    const { lines, log } = recorder();
    let now = 1_000;
    const health = new DatabaseHealth('db.internal:5432/masthead', log, () => now);
    health.connected();
    for (let i = 0; i < 50; i++) health.connectFailed(refused);
    expect(health.reachable).toBe(false);
    now += 12_300;
    health.connected();
    health.connected();
    expect(health.reachable).toBe(true);
    expect(lines).toEqual([
      'warn: cannot reach the database at db.internal:5432/masthead (connect ECONNREFUSED 10.0.0.5:5432); requests get 503 until it answers',
      'info: the database at db.internal:5432/masthead answers again (it could not be reached for 12.3 s)',
    ]);
  });

  it('should log one warning for a burst of lost connections, and again for a later one', () => {
    const { lines, log } = recorder();
    let now = 0;
    const health = new DatabaseHealth('db:5432/masthead', log, () => now);
    for (let i = 0; i < 10; i++) health.connectionLost(terminated);
    now += 60_000;
    health.connectionLost(terminated);
    expect(lines).toEqual([
      'warn: lost a connection to the database at db:5432/masthead (57P01 terminating connection due to administrator command); new ones are opened as needed',
      'warn: lost a connection to the database at db:5432/masthead (57P01 terminating connection due to administrator command); new ones are opened as needed',
    ]);
  });

  it('should not log lost connections while the database is known to be unreachable', () => {
    const { lines, log } = recorder();
    const health = new DatabaseHealth('db:5432/masthead', log);
    health.connectFailed(refused);
    health.connectionLost(terminated);
    expect(lines).toHaveLength(1);
  });
});

describe('describeDatabaseUrl', () => {
  it('should name host, port and database, never the user or the password', () => {
    expect(describeDatabaseUrl('postgres://masthead:s3cret@db.internal:6543/cms?sslmode=require')).toBe(
      'db.internal:6543/cms',
    );
    expect(describeDatabaseUrl('postgresql://u:p@db/cms')).toBe('db:5432/cms');
    expect(describeDatabaseUrl('postgres:///cms?host=/run/postgresql')).toBe('/run/postgresql:5432/cms');
    expect(describeDatabaseUrl('postgres://u:p@:5432/cms')).not.toContain('p@');
  });
});
