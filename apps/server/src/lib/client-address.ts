import ipaddr from 'ipaddr.js';

/**
 * The part of a client's address that a per-address budget counts: an IPv4 address whole (an
 * IPv4-mapped IPv6 one as IPv4), an IPv6 address by its /64, which one subscriber or host usually
 * holds whole and could otherwise walk through one address per request. Text that is no address
 * (a test's or a socket's oddity) is counted as it is.
 */
export function budgetAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4);
  return `${parts.map((part) => part.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
