import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Resolves a host name to every address it has (dns.lookup with all: true); tests inject theirs. */
export type HostLookup = (host: string) => Promise<LookupAddress[]>;

export const systemLookup: HostLookup = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

export interface WebhookAddressPolicy {
  /** WEBHOOK_ALLOW_PRIVATE: loopback, private and reserved addresses are allowed. */
  allowPrivate: boolean;
  /** WEBHOOK_ALLOW_HTTP: http:// is allowed besides https://. */
  allowHttp: boolean;
  lookup: HostLookup;
}

export class RefusedAddressError extends Error {}

/**
 * Whether a webhook may connect to the address: only public unicast ones (ipaddr.js's "unicast"
 * range; loopback, private, link-local, multicast, carrier-grade NAT, documentation and the other
 * reserved ranges are refused). An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The URL's problem as a line for a 400 ("url: …"), or null when it may be registered. */
export function webhookUrlProblem(
  text: string,
  policy: Pick<WebhookAddressPolicy, 'allowHttp'>,
): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'url: must be an absolute URL';
  }
  const schemes = policy.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    return policy.allowHttp ? 'url: must be an http or https URL' : 'url: must be an https URL';
  if (url.username || url.password) return 'url: must not carry a user name or password';
  if (/[\s\p{Cc}]/u.test(text)) return 'url: must not contain spaces or control characters';
  return null;
}

const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses the URL's host may be reached at, all of them public unless private ones are
 * allowed; throws RefusedAddressError otherwise. Used at registration, and again by the delivery's
 * own lookup (webhook-request.ts), so that a DNS answer that changed since then is refused too.
 */
export async function checkedAddresses(hostname: string, policy: WebhookAddressPolicy) {
  const host = bareHost(hostname);
  let addresses: LookupAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await policy.lookup(host);
    } catch {
      throw new RefusedAddressError(`the host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new RefusedAddressError(`the host ${host} has no address`);
  if (!policy.allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused)
      throw new RefusedAddressError(
        `the host ${host} resolves to ${refused.address}, a private or reserved address`,
      );
  }
  return addresses;
}
