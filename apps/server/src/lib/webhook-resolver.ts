import type { LookupAddress } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import { HostLookupError, type HostLookup } from './webhook-address.js';

/** A webhook host's look-up gives up after this long (registration and each delivery). */
export const WEBHOOK_DNS_TIMEOUT_MS = 2_000;

export interface ResolverLookupOptions {
  /** The whole look-up (A and AAAA together) gives up after this long. */
  timeoutMs: number;
  /** Name servers ("127.0.0.1:5353"); the system's (/etc/resolv.conf) when absent. */
  servers?: string[];
}

/** RFC 6761: localhost and its subdomains are loopback, and are not asked of DNS. */
const LOCALHOST = /^(?:[^.]+\.)*localhost\.?$/i;
const LOOPBACK: LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

const codeOf = (result: PromiseSettledResult<string[]>) =>
  result.status === 'rejected' ? (result.reason as { code?: string }).code : undefined;

/**
 * Webhook host names resolved with c-ares (dns.promises.Resolver), which does its work on the
 * event loop's own sockets, not with dns.lookup, which runs getaddrinfo on libuv's thread pool:
 * that pool (4 threads) also hashes passwords and reads files, so a name server that never answers,
 * asked again and again, would stall sign-ins and file serving (issue 29). Each look-up has its
 * own resolver, so that its timeout cancels only its own queries. /etc/hosts is not read (nor
 * search domains): a webhook's host is a public name, and localhost is loopback whatever the file
 * says.
 */
export function resolverLookup(options: ResolverLookupOptions): HostLookup {
  const seconds = `${options.timeoutMs / 1000} s`;
  return async (host) => {
    if (LOCALHOST.test(host)) return LOOPBACK;
    // c-ares retries a silent server on its own; the timer below bounds the whole look-up.
    const resolver = new Resolver({ timeout: Math.max(100, Math.ceil(options.timeoutMs / 3)), tries: 3 });
    if (options.servers) resolver.setServers(options.servers);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      resolver.cancel();
    }, options.timeoutMs);
    try {
      const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
      const addresses = [
        ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
        ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
      ];
      if (addresses.length > 0) return addresses;
      if (timedOut) throw new HostLookupError(`no answer from DNS within ${seconds}`);
      const codes = [codeOf(v4), codeOf(v6)];
      if (codes.includes('ENOTFOUND')) throw new HostLookupError('no such host');
      if (codes.every((code) => code === 'ENODATA')) throw new HostLookupError('it has no A or AAAA record');
      throw new HostLookupError(`DNS answered ${codes.find((code) => code !== 'ENODATA') ?? 'nothing'}`);
    } finally {
      clearTimeout(timer);
    }
  };
}
