import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Resolves a host name to every address it has; the server's is c-ares under a timeout
 * (webhook-resolver.ts), and tests inject theirs.
 */
export type HostLookup = (host: string) => Promise<LookupAddress[]>;

/** A look-up that failed for a reason worth telling the admin (no such host, no answer in time). */
export class HostLookupError extends Error {}

/** The ports a webhook may reach unless WEBHOOK_PORTS says otherwise (issue 29). */
export const DEFAULT_WEBHOOK_PORTS: ReadonlySet<number> = new Set([443, 80, 8443]);

/** WEBHOOK_PORTS: the ports allowed, or `any`. */
export type WebhookPorts = ReadonlySet<number> | 'any';

export interface WebhookAddressPolicy {
  /** WEBHOOK_ALLOW_PRIVATE: loopback, private and reserved addresses are allowed. */
  allowPrivate: boolean;
  /** WEBHOOK_ALLOW_HTTP: http:// is allowed besides https://. */
  allowHttp: boolean;
  /** WEBHOOK_PORTS; DEFAULT_WEBHOOK_PORTS when absent. */
  ports?: WebhookPorts;
  lookup: HostLookup;
}

export class RefusedAddressError extends Error {}

/** IPv4-compatible IPv6 (::/96, deprecated by RFC 4291): refused whatever IPv4 address it holds. */
const isIpv4Compatible = (address: ipaddr.IPv4 | ipaddr.IPv6) =>
  address.kind() === 'ipv6' && (address as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0);

/**
 * Whether a webhook may connect to the address: only public unicast ones (ipaddr.js's "unicast"
 * range; loopback, private, link-local, multicast, carrier-grade NAT, documentation and the other
 * reserved ranges are refused, and so is ::/96). An IPv4 address written as IPv6 (::ffff:10.0.0.1)
 * is judged as IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return !isIpv4Compatible(parsed) && parsed.range() === 'unicast';
}

/** "443, 80 or 8443" */
const listed = (ports: ReadonlySet<number>) => {
  const all = [...ports].map(String);
  return all.length === 1 ? all[0]! : `${all.slice(0, -1).join(', ')} or ${all.at(-1)}`;
};

/** The URL's port, the scheme's own when it names none. */
const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443);

/** The URL's problem as a line for a 400 ("url: …"), or null when it may be registered. */
export function webhookUrlProblem(
  text: string,
  policy: Pick<WebhookAddressPolicy, 'allowHttp' | 'ports'>,
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
  const ports = policy.ports ?? DEFAULT_WEBHOOK_PORTS;
  const port = portOf(url);
  if (ports !== 'any' && !ports.has(port))
    return `url: port ${port} is not allowed; use ${listed(ports)} (WEBHOOK_PORTS)`;
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
    } catch (error) {
      const reason = error instanceof HostLookupError ? `: ${error.message}` : '';
      throw new RefusedAddressError(`the host ${host} could not be resolved${reason}`);
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
