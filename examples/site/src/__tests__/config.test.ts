import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnvironment } from '../config.js';

const SECRET = `whsec_${btoa('a webhook secret of 32 bytes....')}`;
const valid = {
  MASTHEAD_URL: 'http://localhost:3000',
  MASTHEAD_KEY: 'mhk_abc',
  MASTHEAD_DOMAIN: 'blog.example.com',
  MASTHEAD_WEBHOOK_SECRET: SECRET,
};

describe('configFromEnvironment', () => {
  it('should read the four settings and default the rest', () => {
    expect(configFromEnvironment(valid)).toEqual({
      mastheadUrl: 'http://localhost:3000',
      key: 'mhk_abc',
      domain: 'blog.example.com',
      webhookSecret: SECRET,
      port: 4000,
      host: '127.0.0.1',
    });
    expect(
      configFromEnvironment({
        ...valid,
        PORT: '8080',
        HOST: '0.0.0.0',
        SITE_TITLE: 'My blog',
        MASTHEAD_APP_URL: 'https://app.example.com/editor',
      }),
    ).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      title: 'My blog',
      frameAncestors: ['https://app.example.com'],
    });
  });

  it('should name every variable that is missing or wrong, at once', () => {
    let error: unknown;
    try {
      configFromEnvironment({
        MASTHEAD_URL: 'javascript:alert(1)',
        MASTHEAD_KEY: 'not-a-key',
        MASTHEAD_WEBHOOK_SECRET: 'whsec_%%%',
        PORT: '70000',
        MASTHEAD_APP_URL: 'nope',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as ConfigError).message.split('\n').slice(1);
    expect(lines).toEqual([
      '  - MASTHEAD_URL must be an http(s) URL',
      '  - MASTHEAD_KEY must be a content key (mhk_…)',
      "  - MASTHEAD_DOMAIN is missing: the domain's host name in Masthead, e.g. blog.example.com (for the feeds)",
      '  - MASTHEAD_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)',
      '  - PORT must be a port number (0–65535)',
      '  - MASTHEAD_APP_URL must be an http(s) URL',
    ]);
  });

  it('should refuse a domain given as a URL', () => {
    expect(() => configFromEnvironment({ ...valid, MASTHEAD_DOMAIN: 'https://blog.example.com/' })).toThrow(
      /MASTHEAD_DOMAIN must be a host name/,
    );
  });
});
