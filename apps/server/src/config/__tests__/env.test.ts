import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env.js';

describe('parseEnv', () => {
  it('should apply the built-in defaults when nothing is configured', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STORAGE_DRIVER).toBe('local');
    expect(env.OIDC_CLIENT_ID).toBe('masthead-web');
    expect(env.MASTHEAD_DEMO).toBe(true);
    expect(env.DATA_DIR).toMatch(/\/data$/);
  });

  it('should name every bad variable in one error', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        STORAGE_DRIVER: 'ftp',
        OIDC_AUTHORITY: 'not a url',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'STORAGE_DRIVER', 'OIDC_AUTHORITY'])
      expect(problems).toContain(name);
  });

  it('should require the bucket and region when STORAGE_DRIVER=s3', () => {
    expect(() => parseEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET[\s\S]*S3_REGION/);
  });

  it('should treat empty strings as unset and turn the demo off with MASTHEAD_DEMO=0', () => {
    const env = parseEnv({ PORT: '', MASTHEAD_DEMO: '0', PUBLIC_URL: 'https://cms.example.com/' });
    expect(env.PORT).toBe(3000);
    expect(env.MASTHEAD_DEMO).toBe(false);
    expect(env.PUBLIC_URL).toBe('https://cms.example.com');
  });
});

describe('parseEnv for PostgreSQL', () => {
  it('should prepare statements unless DATABASE_PREPARED_STATEMENTS turns them off', () => {
    expect(parseEnv({}).DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(parseEnv({ DATABASE_PREPARED_STATEMENTS: 'false' }).DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(() => parseEnv({ DATABASE_PREPARED_STATEMENTS: 'maybe' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it('should wait 60 s for an unreachable database at start unless DATABASE_CONNECT_TIMEOUT_SECONDS says otherwise', () => {
    expect(parseEnv({}).DATABASE_CONNECT_TIMEOUT_SECONDS).toBe(60);
    expect(parseEnv({ DATABASE_CONNECT_TIMEOUT_SECONDS: '0' }).DATABASE_CONNECT_TIMEOUT_SECONDS).toBe(0);
    expect(parseEnv({ DATABASE_CONNECT_TIMEOUT_SECONDS: '300' }).DATABASE_CONNECT_TIMEOUT_SECONDS).toBe(300);
    for (const bad of ['-1', '1.5', 'soon', '3601']) {
      expect(() => parseEnv({ DATABASE_CONNECT_TIMEOUT_SECONDS: bad })).toThrow(
        /DATABASE_CONNECT_TIMEOUT_SECONDS/,
      );
    }
  });
});

describe('parseEnv for S3 storage', () => {
  const problemsOf = (source: Record<string, string>) => {
    try {
      parseEnv(source);
    } catch (error) {
      return (error as EnvError).problems;
    }
    return [];
  };

  it('should name every missing S3 variable together with the other bad ones', () => {
    expect(problemsOf({ STORAGE_DRIVER: 's3', PORT: 'abc', S3_ACCESS_KEY_ID: 'AKIA' })).toEqual([
      expect.stringMatching(/^PORT: /),
      'S3_BUCKET: is required when STORAGE_DRIVER=s3',
      'S3_REGION: is required when STORAGE_DRIVER=s3',
      'S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set',
    ]);
    expect(
      problemsOf({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'auto', S3_SECRET_ACCESS_KEY: 's' }),
    ).toEqual(['S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set']);
  });

  it('should accept a bucket and region alone (the AWS default credential chain) and default the ACL on', () => {
    const env = parseEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' });
    expect(env).toMatchObject({ S3_BUCKET: 'b', S3_PUBLIC_ACL: true, S3_FORCE_PATH_STYLE: false });
    expect(parseEnv({ S3_PUBLIC_ACL: '0' }).S3_PUBLIC_ACL).toBe(false);
  });

  it('should take S3_PUBLIC_BASE_URL as the older name of S3_PUBLIC_URL', () => {
    expect(parseEnv({ S3_PUBLIC_BASE_URL: 'https://cdn.example.com' }).S3_PUBLIC_URL).toBe(
      'https://cdn.example.com',
    );
    expect(
      parseEnv({ S3_PUBLIC_URL: 'https://a.example.com', S3_PUBLIC_BASE_URL: 'https://a.example.com/' })
        .S3_PUBLIC_URL,
    ).toBe('https://a.example.com');
    expect(
      problemsOf({ S3_PUBLIC_URL: 'https://a.example.com', S3_PUBLIC_BASE_URL: 'https://b.example.com' }),
    ).toEqual(['S3_PUBLIC_BASE_URL: differs from S3_PUBLIC_URL; set only S3_PUBLIC_URL']);
  });
});

describe('parseEnv for TRUST_PROXY', () => {
  it('should be off by default and with false or 0', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('should take true, a hop count, or a list of addresses, ranges and proxy-addr names', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback,::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each(['proxy.example.com', '10.0.0.1/33', '10.0.0.0/8/1', 'yes', ','])(
    'should refuse %j and name it',
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be true, false, a hop count/);
    },
  );
});

describe('parseEnv for WEB_CONCURRENCY', () => {
  const postgres = { DATABASE_URL: 'postgres://db.example.test/masthead' };

  it('should run one process by default, and several on PostgreSQL', () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4);
    expect(parseEnv({ WEB_CONCURRENCY: '1' }).WEB_CONCURRENCY).toBe(1);
  });

  it('should refuse several processes on the embedded database, with a message that says what to do', () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: must be 1 with the embedded database .*set DATABASE_URL/,
    );
  });

  it('should refuse a count that is not a whole number from 1 to 64', () => {
    for (const value of ['0', '-1', '1.5', 'two', '65']) {
      expect(() => parseEnv({ ...postgres, WEB_CONCURRENCY: value }), value).toThrow(/WEB_CONCURRENCY/);
    }
  });
});

describe('parseEnv for the built-in provider', () => {
  it('should end an unused session after 12 hours by default, and take 1 to 336 (14 days) hours', () => {
    expect(parseEnv({}).SESSION_IDLE_HOURS).toBe(12);
    expect(parseEnv({ SESSION_IDLE_HOURS: '336' }).SESSION_IDLE_HOURS).toBe(336);
    for (const bad of ['0', '337', '1.5', 'soon'])
      expect(() => parseEnv({ SESSION_IDLE_HOURS: bad })).toThrow(/SESSION_IDLE_HOURS/);
  });
});

describe('parseEnv for the demo', () => {
  it('should create the demo by default only with the built-in provider', () => {
    expect(parseEnv({}).MASTHEAD_DEMO).toBe(true);
    expect(parseEnv({ OIDC_AUTHORITY: 'https://login.example.com' }).MASTHEAD_DEMO).toBe(false);
    expect(parseEnv({ OIDC_AUTHORITY: 'https://login.example.com', MASTHEAD_DEMO: '1' }).MASTHEAD_DEMO).toBe(
      true,
    );
    expect(parseEnv({ MASTHEAD_DEMO: 'false' }).MASTHEAD_DEMO).toBe(false);
  });

  it('should require verified e-mails unless OIDC_REQUIRE_VERIFIED_EMAIL=false', () => {
    expect(parseEnv({}).OIDC_REQUIRE_VERIFIED_EMAIL).toBe(true);
    expect(parseEnv({ OIDC_REQUIRE_VERIFIED_EMAIL: 'false' }).OIDC_REQUIRE_VERIFIED_EMAIL).toBe(false);
    expect(() => parseEnv({ OIDC_REQUIRE_VERIFIED_EMAIL: 'no' })).toThrow(/OIDC_REQUIRE_VERIFIED_EMAIL/);
  });
});

describe('parseEnv for Redis', () => {
  it('should count in memory without REDIS_URL, and take a redis:// or rediss:// URL and a key prefix', () => {
    expect(parseEnv({}).REDIS_URL).toBeUndefined();
    expect(parseEnv({}).REDIS_KEY_PREFIX).toBe('masthead:');
    const env = parseEnv({
      REDIS_URL: 'rediss://user:secret@cache.internal:6380/2',
      REDIS_KEY_PREFIX: 'cms-prod:',
    });
    expect(env).toMatchObject({
      REDIS_URL: 'rediss://user:secret@cache.internal:6380/2',
      REDIS_KEY_PREFIX: 'cms-prod:',
    });
    expect(() => parseEnv({ REDIS_URL: 'http://cache.internal' })).toThrow(/REDIS_URL: must be a redis/);
    expect(() => parseEnv({ REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX/);
  });
});

describe('parseEnv for post revisions', () => {
  it('should keep every revision 30 days and one a day for 365 by default, and refuse a daily span shorter than the first', () => {
    expect(parseEnv({})).toMatchObject({ REVISIONS_KEEP_DAYS: 30, REVISIONS_KEEP_DAILY_DAYS: 365 });
    expect(parseEnv({ REVISIONS_KEEP_DAYS: '7', REVISIONS_KEEP_DAILY_DAYS: '7' })).toMatchObject({
      REVISIONS_KEEP_DAYS: 7,
      REVISIONS_KEEP_DAILY_DAYS: 7,
    });
    expect(() => parseEnv({ REVISIONS_KEEP_DAYS: '60', REVISIONS_KEEP_DAILY_DAYS: '30' })).toThrow(
      /REVISIONS_KEEP_DAILY_DAYS: must be at least REVISIONS_KEEP_DAYS/,
    );
    expect(() => parseEnv({ REVISIONS_KEEP_DAILY_DAYS: '20' })).toThrow(/REVISIONS_KEEP_DAILY_DAYS/);
    for (const bad of ['0', '1.5', 'month'])
      expect(() => parseEnv({ REVISIONS_KEEP_DAYS: bad })).toThrow(/REVISIONS_KEEP_DAYS/);
  });

  it('should keep revisions unless REVISIONS is off, and refuse any other value', () => {
    expect(parseEnv({}).REVISIONS).toBe('on');
    expect(parseEnv({ REVISIONS: 'off' }).REVISIONS).toBe('off');
    for (const bad of ['0', 'false', 'OFF']) expect(() => parseEnv({ REVISIONS: bad })).toThrow(/REVISIONS/);
  });
});
