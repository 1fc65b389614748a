import { pbkdf2 } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedAddresses } from '../webhook-address.js';
import { resolverLookup } from '../webhook-resolver.js';
import { startDnsServer } from './dns-test-server.js';

// Issue 29, finding 5: webhook host names are resolved with c-ares (dns.promises.Resolver), under
// a timeout, never on libuv's thread pool (dns.lookup), which password hashing and files share.
const servers: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function dns(...args: Parameters<typeof startDnsServer>) {
  const server = await startDnsServer(...args);
  servers.push(server);
  return server;
}

const hashOnThreadPool = () =>
  new Promise<void>((resolve, reject) =>
    pbkdf2('password', 'salt', 1000, 32, 'sha256', (error) => (error ? reject(error) : resolve())),
  );

describe('resolverLookup', () => {
  it("should answer a host's A and AAAA records from the name server it is given", async () => {
    const server = await dns({
      'site.example.test': ['93.184.216.34', '2606:4700:4700::1111'],
      'v4only.example.test': ['93.184.216.35'],
    });
    const lookup = resolverLookup({ timeoutMs: 2000, servers: [server.server] });
    expect(await lookup('site.example.test')).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700:4700::1111', family: 6 },
    ]);
    expect(await lookup('V4ONLY.example.test.')).toEqual([{ address: '93.184.216.35', family: 4 }]);
    await expect(lookup('missing.example.test')).rejects.toThrow();
    // A private answer is refused as with any look-up.
    const internal = await dns({ 'internal.example.test': ['10.0.0.7'] });
    await expect(
      checkedAddresses('internal.example.test', {
        allowPrivate: false,
        allowHttp: false,
        ports: 'any',
        lookup: resolverLookup({ timeoutMs: 2000, servers: [internal.server] }),
      }),
    ).rejects.toThrow('the host internal.example.test resolves to 10.0.0.7, a private or reserved address');
  });

  it('should give up after its timeout when the name server never answers, and leave the thread pool free', async () => {
    const silent = await dns({}, { silent: true });
    const lookup = resolverLookup({ timeoutMs: 1500, servers: [silent.server] });
    // More look-ups than the thread pool has threads (4): with dns.lookup they would hold all of them.
    const settled: string[] = [];
    const lookups = Array.from({ length: 8 }, (_, i) =>
      lookup(`slow${i}.example.test`).then(
        () => settled.push('answered'),
        (error: Error) => settled.push(error.message),
      ),
    );
    await hashOnThreadPool();
    expect(settled).toEqual([]);
    await Promise.all(lookups);
    expect(settled).toEqual(Array(8).fill('no answer from DNS within 1.5 s'));
    expect(silent.queries()).toBeGreaterThanOrEqual(8);
    await expect(
      checkedAddresses('slow.example.test', { allowPrivate: false, allowHttp: false, ports: 'any', lookup }),
    ).rejects.toThrow('the host slow.example.test could not be resolved: no answer from DNS within 1.5 s');
  });

  it('should take localhost names as loopback without asking DNS', async () => {
    const silent = await dns({}, { silent: true });
    const lookup = resolverLookup({ timeoutMs: 1000, servers: [silent.server] });
    for (const host of ['localhost', 'LOCALHOST.', 'api.localhost'])
      expect(await lookup(host)).toEqual([
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ]);
    expect(silent.queries()).toBe(0);
  });
});
