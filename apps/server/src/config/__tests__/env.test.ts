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
