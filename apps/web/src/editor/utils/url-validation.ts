// The server's sanitiser keeps links to http, https and mailto addresses and images from http and https
// only (apps/server/src/lib/html-sanitizer.ts). The editor refuses anything else up front, so what the
// author sees is what gets saved.

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

function protocolOf(url: string): string | null {
  // Only absolute addresses parse without a base, which rules out protocol-relative //host forms.
  try {
    return new URL(url).protocol;
  } catch {
    return null;
  }
}

export function isAllowedLinkUrl(url: string): boolean {
  const protocol = protocolOf(url.trim());
  return protocol !== null && LINK_PROTOCOLS.has(protocol);
}

export function isAllowedImageUrl(url: string): boolean {
  const protocol = protocolOf(url.trim());
  return protocol !== null && IMAGE_PROTOCOLS.has(protocol);
}

/**
 * A link address as typed, completed the way people expect: "example.com" means https://example.com and
 * "ada@example.com" means a mailto: link. Returns null when the result is not an allowed address.
 */
export function normalizeLinkUrl(input: string): string | null {
  const value = input.trim();
  if (value === '') return null;
  let url = value;
  if (!HAS_SCHEME.test(value)) {
    if (/\s/.test(value)) return null;
    url = /^[^@/]+@[^@/]+\.[^@/]+$/.test(value) ? `mailto:${value}` : `https://${value}`;
  }
  return isAllowedLinkUrl(url) ? url : null;
}

/**
 * Whether an existing link (typed as Markdown or pasted) keeps its address through the server's
 * sanitiser. An address without a scheme is relative (/path, #anchor) or completed to https:// by
 * LinkNode on export, so only an explicit scheme needs checking; a protocol-relative //host is refused.
 */
export function isExportableLinkUrl(url: string): boolean {
  const value = url.trim();
  if (value === '' || value.startsWith('//')) return false;
  return HAS_SCHEME.test(value) ? isAllowedLinkUrl(value) : true;
}
