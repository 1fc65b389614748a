import { describe, expect, it } from 'vitest';
import { appsWithEnvironment } from '../helpers/test-app.js';

// TRUST_PROXY decides whose word on the client's address counts (docs/deploy.md): the sign-in
// limits and the logs key on request.ip.
const apps = appsWithEnvironment();

/** The address the app sees for a request from `peer` that says it forwards for `forwardedFor`. */
async function addressSeen(trustProxy: string | undefined, peer: string, forwardedFor: string) {
  const app = await apps.build(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy });
  app.get('/test/client-address', async (request) => ({ ip: request.ip }));
  try {
    const response = await app.inject({
      url: '/test/client-address',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return (response.json() as { ip: string }).ip;
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY', () => {
  it('should ignore X-Forwarded-For by default, so a client cannot choose its address', async () => {
    expect(await addressSeen(undefined, '198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });

  it('should take the forwarded address from a listed proxy only', async () => {
    expect(await addressSeen('10.0.0.5', '10.0.0.5', '203.0.113.7')).toBe('203.0.113.7');
    expect(await addressSeen('10.0.0.5', '10.0.0.6', '203.0.113.7')).toBe('10.0.0.6');
    expect(await addressSeen('10.0.0.0/8', '10.1.2.3', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('should trust exactly as many hops as the count says', async () => {
    expect(await addressSeen('1', '10.0.0.5', '192.0.2.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await addressSeen('2', '10.0.0.5', '192.0.2.1, 203.0.113.7')).toBe('192.0.2.1');
  });
});
