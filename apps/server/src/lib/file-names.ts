import { MAX_FILE_NAME_LENGTH } from '@masthead/contract';

/**
 * C0 and C1 controls, DEL, and the invisible format characters that can make a name read
 * differently from what it is (bidirectional overrides and isolates, zero-width characters,
 * the byte-order mark).
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** The extension of a name, with its dot, or '' ("a.b.png" → ".png"; ".env" → ''). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/** Cuts a name to `max` characters (whole code points) and keeps its extension. */
function limit(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const ext = extensionOf(name);
  const extChars = Array.from(ext);
  if (extChars.length >= max / 2) return chars.slice(0, max).join('');
  return (
    chars
      .slice(0, max - extChars.length)
      .join('')
      .trimEnd() + ext
  );
}

/**
 * The name shown for an asset: the last segment of whatever path the browser sent, without
 * controls or invisible characters, with runs of spaces made one, at most 255 characters with
 * its extension kept. Quotes and other printable characters stay: the name is shown, never used
 * as a path, and headers encode it (contentDisposition).
 */
export function cleanFileName(raw: string): string {
  const lastSegment = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment.replace(/\t/g, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  const name = cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
  return limit(name, MAX_FILE_NAME_LENGTH);
}

const EXTENSIONS: Record<string, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};
const MAX_STEM = 80;

/**
 * The last segment of an object key: ASCII letters, digits, '-', '_' and one dot before an
 * extension that matches the type. Accents are dropped ("Café" → "Cafe"), every other run of
 * characters becomes one '-', so no slash, backslash, quote, control character or '..' can
 * reach a key, a URL or a header. "../../etc/passwd" → "passwd.png"; "x.gif" as PNG → "x-gif.png".
 */
export function safeKeyName(fileName: string, mimeType: string): string {
  const name = cleanFileName(fileName);
  const allowed = EXTENSIONS[mimeType] ?? [];
  const ext = extensionOf(name).toLowerCase();
  const keep = allowed.includes(ext);
  const stem = (keep ? name.slice(0, -ext.length) : name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, MAX_STEM)
    .replace(/[-_]+$/, '');
  return `${stem || 'file'}${keep ? ext : (allowed[0] ?? '')}`;
}

/** RFC 5987 value characters: everything else is percent-encoded as UTF-8. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A Content-Disposition header (RFC 6266): an ASCII `filename` for old clients, with quotes,
 * backslashes and non-ASCII replaced, and the exact name as UTF-8 in `filename*`.
 */
export function contentDisposition(fileName: string, type: 'inline' | 'attachment' = 'inline'): string {
  const name = cleanFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
